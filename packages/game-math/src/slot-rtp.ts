import { betUnits, evaluateLine } from "./slot-lines.ts";
import type { SlotGame } from "./slots.ts";

export interface SlotRtp {
  /** Line or ways wins of a paid spin, as a fraction of the total bet. */
  base: number;
  /** Scatter pays of a paid spin. */
  scatter: number;
  /** Everything won in the free spins a paid spin leads to. */
  freeSpins: number;
  total: number;
  /** Probability that a spin awards free spins, and the mean number it awards. */
  featureChance: number;
  expectedAward: number;
}

/** The symbols each window of a reel shows, one entry per stop. */
function reelWindows(game: SlotGame, strip: string[]): string[][] {
  return strip.map((_, stop) =>
    Array.from({ length: game.rows }, (_, row) => strip[(stop + row) % strip.length] ?? ""),
  );
}

/**
 * Lines: any one line shows, on each reel, a symbol distributed as that reel's strip,
 * independently across reels, so a line's expected pay is an enumeration over per-reel symbol
 * frequencies (symbols on a reel, not stops). Every line has the same expectation.
 */
function linesReturn(game: SlotGame): number {
  const reelFreq = game.reels.map((strip) => {
    const f = new Map<string, number>();
    for (const s of strip) f.set(s, (f.get(s) ?? 0) + 1 / strip.length);
    return [...f.entries()];
  });
  let lineEv = 0;
  const symbols: string[] = [];
  const walk = (reel: number, p: number) => {
    if (reel === reelFreq.length) {
      lineEv += p * (evaluateLine(game, symbols)?.pay ?? 0);
      return;
    }
    for (const [s, q] of reelFreq[reel] ?? []) {
      symbols[reel] = s;
      walk(reel + 1, p * q);
    }
  };
  walk(0, 1);
  return (lineEv * game.lines.length) / betUnits(game);
}

/**
 * Ways: a symbol covering exactly reels 0..k-1 pays pay[k-1] × c_0 × … × c_{k-1}, where c_r is
 * the number of cells of reel r showing it or a wild, and needs c_k = 0. Reels stop
 * independently, so E[c_0 ⋯ c_{k-1} · 1(c_k = 0)] = E[c_0] ⋯ E[c_{k-1}] · P(c_k = 0), each factor
 * from a full enumeration of that reel's stops.
 */
function waysReturn(game: SlotGame): number {
  const windows = game.reels.map((strip) => reelWindows(game, strip));
  let total = 0;
  for (const [symbol, pays] of Object.entries(game.paytable)) {
    if (symbol === game.wild || symbol === game.scatter) continue;
    const mean: number[] = [];
    const none: number[] = [];
    for (const reel of windows) {
      let sum = 0;
      let zero = 0;
      for (const w of reel) {
        const c = w.filter((s) => s === symbol || s === game.wild).length;
        sum += c;
        if (c === 0) zero++;
      }
      mean.push(sum / reel.length);
      none.push(zero / reel.length);
    }
    let product = 1;
    for (let k = 1; k <= windows.length; k++) {
      product *= mean[k - 1] ?? 0;
      total += (pays[k - 1] ?? 0) * product * (k < windows.length ? (none[k] ?? 0) : 1);
    }
  }
  return total / betUnits(game);
}

/** The distribution of the number of reels whose window shows a scatter. */
function scatterCountDistribution(game: SlotGame): number[] {
  let dist = [1];
  for (const strip of game.reels) {
    const shows = reelWindows(game, strip).filter((w) => game.scatter !== null && w.includes(game.scatter));
    const p = shows.length / strip.length;
    const nd = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((v, k) => {
      nd[k] = (nd[k] ?? 0) + v * (1 - p);
      nd[k + 1] = (nd[k + 1] ?? 0) + v * p;
    });
    dist = nd;
  }
  return dist;
}

/**
 * The exact return to player, as a fraction of the total bet, without simulation. Base game by
 * enumeration (above); scatters by the exact distribution of reels showing one. Free spins: a
 * free spin returns m × (B + S) and awards A more spins on average, so the value of one awarded
 * spin solves F = m(B + S) + A·F, i.e. F = m(B + S) / (1 − A), and a paid spin adds A·F.
 */
export function exactSlotRtp(game: SlotGame): SlotRtp {
  const base = game.ways ? waysReturn(game) : linesReturn(game);
  const dist = scatterCountDistribution(game);
  const scatter = dist.reduce((s, p, k) => s + p * (game.scatterPays[k] ?? 0), 0);
  const expectedAward = dist.reduce((s, p, k) => s + p * (game.freeSpins[k] ?? 0), 0);
  const featureChance = dist.reduce((s, p, k) => s + ((game.freeSpins[k] ?? 0) > 0 ? p : 0), 0);
  // With A ≥ 1 the feature would never end on average: such a game has no finite return.
  if (expectedAward >= 1) throw new RangeError(`${game.id}: free spins retrigger without end`);
  const perFreeSpin = (game.freeSpinMultiplier * (base + scatter)) / (1 - expectedAward);
  const freeSpins = expectedAward * perFreeSpin;
  return { base, scatter, freeSpins, total: base + scatter + freeSpins, featureChance, expectedAward };
}
