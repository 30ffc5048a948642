import type { SlotGame } from "./slots.ts";
import type { WordSource } from "./uniform.ts";

/**
 * A slot game compiled to typed arrays so that a simulation of tens of millions of rounds
 * allocates nothing per spin: symbols are small integers, pays are a flat table. It computes the
 * same wins as `evaluate` in slots.ts (a property test holds the two equal) and draws the same
 * words, so a simulated round and a played round with the same words agree.
 */
export interface CompiledSlot {
  reels: number;
  rows: number;
  /** Each strip with its first `rows - 1` symbols repeated at the end, so a window never wraps. */
  strips: Int32Array[];
  lengths: Int32Array;
  /** Words at or above limits[reel] are rejected, exactly as `uniformInt` does. */
  limits: Float64Array;
  symbols: number;
  wild: number;
  scatter: number;
  /** pay[symbol * reels + count - 1], line-bet units. */
  pay: Float64Array;
  /** Symbols with any pay (ways games loop over these only). */
  paying: Int32Array;
  /** lines[line * reels + reel] = the window index (reel * rows + row) the line shows there. */
  lines: Int32Array;
  lineCount: number;
  ways: boolean;
  betUnits: number;
  /** By scatter count: pay in line-bet units, free spins awarded. */
  scatterPay: Float64Array;
  awards: Int32Array;
  multiplier: number;
  /** Scratch space, rewritten by every spin. */
  stops: Int32Array;
  window: Int32Array;
  counts: Int32Array;
  lastAward: number;
  lastSpins: number;
}

const WORDS = 0x1_0000_0000;
const EMPTY = new Int32Array(0);
const cache = new WeakMap<SlotGame, CompiledSlot>();

export function compileSlot(game: SlotGame): CompiledSlot {
  const cached = cache.get(game);
  if (cached) return cached;
  for (const strip of game.reels) {
    // A window shows `rows` consecutive stops; a shorter strip would show one stop twice.
    if (strip.length < game.rows || strip.length > WORDS)
      throw new RangeError(`${game.id}: a strip needs ${game.rows} to 2^32 stops`);
  }
  const names = [...new Set([...game.reels.flat(), ...Object.keys(game.paytable)])];
  const index = new Map(names.map((s, i) => [s, i]));
  const reels = game.reels.length;
  const pay = new Float64Array(names.length * reels);
  names.forEach((s, i) => {
    // In a ways game a wild only substitutes (slots.ts); scatters pay through `scatterPay`.
    if (s === game.scatter || (game.ways && s === game.wild)) return;
    for (let k = 0; k < reels; k++) pay[i * reels + k] = game.paytable[s]?.[k] ?? 0;
  });
  const betUnits = game.ways ? (game.waysBetUnits ?? 1) : game.lines.length;
  const scatterPay = new Float64Array(reels + 1);
  const awards = new Int32Array(reels + 1);
  for (let k = 0; k <= reels; k++) {
    scatterPay[k] = (game.scatterPays[k] ?? 0) * betUnits;
    awards[k] = game.freeSpins[k] ?? 0;
  }
  const compiled: CompiledSlot = {
    reels,
    rows: game.rows,
    strips: game.reels.map((strip) =>
      Int32Array.from([...strip, ...strip.slice(0, game.rows - 1)], (s) => index.get(s) ?? -1),
    ),
    lengths: Int32Array.from(game.reels, (strip) => strip.length),
    limits: Float64Array.from(game.reels, (strip) => WORDS - (WORDS % strip.length)),
    symbols: names.length,
    wild: game.wild === null ? -1 : (index.get(game.wild) ?? -1),
    scatter: game.scatter === null ? -1 : (index.get(game.scatter) ?? -1),
    pay,
    paying: Int32Array.from(
      names.flatMap((_, i) => (pay.subarray(i * reels, (i + 1) * reels).some((p) => p > 0) ? [i] : [])),
    ),
    lines: Int32Array.from(game.lines.flatMap((rows) => rows.map((row, reel) => reel * game.rows + row))),
    lineCount: game.ways ? 0 : game.lines.length,
    ways: game.ways === true,
    betUnits,
    scatterPay,
    awards,
    multiplier: game.freeSpinMultiplier,
    stops: new Int32Array(reels),
    window: new Int32Array(reels * game.rows),
    counts: new Int32Array(reels * names.length),
    lastAward: 0,
    lastSpins: 0,
  };
  cache.set(game, compiled);
  return compiled;
}

