import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, errorMessage } from "../../lib/api.ts";
import { toast } from "../../lib/toast-store.ts";

/** The back office's rewards calls (server modules/rewards/admin-routes.ts). */
export const RebateAdmin = z.object({
  mode: z.enum(["auto", "manual"]),
  claimDays: z.number(),
  rates: z.array(
    z.object({
      gameType: z.string(),
      vipLevel: z.number(),
      rate: z.string(),
      minPayout: z.string(),
      maxPayout: z.string().nullable(),
      enabled: z.boolean(),
    }),
  ),
  runs: z.array(
    z.object({
      day: z.string(),
      status: z.string(),
      mode: z.string(),
      members: z.number(),
      paid: z.string(),
    }),
  ),
});
export const Raffle = z.object({
  id: z.number(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  ticketPerDeposit: z.string().nullable(),
  ticketPerBet: z.string().nullable(),
  status: z.string(),
  seedHash: z.string(),
  serverSeed: z.string().nullable(),
  totalTickets: z.number().nullable(),
  prizes: z.array(z.object({ rank: z.number(), amount: z.string() })),
  winners: z.array(
    z.object({ rank: z.number(), ticket: z.number(), member: z.string(), amount: z.string() }),
  ),
});
export const ReferralAdmin = z.object({
  enabled: z.boolean(),
  registerReward: z.string(),
  depositReward: z.string(),
  depositMin: z.string(),
  betReward: z.string(),
  betThreshold: z.string(),
});

const KEY = ["rewards-admin"] as const;
export const useRebateAdmin = () =>
  useQuery({ queryKey: [...KEY, "rebate"], queryFn: () => api.get("/rewards/rebate", RebateAdmin) });
export const useRaffles = () =>
  useQuery({ queryKey: [...KEY, "raffles"], queryFn: () => api.get("/rewards/raffles", z.array(Raffle)) });
export const useReferralAdmin = () =>
  useQuery({ queryKey: [...KEY, "referral"], queryFn: () => api.get("/rewards/referral", ReferralAdmin) });

/** A change: PUT or POST, then every rewards query again and a toast. */
export function useRewardsChange(done: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: { method: "PUT" | "POST"; path: string; body: unknown }) =>
      c.method === "PUT" ? api.put(c.path, c.body, z.unknown()) : api.post(c.path, c.body, z.unknown()),
    onSuccess: () => {
      toast.success(done);
      void client.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
}
