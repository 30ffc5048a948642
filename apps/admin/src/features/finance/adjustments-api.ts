import { FinanceSettings } from "@panalo/contracts/admin";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";

/** GET /api/admin/adjustments: a manual change of a member's main balance, with who asked and decided. */
export const AdjustmentRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string().nullable(),
  /** Signed: a credit is positive, a debit negative. */
  amount: z.string(),
  currency: z.string(),
  reason: z.string(),
  status: z.enum(["pending", "applied", "rejected"]),
  createdBy: z.number().int(),
  createdByName: z.string().nullable(),
  decidedBy: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Adjustment = z.infer<typeof AdjustmentRow>;
const AdjustmentsPage = z.object({ items: z.array(AdjustmentRow), total: z.number().int() });

/** POST /api/admin/adjustments answers the adjustment as created (applied, or pending approval). */
const Created = AdjustmentRow.pick({ id: true, amount: true, status: true, currency: true });

const key = ["finance", "adjustments"] as const;

/** One page of adjustments: a status, a member and a range of Manila days ("" for none). */
export function useAdjustments(q: {
  status: "" | Adjustment["status"];
  memberId?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}) {
  return useQuery({
    queryKey: [...key, q],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
      if (q.status) params.set("status", q.status);
      if (q.memberId) params.set("memberId", q.memberId);
      if (q.from) params.set("from", q.from);
      if (q.to) params.set("to", q.to);
      return api.get(`/adjustments?${params}`, AdjustmentsPage, signal);
    },
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

function useInvalidateMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: ["finance", "wallet"] }),
    ]);
}

export function useCreateAdjustment() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: { memberId: number; amount: string; reason: string }) =>
      api.post("/adjustments", input, Created),
    onSuccess: invalidate,
  });
}

export function useDecideAdjustment() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      api.post(`/adjustments/${id}/${approve ? "approve" : "reject"}`, {}, Created),
    onSettled: invalidate,
  });
}

/** GET/PUT /api/admin/settings/finance: above this amount an adjustment needs a second operator. */
const financeKey = ["settings", "finance"] as const;

export function useFinanceSettings() {
  return useQuery({
    queryKey: financeKey,
    queryFn: ({ signal }) => api.get("/settings/finance", FinanceSettings, signal),
  });
}

export function useSaveFinanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: z.infer<typeof FinanceSettings>) =>
      api.put("/settings/finance", value, FinanceSettings),
    onSuccess: (saved) => queryClient.setQueryData(financeKey, saved),
  });
}
