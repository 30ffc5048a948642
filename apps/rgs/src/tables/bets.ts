import { randomUUID } from "node:crypto";
import type { TableBetRequest } from "@panalo/contracts/live-tables";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { TABLE_MATH } from "@panalo/game-math/tables/index";
import { returnOf } from "@panalo/game-math/tables/ratio";
import { sql } from "drizzle-orm";
import { type RgsContext, RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { big } from "../lottery/context.ts";
import type { CallResult } from "../protocol-client.ts";
import type { SessionRow } from "../schema.ts";
import { balanceOf } from "../settle.ts";
import { loggedStake, stakeBetTx, stakeMoves } from "../stakes.ts";
import { at, type LiveTable, loadTable, spotLimit, type TableRound } from "./model.ts";

export const TABLE_SESSION_PREFIX = "table:";
export const tableBetTx = stakeBetTx;

export interface PlacedBets {
  betId: string;
  roundId: string;
  bets: Array<{ spot: string; amount: string }>;
  total: string;
  balance: string | null;
}

/** A bet set's row as the engine and the retry pass read it. */
export interface BetRow {
  id: string;
  roundId: string;
  tableId: string;
  playerId: number;
  vendor: string;
  bets: Array<{ spot: string; amount: string }>;
  total: bigint;
  win: bigint | null;
  status: string;
  attempts: number;
}

export function betRow(r: Record<string, unknown>): BetRow {
  return {
    id: String(r.id),
    roundId: String(r.round_id),
    tableId: String(r.table_id),
    playerId: Number(r.player_id),
    vendor: String(r.vendor),
    bets: (typeof r.bets === "string" ? JSON.parse(r.bets) : r.bets) as BetRow["bets"],
    total: big(r.total),
    win: r.win === null || r.win === undefined ? null : big(r.win),
    status: String(r.status),
    attempts: Number(r.attempts ?? 0),
  };
}

/** The win of a bet set for a revealed outcome: Σ stake × the spot's return, each rounded down. */
export function winOf(
  table: Pick<LiveTable, "game">,
  bets: BetRow["bets"],
  outcome: TableRound["outcome"],
): bigint {
  if (!outcome) return 0n;
  const math = TABLE_MATH[table.game];
  let win = 0n;
  for (const b of bets) win += returnOf(parseMoney(b.amount) ?? 0n, math.returnOf(b.spot, outcome));
  return win;
}

function refusal(code: string): {
  code: "INSUFFICIENT_FUNDS" | "SESSION_EXPIRED" | "PLATFORM_UNAVAILABLE";
  status: number;
} {
  if (code === "INSUFFICIENT_FUNDS") return { code, status: 409 };
  if (["INVALID_TOKEN", "ACCOUNT_LOCKED", "PLAYER_NOT_FOUND"].includes(code))
    return { code: "SESSION_EXPIRED", status: 401 };
  return { code: "PLATFORM_UNAVAILABLE", status: 503 };
}

/** Record a protocol call with the bet set's change in one statement. */

/**
 * Place one request's bets on the table's open round (issue 18): all of them or none. The
 * limits per spot and round (what this player already has on the spot included) and the
 * window are checked in one transaction that holds the round row (FOR SHARE: the leader's
 * closing update waits for it), so bets close exactly at the window's end. Then ONE debit for
 * the set. A debit still unanswered when the leader closes the round is rolled back and this
 * request answers BETS_CLOSED, so a bet in the last instant is either all in or all out.
 */
export async function placeBets(
  ctx: RgsContext,
  session: SessionRow,
  input: TableBetRequest,
): Promise<PlacedBets> {
  if (!session.gameId.startsWith(TABLE_SESSION_PREFIX)) throw new RgsError("TABLE_NOT_FOUND", 404);
  const table = await loadTable(ctx.db, session.gameId.slice(TABLE_SESSION_PREFIX.length));
  if (!table) throw new RgsError("TABLE_NOT_FOUND", 404);
  const again = await existing(ctx, session.id, input.requestId);
  if (again) return answer(again);

  const math = TABLE_MATH[table.game];
  const wanted = new Map<string, bigint>();
  for (const b of input.bets) {
    const amount = parseMoney(b.amount);
    if (!math.isSpot(b.spot) || amount === null || amount <= 0n) throw new RgsError("BET_INVALID", 400);
    wanted.set(b.spot, (wanted.get(b.spot) ?? 0n) + amount);
  }
  const bets = [...wanted].map(([spot, amount]) => ({ spot, amount: formatMinor(amount) }));
  const total = [...wanted.values()].reduce((a, b) => a + b, 0n);
  const id = randomUUID();
  const created = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const [round] = await rows<{ table_id: string; status: string; closes_at: unknown }>(
        tx,
        sql`SELECT table_id, status, closes_at FROM rgs.table_rounds WHERE id = ${input.roundId} FOR SHARE`,
      );
      if (!round || round.table_id !== table.id) throw new RgsError("ROUND_NOT_FOUND", 404);
      // Judged now, under the round's lock: the leader's close cannot pass this transaction.
      if (round.status !== "betting" || ctx.now().getTime() >= new Date(round.closes_at as string).getTime())
        throw new RgsError("BETS_CLOSED", 409);
      // One player's requests on one round, one at a time (limits count what is already on a spot).
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext(${`${input.roundId}:${session.playerId}`}))`,
      );
      const mine = await rows<{ bets: unknown }>(
        tx,
        sql`SELECT bets FROM rgs.table_bets WHERE round_id = ${input.roundId} AND player_id = ${session.playerId}
            AND status IN ('debit_pending', 'placed')`,
      );
      const on = new Map<string, bigint>();
      for (const m of mine) {
        const list = (typeof m.bets === "string" ? JSON.parse(m.bets) : m.bets) as BetRow["bets"];
        for (const b of list) on.set(b.spot, (on.get(b.spot) ?? 0n) + (parseMoney(b.amount) ?? 0n));
      }
      for (const [spot, amount] of wanted) {
        const lim = spotLimit(table, spot);
        const sum = amount + (on.get(spot) ?? 0n);
        if (amount < lim.min || sum > lim.max)
          throw new RgsError("TABLE_LIMIT", 409, null, undefined, {
            spot,
            min: formatMinor(lim.min),
            max: formatMinor(lim.max),
          });
      }
      await tx.execute(
        sql`INSERT INTO rgs.table_bets (id, round_id, table_id, session_id, request_id, player_id, vendor, currency,
              bets, total, status, next_attempt_at, created_at, updated_at)
            VALUES (${id}, ${input.roundId}, ${table.id}, ${session.id}, ${input.requestId}, ${session.playerId},
              ${session.vendor}, ${session.currency}, ${JSON.stringify(bets)}::jsonb, ${total.toString()}::bigint,
              'debit_pending', ${at(new Date(created.getTime() + ctx.leaseMs))}, ${at(created)}, ${at(created)})`,
      );
    });
  } catch (err) {
    const same = await existing(ctx, session.id, input.requestId);
    if (same) return answer(same);
    throw err;
  }

  const r = await ctx.client.call(session.vendor, "debit", {
    token: session.token,
    playerId: session.playerId,
    transactionId: tableBetTx(id),
    roundId: id,
    amount: formatMinor(total),
    roundClosed: false,
    gameCode: table.id,
  });
  const balance = balanceOf(r);
  const now = at(ctx.now());
  if (r.kind === "ok") {
    const moved = await loggedStake(
      ctx,
      id,
      "debit",
      r,
      sql`UPDATE rgs.table_bets SET status = 'placed', balance = ${balance?.toString() ?? null}::bigint,
            updated_at = ${now} WHERE id = ${id} AND status = 'debit_pending' RETURNING id`,
    );
    // The leader closed the round while the debit was on its way: it is rolled back.
    if (moved.length === 0)
      throw new RgsError("BETS_CLOSED", 409, balance === null ? null : formatMinor(balance));
    return {
      betId: id,
      roundId: input.roundId,
      bets,
      total: formatMinor(total),
      balance: balance === null ? null : formatMinor(balance),
    };
  }
  if (r.kind === "refused") {
    await loggedStake(
      ctx,
      id,
      "debit",
      r,
      sql`UPDATE rgs.table_bets SET status = 'refused', error_code = ${r.code.slice(0, 100)},
            balance = ${balance?.toString() ?? null}::bigint, updated_at = ${now}
          WHERE id = ${id} AND status = 'debit_pending' RETURNING id`,
    );
    const f = refusal(r.code);
    throw new RgsError(f.code, f.status, balance === null ? null : formatMinor(balance));
  }
  await loggedStake(
    ctx,
    id,
    "debit",
    r,
    sql`UPDATE rgs.table_bets SET status = 'rollback_pending', next_attempt_at = ${now}, updated_at = ${now}
        WHERE id = ${id} AND status = 'debit_pending' RETURNING id`,
  );
  await rollbackBet(ctx, { id, vendor: session.vendor, playerId: session.playerId, total, attempts: 0 });
  throw new RgsError("PLATFORM_UNAVAILABLE", 503);
}

async function existing(
  ctx: RgsContext,
  sessionId: string,
  requestId: string,
): Promise<Record<string, unknown> | undefined> {
  return (
    await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.table_bets WHERE session_id = ${sessionId} AND request_id = ${requestId}`,
    )
  )[0];
}

