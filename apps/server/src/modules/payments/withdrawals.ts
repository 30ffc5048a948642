import { formatMinor, formatPeso } from "@panalo/contracts/money";
import type { Db, Executor, Tx } from "../../db/client.ts";
import type { WithdrawalStatus } from "../../db/schema/payments.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { emitMemberEvent } from "../../lib/member-events.ts";
import { requireOwnUpload } from "../../lib/member-uploads.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { singleFlight } from "../../lib/single-flight.ts";
import { forfeitOnWithdrawal } from "../bonus/service.ts";
import { notifyMembers, postIn } from "../ledger/service.ts";
import { memberWithdrawLimits } from "../loyalty/service.ts";
import {
  memberCurrency,
  memberRealName,
  requireKycFor,
  setRealNameOnce,
  setTxPasswordHash,
  txPasswordHashOf,
  verifyTxPassword,
} from "../members/service.ts";
import { manilaDay, manilaStart } from "../reports/service.ts";
import {
  activePayoutAccount,
  autoReceivePaidBefore,
  decidePendingWithdrawal,
  insertPayoutAccount,
  insertWithdrawal,
  memberWithdrawalExists,
  memberWithdrawalPage,
  setPaidWithdrawalReceipt,
  type WithdrawalRow,
  withdrawalExists,
  withdrawalOfRequest,
  withdrawnSince,
} from "./repo/withdrawals.ts";
import { payoutAccountsOf } from "./repo.ts";

/** Operator settings (defaults until the back office sets them): ₱100 to ₱50,000, 24 h to confirm. */
export const WITHDRAWAL_LIMITS = { min: 10_000n, max: 5_000_000n, autoReceiveMinutes: 24 * 60 };

const normalName = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

export async function setRealName(db: Db, memberId: number, realName: string): Promise<void> {
  const done = await setRealNameOnce(db, memberId, realName.trim().replace(/\s+/g, " "));
  if (!done) throw Errors.conflict("REAL_NAME_SET");
}

/** Set or change the transaction password (separate from the login password, argon2id). */
export async function setTxPassword(
  ctx: AppContext,
  memberId: number,
  current: string | undefined,
  next: string,
): Promise<void> {
  const { db } = ctx;
  const tx = await txPasswordHashOf(db, memberId);
  // Changing it needs the current one, counted with the same tries as a withdrawal's.
  if (tx) await verifyTxPassword(ctx, memberId, tx, current ?? "", "currentTransactionPassword");
  await setTxPasswordHash(db, memberId, await hashPassword(next));
}

export async function addPayoutAccount(
  db: Db,
  memberId: number,
  input: { kind: "bank" | "ewallet"; provider: string; accountName: string; accountNumber: string },
) {
  const realName = await memberRealName(db, memberId);
  if (!realName) throw Errors.bad("REAL_NAME_REQUIRED");
  if (normalName(realName) !== normalName(input.accountName)) {
    throw Errors.validation([{ path: "accountName", message: "PAYEE_NAME_MISMATCH" }]);
  }
  const row = await insertPayoutAccount(db, { memberId, ...input, accountName: realName });
  if (!row) throw Errors.conflict("PAYOUT_ACCOUNT_EXISTS");
  return row;
}

async function checkTxPassword(ctx: AppContext, memberId: number, password: string): Promise<void> {
  await verifyTxPassword(ctx, memberId, await txPasswordHashOf(ctx.db, memberId), password);
}

export const withdrawalDto = (w: WithdrawalRow) => ({
  id: w.id,
  amount: formatMinor(w.amount),
  currency: w.currency,
  payout: { ...w.payout, accountNumber: `••••${w.payout.accountNumber.slice(-4)}` },
  status: w.status,
  reason: w.reason,
  createdAt: w.createdAt.toISOString(),
  decidedAt: w.decidedAt?.toISOString() ?? null,
  receiptAt: w.receiptAt?.toISOString() ?? null,
  proofUrl: w.proofUrl,
  payoutReference: w.payoutReference,
});

/**
 * A withdrawal request: the amount is held at once (main → hold) in the same transaction that
 * records the request, so two requests can never together exceed the balance. A retried
 * request (same requestId) answers the first one.
 */
export function requestWithdrawal(
  ctx: AppContext,
  memberId: number,
  input: { amount: bigint; payoutAccountId: number; transactionPassword: string; requestId: string },
) {
  // The same request id sent again while it runs shares its answer: a replay is answered
  // before it could count a transaction-password try (20 right answers at once never lock).
  return singleFlight(ctx, `withdrawal:${memberId}:${input.requestId}`, () =>
    requestWithdrawalOnce(ctx, memberId, input),
  );
}

