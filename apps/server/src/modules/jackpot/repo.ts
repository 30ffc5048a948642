import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Executor, Tx } from "../../db/client.ts";
import { jackpotContributions, jackpotPools, jackpotWins } from "../../db/schema/jackpot.ts";

/** Every statement on the jackpot module's tables (jackpot_pools, _contributions, _wins). */

export type PoolRow = typeof jackpotPools.$inferSelect;
export type WinRow = typeof jackpotWins.$inferSelect;

export async function readPool(exec: Executor, id: number): Promise<PoolRow | undefined> {
  const [row] = await exec.select().from(jackpotPools).where(eq(jackpotPools.id, id));
  return row;
}

/**
 * The pool row, locked until the transaction ends: every contribution and every win of the
 * pool passes here, so two spins never decide on the same amount.
 */
export async function lockPool(tx: Tx, id: number): Promise<PoolRow | undefined> {
  const [row] = await tx.select().from(jackpotPools).where(eq(jackpotPools.id, id)).for("update");
  return row;
}

/** The pool row when missing (its seed is posted in the same transaction). */
export async function insertPoolIfMissing(
  tx: Tx,
  p: { id: number; currency: string; sharePpm: number; seedAmount: bigint; mustDropBy: bigint },
): Promise<boolean> {
  const rows = await tx
    .insert(jackpotPools)
    .values({ ...p, amount: p.seedAmount })
    .onConflictDoNothing()
    .returning({ id: jackpotPools.id });
  return rows.length > 0;
}

export async function setPoolAmount(tx: Tx, id: number, amount: bigint, cycle: number, at: Date) {
  await tx.update(jackpotPools).set({ amount, cycle, updatedAt: at }).where(eq(jackpotPools.id, id));
}

export async function updatePoolRules(
  tx: Tx,
  id: number,
  r: { sharePpm: number; seedAmount: bigint; mustDropBy: bigint; vendors: string[] },
  at: Date,
) {
  await tx
    .update(jackpotPools)
    .set({ ...r, version: sql`${jackpotPools.version} + 1`, updatedAt: at })
    .where(eq(jackpotPools.id, id));
}

export async function findContribution(tx: Tx, vendor: string, roundId: string) {
  const [row] = await tx
    .select()
    .from(jackpotContributions)
    .where(and(eq(jackpotContributions.vendor, vendor), eq(jackpotContributions.roundId, roundId)));
  return row;
}

export async function insertContribution(tx: Tx, row: typeof jackpotContributions.$inferInsert) {
  await tx.insert(jackpotContributions).values(row);
}

export async function insertWin(tx: Tx, row: typeof jackpotWins.$inferInsert): Promise<WinRow> {
  const [win] = await tx.insert(jackpotWins).values(row).returning();
  if (!win) throw new Error("jackpot win not stored");
  return win;
}

export async function findWin(exec: Executor, id: number): Promise<WinRow | undefined> {
  const [row] = await exec.select().from(jackpotWins).where(eq(jackpotWins.id, id));
  return row;
}

/** The latest wins, newest first. */
export async function recentWins(exec: Executor, limit: number, offset = 0): Promise<WinRow[]> {
  return exec.select().from(jackpotWins).orderBy(desc(jackpotWins.id)).limit(limit).offset(offset);
}

/** The platform-paid wins whose PNJ credit is not acknowledged yet, oldest first. */
export async function unpaidPlatformWins(exec: Executor, limit: number): Promise<WinRow[]> {
  return exec
    .select()
    .from(jackpotWins)
    .where(and(isNull(jackpotWins.paidAt), eq(jackpotWins.payer, "platform")))
    .orderBy(asc(jackpotWins.id))
    .limit(limit);
}

/** PNJ's credit of the win was answered: the first acknowledgement's time stays. */
export async function markWinPaid(exec: Executor, id: number, at: Date): Promise<boolean> {
  const rows = await exec
    .update(jackpotWins)
    .set({ paidAt: at })
    .where(and(eq(jackpotWins.id, id), isNull(jackpotWins.paidAt)))
    .returning({ id: jackpotWins.id });
  return rows.length > 0;
}
