import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";

/** GET /api/admin/win-reviews: a credit above its vendor's maximum win per round, held for review. */
export const WinReviewRow = z.object({
  id: z.number().int(),
  vendor: z.string(),
  transactionId: z.string(),
  roundId: z.string(),
  memberId: z.number().int(),
  username: z.string().nullable(),
  currency: z.string(),
  amount: z.string(),
  /** The round when the win was held: its bets, and its wins before this one. */
  roundBets: z.string(),
  roundWins: z.string(),
  maxWinMultiple: z.number().int().nullable(),
  maxWinAmount: z.string().nullable(),
  status: z.enum(["pending", "approved", "rejected"]),
  decidedBy: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type WinReview = z.infer<typeof WinReviewRow>;
const WinReviewsPage = z.object({
  items: z.array(WinReviewRow),
  total: z.number().int(),
  pending: z.number().int(),
});
const Decided = WinReviewRow.pick({ id: true, status: true, amount: true, currency: true });

const key = ["finance", "win-reviews"] as const;

export function useWinReviews(q: {
  status: "" | WinReview["status"];
  from?: string;
  to?: string;
  memberId?: string;
  page: number;
  pageSize: number;
}) {
  return useQuery({
    queryKey: [...key, q],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
      if (q.status) params.set("status", q.status);
      if (q.from) params.set("from", q.from);
      if (q.to) params.set("to", q.to);
      if (q.memberId) params.set("memberId", q.memberId);
      return api.get(`/win-reviews?${params}`, WinReviewsPage, signal);
    },
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** The number of held wins waiting: the back office's badge (polled, for every finance reader). */
export function usePendingWinReviews(enabled: boolean) {
  return useQuery({
    queryKey: [...key, "count"],
    queryFn: ({ signal }) => api.get("/win-reviews/count", z.object({ pending: z.number().int() }), signal),
    enabled,
    refetchInterval: 60_000,
  });
}

export function useDecideWinReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, note }: { id: number; approve: boolean; note?: string }) =>
      api.post(`/win-reviews/${id}/${approve ? "approve" : "reject"}`, note ? { note } : {}, Decided),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: ["finance", "wallet"] }),
      ]),
  });
}

/**
 * GET/PUT /api/admin/provider-limits: each vendor's maximum win per round. Raising one (a higher
 * value, or none) is a four-eyes change: the PUT answers APPROVAL_PENDING and the GET shows the
 * request waiting for a second operator (Finance → Approvals); a stricter limit applies at once.
 */
const Limits = z.object({
  maxWinMultiple: z.number().int().nullable(),
  maxWinAmount: z.string().nullable(),
});
export const VendorLimits = Limits.extend({
  vendor: z.string(),
  enabled: z.boolean(),
  pending: Limits.extend({ id: z.number().int() }).nullable().optional(),
});
export type VendorLimits = z.infer<typeof VendorLimits>;
const limitsKey = ["finance", "provider-limits"] as const;

export function useProviderLimits() {
  return useQuery({
    queryKey: limitsKey,
    queryFn: ({ signal }) =>
      api.get("/provider-limits", z.object({ vendors: z.array(VendorLimits) }), signal),
  });
}

export function useSaveProviderLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { vendor: string; maxWinMultiple: number | null; maxWinAmount: string | null }) =>
      api.put(
        `/provider-limits/${encodeURIComponent(v.vendor)}`,
        { maxWinMultiple: v.maxWinMultiple, maxWinAmount: v.maxWinAmount },
        VendorLimits.omit({ pending: true }),
      ),
    // Saved, or waiting for a second operator: either way the row and the approvals change.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: limitsKey }),
        queryClient.invalidateQueries({ queryKey: ["finance", "approvals"] }),
      ]),
  });
}