async function requestWithdrawalOnce(
  ctx: AppContext,
  memberId: number,
  input: { amount: bigint; payoutAccountId: number; transactionPassword: string; requestId: string },
) {
  const limits = WITHDRAWAL_LIMITS;
  if (input.amount < limits.min) throw Errors.bad("AMOUNT_BELOW_MIN", { min: formatPeso(limits.min) });
  if (input.amount > limits.max) throw Errors.bad("AMOUNT_ABOVE_MAX", { max: formatPeso(limits.max) });
  const existing = await withdrawalOfRequest(ctx.db, memberId, input.requestId);
  if (existing) return withdrawalDto(existing);
  // The operator may reserve a first withdrawal, or large ones, for verified accounts.
  await requireKycFor(ctx.db, memberId, { kind: "withdrawal", amount: input.amount }, ctx.clock.now());
  await checkTxPassword(ctx, memberId, input.transactionPassword);
  const account = await activePayoutAccount(ctx.db, memberId, input.payoutAccountId);
  if (!account) throw Errors.notFoundCode("PAYOUT_ACCOUNT_NOT_FOUND");
  const currency = (await memberCurrency(ctx.db, memberId)) ?? "PHP";
  const legs = [
    { account: { member: memberId, kind: "main" as const, currency }, amount: -input.amount },
    { account: { member: memberId, kind: "hold" as const, currency }, amount: input.amount },
  ];
  const row = await ctx.db
    .transaction(async (tx) => {
      // Before the hold locks main: the member's lock comes first (the provider protocol's order).
      await forfeitOnWithdrawal(tx, memberId, input.requestId, ctx.clock.now());
      // Under the member's lock (taken just above), so two requests at once count each other.
      await checkVipWithdrawLimits(tx, memberId, input.amount, ctx.clock.now());
      const w = await insertWithdrawal(tx, {
        memberId,
        requestId: input.requestId,
        amount: input.amount,
        currency,
        payout: {
          kind: account.kind,
          provider: account.provider,
          accountName: account.accountName,
          accountNumber: account.accountNumber,
        },
        status: "pending",
        // The app's clock (the VIP daily limits count the Manila day by it).
        createdAt: ctx.clock.now(),
      });
      if (!w) throw Errors.internal();
      await postIn(tx, {
        idempotencyKey: `withdrawal:${w.id}:hold`,
        type: "withdrawal_hold",
        reference: `W${w.id}`,
        memberId,
        legs,
      });
      return w;
    })
    .catch(async (err: { code?: string; cause?: { code?: string } }) => {
      // The same request sent twice at once: the second finds the first's row.
      if ((err.code ?? err.cause?.code) !== "23505") throw err;
      const first = await withdrawalOfRequest(ctx.db, memberId, input.requestId);
      if (!first) throw err;
      return first;
    });
  await notifyMembers(ctx, { legs });
  return withdrawalDto(row);
}

/**
 * The day's withdrawals of a member (Manila day, every request not rejected: a pending one
 * counts, since its money is already held).
 */
export async function withdrawnToday(exec: Executor, memberId: number, now: Date) {
  return withdrawnSince(exec, memberId, manilaStart(manilaDay(now)));
}

/** The VIP level's daily withdrawal limits (amount and count); the caller holds the member's lock. */
async function checkVipWithdrawLimits(tx: Tx, memberId: number, amount: bigint, now: Date) {
  const limits = await memberWithdrawLimits(tx, memberId);
  if (limits.dailyMax === null && limits.dailyCount === null) return;
  const used = await withdrawnToday(tx, memberId, now);
  if (limits.dailyCount !== null && used.count >= limits.dailyCount) {
    throw Errors.bad("WITHDRAW_DAILY_COUNT", { level: limits.name, count: String(limits.dailyCount) });
  }
  if (limits.dailyMax !== null && used.amount + amount > limits.dailyMax) {
    const left = limits.dailyMax > used.amount ? limits.dailyMax - used.amount : 0n;
    throw Errors.bad("WITHDRAW_DAILY_MAX", {
      level: limits.name,
      max: formatPeso(limits.dailyMax),
      left: formatPeso(left),
    });
  }
}

/** What marking a withdrawal paid or rejecting it needs: the payout's reference, or a reason. */
export type WithdrawalDecision =
  | { approve: true; payoutReference: string }
  | { approve: false; reason: string };

/**
 * The operator's decision: paid (hold → the house's payouts) or rejected (hold → main). The
 * status moves only from pending, in the same transaction as the money, so a double click or
 * two operators at once decide once.
 */
