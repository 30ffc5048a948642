import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";
import { toast } from "../../lib/toast-store.ts";

/** The back office's loyalty calls (server modules/loyalty/admin-routes.ts). */
// Amounts are pesos ("1000.00") and rates percentages ("0.5"), both ways.
export const Settings = z.object({
  settings: z.object({
    /** Points per deposit, percent of the amount in pesos (100 = 1 point per ₱1). */
    depositRatePercent: z.string(),
    expiryDays: z.number(),
    convertPoints: z.number(),
    convertAmount: z.string(),
    convertMinPoints: z.number(),
    vipWindowDays: z.number(),
    vipReviewDays: z.number(),
    rankDays: z.number(),
  }),
  rates: z.array(z.object({ gameType: z.string(), vipLevel: z.number(), ratePercent: z.string() })),
});
export type RulesSettings = z.infer<typeof Settings>["settings"];
export const VipLevel = z.object({
  level: z.number(),
  name: z.string(),
  minValidBet: z.string(),
  minDeposit: z.string(),
  rebateRatePercent: z.string(),
  withdrawDailyMax: z.string().nullable(),
  withdrawDailyCount: z.number().nullable(),
  birthdayBonus: z.string(),
  upgradeBonus: z.string(),
});
export type VipLevel = z.infer<typeof VipLevel>;
export const MallItem = z.object({
  id: z.number(),
  kind: z.string(),
  names: z.record(z.string(), z.string()),
  pricePoints: z.number(),
  stock: z.number().nullable(),
  amount: z.string().nullable(),
  /** freespins items: the in-house slot, spins, bet per line, days they last. */
  freeSpins: z
    .object({
      vendor: z.string(),
      gameCode: z.string(),
      spins: z.number(),
      betPerLine: z.string(),
      expiryDays: z.number(),
    })
    .nullable()
    .optional(),
  enabled: z.boolean(),
});
export const Redemption = z.object({
  id: z.number(),
  member: z.string(),
  item: z.string(),
  points: z.number(),
  status: z.string(),
  address: z.string().nullable(),
  mobile: z.string().nullable(),
  tracking: z.string().nullable(),
  reason: z.string().nullable(),
  /** A free-spins redemption: its grant's delivery to the game server. */
  freeSpins: z
    .object({
      state: z.string(),
      attempts: z.number(),
      lastError: z.string().nullable(),
      nextAttemptAt: z.string().nullable(),
    })
    .nullable(),
});
export const MemberVip = z.object({
  level: z.number(),
  validBet: z.string(),
  deposit: z.string(),
  history: z.array(
    z.object({
      id: z.number(),
      from_level: z.number(),
      to_level: z.number(),
      reason: z.string(),
      note: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

const KEY = ["loyalty-admin"] as const;
export const useLoyaltySettings = () =>
  useQuery({ queryKey: [...KEY, "settings"], queryFn: () => api.get("/loyalty/settings", Settings) });
export const useVipLevels = () =>
  useQuery({
    queryKey: [...KEY, "vip"],
    queryFn: () => api.get("/loyalty/vip-levels", z.object({ list: z.array(VipLevel) })),
  });
export const useMallItems = () =>
  useQuery({
    queryKey: [...KEY, "items"],
    queryFn: () => api.get("/loyalty/mall/items", z.object({ list: z.array(MallItem) })),
  });
export const useRedemptions = (status: string) =>
  useQuery({
    queryKey: [...KEY, "redemptions", status],
    queryFn: () =>
      api.get(
        `/loyalty/redemptions?pageNo=1${status ? `&status=${status}` : ""}`,
        z.object({ list: z.array(Redemption), totalPages: z.number() }),
      ),
  });
export const useMemberVip = (id: number | null) =>
  useQuery({
    queryKey: [...KEY, "member", id],
    queryFn: () => api.get(`/loyalty/members/${id}/vip`, MemberVip),
    enabled: id !== null,
  });

/**
 * A change: PUT or POST, then every loyalty query again and a toast. A failure, or a change held
 * for a second operator, is told once by the query client (notifyFailure).
 */
export function useLoyaltyChange(done: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: { method: "PUT" | "POST"; path: string; body: unknown }) =>
      c.method === "PUT" ? api.put(c.path, c.body, z.unknown()) : api.post(c.path, c.body, z.unknown()),
    onSuccess: () => {
      toast.success(done);
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
}