function lineUnits(c: CompiledSlot): number {
  const { reels, window: w, wild, scatter, pay, lines } = c;
  let total = 0;
  for (let line = 0; line < c.lineCount; line++) {
    const base = line * reels;
    let wildRun = 0;
    while (wildRun < reels && w[lines[base + wildRun] ?? 0] === wild) wildRun++;
    let win = 0;
    if (wildRun < reels) {
      const target = w[lines[base + wildRun] ?? 0] ?? -1;
      if (target !== scatter) {
        let count = wildRun + 1;
        while (count < reels) {
          const s = w[lines[base + count] ?? 0];
          if (s !== target && s !== wild) break;
          count++;
        }
        win = pay[target * reels + count - 1] ?? 0;
      }
    }
    if (wildRun > 0) {
      const wildPay = pay[wild * reels + wildRun - 1] ?? 0;
      if (wildPay > win) win = wildPay;
    }
    total += win;
  }
  return total;
}

function waysUnits(c: CompiledSlot): number {
  const { reels, rows, window: w, wild, symbols, counts, pay, paying } = c;
  counts.fill(0);
  for (let i = 0; i < reels * rows; i++) {
    const at = ((i / rows) | 0) * symbols + (w[i] ?? 0);
    counts[at] = (counts[at] ?? 0) + 1;
  }
  let total = 0;
  for (let i = 0; i < paying.length; i++) {
    const s = paying[i] ?? 0;
    let ways = 1;
    let count = 0;
    while (count < reels) {
      const n = (counts[count * symbols + s] ?? 0) + (wild >= 0 ? (counts[count * symbols + wild] ?? 0) : 0);
      if (n === 0) break;
      ways *= n;
      count++;
    }
    if (count > 0) total += (pay[s * reels + count - 1] ?? 0) * ways;
  }
  return total;
}

/** The win of the stops in `c.stops`, in line-bet units; sets `c.lastAward`. */
export function spinUnitsAt(c: CompiledSlot): number {
  const { reels, rows, strips, stops, window: w, scatter } = c;
  let scatters = 0;
  for (let r = 0; r < reels; r++) {
    const strip = strips[r] ?? EMPTY;
    const stop = stops[r] ?? 0;
    let shows = 0;
    for (let row = 0; row < rows; row++) {
      const s = strip[stop + row] ?? -1;
      w[r * rows + row] = s;
      if (s === scatter) shows = 1;
    }
    scatters += shows;
  }
  c.lastAward = c.awards[scatters] ?? 0;
  return (c.ways ? waysUnits(c) : lineUnits(c)) + (c.scatterPay[scatters] ?? 0);
}

/**
 * Draws each reel's stop as `uniformInt` does (reject words at or above the largest multiple of
 * the strip length, then take the remainder), without its argument checks: `next` here is a
 * simulation generator of 32-bit words and the lengths were checked when the game compiled.
 */
function spinUnits(c: CompiledSlot, next: WordSource): number {
  const { limits, lengths, stops } = c;
  for (let r = 0; r < c.reels; r++) {
    const limit = limits[r] ?? WORDS;
    let word = next();
    while (word >= limit) word = next();
    stops[r] = word % (lengths[r] ?? 1);
  }
  return spinUnitsAt(c);
}

/** One paid round and its free spins, in line-bet units; sets `c.lastSpins`. */
export function roundUnits(c: CompiledSlot, next: WordSource): number {
  let units = spinUnits(c, next);
  let pending = c.lastAward;
  let spins = 1;
  // The same bound as MAX_FREE_SPINS in slots.ts (10 000 free spins).
  while (pending > 0 && spins <= 10_000) {
    pending--;
    spins++;
    units += c.multiplier * spinUnits(c, next);
    pending += c.lastAward;
  }
  c.lastSpins = spins;
  return units;
}
