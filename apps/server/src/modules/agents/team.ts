import type { PeriodQuery, TeamFigures, TeamOverviewValue } from "@panalo/contracts/agents";
import { addDays, manilaDay as manilaDayOfMoment, manilaStart } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money";
import type { Db, Executor } from "../../db/client.ts";
import { Errors } from "../../lib/errors.ts";
import {
  jitOff,
  type Range,
  type RoundSumRow,
  teamActiveTotal,
  teamCashTotal,
  teamDays,
  teamHeldWins,
  teamHeldWinsProbed,
  teamHours,
  teamNewMembers,
  teamRolledDays,
  teamRoundSums,
  teamSize,
  teamSizeTotal,
  teamTailActive,
  teamTailCash,
  teamTailNewMembers,
  teamTailPlay,
  teamTotalsState,
} from "./repo/team.ts";
import { rolledUntil, splitRange } from "./rollup.ts";

export type { RoundSumRow } from "./repo/team.ts";

/**
 * Team figures, all derived from the round records (provider_transactions:
 * bets, wins, rollbacks) and the ledger (deposits, paid withdrawals), never from a counter —
 * directly, or through their per-member daily rollup (agents/rollup.ts, recomputed from them).
 * A team is the closure rows under its agent (member_tree, depth ≥ 1): one index range.
 *
 * Readings, the same on every page and in the back office:
 * - bets: stakes taken in the period; wins: wins paid in the period (a win held for an operator's
 *   review counts once approved, as in the betting record);
 * - refunds: stakes given back by rollbacks in the period; valid bets = bets − refunds (a
 *   rollback of an earlier period's bet lowers the period it happens in: a late result goes into
 *   the current period and never rewrites a closed one);
 * - profit and loss (players' view) = wins + refunds − bets; active: members with a bet.
 */

const MAX_DAYS = 92;
const DAY_MS = 86_400_000;

/** A period of Manila calendar days, both ends included. */
export function periodOf(q: PeriodQuery): { from: Date; to: Date; days: string[] } {
  const first = Date.parse(`${q.startDate}T00:00:00Z`);
  const last = Date.parse(`${q.endDate}T00:00:00Z`);
  if (Number.isNaN(first) || Number.isNaN(last) || last < first) {
    throw Errors.validation([{ path: "endDate", message: "date_range_invalid" }]);
  }
  const n = Math.round((last - first) / DAY_MS) + 1;
  if (n > MAX_DAYS) throw Errors.validation([{ path: "endDate", message: "date_range_too_long" }]);
  const days = Array.from({ length: n }, (_, i) => addDays(q.startDate, i));
  return { from: manilaStart(q.startDate), to: manilaStart(addDays(q.endDate, 1)), days };
}

const dayNumber = (day: string) => String(Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS));

/**
 * Run a page's queries as one read-only snapshot (its figures agree with each other), without
 * PostgreSQL's JIT: these are index-bound reads of a few ms that JIT compilation (seconds, once
 * the planner's estimate passes jit_above_cost) would only slow down.
 */
export function teamRead<T>(db: Db, fn: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await jitOff(tx);
      return fn(tx);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Bets, valid bets, wins and profit and loss of one summed row, as decimal strings. */
export function figuresOf(r: Pick<RoundSumRow, "bets" | "wins" | "refunds"> | undefined) {
  const bets = BigInt(r?.bets ?? 0);
  const wins = BigInt(r?.wins ?? 0);
  const refunds = BigInt(r?.refunds ?? 0);
  return {
    bets: formatMinor(bets),
    validBets: formatMinor(bets - refunds),
    wins: formatMinor(wins),
    profitLoss: formatMinor(wins + refunds - bets),
  };
}

/**
 * The team overview of `agentId` over a period (spec §2 agent centre "team overview"): team
 * size, new and active members, deposits, withdrawals, bets, valid bets, wins, profit and loss,
 * and one point per day for the chart, in one snapshot: closed days from the per-member rollup
 * (agents/rollup.ts) joined with the team's closure rows, today (and any day not rolled up) from
 * the records, by the same rules.
 */
export async function teamOverview(
  db: Db,
  agentId: number,
  currency: string,
  q: PeriodQuery,
): Promise<TeamOverviewValue> {
  const r = periodOf(q);
  return teamRead(
    db,
    async (tx) => (await overviewFast(tx, agentId, currency, r)) ?? overviewIn(tx, agentId, currency, r),
  );
}

/** A smallint[] / int[] as the driver hands it (an array, or PGlite/pg text "{1,2}"). */
const ints = (v: number[] | string): number[] =>
  Array.isArray(v) ? v.map(Number) : v.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);

/**
 * The overview from the agents' team totals (migration 0803): closed days from agent_team_days,
 * the current day's rolled hours from agent_team_hours, and the rest of the day (the last hour or
 * so) from the records, probing the closure table per row. Distinct active members come from
 * each row's gaps (days since a member's previous active day): Σ over days d of the members
 * active on d whose gap > d − first day. Null — the caller reads the per-member path — when the
 * agent's totals are being rebuilt after a move, the currency is not the agent's, or the period
 * does not split as closed days + hours and the records of one day.
 */
