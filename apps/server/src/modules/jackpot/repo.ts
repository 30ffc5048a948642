import { and, asc, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import type { Executor, Tx } from "../../db/client.ts";
import {
  jackpotContributions,
  jackpotPoolShards,
  jackpotPools,
  jackpotWins,
} from "../../db/schema/jackpot.ts";

/**
 * Every statement on the jackpot module's tables (jackpot_pools, _pool_shards, _contributions,
 * _wins).
 */

/** A pool with `amount` its whole amount: the pool row's (`base`, at its last fold) plus its shards'. */
export type PoolRow = typeof jackpotPools.$inferSelect & { base: bigint };
export type WinRow = typeof jackpotWins.$inferSelect;

/** Shard rows per pool: contributions of different members rarely share one. */
export const POOL_SHARDS = 16;
export const shardOf = (memberId: number): number => memberId % POOL_SHARDS;

const withTotal = {
  ...getTableColumns(jackpotPools),
  total: sql<string>`${jackpotPools.amount} + COALESCE((SELECT sum(s.amount) FROM jackpot_pool_shards s
    WHERE s.pool_id = ${jackpotPools.id}), 0)`,
};
const poolOf = (r: { total: string; amount: bigint } & typeof jackpotPools.$inferSelect): PoolRow => {
  const { total, ...row } = r;
  return { ...row, base: row.amount, amount: BigInt(total) };
};

/** The pool and its whole amount, read in one statement (one snapshot: no lock taken). */
export async function readPool(exec: Executor, id: number): Promise<PoolRow | undefined> {
  const [row] = await exec.select(withTotal).from(jackpotPools).where(eq(jackpotPools.id, id));
  return row ? poolOf(row) : undefined;
}

/**
 * The pool row locked until the transaction ends (its rules change, or it is won), and with
 * `shards` every shard row too, in shard order: a contribution in flight holds its shard's row
 * until it commits, so the sum read after these locks is exact and no contribution joins the
 * cycle being won.
 */
export async function lockPool(
  tx: Tx,
  id: number,
  o: { shards?: boolean } = {},
): Promise<PoolRow | undefined> {
  const [row] = await tx.select().from(jackpotPools).where(eq(jackpotPools.id, id)).for("update");
  if (!row) return undefined;
  if (!o.shards) return { ...row, base: row.amount };
  const shards = await tx
    .select({ amount: jackpotPoolShards.amount })
    .from(jackpotPoolShards)
    .where(eq(jackpotPoolShards.poolId, id))
    .orderBy(asc(jackpotPoolShards.shard))
    .for("update");
  return { ...row, base: row.amount, amount: shards.reduce((a, s) => a + s.amount, row.amount) };
}

/**
 * A contribution joins its shard, if the shard is still in the cycle the contribution read (a win
 * folds the shards into the next cycle): false when it is not, and nothing changed.
 */
export async function addToShard(
  tx: Tx,
  s: { poolId: number; shard: number; cycle: number; amount: bigint },
): Promise<boolean> {
  const rows = await tx
    .update(jackpotPoolShards)
    .set({ amount: sql`${jackpotPoolShards.amount} + ${s.amount}` })
    .where(
      and(
        eq(jackpotPoolShards.poolId, s.poolId),
        eq(jackpotPoolShards.shard, s.shard),
        eq(jackpotPoolShards.cycle, s.cycle),
      ),
    )
    .returning({ shard: jackpotPoolShards.shard });
  return rows.length === 1;
}

/** The pool row holds the whole amount again; the shards start the cycle at 0 (under lockPool). */
export async function foldShards(tx: Tx, poolId: number, cycle: number): Promise<void> {
  await tx.update(jackpotPoolShards).set({ amount: 0n, cycle }).where(eq(jackpotPoolShards.poolId, poolId));
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
  if (rows.length === 0) return false;
  await tx
    .insert(jackpotPoolShards)
    .values(Array.from({ length: POOL_SHARDS }, (_, shard) => ({ poolId: p.id, shard, cycle: 0 })));
  return true;
}

/** The pool row's own amount (`base`) and cycle. */
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

/**
 * The round's contribution, unless it has one: false when another call of the same round got
 * there first (its transaction committed: ON CONFLICT waits for it), so the caller answers that.
 */
export async function claimContribution(
  tx: Tx,
  row: typeof jackpotContributions.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(jackpotContributions)
    .values(row)
    .onConflictDoNothing()
    .returning({ roundId: jackpotContributions.roundId });
  return rows.length === 1;
}

export async function setContributionWin(
  tx: Tx,
  vendor: string,
  roundId: string,
  winId: number,
): Promise<void> {
  await tx
    .update(jackpotContributions)
    .set({ winId })
    .where(and(eq(jackpotContributions.vendor, vendor), eq(jackpotContributions.roundId, roundId)));
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
