import { BigId } from "@panalo/contracts/input";
import { manilaStamp } from "@panalo/contracts/manila-format";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { adminUploadUrl } from "../../lib/member-uploads.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { registerApplier, requestApproval, withApproval } from "../admin/service.ts";
import { readSetting } from "../content/service.ts";
import type { Leg } from "../ledger/service.ts";
import { notifyMembers } from "../ledger/service.ts";
import { memberUsernames } from "../members/service.ts";
import { decideDepositIn, depositDto } from "./deposits.ts";
import { pendingDepositAmounts } from "./repo/deposits.ts";
import { pendingWithdrawalAmounts } from "./repo/withdrawals.ts";
import {
  type DepositQueueQuery,
  depositQueueRows,
  newestQueueId,
  queueSearch,
  type WithdrawalQueueQuery,
  withdrawalQueueRows,
} from "./repo.ts";
import { decideWithdrawalIn, withdrawalDto } from "./withdrawals.ts";

export { queueSearch };

/**
 * The bank's or e-wallet's reference of a payout, as the operator copies it from their banking
 * screen: letters, digits and a few separators, so it reads the same in the member's record.
 */
export const PayoutReference = z
  .string({ error: "payout_reference_required" })
  .trim()
  .min(1, "payout_reference_required")
  .max(80, "payout_reference_format")
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._:/#-]{2,}$/u, "payout_reference_format");

/**
 * A back-office queue: items members ask for that wait for an operator.
 * Deposits and withdrawals register here; KYC and promotion applications plug in the same way
 * (their list answers the same item shape, their approval runs inside the caller's transaction).
 */
export interface QueueDef {
  /** Who may approve. */
  permission: "finance.write";
  /** What approving each item needs besides its id (the payout reference of a withdrawal). */
  needsReference: boolean;
  /** The amounts of the items still pending (others are left out). */
  pending(tx: Tx | AppContext["db"], ids: number[]): Promise<Array<{ id: number; amount: bigint }>>;
  /** Approve one item inside `tx`: AppError when it is no longer pending; the legs to announce. */
  approveIn(
    ctx: AppContext,
    tx: Tx,
    op: { id: number; username: string },
    item: BulkItem,
    ip: string,
  ): Promise<{ legs: Leg[] | null }>;
}
export type QueueKind = "deposits" | "withdrawals";
export const QueueKinds = ["deposits", "withdrawals"] as const;

const BulkItem = z.object({ id: BigId, payoutReference: PayoutReference.optional() });
type BulkItem = z.infer<typeof BulkItem>;
const BulkBody = z.object({
  items: z
    .array(BulkItem)
    .min(1)
    .max(100)
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, "duplicate_ids"),
});

const QUEUES: Record<QueueKind, QueueDef> = {
  deposits: {
    permission: "finance.write",
    needsReference: false,
    pending: (db, ids) => pendingDepositAmounts(db, ids),
    async approveIn(ctx, tx, op, item, ip) {
      const { legs } = await decideDepositIn(ctx, tx, op, item.id, { approve: true }, ip);
      return { legs };
    },
  },
  withdrawals: {
    permission: "finance.write",
    needsReference: true,
    pending: (db, ids) => pendingWithdrawalAmounts(db, ids),
    async approveIn(ctx, tx, op, item, ip) {
      if (!item.payoutReference)
        throw Errors.validation([{ path: "payoutReference", message: "payout_reference_required" }]);
      const { legs } = await decideWithdrawalIn(
        ctx,
        tx,
        op,
        item.id,
        { approve: true, payoutReference: item.payoutReference },
        ip,
      );
      return { legs };
    },
  },
};

/** The outcome of one item of a bulk approval. */
type ItemOutcome = { id: number; outcome: "approved" | "not_pending" | "not_found" };

/** Decided meanwhile (by another operator, or the member's gateway): skipped, not an error. */
function skipped(err: unknown, id: number): ItemOutcome {
  if (err instanceof AppError && err.httpStatus === 409) return { id, outcome: "not_pending" };
  if (err instanceof AppError && err.httpStatus === 404) return { id, outcome: "not_found" };
  throw err;
}

/** Seconds an item waited: until now while it waits, until its decision once decided. */
export const ageSeconds = (createdAt: Date, decidedAt: Date | null, now: Date) =>
  Math.max(0, Math.floor(((decidedAt ?? now).getTime() - createdAt.getTime()) / 1000));

