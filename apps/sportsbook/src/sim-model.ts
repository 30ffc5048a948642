import { legMultiplier } from "@panalo/game-math/sportsbook/bets";
import { lineResult } from "@panalo/game-math/sportsbook/settle";

/**
 * The simulator's pricing model: each side's remaining score is Poisson with a rate from the
 * teams' strengths and the time left; a market's fair price comes from the distribution of the
 * final margin or total (quarter lines priced on their expected return).
 */
export function poisson(lambda: number): number[] {
  const max = Math.ceil(lambda + 6 * Math.sqrt(lambda) + 6);
  const out: number[] = [];
  let p = Math.exp(-lambda);
  // Large rates underflow exp(−λ): build from the mode in log space instead.
  if (p === 0) {
    for (let k = 0; k <= max; k++) out.push(Math.exp(-lambda + k * Math.log(lambda) - lgamma(k + 1)));
    return out;
  }
  for (let k = 0; k <= max; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

function lgamma(n: number): number {
  let s = 0;
  for (let i = 2; i < n; i++) s += Math.log(i);
  return s;
}

export interface Dist {
  margin: Map<number, number>;
  total: Map<number, number>;
  grid: Array<[number, number, number]>;
}

/** The final score's distribution from the current score and the remaining rates. */
export function finalDist(cur: [number, number], remH: number, remA: number, keepGrid: boolean): Dist {
  const ph = poisson(Math.max(remH, 1e-9));
  const pa = poisson(Math.max(remA, 1e-9));
  const margin = new Map<number, number>();
  const total = new Map<number, number>();
  const grid: Array<[number, number, number]> = [];
  for (let i = 0; i < ph.length; i++) {
    const pi = ph[i] ?? 0;
    if (pi < 1e-9) continue;
    for (let j = 0; j < pa.length; j++) {
      const p = pi * (pa[j] ?? 0);
      if (p < 1e-12) continue;
      const h = cur[0] + i;
      const a = cur[1] + j;
      margin.set(h - a, (margin.get(h - a) ?? 0) + p);
      total.set(h + a, (total.get(h + a) ?? 0) + p);
      if (keepGrid) grid.push([h, a, p]);
    }
  }
  return { margin, total, grid };
}

const clampOdds = (o: number) => Math.min(500, Math.max(1.01, o));

/** Fair decimal price of a line bet (quarters) over a distribution of margins (sign: side). */
export function lineOdds(dist: Map<number, number>, lineQ: number, sign: 1 | -1): number {
  // Expected return at odds o is a·o + b; the fair price makes it 1.
  let a = 0;
  let b = 0;
  for (const [d, p] of dist) {
    const r = lineResult(sign * d, lineQ);
    const [n1, d1] = legMultiplier(2000, r);
    const [n0, d0] = legMultiplier(1001, r);
    const m2 = Number(n1) / Number(d1);
    const m1 = Number(n0) / Number(d0);
    const slope = (m2 - m1) / 0.999;
    a += p * slope;
    b += p * (m1 - slope * 1.001);
  }
  return a <= 0 ? 500 : clampOdds((1 - b) / a);
}

export const oddsOf = (p: number) => clampOdds(1 / Math.max(p, 0.002));
