import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";
import { games, gameVendors } from "../../../db/schema/games.ts";

/**
 * Statements of the member's rounds: the betting record, a round's replay and the personal
 * profit (betting-record.ts, personal-profit.ts), over providers' published transaction log.
 */

/** The member's rounds to read: first bet in [from, to), of one vendor or one game type. */
export interface RoundFilter {
  from: Date;
  to: Date;
  vassalage?: string;
  gameType?: string;
}

export interface RoundAgg {
  vendor: string;
  round_id: string;
  started_at: string;
  game_code: string | null;
  bet: string;
  win: string;
  refunded: string;
  rolled: boolean;
  closed: boolean;
  free_spin: boolean;
}

/**
 * The member's rounds whose first bet lies in the range: found through the partial index
 * provider_transactions_member_bets_idx (member, time) over bets only (migration 0504).
 */
function roundsCte(memberId: number, q: RoundFilter): SQL {
  const { from, to } = q;
  const vendorFilter = q.vassalage
    ? sql`AND vendor = ${q.vassalage}`
    : q.gameType
      ? sql`AND vendor IN (SELECT vassalage FROM vendor_catalogue WHERE game_type = ${q.gameType})`
      : sql``;
  return sql`r AS (
    SELECT vendor, round_id, min(created_at) AS started_at, min(id) AS first_id
    FROM game_transaction_log
    WHERE member_id = ${memberId} AND kind = 'bet'
      AND created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz
      ${vendorFilter}
    GROUP BY vendor, round_id)`;
}

/**
 * Every transaction of the given rounds (provider_transactions_round_idx), summed per round:
 * bets, wins, and the stakes rollbacks returned (the bet each rollback names, as the ledger
 * moved it, not the amount the provider wrote on the rollback). A round is settled once a win
 * names one of its bets (a lost round is closed with a win of 0.00, docs/provider-protocol.md).
 * A win held for review (migration 0514) counts only once an operator paid it.
 */
export function aggregateOver(source: string, memberId: number): SQL {
  return sql`SELECT s.vendor, s.round_id, s.started_at, s.first_id,
      max(p.game_code) AS game_code,
      coalesce(sum(p.amount) FILTER (WHERE p.kind = 'bet'), 0) AS bet,
      coalesce(sum(p.amount) FILTER (WHERE p.kind = 'win' AND NOT EXISTS (
        SELECT 1 FROM held_win_log w
         WHERE w.transaction_id = p.transaction_id AND w.vendor = p.vendor
           AND w.status <> 'approved')), 0) AS win,
      coalesce(sum(b.amount), 0) AS refunded,
      coalesce(bool_or(p.kind = 'rollback'), false) AS rolled,
      coalesce(bool_or(p.kind = 'win'), false) AS closed
    FROM ${sql.raw(source)} s
    JOIN game_transaction_log p
      ON p.vendor = s.vendor AND p.round_id = s.round_id AND p.member_id = ${memberId}
      AND p.kind IN ('bet', 'win', 'rollback')
    LEFT JOIN game_transaction_log b
      ON p.kind = 'rollback' AND b.vendor = p.vendor AND b.transaction_id = p.ref_transaction_id
      AND b.kind = 'bet' AND b.member_id = ${memberId}
    GROUP BY s.vendor, s.round_id, s.started_at, s.first_id`;
}

/** A page of the member's rounds, newest first, summed per round. */
export function roundsPage(
  exec: Executor,
  memberId: number,
  q: RoundFilter & { pageSize: number; offset: number },
): Promise<RoundAgg[]> {
  const rounds = roundsCte(memberId, q);
  return queryRows<RoundAgg>(
    exec,
    sql`WITH ${rounds}, pg AS (
        SELECT * FROM r ORDER BY started_at DESC, first_id DESC LIMIT ${q.pageSize} OFFSET ${q.offset})
      SELECT a.vendor, a.round_id, to_char(a.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS started_at,
        a.game_code, a.bet::text AS bet, a.win::text AS win, a.refunded::text AS refunded, a.rolled, a.closed,
        EXISTS (SELECT 1 FROM provider_free_rounds f WHERE f.vendor = a.vendor AND f.round_id = a.round_id) AS free_spin
      FROM (${aggregateOver("pg", memberId)}) a
      ORDER BY a.started_at DESC, a.first_id DESC`,
  );
}

