import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CockfightSide, commissionOf, oddsOf, type PoolBet, poolsOf, settleFight } from "./index.ts";

const RULES = { plasadaBp: 500, drawPaysX100: 800 };

const betArb = fc.record({
  side: fc.constantFrom<CockfightSide>("meron", "wala", "draw"),
  stake: fc.bigInt({ min: 1n, max: 5_000_000n }),
});
const betsArb = fc
  .array(betArb, { minLength: 0, maxLength: 60 })
  .map((xs): PoolBet[] => xs.map((b, i) => ({ id: `b${i}`, ...b })));
const rulesArb = fc.record({
  plasadaBp: fc.integer({ min: 0, max: 2000 }),
  drawPaysX100: fc.integer({ min: 100, max: 1000 }),
});
const sum = (xs: Iterable<bigint>) => [...xs].reduce((a, b) => a + b, 0n);

describe("pari-mutuel settlement", () => {
  it("a win shares exactly the pool less the commission, to the centavo (random pools)", () => {
    fc.assert(
      fc.property(
        betsArb,
        rulesArb,
        fc.constantFrom<"meron" | "wala">("meron", "wala"),
        (bets, rules, side) => {
          const s = settleFight(bets, side, rules);
          const pools = poolsOf(bets);
          if (pools[side] === 0n) {
            // Nobody to share with: meron and wala bets go back, draw bets lose.
            expect(s.refunded).toBe(true);
            for (const b of bets) expect(s.wins.get(b.id)).toBe(b.side === "draw" ? 0n : b.stake);
            return;
          }
          const winners = bets.filter((b) => b.side === side);
          const paid = sum(winners.map((b) => s.wins.get(b.id) ?? -1n));
          expect(s.commission).toBe(commissionOf(pools, side, rules.plasadaBp));
          expect(s.shared).toBe(pools.meron + pools.wala - s.commission);
          expect(paid + s.remainder).toBe(s.shared);
          expect(s.remainder >= 0n && s.remainder < BigInt(winners.length)).toBe(true);
          for (const b of bets) {
            const w = s.wins.get(b.id) ?? -1n;
            if (b.side !== side) expect(w).toBe(0n);
            // Pro rata, rounded down, and never less than the stake (the commission's cap).
            else {
              expect(w).toBe((b.stake * s.shared) / pools[side]);
              expect(w >= b.stake).toBe(true);
            }
          }
          // Nothing is made up: payouts + commission + remainder + the draw pool kept = all stakes.
          expect(sum(s.wins.values()) + s.commission + s.remainder + pools.draw).toBe(
            pools.meron + pools.wala + pools.draw,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it("a draw pays draw bets the fixed multiple and returns meron and wala bets", () => {
    fc.assert(
      fc.property(betsArb, rulesArb, (bets, rules) => {
        const s = settleFight(bets, "draw", rules);
        expect(s.commission).toBe(0n);
        for (const b of bets)
          expect(s.wins.get(b.id)).toBe(
            b.side === "draw" ? (b.stake * BigInt(rules.drawPaysX100)) / 100n : b.stake,
          );
      }),
    );
  });

  it("a cancelled fight returns every bet", () => {
    fc.assert(
      fc.property(betsArb, rulesArb, (bets, rules) => {
        const s = settleFight(bets, "cancelled", rules);
        expect(s.commission + s.remainder).toBe(0n);
        for (const b of bets) expect(s.wins.get(b.id)).toBe(b.stake);
      }),
    );
  });

  it("a worked example: 5% plasada, remainders to the house", () => {
    const bets: PoolBet[] = [
      { id: "a", side: "meron", stake: 10_000n },
      { id: "b", side: "meron", stake: 20_001n },
      { id: "c", side: "wala", stake: 15_000n },
      { id: "d", side: "draw", stake: 1_000n },
    ];
    const s = settleFight(bets, "meron", RULES);
    // Pool 45,001; plasada 5% = 2,250 (rounded down); shared 42,751 over 30,001 on meron.
    expect(s.commission).toBe(2250n);
    expect(s.shared).toBe(42751n);
    expect(s.wins.get("a")).toBe(14249n); // 10000 * 42751 / 30001 = 14249.85…
    expect(s.wins.get("b")).toBe(28501n); // 20001 * 42751 / 30001 = 28501.14…
    expect(s.remainder).toBe(1n);
    expect(s.wins.get("c")).toBe(0n);
    expect(s.wins.get("d")).toBe(0n);
    expect(s.oddsPaid).toBe(142n);
  });
});

describe("live odds", () => {
  it("what one peso returns on each side moves with the pools", () => {
    const o = oddsOf({ meron: 10_000n, wala: 30_000n, draw: 0n }, RULES);
    // Pool 40,000 less 5% = 38,000: meron 3.80, wala 1.26; draw fixed 8.00.
    expect(o).toEqual({ meron: 380n, wala: 126n, draw: 800n });
    expect(oddsOf({ meron: 0n, wala: 500n, draw: 0n }, RULES).meron).toBeNull();
  });

  it("a side's odds are never below 1.00 and match what a settlement pays per peso", () => {
    fc.assert(
      fc.property(betsArb, rulesArb, (bets, rules) => {
        const pools = poolsOf(bets);
        const o = oddsOf(pools, rules);
        for (const side of ["meron", "wala"] as const) {
          const odds = o[side];
          if (pools[side] === 0n) expect(odds).toBeNull();
          else {
            expect(odds !== null && odds >= 100n).toBe(true);
            expect(settleFight(bets, side, rules).oddsPaid).toBe(odds);
          }
        }
      }),
    );
  });
});
