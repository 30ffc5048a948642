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
  /** Seconds it waited: until now while pending, until its decision once decided. */
  ageSeconds: z.number().int(),
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
  /** The bank's or e-wallet's reference, entered when marked paid. */
  payoutReference: z.string().nullable(),
  ageSeconds: z.number().int(),
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

/** The payout's reference as the server takes it (queues.ts PayoutReference). */
export const PayoutReferenceInput = z
  .string()
  .trim()
  .min(1, "Enter the payout's reference from the bank or e-wallet")
  .max(80, "At most 80 characters")
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._:/#-]{2,}$/u, "3–80 letters, digits, spaces or . _ : / # -");

export interface QueueQuery<S extends string> {
  status: S | "";
  /** "W12", a member id, or part of a username, mobile or e-mail. */
  q?: string;
  memberId?: number;
  /** A range of Manila days ("2026-11-29"); empty: open. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

function queueParams<S extends string>(q: QueueQuery<S>): URLSearchParams {
  const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
  if (q.status) params.set("status", q.status);
  if (q.memberId) params.set("memberId", String(q.memberId));
  if (q.q) params.set("q", q.q);
  if (q.from) params.set("from", q.from);
  if (q.to) params.set("to", q.to);
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
        mutationFn: (
          d:
            | { id: number; approve: true; payoutReference?: string }
            | { id: number; approve: false; reason: string },
        ) =>
          d.approve
            ? api.post(
                `${path}/${d.id}/approve`,
                d.payoutReference ? { payoutReference: d.payoutReference } : {},
                z.unknown(),
              )
            : api.post(`${path}/${d.id}/reject`, { reason: d.reason }, z.unknown()),
        // Someone else may have decided the same row: reload whatever the answer.
        onSettled: () =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: key }),
            queryClient.invalidateQueries({ queryKey: ["finance", "wallet"] }),
          ]),
      });
    },
    /**
     * POST /api/admin/queues/:kind/bulk-approve. Above the finance threshold the batch waits for
     * a second operator (APPROVAL_PENDING); below it each item is approved, or skipped when
     * someone decided it meanwhile.
     */
    useBulkApprove: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (items: Array<{ id: number; payoutReference?: string }>) =>
          api.post(`/queues${path}/bulk-approve`, { items }, BulkResult),
        onSettled: () =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: key }),
            queryClient.invalidateQueries({ queryKey: ["finance", "approvals"] }),
          ]),
      });
    },
  };
}

export const BulkResult = z.object({
  approved: z.number().int(),
  results: z.array(
    z.object({ id: z.number().int(), outcome: z.enum(["approved", "not_pending", "not_found"]) }),
  ),
});

export const depositQueue = queue<DepositStatus, Deposit>("/deposits", DepositRow);
export const withdrawalQueue = queue<WithdrawalStatus, Withdrawal>("/withdrawals", WithdrawalRow);