function answer(r: Record<string, unknown>): PlacedBets {
  const b = betRow(r);
  const balance = r.balance === null || r.balance === undefined ? null : formatMinor(big(r.balance));
  if (b.status === "refused") {
    const f = refusal(String(r.error_code ?? ""));
    throw new RgsError(f.code, f.status, balance);
  }
  if (b.status === "rollback_pending" || b.status === "rolled_back")
    throw new RgsError("BETS_CLOSED", 409, balance);
  if (b.status === "debit_pending") throw new RgsError("PLATFORM_UNAVAILABLE", 503);
  return { betId: b.id, roundId: b.roundId, bets: b.bets, total: formatMinor(b.total), balance };
}

const moves = stakeMoves("table_bets", (r) => {
  const b = betRow(r);
  return { ...b, gameCode: b.tableId };
});

/** Pay a bet set's win (0.00 too: it closes the round in the betting record). */
export const creditBet = (
  ctx: RgsContext,
  b: Pick<BetRow, "id" | "vendor" | "playerId" | "win" | "attempts" | "tableId">,
): Promise<CallResult> => moves.credit(ctx, { ...b, gameCode: b.tableId });

/** Give back a bet set's stake (a void round, a debit with no trustworthy answer). */
export const rollbackBet = moves.rollback;

/**
 * Bet sets whose money is not where it belongs yet: wins owed, rollbacks owed, and debits whose
 * placer died (their lease ran out: rolled back). Claimed with FOR UPDATE SKIP LOCKED and a
 * lease, so two processes never send the same one at once.
 */
export const retryTableBets = moves.retry;
