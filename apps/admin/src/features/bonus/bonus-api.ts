import { BonusView } from "@panalo/contracts/bonus";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";

/** The back office's bonus calls (server modules/bonus/admin-routes.ts). */
export const BonusRule = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(["first_deposit", "reload", "manual"]),
  currency: z.string(),
  percent: z.number().int(),
  maxBonus: z.string().nullable(),
  minDeposit: z.string(),
  wageringMultiple: z.number().int(),
  wageringBase: z.enum(["bonus", "bonus_deposit"]),
  contributions: z.record(z.string(), z.number()),
  maxBet: z.string().nullable(),
  expiryDays: z.number().int(),
  maxConversion: z.string().nullable(),
  forfeitOnWithdrawal: z.boolean(),
  onePerHousehold: z.boolean(),
  enabled: z.boolean(),
});
export type BonusRule = z.infer<typeof BonusRule>;
export type BonusRuleDraft = Omit<BonusRule, "id" | "currency">;

const key = ["bonus"] as const;

export function useBonusRules() {
  return useQuery({
    queryKey: [...key, "rules"],
    queryFn: ({ signal }) => api.get("/bonus/rules", z.object({ items: z.array(BonusRule) }), signal),
  });
}

export function useSaveBonusRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (r: BonusRuleDraft & { id?: number }) => {
      const { id, ...body } = r;
      return id ? api.put(`/bonus/rules/${id}`, body, BonusRule) : api.post("/bonus/rules", body, BonusRule);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: [...key, "rules"] }),
  });
}

export function useMemberBonuses(memberId: number | null) {
  return useQuery({
    queryKey: [...key, "member", memberId],
    enabled: memberId !== null,
    queryFn: ({ signal }) =>
      api.get(
        `/players/${memberId}/bonuses`,
        z.object({ bonusReview: z.boolean(), items: z.array(BonusView) }),
        signal,
      ),
  });
}

export function useGrantBonus(memberId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (g: { ruleId: number; amount: string; requestId: string; note?: string }) =>
      api.post(`/players/${memberId}/bonuses`, g, z.object({ bonusId: z.number(), created: z.boolean() })),
    onSettled: () => qc.invalidateQueries({ queryKey: [...key, "member", memberId] }),
  });
}

export function useForfeitBonus(memberId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: { id: number; reason: string }) =>
      api.post(
        `/bonuses/${f.id}/forfeit`,
        { reason: f.reason },
        z.object({ id: z.number(), state: z.string() }),
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: [...key, "member", memberId] }),
  });
}

export function useClearBonusReview(memberId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(`/players/${memberId}/bonus-review/clear`, {}, z.object({ bonusReview: z.boolean() })),
    onSettled: () => qc.invalidateQueries({ queryKey: [...key, "member", memberId] }),
  });
}
