import { parseMoney } from "./format.ts";

/**
 * The bet per line the player may choose: the game's levels that are at least its minimum bet
 * per line (spec §9 min-bet options), sorted, without duplicates, in minor units.
 */
export function allowedLevels(betLevels: readonly string[], minBetPerLine: string): bigint[] {
  const min = parseMoney(minBetPerLine) ?? 0n;
  const seen = new Set<bigint>();
  for (const level of betLevels) {
    const minor = parseMoney(level);
    if (minor !== null && minor > 0n && minor >= min) seen.add(minor);
  }
  return [...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The index of the level to start on: the remembered one if still allowed, else the lowest. */
export function initialLevelIndex(levels: readonly bigint[], remembered: bigint | null): number {
  if (remembered === null) return 0;
  const i = levels.indexOf(remembered);
  return i >= 0 ? i : 0;
}

/** One step up or down, staying inside the list (no wrap-around: a bet never jumps by surprise). */
export function stepLevel(levels: readonly bigint[], index: number, direction: 1 | -1): number {
  if (levels.length === 0) return 0;
  return Math.min(levels.length - 1, Math.max(0, index + direction));
}

/** The total stake of a spin: bet per line × lines (a ways game's bet multiplier stands in for lines). */
export function totalBet(perLineMinor: bigint, lines: number): bigint {
  return perLineMinor * BigInt(Math.max(1, lines));
}