async function overviewFast(
  db: Executor,
  agentId: number,
  currency: string,
  r: ReturnType<typeof periodOf>,
): Promise<TeamOverviewValue | null> {
  const st = await teamTotalsState(db, agentId);
  if (!st?.done_until || st.stale || st.agent_currency !== currency) return null;
  const d0 = manilaStart(st.done_until);
  const tf = st.team_hours_from ? new Date(st.team_hours_from) : null;
  const tu = st.team_hours_until ? new Date(st.team_hours_until) : null;
  const dayEnd = new Date(d0.getTime() + DAY_MS);
  // Closed days [from, min(to, d0)); then [max(from, d0), to) must lie in the day d0 starts,
  // its hours rolled from its start.
  const restFrom = r.from > d0 ? r.from : d0;
  let hoursTo = restFrom;
  if (r.to > restFrom) {
    if (r.to > dayEnd || restFrom.getTime() !== d0.getTime()) return null;
    if (!tf || !tu || tf > d0 || tu < d0) return null;
    hoursTo = tu < r.to ? tu : r.to;
  }
  const tail = r.to > hoursTo && r.to > restFrom ? { from: hoursTo, to: r.to } : null;
  const aNum = Number(dayNumber(r.days[0] as string));
  const dFrom = r.days[0] as string;
  const doneUntil = st.done_until;
  const dUntil = r.to < d0 ? manilaDayOf(r.to) : doneUntil;
  const rolledEnd = r.to < d0 ? r.to : hoursTo;
  const [sizes, days, hours, held, tailPlay, tailCash, tailActive, fresh] = await sequential([
    () => teamSizeTotal(db, agentId),
    () => (dFrom < dUntil ? teamDays(db, agentId, dFrom, dUntil) : Promise.resolve([])),
    () => (hoursTo > restFrom ? teamHours(db, agentId, restFrom, hoursTo) : Promise.resolve([])),
    // Wins the rolled rows count that are still held for review (or were rejected).
    () => (rolledEnd > r.from ? teamHeldWinsProbed(db, agentId, r.from, rolledEnd) : Promise.resolve([])),
    () => (tail ? teamTailPlay(db, agentId, tail) : Promise.resolve([])),
    () => (tail ? teamTailCash(db, agentId, currency, tail) : Promise.resolve([])),
    // The tail's bettors not active earlier that day (hours), and of those, not active earlier in
    // the period (closed days, hours of the days since).
    () => (tail ? teamTailActive(db, agentId, tail, d0, dFrom, doneUntil) : Promise.resolve([])),
    // New members since the last rolled hour.
    () => (tail ? teamTailNewMembers(db, agentId, tail) : Promise.resolve([])),
  ]);
  const byDay = new Map<string, { bets: bigint; wins: bigint; refunds: bigint; active: number }>();
  const at = (key: string) => {
    let x = byDay.get(key);
    if (!x) {
      x = { bets: 0n, wins: 0n, refunds: 0n, active: 0 };
      byDay.set(key, x);
    }
    return x;
  };
  let deposits = 0n;
  let withdrawals = 0n;
  let activeMembers = 0;
  let newMembers = fresh[0]?.n ?? 0;
  for (const row of [...days, ...hours]) {
    const x = at(row.key);
    x.bets += BigInt(row.bets);
    x.wins += BigInt(row.wins);
    x.refunds += BigInt(row.refunds);
    x.active += Number(row.active);
    deposits += BigInt(row.deposits);
    withdrawals += BigInt(row.withdrawals);
    newMembers += Number(row.new_members);
    const gd = ints(row.gap_days);
    const gc = ints(row.gap_counts);
    const since = Number(row.key) - aNum;
    gd.forEach((g, i) => {
      if (g > since) activeMembers += gc[i] ?? 0;
    });
  }
  for (const h of held) at(h.key).wins -= BigInt(h.wins);
  if (tail) {
    const x = at(dayNumber(manilaDayOf(tail.from)));
    const p = tailPlay[0];
    x.bets += BigInt(p?.bets ?? 0);
    x.wins += BigInt(p?.wins ?? 0);
    x.refunds += BigInt(p?.refunds ?? 0);
    x.active += tailActive[0]?.today ?? 0;
    activeMembers += tailActive[0]?.period ?? 0;
    deposits += BigInt(tailCash[0]?.deposits ?? 0);
    withdrawals += BigInt(tailCash[0]?.withdrawals ?? 0);
  }
  let bets = 0n;
  let wins = 0n;
  let refunds = 0n;
  for (const d of byDay.values()) {
    bets += d.bets;
    wins += d.wins;
    refunds += d.refunds;
  }
  return {
    teamSize: sizes[0]?.size ?? 0,
    newMembers,
    activeMembers,
    deposits: formatMinor(deposits),
    withdrawals: formatMinor(withdrawals),
    ...figuresOf({ bets: String(bets), wins: String(wins), refunds: String(refunds) }),
    currency,
    days: r.days.map((day) => {
      const x = byDay.get(dayNumber(day));
      const f = figuresOf(
        x ? { bets: String(x.bets), wins: String(x.wins), refunds: String(x.refunds) } : undefined,
      );
      return { day, bets: f.bets, validBets: f.validBets, profitLoss: f.profitLoss, active: x?.active ?? 0 };
    }),
  };
}

