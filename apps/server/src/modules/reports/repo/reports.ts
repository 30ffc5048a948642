import type {
  ChannelsReportQuery,
  GamesReportQuery,
  PlayersReportQuery,
} from "@panalo/contracts/admin-reports";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";
import { day, dir, type Num, ts } from "./common.ts";

/**
 * Statements of the games, channels and players reports (service.ts shapes rows into answers
 * and CSV cells): closed days from the rollup tables (migration 0250), the days since from the
 * live records through the same facts functions.
 */

/**
 * A range of Manila days split into the rolled-up part (days, inclusive; empty when from > to)
 * and the live tail (times, [tailFrom, tailTo)).
 */
export interface Split {
  rollFrom: string;
  rollTo: string;
  tailFrom: Date;
  tailTo: Date;
}

/** The first day not rolled up (null: none yet). */
export async function rolledUpUntil(exec: Executor): Promise<string | null> {
  const [row] = await queryRows<{ d: string | null }>(
    exec,
    sql`SELECT done_until::text AS d FROM report_rollup_state WHERE id = 1`,
  );
  return row?.d ?? null;
}

/** The member with this username (exact, case-insensitive), if any. */
export async function memberByUsername(exec: Executor, username: string) {
  const [row] = await queryRows<{ id: Num }>(
    exec,
    sql`SELECT id FROM member_directory WHERE lower(username) = lower(${username}) LIMIT 1`,
  );
  return row;
}

/** One report as SQL: its ordered rows (a page adds LIMIT/OFFSET, an export reads them whole
 * through a cursor) and its totals. */
export interface ReportStatements {
  rows: SQL;
  totals: SQL;
}

/** The games report: by day, game, vendor or player; `member` null for all (-1: none has the name). */
export function gamesStatements(q: GamesReportQuery, s: Split, member: number | null): ReportStatements {
  const filter = sql.join(
    [
      sql`TRUE`,
      member !== null ? sql`member_id = ${member}` : undefined,
      q.vendor ? sql`vendor = ${q.vendor.toUpperCase()}` : undefined,
    ].filter((x): x is SQL => x !== undefined),
    sql` AND `,
  );
  const src = sql`WITH src AS (
      SELECT day, member_id, vendor, game_code, bets, wins, rounds FROM report_player_game_days
       WHERE day BETWEEN ${day(s.rollFrom)} AND ${day(s.rollTo)} AND ${filter}
      UNION ALL
      SELECT day, member_id, vendor, game_code, bets, wins, rounds
        FROM report_game_facts(${ts(s.tailFrom)}, ${ts(s.tailTo)}) WHERE ${filter}
    )`;
  const keyExpr = {
    day: sql`src.day::text`,
    game: sql`src.vendor || ':' || src.game_code`,
    vendor: sql`src.vendor`,
    player: sql`src.member_id::text`,
  }[q.groupBy];
  const labelJoin = {
    day: sql`SELECT a.*, a.key AS label FROM a`,
    game: sql`SELECT a.*, coalesce(gm.names ->> 'EN', gm.names ->> 'TY', a.key) AS label FROM a
                LEFT JOIN game_catalogue gm ON gm.vendor || ':' || gm.game_code = a.key`,
    vendor: sql`SELECT a.*, coalesce(gv.display_name, a.key) AS label FROM a
                  LEFT JOIN vendor_catalogue gv ON gv.vassalage = a.key`,
    player: sql`SELECT a.*, coalesce(m.username, a.key) AS label FROM a
                  LEFT JOIN member_directory m ON m.id = a.key::bigint`,
  }[q.groupBy];
  const sortExpr = {
    key: q.groupBy === "player" ? sql`label` : sql`key`,
    bets: sql`bets`,
    wins: sql`wins`,
    ggr: sql`bets - wins`,
    rtp: sql`CASE WHEN bets > 0 THEN wins::numeric / bets END`,
    rounds: sql`rounds`,
    players: sql`players`,
  }[q.sort];
  const rows = sql`${src}, a AS (
      SELECT ${keyExpr} AS key, sum(bets) AS bets, sum(wins) AS wins, sum(rounds) AS rounds,
             count(DISTINCT member_id) FILTER (WHERE rounds > 0) AS players
        FROM src GROUP BY 1
    ), l AS (${labelJoin})
    SELECT key, label, bets::text AS bets, wins::text AS wins, rounds::text AS rounds,
           players::text AS players FROM l
     ORDER BY ${sortExpr} ${dir(q.sortDir)} NULLS LAST, key ${dir(q.sortDir)}`;
  const totals = sql`${src}
    SELECT count(DISTINCT ${keyExpr})::text AS total, 'total' AS key, 'Total' AS label,
           coalesce(sum(bets), 0)::text AS bets, coalesce(sum(wins), 0)::text AS wins,
           coalesce(sum(rounds), 0)::text AS rounds,
           count(DISTINCT member_id) FILTER (WHERE rounds > 0)::text AS players FROM src`;
  return { rows, totals };
}