/** The totals of all the member's rounds the filter takes. */
export async function roundsTotals(exec: Executor, memberId: number, q: RoundFilter) {
  const rounds = roundsCte(memberId, q);
  const [totals] = await queryRows<{ n: number; bet: string; win: string; refunded: string }>(
    exec,
    sql`WITH ${rounds}
      SELECT count(*)::int AS n, coalesce(sum(a.bet), 0)::text AS bet, coalesce(sum(a.win), 0)::text AS win,
        coalesce(sum(a.refunded), 0)::text AS refunded
      FROM (${aggregateOver("r", memberId)}) a`,
  );
  return totals;
}

/** The vendors `codes`: name and replay address. */
export function vendorNames(exec: Executor, codes: string[]) {
  return exec
    .select({
      vassalage: gameVendors.vassalage,
      displayName: gameVendors.displayName,
      replayUrl: gameVendors.replayUrl,
    })
    .from(gameVendors)
    .where(inArray(gameVendors.vassalage, codes));
}

/** The names of games `codes` of vendors `vendorCodes`, disabled ones too. */
export function gameNames(exec: Executor, vendorCodes: string[], codes: string[]) {
  return exec
    .select({ vendor: games.vendor, gameCode: games.gameCode, names: games.names })
    .from(games)
    .where(and(inArray(games.vendor, vendorCodes), inArray(games.gameCode, codes)));
}

/** One bet of the member in the round, if the member played it. */
export async function memberBetInRound(exec: Executor, vendor: string, roundId: string, memberId: number) {
  const [own] = await queryRows<{ id: number }>(
    exec,
    sql`SELECT id FROM game_transaction_log
      WHERE vendor = ${vendor} AND round_id = ${roundId} AND member_id = ${memberId} AND kind = 'bet'
      LIMIT 1`,
  );
  return own;
}

/** A vendor's replay address (no row when the vendor is unknown). */
export async function vendorReplayUrl(exec: Executor, vendor: string) {
  const [row] = await exec
    .select({ replayUrl: gameVendors.replayUrl })
    .from(gameVendors)
    .where(eq(gameVendors.vassalage, vendor));
  return row;
}

export interface ProfitRow {
  day: string;
  game_type: string;
  rounds: number;
  bet: string;
  valid_bet: string;
  settled_bet: string;
  win: string;
  open_bet: string;
  open_rounds: number;
}

/** The member's rounds begun in [from, to), summed per Manila day and game type. */
export function profitRows(exec: Executor, memberId: number, from: Date, to: Date): Promise<ProfitRow[]> {
  return queryRows<ProfitRow>(
    exec,
    sql`WITH r AS (
        SELECT vendor, round_id, min(created_at) AS started_at, min(id) AS first_id
        FROM game_transaction_log
        WHERE member_id = ${memberId} AND kind = 'bet'
          AND created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz
        GROUP BY vendor, round_id)
      SELECT to_char((a.started_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD') AS day,
        coalesce(v.game_type, 'other') AS game_type,
        count(*)::int AS rounds,
        coalesce(sum(a.bet - a.refunded), 0)::text AS bet,
        coalesce(sum(a.bet - a.refunded) FILTER (WHERE a.closed AND NOT a.rolled), 0)::text AS valid_bet,
        coalesce(sum(a.bet - a.refunded) FILTER (WHERE a.closed), 0)::text AS settled_bet,
        coalesce(sum(a.win) FILTER (WHERE a.closed), 0)::text AS win,
        coalesce(sum(a.bet - a.refunded) FILTER (WHERE NOT a.closed), 0)::text AS open_bet,
        (count(*) FILTER (WHERE NOT a.closed AND a.bet > a.refunded))::int AS open_rounds
      FROM (${aggregateOver("r", memberId)}) a
      LEFT JOIN game_vendors v ON v.vassalage = a.vendor
      GROUP BY 1, 2
      ORDER BY 1, 2`,
  );
}