/**
 * Bulk approval: one operator approves up to 100 items at once. When the pending items' total
 * is above the finance threshold (the amount one operator may move alone, Finance →
 * Adjustments), the whole batch waits in Approvals for a different operator, like any other
 * four-eyes change; below it each item is approved in its own transaction, and an item decided
 * meanwhile is skipped (the conditional status change lets each item be decided once).
 */
export async function queueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const approveAll = async (
    tx: Tx,
    kind: QueueKind,
    items: BulkItem[],
    op: { id: number; username: string },
    ip: string,
  ) => {
    const results: ItemOutcome[] = [];
    const legs: Leg[] = [];
    for (const item of items) {
      try {
        const out = await QUEUES[kind].approveIn(ctx, tx, op, item, ip);
        if (out.legs) legs.push(...out.legs);
        results.push({ id: item.id, outcome: "approved" });
      } catch (err) {
        results.push(skipped(err, item.id));
      }
    }
    return { results, legs };
  };
  const summaryOf = (results: ItemOutcome[]) => ({
    approved: results.filter((r) => r.outcome === "approved").length,
    results,
  });

  route(
    app,
    {
      method: "POST",
      url: "/api/admin/queues/:kind/bulk-approve",
      params: z.object({ kind: z.enum(QueueKinds) }),
      body: BulkBody,
      guards: [requireOperator(ctx, "finance.write")],
    },
    async ({ params, body, req, ip }) => {
      const op = operatorOf(req);
      const queue = QUEUES[params.kind];
      if (queue.needsReference) {
        const missing = body.items.findIndex((i) => !i.payoutReference);
        if (missing >= 0)
          throw Errors.validation([
            { path: `items.${missing}.payoutReference`, message: "payout_reference_required" },
          ]);
      }
      const ids = body.items.map((i) => i.id);
      const pending = await queue.pending(ctx.db, ids);
      const total = pending.reduce((s, p) => s + p.amount, 0n);
      const threshold = parseMoney((await readSetting(ctx.db, "finance")).adjustmentApprovalThreshold) ?? 0n;
      if (pending.length > 0 && total > threshold) {
        // Four eyes: nothing moves until another operator approves the batch.
        return withApproval(ctx, (tx) =>
          requestApproval(ctx, tx, {
            kind: "queue.bulk_approve",
            entityId: null,
            payload: { queue: params.kind, items: body.items },
            base: null,
            summary: {
              queue: params.kind,
              count: body.items.length,
              total: formatMinor(total),
              ids,
              threshold: formatMinor(threshold),
            },
            op,
            ip,
          }),
        );
      }
      const results: ItemOutcome[] = [];
      for (const item of body.items) {
        try {
          const out = await ctx.db.transaction((tx) => approveAll(tx, params.kind, [item], op, ip));
          results.push(...out.results);
          if (out.legs.length > 0) await notifyMembers(ctx, { legs: out.legs });
        } catch (err) {
          results.push(skipped(err, item.id));
        }
      }
      return summaryOf(results);
    },
  );

  // The legs of an approved batch, announced once its approval committed (never in the audit row).
  const toAnnounce = new WeakMap<object, Leg[]>();
  registerApplier(ctx, "queue.bulk_approve", {
    permission: "finance.write",
    entityType: "queue",
    async apply(tx, r, op, ip) {
      const payload = z.object({ queue: z.enum(QueueKinds), items: z.array(BulkItem) }).parse(r.payload);
      // Items decided since the request (one by one, or by another batch) are skipped.
      const out = await approveAll(tx, payload.queue, payload.items, op, ip);
      const result = { queue: payload.queue, ...summaryOf(out.results) };
      toAnnounce.set(result, out.legs);
      return result;
    },
    async afterCommit(result) {
      const legs = typeof result === "object" && result !== null ? toAnnounce.get(result) : undefined;
      if (legs && legs.length > 0) await notifyMembers(ctx, { legs });
    },
  });
}