/** The payment channels report: by channel and kind, or by day too. */
export function channelsStatements(q: ChannelsReportQuery, s: Split): ReportStatements {
  const filter = sql.join(
    [
      sql`TRUE`,
      q.channel ? sql`upper(channel) = ${q.channel.toUpperCase()}` : undefined,
      q.state ? sql`kind = ${q.state}` : undefined,
    ].filter((x): x is SQL => x !== undefined),
    sql` AND `,
  );
  const src = sql`WITH src AS (
      SELECT day, kind, channel, amount, succeeded, failed, fees FROM report_channel_days
       WHERE day BETWEEN ${day(s.rollFrom)} AND ${day(s.rollTo)} AND ${filter}
      UNION ALL
      SELECT day, kind, channel, amount, succeeded, failed, fees
        FROM report_channel_facts(${ts(s.tailFrom)}, ${ts(s.tailTo)}) WHERE ${filter}
    )`;
  const keyExpr =
    q.groupBy === "day" ? sql`day::text || ' ' || kind || ' ' || channel` : sql`kind || ' ' || channel`;
  const sortExpr = {
    key: sql`key`,
    amount: sql`amount`,
    succeeded: sql`succeeded`,
    failed: sql`failed`,
    successRate: sql`CASE WHEN succeeded + failed > 0 THEN succeeded::numeric / (succeeded + failed) END`,
    fees: sql`fees`,
  }[q.sort];
  const rows = sql`${src}, a AS (
      SELECT ${keyExpr} AS key, kind, channel, sum(amount) AS amount, sum(succeeded) AS succeeded,
             sum(failed) AS failed, sum(fees) AS fees
        FROM src GROUP BY 1, 2, 3
    )
    SELECT key, kind, channel, amount::text AS amount, succeeded::text AS succeeded,
           failed::text AS failed, fees::text AS fees FROM a
     ORDER BY ${sortExpr} ${dir(q.sortDir)} NULLS LAST, key ${dir(q.sortDir)}`;
  const totals = sql`${src}
    SELECT count(DISTINCT ${keyExpr})::text AS total, 'total' AS key, '' AS kind, '' AS channel,
           coalesce(sum(amount), 0)::text AS amount, coalesce(sum(succeeded), 0)::text AS succeeded,
           coalesce(sum(failed), 0)::text AS failed, coalesce(sum(fees), 0)::text AS fees FROM src`;
  return { rows, totals };
}

/** The players report: each member's money and play. */
export function playersStatements(q: PlayersReportQuery, s: Split, member: number | null): ReportStatements {
  const filter = member !== null ? sql`member_id = ${member}` : sql`TRUE`;
  const src = sql`WITH src AS (
      SELECT member_id, bets, wins, rounds, deposits, withdrawals, bonuses, adjustments
        FROM report_player_days WHERE day BETWEEN ${day(s.rollFrom)} AND ${day(s.rollTo)} AND ${filter}
      UNION ALL
      SELECT member_id, bets, wins, rounds, 0, 0, 0, 0
        FROM report_game_facts(${ts(s.tailFrom)}, ${ts(s.tailTo)}) WHERE ${filter}
      UNION ALL
      SELECT member_id, 0, 0, 0, deposits, withdrawals, bonuses, adjustments
        FROM report_money_facts(${ts(s.tailFrom)}, ${ts(s.tailTo)}) WHERE ${filter}
    ), a AS (
      SELECT src.member_id, m.username, m.status, sum(deposits) AS deposits,
             sum(withdrawals) AS withdrawals, sum(bets) AS bets, sum(wins) AS wins,
             sum(bonuses) AS bonuses, sum(adjustments) AS adjustments, sum(rounds) AS rounds
        FROM src JOIN member_directory m ON m.id = src.member_id
       WHERE ${q.state ? sql`m.status = ${q.state}` : sql`TRUE`}
       GROUP BY src.member_id, m.username, m.status
    )`;
  const sortExpr = {
    key: sql`username`,
    deposits: sql`deposits`,
    withdrawals: sql`withdrawals`,
    bets: sql`bets`,
    wins: sql`wins`,
    ggr: sql`bets - wins`,
    bonuses: sql`bonuses`,
    adjustments: sql`adjustments`,
    ngr: sql`bets - wins - bonuses - adjustments`,
    rounds: sql`rounds`,
  }[q.sort];
  const cols = sql`deposits::text AS deposits, withdrawals::text AS withdrawals, bets::text AS bets,
    wins::text AS wins, bonuses::text AS bonuses, adjustments::text AS adjustments, rounds::text AS rounds`;
  const rows = sql`${src}
    SELECT member_id::text AS key, member_id, username, status, ${cols} FROM a
     ORDER BY ${sortExpr} ${dir(q.sortDir)} NULLS LAST, member_id ${dir(q.sortDir)}`;
  const totals = sql`${src}
    SELECT count(*)::text AS total, 'total' AS key, 0 AS member_id, 'Total' AS username, '' AS status,
           coalesce(sum(deposits), 0)::text AS deposits, coalesce(sum(withdrawals), 0)::text AS withdrawals,
           coalesce(sum(bets), 0)::text AS bets, coalesce(sum(wins), 0)::text AS wins,
           coalesce(sum(bonuses), 0)::text AS bonuses, coalesce(sum(adjustments), 0)::text AS adjustments,
           coalesce(sum(rounds), 0)::text AS rounds FROM a`;
  return { rows, totals };
}

/** A page of a report's rows and its totals row, read at once. */
export function reportPageRows(exec: Executor, r: ReportStatements, page: number, pageSize: number) {
  return Promise.all([
    queryRows<Record<string, unknown>>(
      exec,
      sql`${r.rows} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    ),
    queryRows<Record<string, unknown>>(exec, r.totals),
  ]);
}