/** The Manila calendar day ("2026-03-02") a time falls in. */
const manilaDayOf = (d: Date) => manilaDayOfMoment(d);

async function overviewIn(
  db: Executor,
  agentId: number,
  currency: string,
  r: ReturnType<typeof periodOf>,
): Promise<TeamOverviewValue> {
  // Closed days from the per-member rollup (agents/rollup.ts), the rest from the records; the
  // watermark is read in this snapshot, so the two halves never overlap or leave a gap.
  const split = splitRange(r.from, r.to, await rolledUntil(db));
  const live = [split.head, split.tail].filter((x): x is Range => x !== null);
  const rolled = split.rolled;
  const [sizes, fresh, rolledDays, heldDays, liveDays, cash, [active]] = await sequential([
    () => teamSize(db, agentId),
    // New members: the period's registrations (members_created_idx), each probed in the closure.
    () => teamNewMembers(db, agentId, r),
    () => (rolled ? teamRolledDays(db, agentId, rolled) : Promise.resolve([])),
    // The rollup keeps every win row; a win still held for review (or rejected) is taken out here,
    // so a decision taken after the day closed counts at once, as it does in the records.
    () =>
      rolled
        ? teamHeldWins(db, agentId, manilaStart(rolled.dayFrom), manilaStart(rolled.dayUntil))
        : Promise.resolve([]),
    async () => {
      const out: RoundSumRow[] = [];
      for (const range of live) out.push(...(await teamRoundSums(db, { agentId }, range, "day")));
      return out;
    },
    () => teamCashTotal(db, agentId, currency, rolled, live),
    // Active members over the whole period: distinct across days (and across both halves).
    () => teamActiveTotal(db, agentId, rolled, live),
  ]);
  const byDay = new Map<string, RoundSumRow>();
  for (const d of [...rolledDays, ...liveDays]) {
    const x = byDay.get(d.key);
    byDay.set(
      d.key,
      x
        ? {
            key: d.key,
            rounds: x.rounds + d.rounds,
            active: x.active + d.active,
            bets: String(BigInt(x.bets) + BigInt(d.bets)),
            wins: String(BigInt(x.wins) + BigInt(d.wins)),
            refunds: String(BigInt(x.refunds) + BigInt(d.refunds)),
          }
        : d,
    );
  }
  for (const h of heldDays) {
    const x = byDay.get(h.key);
    if (x) byDay.set(h.key, { ...x, wins: String(BigInt(x.wins) - BigInt(h.wins)) });
  }
  let bets = 0n;
  let wins = 0n;
  let refunds = 0n;
  for (const d of byDay.values()) {
    bets += BigInt(d.bets);
    wins += BigInt(d.wins);
    refunds += BigInt(d.refunds);
  }
  const figures: TeamFigures = {
    teamSize: sizes[0]?.size ?? 0,
    newMembers: fresh[0]?.n ?? 0,
    activeMembers: active?.n ?? 0,
    deposits: formatMinor(BigInt(cash[0]?.deposits ?? 0)),
    withdrawals: formatMinor(BigInt(cash[0]?.withdrawals ?? 0)),
    ...figuresOf({ bets: String(bets), wins: String(wins), refunds: String(refunds) }),
  };
  return {
    ...figures,
    currency,
    days: r.days.map((day) => {
      const row = byDay.get(dayNumber(day));
      const f = figuresOf(row);
      return {
        day,
        bets: f.bets,
        validBets: f.validBets,
        profitLoss: f.profitLoss,
        active: row?.active ?? 0,
      };
    }),
  };
}

/** Run queries one after another on one connection (a transaction's), keeping their types. */
export async function sequential<const T extends readonly (() => Promise<unknown>)[]>(
  steps: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const out: unknown[] = [];
  for (const step of steps) out.push(await step());
  // The tuple of results, in the order of the steps (built above one by one).
  return out as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

/** Both readings of an overview in one snapshot (tests): the team totals' (null when not
 * usable) and the per-member one. */
export function teamOverviewPaths(db: Db, agentId: number, currency: string, q: PeriodQuery) {
  const r = periodOf(q);
  return teamRead(db, async (tx) => ({
    fast: await overviewFast(tx, agentId, currency, r),
    members: await overviewIn(tx, agentId, currency, r),
  }));
}
