import { uniformInt, type WordSource } from "./uniform.ts";

/**
 * A slot engine (issue 5): reel strips, fixed paylines paying left to right, a wild that
 * substitutes for paying symbols, scatters that pay on the total bet anywhere and award free
 * spins with a multiplier (retriggerable). Pure and deterministic given a word source.
 */
export interface SlotGame {
  id: string;
  rows: number;
  reels: string[][];
  /** Each line: the row shown on each reel. */
  lines: number[][];
  /** symbol → pays for 1..N of a kind, as multiples of the line bet (index = count - 1). */
  paytable: Record<string, number[]>;
  wild: string | null;
  scatter: string | null;
  /** Scatter count → pay as a multiple of the total bet. */
  scatterPays: Record<number, number>;
  /** Scatter count → free spins awarded. */
  freeSpins: Record<number, number>;
  freeSpinMultiplier: number;
}

export interface LineWin {
  line: number;
  symbol: string;
  count: number;
  /** In line-bet units. */
  pay: number;
}
export interface SpinOutcome {
  stops: number[];
  /** window[reel][row] */
  window: string[][];
  lineWins: LineWin[];
  scatterCount: number;
  /** Total win in line-bet units, before any free-spin multiplier. */
  lineBetUnits: number;
  freeSpinsAwarded: number;
}

export function windowAt(game: SlotGame, stops: number[]): string[][] {
  return game.reels.map((strip, r) =>
    Array.from({ length: game.rows }, (_, row) => strip[((stops[r] ?? 0) + row) % strip.length] ?? ""),
  );
}

/** The best left-to-right win of one line (wilds substitute; a wild-only run pays as wilds). */
export function evaluateLine(
  game: SlotGame,
  symbols: string[],
): { symbol: string; count: number; pay: number } | null {
  let best: { symbol: string; count: number; pay: number } | null = null;
  const candidates = new Set(symbols.filter((s) => s !== game.wild && s !== game.scatter));
  if (game.wild) candidates.add(game.wild);
  for (const target of candidates) {
    let count = 0;
    for (const s of symbols) {
      if (s === target || (s === game.wild && target !== game.scatter)) count++;
      else break;
    }
    const pay = game.paytable[target]?.[count - 1] ?? 0;
    if (pay > 0 && (!best || pay > best.pay)) best = { symbol: target, count, pay };
  }
  return best;
}

export function evaluate(game: SlotGame, stops: number[]): SpinOutcome {
  const window = windowAt(game, stops);
  const lineWins: LineWin[] = [];
  game.lines.forEach((rows, line) => {
    const symbols = rows.map((row, reel) => window[reel]?.[row] ?? "");
    const w = evaluateLine(game, symbols);
    if (w) lineWins.push({ line, ...w });
  });
  const scatterCount = game.scatter ? window.filter((col) => col.includes(game.scatter ?? "")).length : 0;
  const lineUnits = lineWins.reduce((s, w) => s + w.pay, 0);
  const scatterUnits = (game.scatterPays[scatterCount] ?? 0) * game.lines.length;
  return {
    stops,
    window,
    lineWins,
    scatterCount,
    lineBetUnits: lineUnits + scatterUnits,
    freeSpinsAwarded: game.freeSpins[scatterCount] ?? 0,
  };
}

export function spin(game: SlotGame, next: WordSource): SpinOutcome {
  return evaluate(
    game,
    game.reels.map((strip) => uniformInt(next, strip.length)),
  );
}

/**
 * The exact return to player, as a fraction of the total bet, without simulation. Any one
 * line shows, on each reel, a symbol distributed as that reel's strip, independently across
 * reels, so a line's expected pay is an enumeration over per-reel symbol frequencies (symbols
 * on a reel, not stops). Scatters count reels whose window shows one (strips place at most one
 * in any window). Free spins: an award of N spins pays N × multiplier × (base return), and each
 * of those spins can award more, so the feature's value solves V = N·m·B + N·p·V.
 */
export function exactRtp(game: SlotGame): {
  base: number;
  scatter: number;
  freeSpins: number;
  total: number;
} {
  const reelFreq = game.reels.map((strip) => {
    const f = new Map<string, number>();
    for (const s of strip) f.set(s, (f.get(s) ?? 0) + 1 / strip.length);
    return [...f.entries()];
  });
  // Expected pay of one line, in line-bet units.
  let lineEv = 0;
  const walk = (reel: number, symbols: string[], p: number) => {
    if (reel === reelFreq.length) {
      lineEv += p * (evaluateLine(game, symbols)?.pay ?? 0);
      return;
    }
    for (const [s, q] of reelFreq[reel] ?? []) walk(reel + 1, [...symbols, s], p * q);
  };
  walk(0, [], 1);
  const base = lineEv; // per line bet = per unit of total bet when all lines are played

  // Scatters: P(reel r shows a scatter in its window).
  const pScatter = game.reels.map((strip) => {
    if (!game.scatter) return 0;
    let shows = 0;
    for (let stop = 0; stop < strip.length; stop++) {
      for (let row = 0; row < game.rows; row++) {
        if (strip[(stop + row) % strip.length] === game.scatter) {
          shows++;
          break;
        }
      }
    }
    return shows / strip.length;
  });
  // Distribution of the number of reels showing a scatter.
  let dist = [1];
  for (const p of pScatter) {
    const nd = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((v, k) => {
      nd[k] = (nd[k] ?? 0) + v * (1 - p);
      nd[k + 1] = (nd[k + 1] ?? 0) + v * p;
    });
    dist = nd;
  }
  const scatter = dist.reduce((s, p, k) => s + p * (game.scatterPays[k] ?? 0), 0);
  const expectedAward = dist.reduce((s, p, k) => s + p * (game.freeSpins[k] ?? 0), 0);
  // One free spin returns m × (base + scatter) and awards `expectedAward` more spins on average;
  // the value of one awarded spin is F = m(B+S) + expectedAward·F.
  const perFreeSpin = (game.freeSpinMultiplier * (base + scatter)) / (1 - expectedAward);
  const freeSpins = expectedAward * perFreeSpin;
  return { base, scatter, freeSpins, total: base + scatter + freeSpins };
}

/** Play one paid spin and all the free spins it leads to; the total win in total-bet units. */
export function playRound(game: SlotGame, next: WordSource): { win: number; spins: number } {
  const first = spin(game, next);
  let win = first.lineBetUnits / game.lines.length;
  let pending = first.freeSpinsAwarded;
  let spins = 1;
  while (pending > 0 && spins < 10_000) {
    pending--;
    spins++;
    const o = spin(game, next);
    win += (game.freeSpinMultiplier * o.lineBetUnits) / game.lines.length;
    pending += o.freeSpinsAwarded;
  }
  return { win, spins };
}
