import type {
  ChannelsReportQuery,
  Dashboard,
  DashboardFigures,
  GamesReportQuery,
  PlayersReportQuery,
  RoundsReportQuery,
} from "@panalo/contracts/admin-reports";
import { formatMinor } from "@panalo/contracts/money";
import { csvRows } from "@panalo/service-kit/csv";
import type { Executor } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { readDatabase, readDb, replicaLagSeconds } from "../../lib/read-db.ts";
import { addDays, manilaDay, manilaStart, maxDay, minDay } from "./days.ts";
import type { Num } from "./repo/common.ts";
import {
  dashboardState,
  type GameAgg,
  gameFigures,
  type MoneyAgg,
  moneyFigures,
  newPlayerCounts,
  type Part,
  queueRows,
} from "./repo/dashboard.ts";
import {
  channelsStatements,
  gamesStatements,
  memberByUsername,
  playersStatements,
  type ReportStatements,
  reportPageRows,
  rolledUpUntil,
  type Split,
} from "./repo/reports.ts";
import { roundsCsvReader, roundsPageRows, usernameArrays } from "./repo/rounds.ts";
import { ensureReportIndexes, forEachCursorPage } from "./repo.ts";

export { rolledUpUntil, type Split } from "./repo/reports.ts";

/**
 * The dashboard and the reports. Closed days come from the rollup
 * tables (migration 0250, rollup.ts), the days since from the live records through the same
 * facts functions, so both halves count alike and a figure never changes when its day is rolled
 * up.
 */

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

/** A range of Manila days split at the rollup's watermark into closed days and the live tail (Split). */
export function splitRange(from: string, to: string, doneUntil: string | null, now: Date): Split {
  const tailStartDay = doneUntil === null ? from : maxDay(from, doneUntil);
  const rollTo = doneUntil === null ? addDays(from, -1) : minDay(to, addDays(doneUntil, -1));
  const tailFrom = manilaStart(tailStartDay);
  const end = manilaStart(addDays(to, 1));
  // The tail ends now (a later moment has nothing yet); an empty range reads nothing.
  const tailTo = new Date(Math.max(tailFrom.getTime(), Math.min(end.getTime(), now.getTime() + 1)));
  return { rollFrom: from, rollTo, tailFrom, tailTo };
}

// ---------- dashboard ----------

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

/** Members who signed up in each part (an index range on members.created_at each). */
async function newPlayers(exec: Executor, period: [Date, Date], today: [Date, Date]) {
  const row = await newPlayerCounts(exec, period, today);
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
  const rows = await queueRows(exec);
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
  const state = await dashboardState(readDb(ctx));
  const doneUntil = state?.done_until ?? null;
  const hoursUntil = state?.hours_ms ? new Date(Number(state.hours_ms)) : null;
  const periodSplit = splitRange(from, to, doneUntil, now);
  const todaySplit = splitRange(today, today, doneUntil, now);
  const period = partOf(from, to, periodSplit);
  const todayPart = partOf(today, today, todaySplit);
  const hull = tailHull([periodSplit, todaySplit]);
  const [games, moneyRows, fresh, q, replicaLag] = await Promise.all([
    gameFigures(readDb(ctx), period, todayPart, hull, hoursUntil),
    moneyFigures(readDb(ctx), period, todayPart, hull),
    newPlayers(
      readDb(ctx),
      [manilaStart(from), manilaStart(addDays(to, 1))],
      [manilaStart(today), manilaStart(addDays(today, 1))],
    ),
    queues(readDb(ctx)),
    replicaLagSeconds(ctx),
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
    replicaLagSeconds: replicaLag,
  };
}

// ---------- reports ----------

/** A member filter: the member's id by username (exact, case-insensitive); -1 when none has it. */
async function memberIdOf(exec: Executor, username: string | undefined): Promise<number | null> {
  if (!username) return null;
  const row = await memberByUsername(exec, username);
  return row ? int(row.id) : -1;
}

/** One report as SQL: the page query (or the whole ordered result for an export) and totals. */
export interface ReportSql extends ReportStatements {
  /** CSV header and a row → cells. */
  header: string[];
  toCells(row: Record<string, unknown>): unknown[];
  toDto(row: Record<string, unknown>): Record<string, unknown>;
}

async function gamesSql(ctx: AppContext, q: GamesReportQuery): Promise<ReportSql> {
  const s = splitRange(q.from, q.to, await rolledUpUntil(readDb(ctx)), ctx.clock.now());
  const member = await memberIdOf(readDb(ctx), q.member);
  const { rows, totals } = gamesStatements(q, s, member);
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
  const s = splitRange(q.from, q.to, await rolledUpUntil(readDb(ctx)), ctx.clock.now());
  const { rows, totals } = channelsStatements(q, s);
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
  const s = splitRange(q.from, q.to, await rolledUpUntil(readDb(ctx)), ctx.clock.now());
  const member = await memberIdOf(readDb(ctx), q.member);
  const { rows, totals } = playersStatements(q, s, member);
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
  const [[rows, [totals]], replicaLag] = await Promise.all([
    reportPageRows(readDb(ctx), r, q.page, q.pageSize),
    replicaLagSeconds(ctx),
  ]);
  return {
    replicaLagSeconds: replicaLag,
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
  const member = await memberIdOf(readDb(ctx), q.member);
  const [[rows, [count]], replicaLag] = await Promise.all([
    roundsPageRows(readDb(ctx), q, member),
    replicaLagSeconds(ctx),
  ]);
  return { items: rows.map(roundDto), total: int(count?.n ?? 0), replicaLagSeconds: replicaLag };
}

/** An integer amount of minor units as the driver's text ("-1250") → "-12.50" (= formatMinor). */
export function minorText(v: unknown): string {
  const t = String(v ?? "0");
  const neg = t.charCodeAt(0) === 45; // "-"
  const digits = (neg ? t.slice(1) : t).padStart(3, "0");
  return `${neg ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

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
  const member = await memberIdOf(readDb(ctx), q.member);
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
    const found = await usernameArrays(readDatabase(ctx), [...missing]);
    for (const [id, username] of found) names.set(id as string, username as string);
  };
  const fetchPage = roundsCsvReader(readDatabase(ctx), q, member, pageRows);
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
      forEachCursorPage(readDb(ctx), r.rows, pageSize, (rows) => onPage(rows.map((row) => r.toCells(row)))),
  };
}

// Manila calendar days, shared by every module that reports by day (CSV is @panalo/service-kit/csv).
export { addDays, manilaDay, manilaStart, maxDay, minDay } from "./days.ts";
