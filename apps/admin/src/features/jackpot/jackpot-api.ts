import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";

/** GET/PUT /api/admin/jackpot: the pool and its rules (docs/jackpot.md). */
export const JackpotPool = z.object({
  sharePpm: z.number().int(),
  seedAmount: z.string(),
  mustDropBy: z.string(),
  amount: z.string(),
  currency: z.string(),
  cycle: z.number().int(),
  vendors: z.array(z.string()),
  ledgerBalance: z.string().nullable(),
  updatedAt: z.string(),
});
export type JackpotPool = z.infer<typeof JackpotPool>;

export const JackpotWin = z.object({
  id: z.number().int(),
  cycle: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  vendor: z.string(),
  gameCode: z.string().nullable(),
  roundId: z.string(),
  amount: z.string(),
  reason: z.enum(["draw", "must_drop"]),
  draw: z.string(),
  serverSeedHash: z.string().nullable(),
  clientSeed: z.string().nullable(),
  nonce: z.number().int().nullable(),
  createdAt: z.string(),
  /** Who sends PNJ's debit and credit: the in-house game server, or the platform. */
  payer: z.enum(["rgs", "platform"]),
  /** When PNJ's credit of the win was acknowledged; null while pending. */
  paidAt: z.string().nullable(),
});
export type JackpotWin = z.infer<typeof JackpotWin>;

const LedgerLine = z.object({
  id: z.number().int(),
  type: z.string(),
  reference: z.string().nullable(),
  amount: z.string(),
  createdAt: z.string(),
});

const key = ["jackpot"] as const;

export function useJackpotPool() {
  return useQuery({
    queryKey: [...key, "pool"],
    queryFn: ({ signal }) => api.get("/jackpot", JackpotPool, signal),
    refetchInterval: 10_000,
  });
}

export function useJackpotWins() {
  return useQuery({
    queryKey: [...key, "wins"],
    queryFn: ({ signal }) =>
      api.get("/jackpot/wins?limit=50", z.object({ list: z.array(JackpotWin) }), signal),
  });
}

export function useJackpotLedger() {
  return useQuery({
    queryKey: [...key, "ledger"],
    queryFn: ({ signal }) =>
      api.get(
        "/jackpot/ledger?limit=50",
        z.object({ list: z.array(LedgerLine), total: z.number().int() }),
        signal,
      ),
  });
}

export function useSaveJackpotRules() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { sharePpm: number; seedAmount: string; mustDropBy: string; vendors: string[] }) =>
      api.put("/jackpot", body, JackpotPool),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
