import { formatMinor } from "@panalo/contracts/money";
import { type SQL, sql } from "drizzle-orm";
import type { RgsContext } from "./context.ts";
import { rows } from "./db.ts";
import type { CallResult } from "./protocol-client.ts";
import { backoffMs, balanceOf } from "./settle.ts";
import { at } from "./tables/model.ts";

/**
 * The money of one stake row of a shared-round game — a table's bet set (rgs.table_bets) or a
 * bingo purchase (rgs.bingo_purchases): ONE debit per row (`<id>:bet`), then ONE credit
 * (`<id>:win`, 0.00 included: it closes the round in the betting record) or ONE rollback
 * (`<id>:rollback`). Each call is logged in rgs.protocol_calls in the statement that records the
 * row's change; a change is guarded by the row's status, so a resent answer changes nothing. A
 * failed credit or rollback is sent again with back-off by the retry pass, which claims rows
 * FOR UPDATE SKIP LOCKED with a lease (two processes never send one row at once) and rolls back
 * a debit whose sender died (its lease ran out).
 */
export const stakeBetTx = (id: string) => `${id}:bet`;

/** Record the call and apply `update` (which may answer `RETURNING id`) in one statement. */
export async function loggedStake(
  ctx: RgsContext,
  id: string,
  call: "debit" | "credit" | "rollback",
  r: CallResult,
  update: SQL,
): Promise<Array<{ id: string }>> {
  const code = r.kind === "refused" ? r.code : r.kind === "unknown" ? r.reason.slice(0, 200) : null;
  const tx = call === "debit" ? "bet" : call === "credit" ? "win" : "rollback";
  return rows<{ id: string }>(
    ctx.db,
    sql`WITH logged AS (
          INSERT INTO rgs.protocol_calls (round_id, call, transaction_id, http_status, result, code)
          VALUES (${id}, ${call}, ${`${id}:${tx}`}, ${r.status}, ${r.kind}, ${code}))
        ${update}`,
  );
}

/** What the credit, the rollback and the retry pass read of a stake row. */
export interface Stake {
  id: string;
  vendor: string;
  playerId: number;
  attempts: number;
  status: string;
  total: bigint;
  win: bigint | null;
  /** The game code the platform's betting record shows: the table's or the bingo room's id. */
  gameCode: string;
}

export function stakeMoves(
  table: "table_bets" | "bingo_purchases",
  toStake: (r: Record<string, unknown>) => Stake,
) {
  const name = sql.raw(`rgs.${table}`);
  const reschedule = (ctx: RgsContext, s: Pick<Stake, "id" | "attempts">, code: string) =>
    sql`UPDATE ${name} SET attempts = attempts + 1, error_code = ${code.slice(0, 100)},
          next_attempt_at = ${at(new Date(ctx.now().getTime() + backoffMs(s.attempts)))}, updated_at = ${at(ctx.now())}
        WHERE id = ${s.id} RETURNING id`;
  const settledAs = (ctx: RgsContext, id: string, status: string, from: string, balance: bigint | null) =>
    sql`UPDATE ${name} SET status = ${status}, balance = COALESCE(${balance?.toString() ?? null}::bigint, balance),
          error_code = NULL, updated_at = ${at(ctx.now())} WHERE id = ${id} AND status = ${from} RETURNING id`;

  /** Pay the row's win (0.00 too). */
  async function credit(
    ctx: RgsContext,
    s: Pick<Stake, "id" | "vendor" | "playerId" | "win" | "attempts" | "gameCode">,
  ): Promise<CallResult> {
    const r = await ctx.client.call(s.vendor, "credit", {
      playerId: s.playerId,
      transactionId: `${s.id}:win`,
      roundId: s.id,
      amount: formatMinor(s.win ?? 0n),
      betTransactionId: stakeBetTx(s.id),
      roundClosed: true,
      gameCode: s.gameCode,
    });
    await loggedStake(
      ctx,
      s.id,
      "credit",
      r,
      r.kind === "ok"
        ? settledAs(ctx, s.id, "settled", "credit_pending", balanceOf(r))
        : reschedule(ctx, s, r.kind === "refused" ? r.code : "UNKNOWN"),
    );
    return r;
  }

  /** Give the row's stake back (a void round, a debit with no trustworthy answer). */
  async function rollback(
    ctx: RgsContext,
    s: Pick<Stake, "id" | "vendor" | "playerId" | "total" | "attempts">,
  ): Promise<CallResult> {
    const r = await ctx.client.call(s.vendor, "rollback", {
      playerId: s.playerId,
      transactionId: `${s.id}:rollback`,
      roundId: s.id,
      refTransactionId: stakeBetTx(s.id),
      amount: formatMinor(s.total),
      roundClosed: true,
    });
    // BET_ROLLED_BACK: an earlier copy of this rollback was applied.
    const done = r.kind === "ok" || (r.kind === "refused" && r.code === "BET_ROLLED_BACK");
    await loggedStake(
      ctx,
      s.id,
      "rollback",
      r,
      done
        ? settledAs(ctx, s.id, "rolled_back", "rollback_pending", balanceOf(r))
        : reschedule(ctx, s, r.kind === "refused" ? r.code : "UNKNOWN"),
    );
    return r;
  }

  /** One retry pass: wins owed, rollbacks owed, debits whose sender died. Answers how many. */
  async function retry(ctx: RgsContext, limit = 100): Promise<number> {
    const now = ctx.now();
    const claimed = await rows<Record<string, unknown>>(
      ctx.db,
      sql`WITH due AS (
            SELECT id FROM ${name}
            WHERE status IN ('debit_pending', 'credit_pending', 'rollback_pending') AND next_attempt_at <= ${at(now)}
            ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          UPDATE ${name} s SET
            status = CASE WHEN s.status = 'debit_pending' THEN 'rollback_pending' ELSE s.status END,
            next_attempt_at = ${at(new Date(now.getTime() + ctx.leaseMs))}
          FROM due WHERE s.id = due.id
          RETURNING s.*`,
    );
    await Promise.all(
      claimed.map(toStake).map((s) => (s.status === "credit_pending" ? credit(ctx, s) : rollback(ctx, s))),
    );
    return claimed.length;
  }

  return { credit, rollback, retry };
}
