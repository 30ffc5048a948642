import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";
import { day, type Num, ts } from "./common.ts";

/**
 * Statements of the dashboard (service.ts shapes the answer): closed days from the rollup
 * tables, the live day's closed hours from the hourly rollup, the rest of the live tail through
 * the facts functions, read once per statement for both parts.
 */

/** The rollup's day watermark and its hour watermark (epoch milliseconds). */
export async function dashboardState(exec: Executor) {
  const [state] = await queryRows<{ done_until: string | null; hours_ms: string | null }>(
    exec,
    sql`SELECT done_until::text AS done_until,
               (extract(epoch FROM hours_until) * 1000)::bigint::text AS hours_ms
          FROM report_rollup_state WHERE id = 1`,
  );
  return state;
}

/**
 * A part of the dashboard (the period, or today) over the rollups and the shared live tail: its
 * closed days [rollFrom, rollTo] come from the rollup tables, its days [tailFrom, to] from the
 * tail (the facts over the records since done_until, evaluated once per call for both parts).
 */
export interface Part {
  rollFrom: string;
  rollTo: string;
  tailFrom: string;
  to: string;
}

export interface GameAgg {
  part: "period" | "today" | "active-period" | "active-today";
  g_day: number;
  g_vendor: number;
  g_cat: number;
  day: string | null;
  vendor: string | null;
  category: string | null;
  bets: Num;
  wins: Num;
  rounds: Num;
}

/**
 * The game figures of both parts in one statement, so the live tail's facts are computed once:
 * the period by day, vendor, category and in all; today in all; each part's active players
 * (distinct members with a round): the closed days' member bitmaps OR-ed per block
 * (report_active_bits, migration 0900) plus the tail's members not already in them.
 */
export async function gameFigures(
  exec: Executor,
  period: Part,
  today: Part,
  hull: { from: Date; to: Date },
  hoursUntil: Date | null,
) {
  // The tail's hours rolled up already (report_player_game_hours, migration 0901), then the
  // records from there on: at most about an hour and a quarter of them.
  const hoursEnd =
    hoursUntil !== null &&
    hoursUntil.getTime() > hull.from.getTime() &&
    hoursUntil.getTime() <= hull.to.getTime()
      ? hoursUntil
      : hull.from;
  const active = (p: Part, part: string) => sql`
    SELECT ${sql.raw(`'${part}'`)} AS part, 1, 1, 1, NULL, NULL, NULL, NULL, NULL,
           ((SELECT coalesce(sum(bit_count(r.b)), 0) FROM (
               SELECT bit_or(bits) AS b FROM report_active_bits
                WHERE day BETWEEN ${day(p.rollFrom)} AND ${day(p.rollTo)} GROUP BY block) r)
            + (SELECT count(DISTINCT t.member_id) FROM (
                 SELECT member_id FROM tail WHERE day BETWEEN ${day(p.tailFrom)} AND ${day(p.to)}
                  GROUP BY day, member_id HAVING sum(rounds) > 0) t
                 LEFT JOIN (SELECT block, bit_or(bits) AS b FROM report_active_bits
                             WHERE day BETWEEN ${day(p.rollFrom)} AND ${day(p.rollTo)} GROUP BY block) r
                   ON r.block = t.member_id / 8192
                WHERE r.b IS NULL OR get_bit(r.b, (t.member_id % 8192)::integer) = 0))::text`;
  return queryRows<GameAgg>(
    exec,
    sql`WITH tail AS MATERIALIZED (
          SELECT day, member_id, vendor, game_code, bets, wins, rounds FROM report_player_game_hours
           WHERE hour >= ${ts(hull.from)} AND hour < ${ts(hoursEnd)}
          UNION ALL
          SELECT day, member_id, vendor, game_code, bets, wins, rounds
            FROM report_game_facts(${ts(hoursEnd)}, ${ts(hull.to)})
        ), g AS (
          SELECT day, vendor, game_code, bets, wins, rounds FROM report_game_days
           WHERE day BETWEEN ${day(period.rollFrom)} AND ${day(period.rollTo)}
          UNION ALL
          SELECT day, vendor, game_code, bets, wins, rounds FROM tail
           WHERE day BETWEEN ${day(period.tailFrom)} AND ${day(period.to)}
        ), c AS (
          SELECT g.*, coalesce(gm.game_type, gv.game_type, 'OTHER') AS category
            FROM g
            LEFT JOIN game_catalogue gm ON gm.vendor = g.vendor AND gm.game_code = g.game_code
            LEFT JOIN vendor_catalogue gv ON gv.vassalage = g.vendor
        )
        SELECT 'period' AS part, GROUPING(day)::int AS g_day, GROUPING(vendor)::int AS g_vendor,
               GROUPING(category)::int AS g_cat, day::text AS day, vendor, category,
               sum(bets)::text AS bets, sum(wins)::text AS wins, sum(rounds)::text AS rounds
          FROM c GROUP BY GROUPING SETS ((day), (vendor), (category), ())
        UNION ALL
        SELECT 'today', 1, 1, 1, NULL, NULL, NULL,
               coalesce(sum(bets), 0)::text, coalesce(sum(wins), 0)::text, coalesce(sum(rounds), 0)::text
          FROM (SELECT bets, wins, rounds FROM report_game_days
                 WHERE day BETWEEN ${day(today.rollFrom)} AND ${day(today.rollTo)}
                UNION ALL
                SELECT bets, wins, rounds FROM tail
                 WHERE day BETWEEN ${day(today.tailFrom)} AND ${day(today.to)}) x
        UNION ALL ${active(period, "active-period")}
        UNION ALL ${active(today, "active-today")}`,
  );
}

