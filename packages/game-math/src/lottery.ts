import { createHash, createHmac } from "node:crypto";
import {
  addDays,
  manilaClock,
  manilaDay,
  manilaMinute,
  manilaMoment,
  manilaStart,
} from "@panalo/contracts/manila-time";
import { uniformInt } from "./uniform.ts";

/**
 * Lottery maths: the Philippine games, commit-reveal results, bet types and prizes,
 * and draw schedules in Asia/Manila time. Pure and deterministic given the draw seed.
 */
export type LotteryKind = "digits" | "pick";
export interface LotteryGame {
  code: string;
  name: string;
  kind: LotteryKind;
  /** digits: how many digits 0–9 (order matters); pick: how many distinct numbers. */
  count: number;
  /** pick: numbers 1..max; digits: 9. 2D draws two numbers 1..31 (order matters). */
  max: number;
  /** Whether a number may repeat in the result (digits games). */
  repeats: boolean;
}

export const GAMES: Record<string, LotteryGame> = {
  "2D": { code: "2D", name: "EZ2 (2D)", kind: "digits", count: 2, max: 31, repeats: true },
  "3D": { code: "3D", name: "Swertres (3D)", kind: "digits", count: 3, max: 9, repeats: true },
  "4D": { code: "4D", name: "4D Lotto", kind: "digits", count: 4, max: 9, repeats: true },
  "6/42": { code: "6/42", name: "Lotto 6/42", kind: "pick", count: 6, max: 42, repeats: false },
  "6/45": { code: "6/45", name: "Mega Lotto 6/45", kind: "pick", count: 6, max: 45, repeats: false },
  "6/49": { code: "6/49", name: "Super Lotto 6/49", kind: "pick", count: 6, max: 49, repeats: false },
  "6/55": { code: "6/55", name: "Grand Lotto 6/55", kind: "pick", count: 6, max: 55, repeats: false },
  "6/58": { code: "6/58", name: "Ultra Lotto 6/58", kind: "pick", count: 6, max: 58, repeats: false },
  // The fast e-lottery games: three digits like 3D, drawn every 1, 3 and 5 minutes.
  "E3D-1": { code: "E3D-1", name: "E-Swertres 1 min", kind: "digits", count: 3, max: 9, repeats: true },
  "E3D-3": { code: "E3D-3", name: "E-Swertres 3 min", kind: "digits", count: 3, max: 9, repeats: true },
  "E3D-5": { code: "E3D-5", name: "E-Swertres 5 min", kind: "digits", count: 3, max: 9, repeats: true },
};

/** The smallest value a position may take: 0 for digits 0–9, else 1. */
export const minValue = (game: LotteryGame): number => (game.kind === "digits" && game.max === 9 ? 0 : 1);

/** The commitment published when sales open: SHA-256 of the draw seed. */
export function commitment(seedHex: string): string {
  return createHash("sha256").update(Buffer.from(seedHex, "hex")).digest("hex");
}

/** A stream of 32-bit words from the seed (HMAC-SHA256 in counter mode). */
function wordsOf(seedHex: string, label: string): () => number {
  const key = Buffer.from(seedHex, "hex");
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + 4 > block.length) {
      block = createHmac("sha256", key).update(`${label}:${counter++}`).digest();
      offset = 0;
    }
    const w = block.readUInt32BE(offset);
    offset += 4;
    return w;
  };
}

/**
 * The result of a draw from its seed: digits games draw `count` values (0–9, or 1–31 for 2D) in
 * order with repeats; pick games draw `count` distinct numbers from 1..max, sorted.
 */
export function drawResult(game: LotteryGame, seedHex: string, drawNo: string): number[] {
  const next = wordsOf(seedHex, `${game.code}:${drawNo}`);
  if (game.kind === "digits") {
    const lo = game.max === 9 ? 0 : 1;
    return Array.from({ length: game.count }, () => lo + uniformInt(next, game.max - lo + 1));
  }
  const pool = Array.from({ length: game.max }, (_, i) => i + 1);
  const out: number[] = [];
  for (let i = 0; i < game.count; i++) {
    const j = i + uniformInt(next, pool.length - i); // partial Fisher–Yates
    [pool[i], pool[j]] = [pool[j] ?? 0, pool[i] ?? 0];
    out.push(pool[i] ?? 0);
  }
  return out.sort((a, b) => a - b);
}

/** Anyone can check a result: the seed matches the commitment and reproduces the numbers. */
export function verifyResult(
  game: LotteryGame,
  seedHex: string,
  drawNo: string,
  published: { hash: string; result: number[] },
): boolean {
  if (commitment(seedHex) !== published.hash) return false;
  const again = drawResult(game, seedHex, drawNo);
  return again.length === published.result.length && again.every((v, i) => v === published.result[i]);
}

/** Distinct orderings of a selection: 6 for three different digits, 3 with one repeat, 1 for a triple. */
export function permutations(selection: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const v of selection) counts.set(v, (counts.get(v) ?? 0) + 1);
  let n = 1;
  for (let i = 2; i <= selection.length; i++) n *= i;
  for (const c of counts.values()) for (let i = 2; i <= c; i++) n /= i;
  return n;
}

export type BetType = "straight" | "rambolito" | "pick";
/** Prize per 1 unit of stake, in minor units per minor unit (e.g. 4500 = pays 4,500×). */
export interface PrizeTable {
  /** digits games */
  straight?: number;
  /** pick games: prize multiplier by number of matches, e.g. { 6: 1_000_000, 5: 2000, 4: 50, 3: 10 } */
  matches?: Record<number, number>;
}

