import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../../db/client.ts";
import { payoutAccounts, type WithdrawalStatus, withdrawals } from "../../../db/schema/payments.ts";

/** Statements on withdrawals and payout accounts (withdrawals.ts has the rules). */

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** Bind a payout account; nothing when the member has that account already. */
export async function insertPayoutAccount(
  exec: Executor,
  values: typeof payoutAccounts.$inferInsert,
): Promise<typeof payoutAccounts.$inferSelect | undefined> {
  const [row] = await exec.insert(payoutAccounts).values(values).onConflictDoNothing().returning();
  return row;
}

/** The member's withdrawal of a request id. */
export async function withdrawalOfRequest(
  exec: Executor,
  memberId: number,
  requestId: string,
): Promise<WithdrawalRow | undefined> {
  const [w] = await exec
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.requestId, requestId)));
  return w;
}

/** One of the member's payout accounts, not removed. */
export async function activePayoutAccount(exec: Executor, memberId: number, id: number) {
  const [account] = await exec
    .select()
    .from(payoutAccounts)
    .where(
      and(eq(payoutAccounts.id, id), eq(payoutAccounts.memberId, memberId), isNull(payoutAccounts.removedAt)),
    );
  return account;
}

/** Record a withdrawal request. */
export async function insertWithdrawal(
  tx: Tx,
  values: typeof withdrawals.$inferInsert,
): Promise<WithdrawalRow | undefined> {
  const [w] = await tx.insert(withdrawals).values(values).returning();
  return w;
}

/**
 * The day's withdrawals of a member since `from` (every request not rejected: a pending one
 * counts, since its money is already held).
 */
export async function withdrawnSince(exec: Executor, memberId: number, from: Date) {
  const [row] = await queryRows<{ n: string; total: string }>(
    exec,
    sql`SELECT COUNT(*)::text AS n, COALESCE(SUM(amount), 0)::text AS total FROM withdrawals
        WHERE member_id = ${memberId} AND status <> 'rejected' AND created_at >= ${from.toISOString()}::timestamptz`,
  );
  return { count: Number(row?.n ?? 0), amount: BigInt(row?.total ?? "0") };
}

/** Decide a withdrawal still pending; answers the row after, or nothing when it is not pending. */
export async function decidePendingWithdrawal(
  tx: Tx,
  id: number,
  set: {
    status: "paid" | "rejected";
    reason: string | null;
    payoutReference: string | null;
    decidedBy: number;
    decidedAt: Date;
  },
): Promise<WithdrawalRow | undefined> {
  const [w] = await tx
    .update(withdrawals)
    .set(set)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "pending")))
    .returning();
  return w;
}

/** Whether a withdrawal exists. */
export async function withdrawalExists(exec: Executor, id: number): Promise<boolean> {
  const [exists] = await exec.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id));
  return !!exists;
}

/** The member's receipt of their paid withdrawal; answers the row after, or nothing when not paid. */
export async function setPaidWithdrawalReceipt(
  exec: Executor,
  memberId: number,
  id: number,
  set: { status: WithdrawalStatus; receiptAt: Date; proofUrl: string | null },
): Promise<WithdrawalRow | undefined> {
  const [w] = await exec
    .update(withdrawals)
    .set(set)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.memberId, memberId), eq(withdrawals.status, "paid")))
    .returning();
  return w;
}

/** Whether the member has a withdrawal of that id. */
export async function memberWithdrawalExists(exec: Executor, memberId: number, id: number): Promise<boolean> {
  const [exists] = await exec
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.memberId, memberId)));
  return !!exists;
}

/** Paid withdrawals decided before `cutoff` become auto_received; answers how many. */
export async function autoReceivePaidBefore(exec: Executor, cutoff: Date, now: Date): Promise<number> {
  const rows = await exec
    .update(withdrawals)
    .set({ status: "auto_received", receiptAt: now })
    .where(and(eq(withdrawals.status, "paid"), lt(withdrawals.decidedAt, cutoff)))
    .returning({ id: withdrawals.id });
  return rows.length;
}

/** One page of the member's withdrawals, newest first, and how many there are. */
export async function memberWithdrawalPage(
  exec: Executor,
  memberId: number,
  limit: number,
  offset: number,
): Promise<[WithdrawalRow[], number]> {
  const [rows, [count]] = await Promise.all([
    exec
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.memberId, memberId))
      .orderBy(desc(withdrawals.id))
      .limit(limit)
      .offset(offset),
    exec
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(eq(withdrawals.memberId, memberId)),
  ]);
  return [rows, count?.n ?? 0];
}

/** How many payout accounts the member has bound (the back office's player page). */
export async function payoutAccountCount(exec: Executor, memberId: number): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.memberId, memberId), isNull(payoutAccounts.removedAt)));
  return row?.n ?? 0;
}

/** The pending withdrawals among `ids`, with their amounts. */
export function pendingWithdrawalAmounts(exec: Executor, ids: number[]) {
  return exec
    .select({ id: withdrawals.id, amount: withdrawals.amount })
    .from(withdrawals)
    .where(and(inArray(withdrawals.id, ids), eq(withdrawals.status, "pending")));
}
