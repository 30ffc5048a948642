import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contribution, DRAW_SPAN, decide, drawWins, type PoolRules, rtpContribution } from "./maths.ts";

/**
 * The exact return of the jackpot for a player who always stakes `stake`: a renewal argument
 * over one cycle, run on the very functions the pool uses (contribution, drawWins). Spin k of
 * a cycle (k = 1, 2, …) is reached with the chance that spins 1..k-1 lost; it wins with the
 * draw's chance, or surely once the pool reaches M. Return = E[paid per cycle] / E[staked].
 */
function exactRtp(rules: PoolRules, stake: bigint): number {
  const c = contribution(stake, rules.sharePpm);
  // The draw's chance, read off drawWins by bisection on the draw (its threshold).
  let lo = 0n;
  let hi = DRAW_SPAN;
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    if (drawWins(mid, stake, rules)) lo = mid + 1n;
    else hi = mid;
  }
  const p = Number(lo) / Number(DRAW_SPAN);
  let reach = 1;
  let paid = 0;
  let spins = 0;
  let pool = rules.seedAmount;
  for (;;) {
    pool += c;
    spins += reach;
    if (pool >= rules.mustDropBy) {
      paid += reach * Number(pool);
      break;
    }
    paid += reach * p * Number(pool);
    reach *= 1 - p;
  }
  return paid / (spins * Number(stake));
}

const rulesArb = fc
  .record({
    sharePpm: fc.integer({ min: 2_000, max: 50_000 }),
    seed: fc.integer({ min: 10_000_00, max: 500_000_00 }),
    // must-drop-by = seed * spanFactor
    spanFactor: fc.integer({ min: 2, max: 20 }),
  })
  .map(
    ({ sharePpm, seed, spanFactor }): PoolRules => ({
      sharePpm,
      seedAmount: BigInt(seed),
      mustDropBy: BigInt(seed) * BigInt(spanFactor),
    }),
  );

describe("the jackpot's maths", () => {
  it("contributes the share of the stake, rounded down", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.integer({ min: 1, max: 100_000 }), (b, ppm) => {
        const c = contribution(b, ppm);
        expect(c * 1_000_000n <= b * BigInt(ppm)).toBe(true);
        expect((c + 1n) * 1_000_000n > b * BigInt(ppm)).toBe(true);
      }),
    );
  });

  it("gives the stated RTP contribution: share + seed / expected stake per cycle", () => {
    fc.assert(
      fc.property(rulesArb, fc.integer({ min: 1000, max: 5000 }), (rules, spinsToDrop) => {
        // A stake that takes the pool from its seed to must-drop-by in about `spinsToDrop` spins.
        const span = rules.mustDropBy - rules.seedAmount;
        const stake = (span * 1_000_000n) / (BigInt(rules.sharePpm) * BigInt(spinsToDrop)) + 1n;
        const exact = exactRtp(rules, stake);
        const stated = rtpContribution(rules);
        // The stated figure is the small-stake limit; with a cycle of 1000 spins or more the
        // exact return (contributions rounded down included) is within 1.5 % of it.
        expect(Math.abs(exact - stated) / stated).toBeLessThan(0.015);
      }),
      { numRuns: 60, seed: 20261129 },
    );
  });

  it("wins surely once the pool with the stake's share reaches the must-drop-by amount", () => {
    const rules = { sharePpm: 10_000, seedAmount: 100_000n, mustDropBy: 200_000n };
    expect(decide(199_999n, 100n, DRAW_SPAN - 1n, rules).win).toBe("must_drop");
    expect(decide(199_998n, 100n, DRAW_SPAN - 1n, rules).win).toBe(null);
  });

  it("makes a draw under the chance win and one above it lose", () => {
    const rules = { sharePpm: 10_000, seedAmount: 100_000n, mustDropBy: 200_000n };
    // chance = 1000 * 0.01 / 100000 = 1e-4 of the draw's span
    const num = DRAW_SPAN * 10_000n * 1000n;
    const den = 1_000_000n * 100_000n;
    const edge = (num + den - 1n) / den; // the first draw that loses
    expect(drawWins(edge - 1n, 1000n, rules)).toBe(true);
    expect(drawWins(edge, 1000n, rules)).toBe(false);
  });

  it("measures the stated return over simulated play with uniform draws", () => {
    const rules = { sharePpm: 20_000, seedAmount: 50_000n, mustDropBy: 60_000n };
    // A fixed-seed generator: the figure is the same on every run.
    let x = 0x9e3779b97f4a7c15n;
    const next = () => {
      x ^= x << 13n;
      x &= (1n << 64n) - 1n;
      x ^= x >> 7n;
      x ^= x << 17n;
      x &= (1n << 64n) - 1n;
      return x >> 12n;
    };
    let pool = rules.seedAmount;
    let staked = 0n;
    let paid = 0n;
    for (let i = 0; i < 600_000; i++) {
      const stake = 100n + (next() % 400n);
      staked += stake;
      const v = decide(pool, stake, next(), rules);
      if (v.win) {
        paid += v.after;
        pool = rules.seedAmount;
      } else pool = v.after;
    }
    const measured = Number(paid) / Number(staked);
    // About 350 cycles: the measured figure is within 4 % of the stated one.
    expect(Math.abs(measured - rtpContribution(rules)) / rtpContribution(rules)).toBeLessThan(0.04);
  });
});