/**
 * What a bet wins, in minor units. Straight: the exact order. Rambolito: any order; the stake is
 * spread over the distinct orderings, so it pays the straight prize divided by their number.
 * Pick: by how many numbers match.
 */
export function prize(
  game: LotteryGame,
  type: BetType,
  selection: readonly number[],
  result: readonly number[],
  stake: bigint,
  table: PrizeTable,
): bigint {
  if (game.kind === "digits") {
    const straight = BigInt(table.straight ?? 0);
    if (type === "straight") return selection.every((v, i) => v === result[i]) ? stake * straight : 0n;
    if (type === "rambolito") {
      const a = [...selection].sort((x, y) => x - y);
      const b = [...result].sort((x, y) => x - y);
      if (!a.every((v, i) => v === b[i])) return 0n;
      return (stake * straight) / BigInt(permutations(selection));
    }
    return 0n;
  }
  if (type !== "pick") return 0n;
  const drawn = new Set(result);
  const hits = selection.filter((v) => drawn.has(v)).length;
  return stake * BigInt(table.matches?.[hits] ?? 0);
}

/** Whether a selection is well formed for the game and bet type. */
export function validSelection(game: LotteryGame, type: BetType, selection: readonly number[]): boolean {
  if (selection.length !== game.count || !selection.every(Number.isInteger)) return false;
  if (game.kind === "digits") {
    const lo = game.max === 9 ? 0 : 1;
    if (!selection.every((v) => v >= lo && v <= game.max)) return false;
    return type === "straight" || (type === "rambolito" && permutations(selection) > 1);
  }
  return (
    type === "pick" &&
    new Set(selection).size === game.count &&
    selection.every((v) => v >= 1 && v <= game.max)
  );
}

// ---------- schedules (Asia/Manila wall clock) ----------

export type Schedule =
  | { kind: "daily"; times: string[] } // "14:00", "17:00", "21:00"
  | { kind: "weekly"; weekdays: number[]; time: string } // 0 Sunday … 6 Saturday
  | { kind: "every"; minutes: number };

/** Every draw time (UTC instants) in [from, to): daily and weekly times are Manila wall-clock times. */
export function drawTimes(schedule: Schedule, from: Date, to: Date): Date[] {
  const out: Date[] = [];
  if (schedule.kind === "every") {
    const step = schedule.minutes * 60_000;
    for (let t = Math.ceil(from.getTime() / step) * step; t < to.getTime(); t += step) out.push(new Date(t));
    return out;
  }
  // From the Manila day `from` falls on, a day at a time.
  for (let day = manilaDay(from); manilaStart(day) < to; day = addDays(day, 1)) {
    const [y = 1970, mo = 1, d = 1] = day.split("-").map(Number);
    const weekday = manilaClock(manilaStart(day)).weekday;
    const times =
      schedule.kind === "daily" ? schedule.times : schedule.weekdays.includes(weekday) ? [schedule.time] : [];
    for (const hm of times) {
      const [h = 0, m = 0] = hm.split(":").map(Number);
      const t = manilaMoment(y, mo - 1, d, h, m).getTime();
      if (t >= from.getTime() && t < to.getTime()) out.push(new Date(t));
    }
  }
  return out;
}

/** The draw's number, as players see it: game code, Manila date and time ("3D-20261122-2100"). */
export function drawNumber(game: LotteryGame, at: Date): string {
  const m = manilaMinute(at); // "2026-11-22 21:00"
  return `${game.code.replace("/", "")}-${m.slice(0, 10).replace(/-/g, "")}-${m.slice(11, 16).replace(":", "")}`;
}

/** A result or selection as players write it: "1-2-3"; a pick-six line sorted ("3-14-22-30-41-42"). */
export function combinationKey(game: LotteryGame, values: readonly number[]): string {
  const v = game.kind === "pick" ? [...values].sort((a, b) => a - b) : values;
  return v.join("-");
}

/** Every distinct ordering of a selection (a rambolito's winning results). */
export function orderings(selection: readonly number[]): number[][] {
  if (selection.length <= 1) return [[...selection]];
  const out: number[][] = [];
  const seen = new Set<number>();
  selection.forEach((v, i) => {
    if (seen.has(v)) return;
    seen.add(v);
    const rest = selection.filter((_, j) => j !== i);
    for (const tail of orderings(rest)) out.push([v, ...tail]);
  });
  return out;
}

/**
 * What a bet risks for the operator: the results (as combination keys) that would make it pay,
 * each with the payout it would then make. Straight: its exact order; rambolito: every ordering
 * (each paying the spread prize); pick: the six-number line itself (the top prize).
 */
export function exposures(
  game: LotteryGame,
  type: BetType,
  selection: readonly number[],
  stake: bigint,
  table: PrizeTable,
): { key: string; payout: bigint }[] {
  if (game.kind === "digits") {
    const straight = BigInt(table.straight ?? 0);
    if (type === "straight") return [{ key: combinationKey(game, selection), payout: stake * straight }];
    const per = (stake * straight) / BigInt(permutations(selection));
    return orderings(selection).map((o) => ({ key: combinationKey(game, o), payout: per }));
  }
  const top = BigInt(table.matches?.[game.count] ?? 0);
  return [{ key: combinationKey(game, selection), payout: stake * top }];
}

/** The most a bet can win. */
export function maxPrize(
  game: LotteryGame,
  type: BetType,
  selection: readonly number[],
  stake: bigint,
  table: PrizeTable,
): bigint {
  if (game.kind === "pick") {
    const best = Math.max(0, ...Object.values(table.matches ?? {}));
    return stake * BigInt(best);
  }
  return exposures(game, type, selection, stake, table).reduce((m, e) => (e.payout > m ? e.payout : m), 0n);
}