/** A page of the withdrawal queue with each member's name, the full payout account and the item's age. */
export async function withdrawalQueue(
  ctx: AppContext,
  query: Omit<WithdrawalQueueQuery, "limit" | "offset"> & { page: number; pageSize: number },
) {
  const now = ctx.clock.now();
  const { rows, total } = await withdrawalQueueRows(ctx.db, {
    status: query.status,
    memberId: query.memberId,
    q: query.q,
    payoutKind: query.payoutKind,
    from: query.from,
    to: query.to,
    maxId: query.maxId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const names = await memberUsernames(
    ctx.db,
    rows.map((w) => w.memberId),
  );
  // The operator pays out to the full account number.
  return {
    items: rows.map((w) => ({
      ...withdrawalDto(w),
      memberId: w.memberId,
      username: names.get(w.memberId) ?? null,
      payout: w.payout,
      proofUrl: adminUploadUrl(w.proofUrl),
      ageSeconds: ageSeconds(w.createdAt, w.decidedAt, now),
    })),
    total,
  };
}

/** A page of the deposit queue with each member's name, the channel it was sent to and the item's age. */
export async function depositQueue(
  ctx: AppContext,
  query: Omit<DepositQueueQuery, "limit" | "offset"> & { page: number; pageSize: number },
) {
  const now = ctx.clock.now();
  const { rows, total } = await depositQueueRows(ctx.db, {
    status: query.status,
    memberId: query.memberId,
    q: query.q,
    channelId: query.channelId,
    from: query.from,
    to: query.to,
    maxId: query.maxId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const names = await memberUsernames(
    ctx.db,
    rows.map(({ d }) => d.memberId),
  );
  // The operator checks the transfer against the member and the channel it was sent to.
  return {
    items: rows.map(({ d, channelName }) => ({
      ...depositDto(d),
      memberId: d.memberId,
      username: names.get(d.memberId) ?? null,
      channelName,
      gatewayRef: d.gatewayRef,
      proofUrl: adminUploadUrl(d.proofUrl),
      ageSeconds: ageSeconds(d.createdAt, d.decidedAt, now),
    })),
    total,
  };
}

// ---------- CSV exports of the queues ----------

const EXPORT_PAGE = 100;

/** Columns of the deposit export: amounts in pesos, times as the back office shows them. */
export const DEPOSIT_CSV_HEADER = [
  "id",
  "created (PHT)",
  "status",
  "member id",
  "member",
  "amount (PHP)",
  "channel",
  "reference",
  "decided (PHT)",
];
export const WITHDRAWAL_CSV_HEADER = [
  "id",
  "created (PHT)",
  "status",
  "member id",
  "member",
  "amount (PHP)",
  "payout",
  "decided (PHT)",
];

const stamp = (iso: string | null) => (iso ? manilaStamp(new Date(iso), { seconds: true }) : "");

/**
 * Every deposit matching the queue's filters as CSV rows, a page at a time, newest first; only
 * those that existed when the export started (a deposit made meanwhile cannot shift the pages).
 */
export async function* depositExport(
  ctx: AppContext,
  query: Omit<DepositQueueQuery, "limit" | "offset" | "maxId">,
) {
  const maxId = await newestQueueId(ctx.db, "deposits");
  for (let page = 1; maxId > 0; page++) {
    const { items } = await depositQueue(ctx, { ...query, maxId, page, pageSize: EXPORT_PAGE });
    yield items.map((d) => [
      d.id,
      stamp(d.createdAt),
      d.status,
      d.memberId,
      d.username,
      d.amount,
      d.channelName,
      d.reference,
      stamp(d.decidedAt),
    ]);
    if (items.length < EXPORT_PAGE) return;
  }
}

/** Every withdrawal matching the queue's filters as CSV rows (the account number masked). */
export async function* withdrawalExport(
  ctx: AppContext,
  query: Omit<WithdrawalQueueQuery, "limit" | "offset" | "maxId">,
) {
  const maxId = await newestQueueId(ctx.db, "withdrawals");
  for (let page = 1; maxId > 0; page++) {
    const { items } = await withdrawalQueue(ctx, { ...query, maxId, page, pageSize: EXPORT_PAGE });
    // A file leaves the back office: the account number is masked as on the member's pages.
    yield items.map((w) => [
      w.id,
      stamp(w.createdAt),
      w.status,
      w.memberId,
      w.username,
      w.amount,
      `${w.payout.kind} ••••${w.payout.accountNumber.slice(-4)}`,
      stamp(w.decidedAt),
    ]);
    if (items.length < EXPORT_PAGE) return;
  }
}
