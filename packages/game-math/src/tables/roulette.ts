import { uniformInt, type WordSource } from "../uniform.ts";
import { expectation, LOSE, type Ratio, r } from "./ratio.ts";

/**
 * European single-zero roulette: every inside bet (straight, split, street, trio,
 * corner, first four, six line) and outside bet (red/black, odd/even, low/high, dozens,
 * columns). A spot covering k numbers pays 36/k − 1 to 1, so every bet's RTP is 36/37.
 * Spots are named by kind and the numbers they cover: "straight:17", "split:17-20",
 * "street:13", "corner:13-17", "six:13", "trio:0-1-2", "first4", "red", "dozen:2", "column:3".
 */
export const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
/** The wheel's pockets clockwise from zero (for the animation and the racetrack). */
export const WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];

export interface RouletteOutcome {
  number: number;
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

function buildSpots(): Map<string, readonly number[]> {
  const m = new Map<string, readonly number[]>();
  for (let n = 0; n <= 36; n++) m.set(`straight:${n}`, [n]);
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) m.set(`split:${n}-${n + 1}`, [n, n + 1]);
    if (n <= 33) m.set(`split:${n}-${n + 3}`, [n, n + 3]);
  }
  for (const n of [1, 2, 3]) m.set(`split:0-${n}`, [0, n]);
  for (let s = 1; s <= 34; s += 3) m.set(`street:${s}`, [s, s + 1, s + 2]);
  m.set("trio:0-1-2", [0, 1, 2]);
  m.set("trio:0-2-3", [0, 2, 3]);
  for (let n = 1; n <= 32; n++) if (n % 3 !== 0) m.set(`corner:${n}-${n + 4}`, [n, n + 1, n + 3, n + 4]);
  m.set("first4", [0, 1, 2, 3]);
  for (let s = 1; s <= 31; s += 3) m.set(`six:${s}`, range(s, s + 5));
  for (const d of [1, 2, 3]) m.set(`dozen:${d}`, range(12 * d - 11, 12 * d));
  for (const c of [1, 2, 3])
    m.set(
      `column:${c}`,
      range(1, 36).filter((n) => n % 3 === c % 3),
    );
  m.set(
    "red",
    [...RED].sort((a, b) => a - b),
  );
  m.set(
    "black",
    range(1, 36).filter((n) => !RED.has(n)),
  );
  m.set(
    "odd",
    range(1, 36).filter((n) => n % 2 === 1),
  );
  m.set(
    "even",
    range(1, 36).filter((n) => n % 2 === 0),
  );
  m.set("low", range(1, 18));
  m.set("high", range(19, 36));
  return m;
}

export const ROULETTE_SPOTS: ReadonlyMap<string, readonly number[]> = buildSpots();

export const isRouletteSpot = (spot: string): boolean => ROULETTE_SPOTS.has(spot);

/** The payout "to 1" of a spot: 36 / numbers covered − 1. */
export function roulettePays(spot: string): number {
  const nums = ROULETTE_SPOTS.get(spot);
  if (!nums) throw new RangeError(`no roulette spot ${spot}`);
  return 36 / nums.length - 1;
}

export function rouletteReturn(spot: string, o: RouletteOutcome): Ratio {
  const nums = ROULETTE_SPOTS.get(spot);
  if (!nums) throw new RangeError(`no roulette spot ${spot}`);
  return nums.includes(o.number) ? r(36, nums.length) : LOSE;
}

export function spinRoulette(words: WordSource): RouletteOutcome {
  return { number: uniformInt(words, 37) };
}

/** Exact RTP by summing over the 37 pockets. */
export function rouletteRtp(spot: string): Ratio {
  return expectation(range(0, 36).map((number) => ({ weight: 1n, ratio: rouletteReturn(spot, { number }) })));
}

/**
 * The racetrack's announced bets (French call bets): each expands into ordinary chips on the
 * layout, in units of the chosen chip, so each chip is checked against its own spot's limit and
 * paid as that spot. Voisins du zéro covers the 17 pockets from 22 to 25 around zero (9 units),
 * tiers du cylindre the 12 opposite zero (6 splits), orphelins the 8 left over (5 units), jeu
 * zéro the 7 nearest zero (4 units).
 */
export type AnnouncedBet = "voisins" | "tiers" | "orphelins" | "jeu_zero";
export const ANNOUNCED: Readonly<Record<AnnouncedBet, ReadonlyArray<{ spot: string; units: number }>>> = {
  voisins: [
    { spot: "trio:0-2-3", units: 2 },
    { spot: "split:4-7", units: 1 },
    { spot: "split:12-15", units: 1 },
    { spot: "split:18-21", units: 1 },
    { spot: "split:19-22", units: 1 },
    { spot: "split:32-35", units: 1 },
    { spot: "corner:25-29", units: 2 },
  ],
  tiers: [
    { spot: "split:5-8", units: 1 },
    { spot: "split:10-11", units: 1 },
    { spot: "split:13-16", units: 1 },
    { spot: "split:23-24", units: 1 },
    { spot: "split:27-30", units: 1 },
    { spot: "split:33-36", units: 1 },
  ],
  orphelins: [
    { spot: "straight:1", units: 1 },
    { spot: "split:6-9", units: 1 },
    { spot: "split:14-17", units: 1 },
    { spot: "split:17-20", units: 1 },
    { spot: "split:31-34", units: 1 },
  ],
  jeu_zero: [
    { spot: "split:0-3", units: 1 },
    { spot: "split:12-15", units: 1 },
    { spot: "straight:26", units: 1 },
    { spot: "split:32-35", units: 1 },
  ],
};
export const ANNOUNCED_BETS = Object.keys(ANNOUNCED) as AnnouncedBet[];

/** A number and its `k` neighbours either side on the wheel: 2k + 1 straight-up chips. */
export function neighbours(n: number, k = 2): Array<{ spot: string; units: number }> {
  const i = WHEEL.indexOf(n);
  if (i < 0 || !Number.isInteger(k) || k < 0 || k > 9) throw new RangeError(`no neighbours of ${n}`);
  const out: Array<{ spot: string; units: number }> = [];
  for (let d = -k; d <= k; d++) out.push({ spot: `straight:${WHEEL[(i + d + 37) % 37]}`, units: 1 });
  return out;
}