export async function decideWithdrawal(
  ctx: AppContext,
  op: { id: number; username: string },
  id: number,
  decision: WithdrawalDecision,
  ip: string,
) {
  const result = await ctx.db.transaction((tx) => decideWithdrawalIn(ctx, tx, op, id, decision, ip));
  await notifyMembers(ctx, { legs: result.legs });
  return withdrawalDto(result.w);
}

/**
 * The decision inside the caller's transaction (a bulk approval runs several in one). Answers
 * the row and the legs to announce once committed; WITHDRAWAL_NOT_PENDING when it was decided.
 */
export async function decideWithdrawalIn(
  ctx: AppContext,
  tx: Tx,
  op: { id: number; username: string },
  id: number,
  decision: WithdrawalDecision,
  ip: string,
) {
  const w = await decidePendingWithdrawal(tx, id, {
    status: decision.approve ? "paid" : "rejected",
    reason: decision.approve ? null : decision.reason,
    payoutReference: decision.approve ? decision.payoutReference : null,
    decidedBy: op.id,
    decidedAt: ctx.clock.now(),
  });
  if (!w) {
    throw (await withdrawalExists(tx, id))
      ? Errors.conflict("WITHDRAWAL_NOT_PENDING")
      : Errors.notFound("withdrawal");
  }
  const hold = { member: w.memberId, kind: "hold" as const, currency: w.currency };
  const legs = decision.approve
    ? [
        { account: hold, amount: -w.amount },
        { account: { house: "payouts", currency: w.currency }, amount: w.amount },
      ]
    : [
        { account: hold, amount: -w.amount },
        { account: { member: w.memberId, kind: "main" as const, currency: w.currency }, amount: w.amount },
      ];
  await postIn(tx, {
    idempotencyKey: `withdrawal:${w.id}:${decision.approve ? "paid" : "released"}`,
    type: decision.approve ? "withdrawal_paid" : "withdrawal_released",
    // The member's account record shows the payout's own reference on the paid line.
    reference: decision.approve ? payoutLedgerReference(w.id, decision.payoutReference) : `W${w.id}`,
    memberId: w.memberId,
    legs,
  });
  // The member's message about it, in this transaction, once per decision.
  await emitMemberEvent(tx, {
    kind: decision.approve ? "withdrawal.paid" : "withdrawal.rejected",
    memberId: w.memberId,
    ref: `W${w.id}`,
    params: {
      id: `W${w.id}`,
      amount: w.amount.toString(),
      currency: w.currency,
      reference: decision.approve ? decision.payoutReference : null,
      reason: decision.approve ? null : decision.reason,
    },
  });
  await recordAudit(tx, {
    operatorId: op.id,
    operatorName: op.username,
    action: decision.approve ? "approve" : "reject",
    entityType: "withdrawal",
    entityId: String(id),
    before: { status: "pending" },
    after: { status: w.status, reason: w.reason, payoutReference: w.payoutReference },
    ip,
  });
  return { w, legs };
}

/** "W12 · GC-0099812": the withdrawal and the payout reference the member can look up. */
export const payoutLedgerReference = (id: number, payoutReference: string) => `W${id} · ${payoutReference}`;

/** The member's receipt of a paid withdrawal (spec §4): no money moves; a forced receipt is final. */
export async function confirmReceipt(
  ctx: AppContext,
  memberId: number,
  id: number,
  state: "received" | "partly_received" | "not_received",
  proofUrl: string | null,
) {
  if (proofUrl) await requireOwnUpload(ctx.db, memberId, proofUrl, "proofUrl");
  const w = await setPaidWithdrawalReceipt(ctx.db, memberId, id, {
    status: state as WithdrawalStatus,
    receiptAt: ctx.clock.now(),
    proofUrl,
  });
  if (!w) {
    throw (await memberWithdrawalExists(ctx.db, memberId, id))
      ? Errors.conflict("WITHDRAWAL_NOT_PAID")
      : Errors.notFound("withdrawal");
  }
  return withdrawalDto(w);
}

/** The scheduled job: a paid withdrawal not confirmed within the operator's minutes counts as received. */
export async function autoReceive(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - WITHDRAWAL_LIMITS.autoReceiveMinutes * 60_000);
  return autoReceivePaidBefore(ctx.db, cutoff, ctx.clock.now());
}

export async function memberWithdrawals(db: Db, memberId: number, page: number, pageSize: number) {
  const [rows, total] = await memberWithdrawalPage(db, memberId, pageSize, (page - 1) * pageSize);
  return { items: rows.map(withdrawalDto), total };
}

/** The member's payout accounts not removed, oldest first, as the member sees them. */
export async function payoutAccountList(exec: Executor, memberId: number) {
  const rows = await payoutAccountsOf(exec, memberId);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    provider: r.provider,
    accountName: r.accountName,
    accountNumber: r.accountNumber,
  }));
}
