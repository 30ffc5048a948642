import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Executor, Tx } from "../../../db/client.ts";
import { adjustments } from "../../../db/schema/payments.ts";

/** Statements on the operators' manual adjustments (transfers.ts has the rules and routes). */

export type AdjustmentRow = typeof adjustments.$inferSelect;
export type AdjustmentStatus = "pending" | "applied" | "rejected";

/**
 * The lock by (operator, member) of the adjustments' four eyes (a transaction-level advisory
 * lock): read-then-insert becomes one step.
 */
export async function lockOperatorMemberAdjustments(
  tx: Tx,
  operatorId: number,
  memberId: number,
): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`adjustment:${operatorId}:${memberId}`}, 0))`,
  );
}

/** The operator's running total (absolute amounts, pending and applied) for the member since `from`. */
export async function operatorAdjustedSince(
  tx: Tx,
  operatorId: number,
  memberId: number,
  from: Date,
): Promise<bigint> {
  const [sofar] = await tx
    .select({ total: sql<string>`coalesce(sum(abs(${adjustments.amount})), 0)::text` })
    .from(adjustments)
    .where(
      and(
        eq(adjustments.createdBy, operatorId),
        eq(adjustments.memberId, memberId),
        inArray(adjustments.status, ["pending", "applied"]),
        gte(adjustments.createdAt, from),
      ),
    );
  return BigInt(sofar?.total ?? "0");
}

/** Record an adjustment. */
export async function insertAdjustment(
  tx: Tx,
  values: typeof adjustments.$inferInsert,
): Promise<AdjustmentRow | undefined> {
  const [a] = await tx.insert(adjustments).values(values).returning();
  return a;
}

/**
 * One page of adjustments (of a status and/or a member, or all): the pending ones oldest first,
 * the others newest first; and how many there are.
 */
export async function adjustmentPage(
  exec: Executor,
  /** `from`/`to`: asked for at or after / before these instants (a range of Manila days). */
  filter: {
    status?: AdjustmentStatus | undefined;
    memberId?: number | undefined;
    from?: Date | undefined;
    to?: Date | undefined;
  },
  limit: number,
  offset: number,
): Promise<[AdjustmentRow[], number]> {
  const where = and(
    filter.status ? eq(adjustments.status, filter.status) : undefined,
    filter.memberId ? eq(adjustments.memberId, filter.memberId) : undefined,
    filter.from ? gte(adjustments.createdAt, filter.from) : undefined,
    filter.to ? lt(adjustments.createdAt, filter.to) : undefined,
  );
  const [page, [count]] = await Promise.all([
    exec
      .select()
      .from(adjustments)
      .where(where)
      .orderBy(filter.status === "pending" ? asc(adjustments.id) : desc(adjustments.id))
      .limit(limit)
      .offset(offset),
    exec.select({ n: sql<number>`count(*)::int` }).from(adjustments).where(where),
  ]);
  return [page, count?.n ?? 0];
}

/** Lock (FOR UPDATE) and answer an adjustment. */
export async function lockAdjustment(tx: Tx, id: number): Promise<AdjustmentRow | undefined> {
  const [pending] = await tx.select().from(adjustments).where(eq(adjustments.id, id)).for("update");
  return pending;
}

/** Decide an adjustment still pending; answers the row after, or nothing when it is not pending. */
export async function decidePendingAdjustment(
  tx: Tx,
  id: number,
  set: { status: "applied" | "rejected"; decidedBy: number; decidedAt: Date },
): Promise<AdjustmentRow | undefined> {
  const [a] = await tx
    .update(adjustments)
    .set(set)
    .where(and(eq(adjustments.id, id), eq(adjustments.status, "pending")))
    .returning();
  return a;
}
