import type { TableBetRequest } from "@panalo/contracts/live-tables";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { TABLE_MATH } from "@panalo/game-math/tables/index";
import { returnOf } from "@panalo/game-math/tables/ratio";
import { sql } from "drizzle-orm";
import { type RgsContext, RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { big } from "../lottery/context.ts";
import { placeStake, type StakeStore, sessionRoom, stakeMoves } from "../rounds/stakes.ts";
import type { SessionRow } from "../schema.ts";
import { type LiveTable, loadTable, spotLimit, type TableRound } from "./model.ts";

/** Where a table's bet sets live (the engine's stake rows). */
export const TABLES_STORE: StakeStore = { table: "table_bets", round: "round_id", room: "table_id" };

export const TABLE_SESSION_PREFIX = "table:";

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

/**
 * Place one request's bets on the table's open round: all of them or none (the engine's
 * placeStake: one transaction, then ONE debit for the set). The limits per spot and round (what
 * this player already has on the spot included) and the window are checked while the round row
 * is held FOR SHARE (the leader's closing update waits for it), so bets close exactly at the
 * window's end.
 */
export async function placeBets(
  ctx: RgsContext,
  session: SessionRow,
  input: TableBetRequest,
): Promise<PlacedBets> {
  const table = await sessionRoom(
    session,
    TABLE_SESSION_PREFIX,
    (id) => loadTable(ctx.db, id),
    "TABLE_NOT_FOUND",
  );
  const math = TABLE_MATH[table.game];
  const wanted = new Map<string, bigint>();
  for (const b of input.bets) {
    const amount = parseMoney(b.amount);
    if (!math.isSpot(b.spot) || amount === null || amount <= 0n) throw new RgsError("BET_INVALID", 400);
    wanted.set(b.spot, (wanted.get(b.spot) ?? 0n) + amount);
  }
  const bets = [...wanted].map(([spot, amount]) => ({ spot, amount: formatMinor(amount) }));
  const total = [...wanted.values()].reduce((a, b) => a + b, 0n);
  return placeStake(ctx, STORE, session, {
    requestId: input.requestId,
    gameCode: table.id,
    closed: "BETS_CLOSED",
    view: answer,
    reserve: async (tx, id, lease, created) => {
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
              'debit_pending', ${lease}, ${created}, ${created})`,
      );
      return total;
    },
  });
}

function answer(r: Record<string, unknown>): PlacedBets {
  const b = betRow(r);
  const balance = r.balance === null || r.balance === undefined ? null : formatMinor(big(r.balance));
  return { betId: b.id, roundId: b.roundId, bets: b.bets, total: formatMinor(b.total), balance };
}

const STORE = TABLES_STORE;

/**
 * Bet sets whose money is not where it belongs yet (wins and rollbacks owed, debits whose placer
 * died): the engine's retry pass over the table's stake rows.
 */
export const retryTableBets = stakeMoves(STORE).retry;
