import type { ContractPeriod, ContractTerms, Tier } from "@panalo/contracts/agent-contracts";
import { manilaClock, manilaMoment, manilaOffset } from "@panalo/contracts/manila-time";
import { parseMoney } from "@panalo/contracts/money";

/**
 * The contract formulas, pure: periods in Asia/Manila time, tier choice,
 * dividend with carry-over, salaries, real-time salary, and the rate rule between an upline and
 * its downline. Every amount is integer minor units; every rate is basis points (1/100 of a %);
 * a share is rounded down to the centavo, so the platform never pays a fraction it owes no one.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface Period {
  /** The period's start in Manila time with its offset: "2026-03-16T00:00+08:00". */
  key: string;
  start: Date;
  end: Date;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-03-16T00:00+08:00" for an instant: the Manila wall clock and Manila's offset then. */
export function manilaKey(at: Date): string {
  const w = manilaClock(at);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}${manilaOffset(at)}`;
}

/** The instant of a Manila wall-clock date and time. */
const manila = (y: number, m0: number, d: number, h = 0, min = 0) => manilaMoment(y, m0, d, h, min);

/** The contract period `at` falls in. */
export function periodOf(period: ContractPeriod, at: Date): Period {
  const w = manilaClock(at);
  const y = w.year;
  const m = w.month - 1;
  const d = w.day;
  let start: Date;
  let end: Date;
  switch (period) {
    case "five_minutes": {
      const min = w.minute - (w.minute % 5);
      start = manila(y, m, d, w.hour, min);
      end = new Date(start.getTime() + 5 * 60_000);
      break;
    }
    case "hourly":
      start = manila(y, m, d, w.hour);
      end = new Date(start.getTime() + HOUR);
      break;
    case "daily":
      start = manila(y, m, d);
      end = new Date(start.getTime() + DAY);
      break;
    case "weekly": {
      // Weeks start on Monday (weekday: 0 Sunday).
      const back = (w.weekday + 6) % 7;
      start = manila(y, m, d - back);
      end = new Date(start.getTime() + 7 * DAY);
      break;
    }
    case "semimonthly":
      start = d <= 15 ? manila(y, m, 1) : manila(y, m, 16);
      end = d <= 15 ? manila(y, m, 16) : manila(y, m + 1, 1);
      break;
    case "monthly":
      start = manila(y, m, 1);
      end = manila(y, m + 1, 1);
      break;
  }
  return { key: manilaKey(start), start, end };
}

/** The periods a contract accepted at `from` still owes, up to `until` (only whole ones that ended). */
export function duePeriods(
  period: ContractPeriod,
  from: Date,
  cutoff: Date,
  endedAt: Date | null,
  max = 500,
) {
  const out: Array<Period & { windowStart: Date; windowEnd: Date }> = [];
  let at = from;
  const stop = endedAt && endedAt < cutoff ? endedAt : cutoff;
  while (out.length < max && at < stop) {
    const p = periodOf(period, at);
    // A period is due when it is over by the cut-off, or when the contract ended inside it.
    const ended = endedAt !== null && endedAt <= p.end && endedAt <= cutoff;
    if (p.end > cutoff && !ended) break;
    const windowEnd = endedAt && endedAt < p.end ? endedAt : p.end;
    out.push({ ...p, windowStart: at, windowEnd });
    at = p.end;
  }
  return out;
}

export interface TeamFigures {
  /** Stakes of the team's rounds settled in the window, rolled-back stakes left out. */
  validBet: bigint;
  /** What the team lost to the house over the window: valid bets less wins (negative: the team won). */
  netLoss: bigint;
  /** Team members with at least one settled round in the window. */
  activeMembers: number;
}

/** The highest rate among the tiers the figures meet; 0 when none is met. */
export function tierRate(tiers: readonly Tier[], f: Pick<TeamFigures, "validBet" | "activeMembers">): number {
  let rate = 0;
  for (const t of tiers) {
    const min = parseMoney(t.minValidBet) ?? 0n;
    if (f.activeMembers >= t.minActiveMembers && f.validBet >= min && t.rateBp > rate) rate = t.rateBp;
  }
  return rate;
}

/** floor(amount × rate / 10000) for a non-negative amount. */
export const share = (amount: bigint, rateBp: number) =>
  amount <= 0n ? 0n : (amount * BigInt(rateBp)) / 10_000n;

export interface SalaryResult {
  rateBp: number;
  amount: bigint;
}

/** Daily and hourly salary: the tier's rate on the team's valid bets. */
export function salary(tiers: readonly Tier[], f: TeamFigures): SalaryResult {
  const rateBp = tierRate(tiers, f);
  return { rateBp, amount: share(f.validBet, rateBp) };
}

export interface DividendResult extends SalaryResult {
  carryIn: bigint;
  /** Carried into the next period: the negative base when the contract carries over, else 0. */
  carryOut: bigint;
}

/**
 * Dividend: the tier's rate on the team's net loss plus what the previous period carried in
 * (never positive). A period that leaves a negative base pays nothing and, when the contract
 * says so, carries the base to the next period; otherwise the next starts from zero.
 */
export function dividend(
  tiers: readonly Tier[],
  carryOver: boolean,
  f: TeamFigures,
  carryIn: bigint,
): DividendResult {
  const rateBp = tierRate(tiers, f);
  const cin = carryOver && carryIn < 0n ? carryIn : 0n;
  const base = f.netLoss + cin;
  if (base <= 0n) return { rateBp, amount: 0n, carryIn: cin, carryOut: carryOver && base < 0n ? base : 0n };
  return { rateBp, amount: share(base, rateBp), carryIn: cin, carryOut: 0n };
}

export interface SettledBet {
  stake: bigint;
  win: bigint;
}

/**
 * Real-time salary over a 5-minute window: for each settled round of at least the single-bet
 * minimum, the profit rate on its stake when the bettor won or broke even, the loss rate when
 * the bettor lost; the sum rounded down once.
 */
export function realtimeSalary(
  terms: { profitRateBp: number; lossRateBp: number; minSingleBet: string },
  bets: Iterable<SettledBet>,
): SalaryResult & { validBet: bigint } {
  const min = parseMoney(terms.minSingleBet) ?? 0n;
  let scaled = 0n;
  let validBet = 0n;
  for (const b of bets) {
    if (b.stake <= 0n || b.stake < min) continue;
    validBet += b.stake;
    scaled += b.stake * BigInt(b.win >= b.stake ? terms.profitRateBp : terms.lossRateBp);
  }
  return { rateBp: Math.max(terms.profitRateBp, terms.lossRateBp), amount: scaled / 10_000n, validBet };
}

/** The same as `realtimeSalary`, from sums the database made: stakes of won and of lost rounds. */
export function realtimeFromSums(
  terms: { profitRateBp: number; lossRateBp: number },
  wonStakes: bigint,
  lostStakes: bigint,
): bigint {
  return (wonStakes * BigInt(terms.profitRateBp) + lostStakes * BigInt(terms.lossRateBp)) / 10_000n;
}

/** The headline rate of a contract: its highest tier, or its higher real-time rate. */
export function headlineRate(terms: ContractTerms): number {
  if (terms.kind === "realtime_salary") return Math.max(terms.profitRateBp, terms.lossRateBp);
  return Math.max(...terms.tiers.map((t) => t.rateBp));
}

/**
 * Does a downline's contract stay within its upline's (spec §4: a downline's rate never exceeds
 * its upline's)? Real-time salaries compare each rate; tiered contracts their highest rates.
 */
export function withinUpline(child: ContractTerms, upline: ContractTerms): boolean {
  if (child.kind !== upline.kind) return false;
  if (child.kind === "realtime_salary" && upline.kind === "realtime_salary") {
    return child.profitRateBp <= upline.profitRateBp && child.lossRateBp <= upline.lossRateBp;
  }
  return headlineRate(child) <= headlineRate(upline);
}

/** The contract's settlement period (hourly and real-time salaries have a fixed one). */
export function contractPeriod(terms: ContractTerms): ContractPeriod {
  if (terms.kind === "hourly_salary") return "hourly";
  if (terms.kind === "realtime_salary") return "five_minutes";
  return terms.period;
}

/**
 * spec §4: when an agent accepts a contract, which contracts of its team (of the same kind) end —
 * those the new terms no longer cover. The rest stay as they are.
 */
export function endedByLowerRate<T extends { terms: ContractTerms }>(
  accepted: ContractTerms,
  team: readonly T[],
): T[] {
  return team.filter((c) => !withinUpline(c.terms, accepted));
}
