import { compileSlot, roundUnits } from "./slot-fast.ts";
import { betUnits, evaluateLine } from "./slot-lines.ts";
import { exactSlotRtp, type SlotRtp } from "./slot-rtp.ts";
import { uniformInt, type WordSource } from "./uniform.ts";

export { betUnits, evaluateLine };

/**
 * A slot engine: reel strips, fixed paylines paying left to right or "ways" (every
 * combination of adjacent reels from the left), a wild that substitutes for paying symbols,
 * scatters that pay on the total bet anywhere and award free spins with a multiplier
 * (retriggerable). Pure and deterministic given a word source. Every pay is an integer number
 * of line bets, so a caller turns a win into money exactly: `BigInt(units) * lineBetMinor`.
 */
export interface SlotGame {
  id: string;
  rows: number;
  reels: string[][];
  /** Each line: the row shown on each reel. Empty for a ways game. */
  lines: number[][];
  /**
   * Ways game: instead of lines, every symbol pays for each combination of adjacent reels from
   * the left showing it (or a wild); the bet is `waysBetUnits` line bets ("coins").
   */
  ways?: boolean;
  waysBetUnits?: number;
  /**
   * symbol → pays for 1..N of a kind, in line bets (index = count - 1). In a ways game this is
   * the pay of one way; a wild only substitutes there (it has no pay of its own).
   */
  paytable: Record<string, number[]>;
  wild: string | null;
  scatter: string | null;
  /** Scatter count → pay as a multiple of the total bet. */
  scatterPays: Record<number, number>;
  /** Scatter count → free spins awarded. */
  freeSpins: Record<number, number>;
  /** Every win of a free spin (lines, ways and scatters) is multiplied by this. */
  freeSpinMultiplier: number;
}

/** A reel index and a row index, left to right and top to bottom from 0. */
export type Cell = readonly [reel: number, row: number];

export interface LineWin {
  /** The payline's index, or null for a ways win. */
  line: number | null;
  symbol: string;
  /** Reels from the left that the win covers. */
  count: number;
  /** Combinations paid: 1 on a line; the product of matching cells per reel for ways. */
  ways: number;
  /** In line-bet units (for ways: pay of one way × ways). */
  pay: number;
  /** The winning cells (for ways: every matching cell of the covered reels). */
  cells: Cell[];
}

export interface SpinOutcome {
  stops: number[];
  /** window[reel][row] */
  window: string[][];
  lineWins: LineWin[];
  scatterCount: number;
  scatterCells: Cell[];
  /** The scatter pay in line-bet units (total-bet multiple × bet units). */
  scatterPay: number;
  /** Total win in line-bet units, before any free-spin multiplier. */
  lineBetUnits: number;
  freeSpinsAwarded: number;
}

export function windowAt(game: SlotGame, stops: number[]): string[][] {
  return game.reels.map((strip, r) =>
    Array.from({ length: game.rows }, (_, row) => strip[((stops[r] ?? 0) + row) % strip.length] ?? ""),
  );
}

function lineWins(game: SlotGame, window: string[][]): LineWin[] {
  const wins: LineWin[] = [];
  game.lines.forEach((rows, line) => {
    const w = evaluateLine(
      game,
      rows.map((row, reel) => window[reel]?.[row] ?? ""),
    );
    if (!w) return;
    const cells = rows.slice(0, w.count).map((row, reel): Cell => [reel, row]);
    wins.push({ line, ...w, ways: 1, cells });
  });
  return wins;
}

/** Ways: each paying symbol pays (pay of its run length) × (product of matching cells per reel). */
function waysWins(game: SlotGame, window: string[][]): LineWin[] {
  const wins: LineWin[] = [];
  for (const [symbol, pays] of Object.entries(game.paytable)) {
    if (symbol === game.wild || symbol === game.scatter) continue;
    let ways = 1;
    const cells: Cell[] = [];
    let count = 0;
    for (const column of window) {
      const matching = column.flatMap((s, row): Cell[] =>
        s === symbol || s === game.wild ? [[count, row]] : [],
      );
      if (matching.length === 0) break;
      ways *= matching.length;
      cells.push(...matching);
      count++;
    }
    const pay = (pays[count - 1] ?? 0) * ways;
    if (count > 0 && pay > 0) wins.push({ line: null, symbol, count, ways, pay, cells });
  }
  return wins;
}

export function evaluate(game: SlotGame, stops: number[]): SpinOutcome {
  const window = windowAt(game, stops);
  const wins = game.ways ? waysWins(game, window) : lineWins(game, window);
  const scatterCells: Cell[] = [];
  window.forEach((column, reel) => {
    column.forEach((s, row) => {
      if (s === game.scatter) scatterCells.push([reel, row]);
    });
  });
  // Scatters count the reels showing one, whatever the rows.
  const scatterCount = new Set(scatterCells.map(([reel]) => reel)).size;
  const scatterPay = (game.scatterPays[scatterCount] ?? 0) * betUnits(game);
  return {
    stops,
    window,
    lineWins: wins,
    scatterCount,
    scatterCells,
    scatterPay,
    lineBetUnits: wins.reduce((s, w) => s + w.pay, 0) + scatterPay,
    freeSpinsAwarded: game.freeSpins[scatterCount] ?? 0,
  };
}

export function drawStops(game: SlotGame, next: WordSource): number[] {
  return game.reels.map((strip) => uniformInt(next, strip.length));
}

export function spin(game: SlotGame, next: WordSource): SpinOutcome {
  return evaluate(game, drawStops(game, next));
}

/** A bound on one round's free spins ("put a limit on everything"); never reached in practice. */
export const MAX_FREE_SPINS = 10_000;

export interface RoundDetail {
  base: SpinOutcome;
  /** Every free spin in play order; each one's wins are multiplied by `multiplier`. */
  freeSpins: SpinOutcome[];
  multiplier: number;
  /** The whole round's win in line-bet units (an integer). */
  winUnits: number;
  /** The whole round's win as a multiple of the total bet. */
  win: number;
}

/** Play one paid spin and all the free spins it leads to, with everything a UI draws. */
export function playRoundDetail(game: SlotGame, next: WordSource): RoundDetail {
  const base = spin(game, next);
  const freeSpins: SpinOutcome[] = [];
  let winUnits = base.lineBetUnits;
  let pending = base.freeSpinsAwarded;
  while (pending > 0 && freeSpins.length < MAX_FREE_SPINS) {
    pending--;
    const o = spin(game, next);
    freeSpins.push(o);
    winUnits += game.freeSpinMultiplier * o.lineBetUnits;
    pending += o.freeSpinsAwarded;
  }
  return { base, freeSpins, multiplier: game.freeSpinMultiplier, winUnits, win: winUnits / betUnits(game) };
}

/**
 * Play one paid round for a simulation: the same draws and pays as `playRoundDetail`, through a
 * compiled, allocation-free copy of the game. The win is in total-bet units.
 */
export function playRound(game: SlotGame, next: WordSource): { win: number; spins: number } {
  const c = compileSlot(game);
  const units = roundUnits(c, next);
  return { win: units / c.betUnits, spins: c.lastSpins };
}

/** The exact return to player as a fraction of the total bet (see slot-rtp.ts). */
export function exactRtp(game: SlotGame): SlotRtp {
  return exactSlotRtp(game);
}