export interface MoneyAgg {
  part: "period" | "today";
  g_day: number;
  day: string | null;
  deposits: Num;
  deposit_count: Num;
  withdrawals: Num;
  withdrawal_count: Num;
  bonuses: Num;
  adjustments: Num;
  ftd: Num;
}

/** The money figures of both parts in one statement (the tail's money facts computed once). */
export async function moneyFigures(
  exec: Executor,
  period: Part,
  today: Part,
  hull: { from: Date; to: Date },
) {
  const rows = (p: Part) => sql`
    SELECT day, deposits, deposit_count, withdrawals, withdrawal_count, bonuses, adjustments,
           first_depositors AS ftd
      FROM report_days WHERE day BETWEEN ${day(p.rollFrom)} AND ${day(p.rollTo)}
    UNION ALL
    SELECT day, deposits, deposit_count, withdrawals, withdrawal_count, bonuses, adjustments, ftd
      FROM tail WHERE day BETWEEN ${day(p.tailFrom)} AND ${day(p.to)}`;
  const sums = sql`sum(deposits)::text AS deposits, sum(deposit_count)::text AS deposit_count,
    sum(withdrawals)::text AS withdrawals, sum(withdrawal_count)::text AS withdrawal_count,
    sum(bonuses)::text AS bonuses, sum(adjustments)::text AS adjustments, sum(ftd)::text AS ftd`;
  return queryRows<MoneyAgg>(
    exec,
    sql`WITH tail AS MATERIALIZED (
          SELECT day, deposits, deposit_count, withdrawals, withdrawal_count, bonuses, adjustments,
                 CASE WHEN first_deposit THEN 1 ELSE 0 END AS ftd
            FROM report_money_facts(${ts(hull.from)}, ${ts(hull.to)})
        )
        SELECT 'period' AS part, GROUPING(day)::int AS g_day, day::text AS day, ${sums}
          FROM (${rows(period)}) p GROUP BY GROUPING SETS ((day), ())
        UNION ALL
        SELECT 'today', 1, NULL, ${sums} FROM (${rows(today)}) t`,
  );
}

/** Members who signed up in each part (an index range on members.created_at each). */
export async function newPlayerCounts(exec: Executor, period: [Date, Date], today: [Date, Date]) {
  const [row] = await queryRows<{ p: Num; t: Num }>(
    exec,
    sql`SELECT (SELECT count(*) FROM member_directory WHERE created_at >= ${ts(period[0])}
                   AND created_at < ${ts(period[1])} AND currency <> 'FUN')::int AS p,
               (SELECT count(*) FROM member_directory WHERE created_at >= ${ts(today[0])}
                   AND created_at < ${ts(today[1])} AND currency <> 'FUN')::int AS t`,
  );
  return row;
}

/** Each pending queue's size and oldest item: index-only reads (migration 0900's indexes). */
export function queueRows(exec: Executor) {
  return queryRows<{ q: string; n: Num; oldest: string | null }>(
    exec,
    sql`SELECT 'deposits' AS q, count(*)::int AS n, min(created_at) AS oldest FROM deposit_log WHERE status = 'pending'
        UNION ALL
        SELECT 'withdrawals', count(*)::int, min(created_at) FROM withdrawal_log WHERE status = 'pending'
        UNION ALL
        SELECT 'heldWins', count(*)::int, min(created_at) FROM held_win_log WHERE status = 'pending'
        UNION ALL
        SELECT 'approvals', count(*)::int, min(at) FROM (
          SELECT created_at AS at FROM approval_log WHERE status = 'pending'
          UNION ALL SELECT created_at FROM adjustment_log WHERE status = 'pending') a`,
  );
}
