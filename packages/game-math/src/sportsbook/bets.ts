import { assertOdds, ODDS_SCALE } from "./odds.ts";

/**
 * Bet types: singles, parlays (accumulators) and system bets. A system is
 * every combination of the chosen sizes over n selections, one stake per line; a "k/n" system is
 * the combinations of size k. The named ladder is the usual one.
 */
export interface SystemDef {
  code: string;
  selections: number;
  sizes: number[];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const NAMED_SYSTEMS: readonly SystemDef[] = [
  { code: "trixie", selections: 3, sizes: [2, 3] },
  { code: "patent", selections: 3, sizes: [1, 2, 3] },
  { code: "yankee", selections: 4, sizes: [2, 3, 4] },
  { code: "lucky15", selections: 4, sizes: [1, 2, 3, 4] },
  { code: "canadian", selections: 5, sizes: range(2, 5) },
  { code: "lucky31", selections: 5, sizes: range(1, 5) },
  { code: "heinz", selections: 6, sizes: range(2, 6) },
  { code: "lucky63", selections: 6, sizes: range(1, 6) },
  { code: "superheinz", selections: 7, sizes: range(2, 7) },
  { code: "goliath", selections: 8, sizes: range(2, 8) },
];

/** The most selections a system takes (a Goliath): a limit on the lines a bet can have (247). */
export const MAX_SYSTEM_SELECTIONS = 8;

/** "trixie", "lucky15", … or "k/n" (e.g. "2/3": the doubles of three selections). */
export function systemDef(code: string): SystemDef | undefined {
  const named = NAMED_SYSTEMS.find((s) => s.code === code);
  if (named) return named;
  const m = /^(\d)\/(\d)$/.exec(code);
  if (!m) return undefined;
  const k = Number(m[1]);
  const n = Number(m[2]);
  if (k < 1 || k > n || n < 2 || n > MAX_SYSTEM_SELECTIONS) return undefined;
  return { code, selections: n, sizes: [k] };
}

/** Every combination of `size` of the indices 0..n−1, in lexicographic order. */
export function combinations(n: number, size: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (start: number) => {
    if (pick.length === size) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= n - (size - pick.length); i++) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

/** The lines of a system: each a list of selection indices. */
export function systemLines(def: SystemDef): number[][] {
  return def.sizes.flatMap((k) => combinations(def.selections, k));
}

/**
 * One leg's result as the feed gives it (Sportradar UOF's shape): won or not, the part of the
 * stake returned (void factor, per mille: 0, 500 half-win/half-lose, 1000 void), and a dead-heat
 * factor for the winning part (places ÷ tied, as a fraction).
 */
export interface LegResult {
  won: boolean;
  voidPermille: 0 | 500 | 1000;
  deadHeat?: [number, number];
}

export const WIN: LegResult = { won: true, voidPermille: 0 };
export const LOSE: LegResult = { won: false, voidPermille: 0 };
export const VOID: LegResult = { won: false, voidPermille: 1000 };
export const HALF_WIN: LegResult = { won: true, voidPermille: 500 };
export const HALF_LOSE: LegResult = { won: false, voidPermille: 500 };

export type Fraction = [bigint, bigint];

/** What one unit staked on a leg at `odds` returns under `r`, as an exact fraction. */
export function legMultiplier(odds: number, r: LegResult): Fraction {
  assertOdds(odds);
  const [dhN, dhD] = r.deadHeat ?? [1, 1];
  if (!(dhN > 0 && dhD >= dhN && Number.isInteger(dhN) && Number.isInteger(dhD)))
    throw new RangeError("dead heat");
  const v = BigInt(r.voidPermille);
  const s = BigInt(ODDS_SCALE);
  // stake × void + stake × (1 − void) × (won ? odds × deadHeat : 0)
  const num = v * s * BigInt(dhD) + (r.won ? (s - v) * BigInt(odds) * BigInt(dhN) : 0n);
  return [num, s * s * BigInt(dhD)];
}

/** The return (stake included) of a parlay line: stake × Π multipliers, rounded down. */
export function lineReturn(stake: bigint, legs: ReadonlyArray<{ odds: number; result: LegResult }>): bigint {
  if (stake < 0n) throw new RangeError("stake");
  let num = stake;
  let den = 1n;
  for (const l of legs) {
    const [n, d] = legMultiplier(l.odds, l.result);
    num *= n;
    den *= d;
  }
  return num / den;
}

/** The potential return of a line if every leg wins: stake × Π odds, rounded down. */
export function potentialReturn(stake: bigint, odds: readonly number[]): bigint {
  return lineReturn(
    stake,
    odds.map((o) => ({ odds: o, result: WIN })),
  );
}

/** A system's total stake (one stake per line) and its return for the legs' results. */
export function systemStake(def: SystemDef, stakePerLine: bigint): bigint {
  return stakePerLine * BigInt(systemLines(def).length);
}

export function systemReturn(
  def: SystemDef,
  stakePerLine: bigint,
  legs: ReadonlyArray<{ odds: number; result: LegResult }>,
): bigint {
  if (legs.length !== def.selections) throw new RangeError("system legs");
  let total = 0n;
  for (const line of systemLines(def)) {
    total += lineReturn(
      stakePerLine,
      line.map((i) => legs[i] ?? { odds: ODDS_SCALE + 1, result: VOID }),
    );
  }
  return total;
}

/** The most a system can return: every leg wins. */
export function systemPotential(def: SystemDef, stakePerLine: bigint, odds: readonly number[]): bigint {
  return systemReturn(
    def,
    stakePerLine,
    odds.map((o) => ({ odds: o, result: WIN })),
  );
}
