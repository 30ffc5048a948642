import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";

/** GET /api/admin/deposits: bank transfers wait for an operator; gateway deposits settle by callback. */
export const DepositStatuses = [
  "pending",
  "approved",
  "rejected",
  "awaiting_payment",
  "paid",
  "failed",
] as const;
export type DepositStatus = (typeof DepositStatuses)[number];

export const DepositRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string().nullable(),
  channelId: z.number().int(),
  channelName: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(DepositStatuses),
  reference: z.string().nullable(),
  proofUrl: z.string().nullable(),
  reason: z.string().nullable(),
  gatewayRef: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof DepositRow>;

/** GET /api/admin/withdrawals: the payout carries the full account number the operator pays to. */
export const WithdrawalStatuses = [
  "pending",
  "paid",
  "rejected",
  "received",
  "partly_received",
  "not_received",
  "auto_received",
] as const;
export type WithdrawalStatus = (typeof WithdrawalStatuses)[number];

export const WithdrawalRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  payout: z.object({
    kind: z.string(),
    provider: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
  }),
  status: z.enum(WithdrawalStatuses),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  receiptAt: z.string().nullable(),
  proofUrl: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalRow>;

/** The reason a rejection carries to the member (the server's limits: 3–200 characters). */
export const RejectInput = z.object({
  reason: z
    .string()
    .trim()
    .min(3, "Give the member a reason of at least 3 characters")
    .max(200, "At most 200 characters"),
});
export type RejectInput = z.infer<typeof RejectInput>;

export interface QueueQuery<S extends string> {
  status: S | "";
  memberId?: number;
  page: number;
  pageSize: number;
}

function queueParams<S extends string>(q: QueueQuery<S>): URLSearchParams {
  const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
  if (q.status) params.set("status", q.status);
  if (q.memberId) params.set("memberId", String(q.memberId));
  return params;
}

/** A queue (deposits or withdrawals): its pages, and the approve and reject calls. */
function queue<S extends string, T>(path: "/deposits" | "/withdrawals", row: z.ZodType<T>) {
  const key = ["finance", path] as const;
  const Page = z.object({ items: z.array(row), total: z.number().int() });
  return {
    key,
    useList: (q: QueueQuery<S>) =>
      useQuery({
        queryKey: [...key, q],
        queryFn: ({ signal }) => api.get(`${path}?${queueParams(q)}`, Page, signal),
        placeholderData: keepPreviousData,
        // A queue fills while the operator works: look again every half minute.
        refetchInterval: 30_000,
      }),
    useDecide: () => {
      const queryClient = useQueryClient();
      return useMutation({
        // The answer is the member's view of the row; the list is loaded again instead.
        mutationFn: (d: { id: number; approve: true } | { id: number; approve: false; reason: string }) =>
          d.approve
            ? api.post(`${path}/${d.id}/approve`, {}, z.unknown())
            : api.post(`${path}/${d.id}/reject`, { reason: d.reason }, z.unknown()),
        // Someone else may have decided the same row: reload whatever the answer.
        onSettled: () =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: key }),
            queryClient.invalidateQueries({ queryKey: ["finance", "wallet"] }),
          ]),
      });
    },
  };
}

export const depositQueue = queue<DepositStatus, Deposit>("/deposits", DepositRow);
export const withdrawalQueue = queue<WithdrawalStatus, Withdrawal>("/withdrawals", WithdrawalRow);
