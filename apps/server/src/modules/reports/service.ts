import type {
  ChannelsReportQuery,
  Dashboard,
  DashboardFigures,
  GamesReportQuery,
  PlayersReportQuery,
  RoundsReportQuery,
} from "@panalo/contracts/admin-reports";
import { formatMinor } from "@panalo/contracts/money";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { type Executor, queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { csvRows } from "../../lib/csv.ts";
import { addDays, manilaDay, manilaStart, maxDay, minDay } from "./days.ts";
import { ensureReportIndexes, forEachCursorPage } from "./repo.ts";

/**
 * The dashboard and the reports. Closed days come from the rollup
 * tables (migration 0250, rollup.ts), the days since from the live records through the same
 * facts functions, so both halves count alike and a figure never changes when its day is rolled
 * up.
 */

type Num = string | number | bigint | null;
const big = (v: Num) => BigInt(v ?? 0);
const money = (v: Num) => formatMinor(big(v));
const int = (v: Num) => Number(v ?? 0);

/** wins / bets as a percentage with two decimals; null without bets. */
export function rtpOf(bets: bigint, wins: bigint): string | null {
  if (bets <= 0n) return null;
  const basisPoints = (wins * 10_000n * 2n + bets) / (bets * 2n); // rounded half up
  return formatMinor(basisPoints);
}

/** succeeded / (succeeded + failed) as a percentage with two decimals; null when none decided. */
export function rateOf(succeeded: number, failed: number): string | null {
  const n = succeeded + failed;
  if (n === 0) return null;
  return formatMinor((BigInt(succeeded) * 10_000n * 2n + BigInt(n)) / (BigInt(n) * 2n));
}

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

export async function rolledUpUntil(exec: Executor): Promise<string | null> {
  const [row] = await queryRows<{ d: string | null }>(
    exec,
    sql`SELECT done_until::text AS d FROM report_rollup_state WHERE id = 1`,
  );
  return row?.d ?? null;
}

export function splitRange(from: string, to: string, doneUntil: string | null, now: Date): Split {
  const tailStartDay = doneUntil === null ? from : maxDay(from, doneUntil);
  const rollTo = doneUntil === null ? addDays(from, -1) : minDay(to, addDays(doneUntil, -1));
  const tailFrom = manilaStart(tailStartDay);
  const end = manilaStart(addDays(to, 1));
  // The tail ends now (a later moment has nothing yet); an empty range reads nothing.
  const tailTo = new Date(Math.max(tailFrom.getTime(), Math.min(end.getTime(), now.getTime() + 1)));
  return { rollFrom: from, rollTo, tailFrom, tailTo };
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const day = (d: string) => sql`${d}::date`;

// ---------- dashboard ----------

/**
 * A part of the dashboard (the period, or today) over the rollups and the shared live tail: its
 * closed days [rollFrom, rollTo] come from the rollup tables, its days [tailFrom, to] from the
 * tail (the facts over the records since done_until, evaluated once per call for both parts).
 */
interface Part {
  rollFrom: string;
  rollTo: string;
  tailFrom: string;
  to: string;
}

function partOf(from: string, to: string, s: Split): Part {
  // An empty tail (the whole part rolled up) reads no tail day.
  const empty = s.tailTo.getTime() <= s.tailFrom.getTime();
  return { rollFrom: from, rollTo: s.rollTo, tailFrom: empty ? addDays(to, 1) : manilaDay(s.tailFrom), to };
}

/** The times of the records both parts' tails need: one range read of the records. */
function tailHull(splits: Split[]): { from: Date; to: Date } {
  const live = splits.filter((s) => s.tailTo.getTime() > s.tailFrom.getTime());
  if (live.length === 0)
    return { from: splits[0]?.tailFrom ?? new Date(0), to: splits[0]?.tailFrom ?? new Date(0) };
  return {
    from: new Date(Math.min(...live.map((s) => s.tailFrom.getTime()))),
    to: new Date(Math.max(...live.map((s) => s.tailTo.getTime()))),
  };
}

interface GameAgg {
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
async function gameFigures(
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

interface MoneyAgg {
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
async function moneyFigures(exec: Executor, period: Part, today: Part, hull: { from: Date; to: Date }) {
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
async function newPlayers(exec: Executor, period: [Date, Date], today: [Date, Date]) {
  const [row] = await queryRows<{ p: Num; t: Num }>(
    exec,
    sql`SELECT (SELECT count(*) FROM member_directory WHERE created_at >= ${ts(period[0])}
                   AND created_at < ${ts(period[1])} AND currency <> 'FUN')::int AS p,
               (SELECT count(*) FROM member_directory WHERE created_at >= ${ts(today[0])}
                   AND created_at < ${ts(today[1])} AND currency <> 'FUN')::int AS t`,
  );
  return { period: int(row?.p ?? 0), today: int(row?.t ?? 0) };
}

function figuresOf(g: GameAgg | undefined, m: MoneyAgg | undefined, active: number, fresh: number) {
  const bets = big(g?.bets ?? 0);
  const wins = big(g?.wins ?? 0);
  const bonuses = big(m?.bonuses ?? 0);
  const adjustments = big(m?.adjustments ?? 0);
  const ggr = bets - wins;
  const out: DashboardFigures = {
    deposits: money(m?.deposits ?? 0),
    depositCount: int(m?.deposit_count ?? 0),
    withdrawals: money(m?.withdrawals ?? 0),
    withdrawalCount: int(m?.withdrawal_count ?? 0),
    bets: formatMinor(bets),
    wins: formatMinor(wins),
    ggr: formatMinor(ggr),
    bonuses: formatMinor(bonuses),
    adjustments: formatMinor(adjustments),
    ngr: formatMinor(ggr - bonuses - adjustments),
    rounds: int(g?.rounds ?? 0),
    activePlayers: active,
    newPlayers: fresh,
    firstDepositors: int(m?.ftd ?? 0),
  };
  return out;
}

/** Each pending queue's size and oldest item: index-only reads (migration 0900's indexes). */
async function queues(exec: Executor) {
  const rows = await queryRows<{ q: string; n: Num; oldest: string | null }>(
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
  const of = (q: string) => {
    const r = rows.find((x) => x.q === q);
    return { count: int(r?.n ?? 0), oldestAt: r?.oldest ? new Date(r.oldest).toISOString() : null };
  };
  return {
    deposits: of("deposits"),
    withdrawals: of("withdrawals"),
    heldWins: of("heldWins"),
    approvals: of("approvals"),
  };
}

/**
 * The dashboard: four statements in parallel (game figures, money figures, sign-ups, queues),
 * each reading the closed days from the rollups (a row a day, or a day × game), the live day's
 * closed hours from the hourly rollup (game figures) and the rest of the live tail once, by an
 * index range on the records (since hours_until for the games, since done_until for money).
 */
export async function dashboard(ctx: AppContext, from: string, to: string): Promise<Dashboard> {
  const now = ctx.clock.now();
  const today = manilaDay(now);
  const [state] = await queryRows<{ done_until: string | null; hours_ms: string | null }>(
    ctx.db,
    sql`SELECT done_until::text AS done_until,
               (extract(epoch FROM hours_until) * 1000)::bigint::text AS hours_ms
          FROM report_rollup_state WHERE id = 1`,
  );
  const doneUntil = state?.done_until ?? null;
  const hoursUntil = state?.hours_ms ? new Date(Number(state.hours_ms)) : null;
  const periodSplit = splitRange(from, to, doneUntil, now);
  const todaySplit = splitRange(today, today, doneUntil, now);
  const period = partOf(from, to, periodSplit);
  const todayPart = partOf(today, today, todaySplit);
  const hull = tailHull([periodSplit, todaySplit]);
  const [games, moneyRows, fresh, q] = await Promise.all([
    gameFigures(ctx.db, period, todayPart, hull, hoursUntil),
    moneyFigures(ctx.db, period, todayPart, hull),
    newPlayers(
      ctx.db,
      [manilaStart(from), manilaStart(addDays(to, 1))],
      [manilaStart(today), manilaStart(addDays(today, 1))],
    ),
    queues(ctx.db),
  ]);
  const pGames = games.filter((r) => r.part === "period");
  const activeOf = (part: string) => int(games.find((r) => r.part === part)?.rounds ?? 0);
  const pMoney = moneyRows.filter((r) => r.part === "period");
  const periodFigures = figuresOf(
    pGames.find((r) => r.g_day && r.g_vendor && r.g_cat),
    pMoney.find((r) => r.g_day),
    activeOf("active-period"),
    fresh.period,
  );
  const todayFigures = figuresOf(
    games.find((r) => r.part === "today"),
    moneyRows.find((r) => r.part === "today"),
    activeOf("active-today"),
    fresh.today,
  );
  const byDay = new Map<string, { deposits: bigint; withdrawals: bigint; bets: bigint; wins: bigint }>();
  const point = (d: string) => {
    let v = byDay.get(d);
    if (!v) {
      v = { deposits: 0n, withdrawals: 0n, bets: 0n, wins: 0n };
      byDay.set(d, v);
    }
    return v;
  };
  for (const r of pGames) {
    if (!r.g_day && r.day) {
      const v = point(r.day);
      v.bets = big(r.bets);
      v.wins = big(r.wins);
    }
  }
  for (const r of pMoney) {
    if (!r.g_day && r.day) {
      const v = point(r.day);
      v.deposits = big(r.deposits);
      v.withdrawals = big(r.withdrawals);
    }
  }
  const series = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const v = byDay.get(d) ?? { deposits: 0n, withdrawals: 0n, bets: 0n, wins: 0n };
    series.push({
      day: d,
      deposits: formatMinor(v.deposits),
      withdrawals: formatMinor(v.withdrawals),
      bets: formatMinor(v.bets),
      wins: formatMinor(v.wins),
      ggr: formatMinor(v.bets - v.wins),
    });
  }
  const breakdown = (pick: (r: GameAgg) => string | null, isSet: (r: GameAgg) => boolean) =>
    pGames
      .filter(isSet)
      .map((r) => {
        const bets = big(r.bets);
        const wins = big(r.wins);
        return {
          key: pick(r) ?? "",
          bets: formatMinor(bets),
          wins: formatMinor(wins),
          ggr: formatMinor(bets - wins),
          rounds: int(r.rounds),
          sortKey: bets,
        };
      })
      .sort((a, b) => (a.sortKey === b.sortKey ? a.key.localeCompare(b.key) : a.sortKey < b.sortKey ? 1 : -1))
      .map(({ sortKey: _, ...rest }) => rest);
  return {
    today,
    from,
    to,
    todayFigures,
    period: periodFigures,
    series,
    byCategory: breakdown(
      (r) => r.category,
      (r) => !r.g_cat && r.g_day === 1 && r.g_vendor === 1,
    ),
    byVendor: breakdown(
      (r) => r.vendor,
      (r) => !r.g_vendor && r.g_day === 1 && r.g_cat === 1,
    ),
    queues: q,
    rolledUpUntil: doneUntil,
    asOf: now.toISOString(),
  };
}

// ---------- reports ----------

/** A member filter: the member's id by username (exact, case-insensitive); -1 when none has it. */
async function memberIdOf(exec: Executor, username: string | undefined): Promise<number | null> {
  if (!username) return null;
  const [row] = await queryRows<{ id: Num }>(
    exec,
    sql`SELECT id FROM member_directory WHERE lower(username) = lower(${username}) LIMIT 1`,
  );
  return row ? int(row.id) : -1;
}

const dir = (d: "asc" | "desc") => (d === "asc" ? sql.raw("ASC") : sql.raw("DESC"));

/** One report as SQL: the page query (or the whole ordered result for an export) and totals. */
export interface ReportSql {
  /** Ordered rows; the page adds LIMIT/OFFSET, the export reads it whole through a cursor. */
  rows: SQL;
  totals: SQL;
  /** CSV header and a row → cells. */
  header: string[];
  toCells(row: Record<string, unknown>): unknown[];
  toDto(row: Record<string, unknown>): Record<string, unknown>;
}

async function gamesSql(ctx: AppContext, q: GamesReportQuery): Promise<ReportSql> {
  const s = splitRange(q.from, q.to, await rolledUpUntil(ctx.db), ctx.clock.now());
  const member = await memberIdOf(ctx.db, q.member);
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
  const toDto = (r: Record<string, unknown>) => {
    const bets = big(r.bets as Num);
    const wins = big(r.wins as Num);
    return {
      key: String(r.key),
      label: String(r.label),
      bets: formatMinor(bets),
      wins: formatMinor(wins),
      ggr: formatMinor(bets - wins),
      rtp: rtpOf(bets, wins),
      rounds: int(r.rounds as Num),
      players: int(r.players as Num),
    };
  };
  return {
    rows,
    totals,
    header: [q.groupBy, "name", "bets", "wins", "ggr", "rtp_percent", "rounds", "players"],
    toCells: (r) => {
      const d = toDto(r);
      return [d.key, d.label, d.bets, d.wins, d.ggr, d.rtp ?? "", d.rounds, d.players];
    },
    toDto,
  };
}

async function channelsSql(ctx: AppContext, q: ChannelsReportQuery): Promise<ReportSql> {
  const s = splitRange(q.from, q.to, await rolledUpUntil(ctx.db), ctx.clock.now());
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
  const toDto = (r: Record<string, unknown>) => {
    const succeeded = int(r.succeeded as Num);
    const failed = int(r.failed as Num);
    return {
      key: String(r.key),
      kind: String(r.kind),
      channel: String(r.channel),
      amount: money(r.amount as Num),
      succeeded,
      failed,
      successRate: rateOf(succeeded, failed),
      fees: money(r.fees as Num),
    };
  };
  return {
    rows,
    totals,
    header: ["key", "kind", "channel", "amount", "succeeded", "failed", "success_rate_percent", "fees"],
    toCells: (r) => {
      const d = toDto(r);
      return [d.key, d.kind, d.channel, d.amount, d.succeeded, d.failed, d.successRate ?? "", d.fees];
    },
    toDto,
  };
}

async function playersSql(ctx: AppContext, q: PlayersReportQuery): Promise<ReportSql> {
  const s = splitRange(q.from, q.to, await rolledUpUntil(ctx.db), ctx.clock.now());
  const member = await memberIdOf(ctx.db, q.member);
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
  const toDto = (r: Record<string, unknown>) => {
    const bets = big(r.bets as Num);
    const wins = big(r.wins as Num);
    const bonuses = big(r.bonuses as Num);
    const adjustments = big(r.adjustments as Num);
    return {
      key: String(r.key),
      memberId: int(r.member_id as Num),
      username: String(r.username),
      state: String(r.status),
      deposits: money(r.deposits as Num),
      withdrawals: money(r.withdrawals as Num),
      bets: formatMinor(bets),
      wins: formatMinor(wins),
      ggr: formatMinor(bets - wins),
      bonuses: formatMinor(bonuses),
      adjustments: formatMinor(adjustments),
      ngr: formatMinor(bets - wins - bonuses - adjustments),
      rounds: int(r.rounds as Num),
    };
  };
  return {
    rows,
    totals,
    header: [
      "member_id",
      "username",
      "state",
      "deposits",
      "withdrawals",
      "bets",
      "wins",
      "ggr",
      "bonuses",
      "adjustments",
      "ngr",
      "rounds",
    ],
    toCells: (r) => {
      const d = toDto(r);
      return [
        d.memberId,
        d.username,
        d.state,
        d.deposits,
        d.withdrawals,
        d.bets,
        d.wins,
        d.ggr,
        d.bonuses,
        d.adjustments,
        d.ngr,
        d.rounds,
      ];
    },
    toDto,
  };
}

export type ReportName = "games" | "channels" | "players";
export type ReportQuery = GamesReportQuery | ChannelsReportQuery | PlayersReportQuery;

export function reportSql(ctx: AppContext, name: ReportName, q: ReportQuery): Promise<ReportSql> {
  if (name === "games") return gamesSql(ctx, q as GamesReportQuery);
  if (name === "channels") return channelsSql(ctx, q as ChannelsReportQuery);
  return playersSql(ctx, q as PlayersReportQuery);
}

export async function reportPage(
  ctx: AppContext,
  name: ReportName,
  q: ReportQuery & { page: number; pageSize: number },
) {
  const r = await reportSql(ctx, name, q);
  const [rows, [totals]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      ctx.db,
      sql`${r.rows} LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
    ),
    queryRows<Record<string, unknown>>(ctx.db, r.totals),
  ]);
  return {
    items: rows.map(r.toDto),
    total: int((totals?.total as Num) ?? 0),
    totals: totals ? r.toDto(totals) : undefined,
  };
}

// ---------- rounds (one row per bet, from the round records) ----------

export interface RoundsCursor {
  at: string;
  id: string;
}

function roundsWhere(
  q: RoundsReportQuery,
  member: number | null,
  // Trial (FUN) members never count: by the members join, or (the export, no join) an
  // anti-join on migration 0902's index of them.
  notTrial: SQL = sql`m.currency <> 'FUN'`,
) {
  const from = manilaStart(q.from);
  const to = manilaStart(addDays(q.to, 1));
  const parts: SQL[] = [
    sql`b.kind = 'bet'`,
    sql`b.created_at >= ${ts(from)}`,
    sql`b.created_at < ${ts(to)}`,
    notTrial,
  ];
  if (member !== null) parts.push(sql`b.member_id = ${member}`);
  if (q.vendor) parts.push(sql`b.vendor = ${q.vendor.toUpperCase()}`);
  if (q.state === "rolled_back") parts.push(sql`w.rolled > 0`);
  else if (q.state === "won") parts.push(sql`w.rolled = 0 AND w.win > 0`);
  else if (q.state === "lost") parts.push(sql`w.rolled = 0 AND coalesce(w.win, 0) = 0`);
  return sql.join(parts, sql` AND `);
}

const roundsLateral = sql`LEFT JOIN LATERAL (
    SELECT sum(x.amount) FILTER (
             WHERE x.kind = 'win'
               -- A held win the operator rejected was never the player's.
               AND NOT EXISTS (SELECT 1 FROM held_win_log v
                                WHERE v.transaction_id = x.transaction_id
                                  AND v.vendor = x.vendor AND v.status = 'rejected')) AS win,
           count(*) FILTER (WHERE x.kind = 'rollback') AS rolled
      FROM game_transaction_log x
     WHERE x.ref_transaction_id = b.transaction_id AND x.vendor = b.vendor) w ON TRUE`;
const roundsFrom = sql`game_transaction_log b JOIN member_directory m ON m.id = b.member_id ${roundsLateral}`;

const roundsCols = sql`b.id::text AS id, b.created_at AS at,
  to_char(b.created_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD HH24:MI:SS') AS local_time,
  m.username, b.vendor, coalesce(b.game_code, '') AS game_code, b.round_id,
  b.amount::text AS bet, coalesce(w.win, 0)::text AS win,
  CASE WHEN w.rolled > 0 THEN 'rolled_back' WHEN w.win > 0 THEN 'won' ELSE 'lost' END AS state`;

const roundDto = (r: Record<string, unknown>) => ({
  time: String(r.local_time),
  username: String(r.username),
  vendor: String(r.vendor),
  gameCode: String(r.game_code),
  roundId: String(r.round_id),
  bet: money(r.bet as Num),
  win: money(r.win as Num),
  state: String(r.state),
});
export const ROUNDS_HEADER = ["time_manila", "username", "vendor", "game", "round", "bet", "win", "state"];

export async function roundsPage(ctx: AppContext, q: RoundsReportQuery) {
  const member = await memberIdOf(ctx.db, q.member);
  const where = roundsWhere(q, member);
  const sortExpr = { time: sql`b.created_at`, bet: sql`b.amount`, win: sql`coalesce(w.win, 0)` }[q.sort];
  const [rows, [count]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT ${roundsCols} FROM ${roundsFrom} WHERE ${where}
           ORDER BY ${sortExpr} ${dir(q.sortDir)}, b.id ${dir(q.sortDir)}
           LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
    ),
    queryRows<{ n: Num }>(ctx.db, sql`SELECT count(*)::int AS n FROM ${roundsFrom} WHERE ${where}`),
  ]);
  return { items: rows.map(roundDto), total: int(count?.n ?? 0) };
}

/** An integer amount of minor units as the driver's text ("-1250") → "-12.50" (= formatMinor). */
export function minorText(v: unknown): string {
  const t = String(v ?? "0");
  const neg = t.charCodeAt(0) === 45; // "-"
  const digits = (neg ? t.slice(1) : t).padStart(3, "0");
  return `${neg ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const dialect = new PgDialect();

/**
 * The rounds of a query as CSV lines (ROUNDS_HEADER's columns), in time order, a page at a time
 * by keyset on (created_at, id) — the records' time index — each page an index range read that
 * starts after the last row of the one before (its time looked up by id), so an export of a year
 * holds at most two pages in memory and no transaction or connection between pages. Rows come
 * as arrays of driver text (no row objects, no Drizzle mapping, no Date or BigInt per cell); the
 * next page is read while this one is turned into CSV and written, so the database and Node work
 * at once. Each page becomes CSV lines through csvRows (RFC 4180 quoting and the formula guard).
 */
export async function* roundsCsv(
  ctx: AppContext,
  q: RoundsReportQuery,
  pageRows = 20_000,
): AsyncGenerator<{ rows: number; text: string }> {
  const member = await memberIdOf(ctx.db, q.member);
  const where = roundsWhere(
    q,
    member,
    sql`NOT EXISTS (SELECT 1 FROM member_directory f WHERE f.id = b.member_id AND f.currency = 'FUN')`,
  );
  const asc = q.sortDir === "asc";
  // Member id → its username; bounded (cleared when full), so memory stays flat.
  const names = new Map<string, string>();
  const nameCells = async (rows: unknown[][]) => {
    const unknown = () => new Set(rows.map((r) => r[2] as string).filter((id) => !names.has(id)));
    let missing = unknown();
    if (missing.size === 0) return;
    if (names.size + missing.size > 200_000) {
      names.clear();
      missing = unknown();
    }
    const found = await ctx.database.arrays(
      "SELECT id::text, username FROM member_directory WHERE id = ANY($1::bigint[])",
      [[...missing]],
    );
    for (const [id, username] of found) names.set(id as string, username as string);
  };
  const fetchPage = (afterId: string | null): Promise<unknown[][]> => {
    const cursor: SQL =
      afterId === null
        ? sql``
        : sql`AND (b.created_at, b.id) ${sql.raw(asc ? ">" : "<")}
                ((SELECT c.created_at FROM game_transaction_log c WHERE c.id = ${afterId}::bigint), ${afterId}::bigint)`;
    const query = dialect.sqlToQuery(
      sql`SELECT b.id::text, to_char(b.created_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD HH24:MI:SS'),
                 b.member_id::text, b.vendor, coalesce(b.game_code, ''), b.round_id, b.amount::text,
                 coalesce(w.win, 0)::text,
                 CASE WHEN w.rolled > 0 THEN 'rolled_back' WHEN w.win > 0 THEN 'won' ELSE 'lost' END
            FROM game_transaction_log b ${roundsLateral} WHERE ${where} ${cursor}
           ORDER BY b.created_at ${dir(q.sortDir)}, b.id ${dir(q.sortDir)} LIMIT ${pageRows}`,
    );
    return ctx.database.arrays(query.sql, query.params, { bulk: true });
  };
  let next = fetchPage(null);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    const last = rows.length === pageRows ? String((rows[rows.length - 1] as unknown[])[0]) : null;
    next = last === null ? Promise.resolve([]) : fetchPage(last);
    // A consumer that stops early (the client left) never awaits the read under way.
    next.catch(() => undefined);
    await nameCells(rows);
    const text = csvRows(
      rows.map((r) => [
        r[1],
        names.get(r[2] as string),
        r[3],
        r[4],
        r[5],
        minorText(r[6]),
        minorText(r[7]),
        r[8],
      ]),
    );
    yield { rows: rows.length, text };
    if (last === null) return;
  }
}

/** Make the indexes the reports read by time, once at start. */
export function prepareReports(ctx: AppContext): Promise<void> {
  return ensureReportIndexes(ctx.db);
}

/**
 * A report's whole ordered result for an export: its CSV header, and its rows as cells a page
 * at a time (read through a cursor) until they run out or `onPage` answers false.
 */
export async function reportExport(ctx: AppContext, name: ReportName, q: ReportQuery) {
  const r = await reportSql(ctx, name, q);
  return {
    header: r.header,
    pages: (pageSize: number, onPage: (cells: unknown[][]) => Promise<boolean>) =>
      forEachCursorPage(ctx.db, r.rows, pageSize, (rows) => onPage(rows.map((row) => r.toCells(row)))),
  };
}

// Manila calendar days, shared by every module that reports by day (CSV is lib/csv.ts).
export { addDays, manilaDay, manilaStart, maxDay, minDay } from "./days.ts";
