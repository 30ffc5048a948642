import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  combinations,
  HALF_LOSE,
  HALF_WIN,
  type LegResult,
  LOSE,
  legMultiplier,
  lineReturn,
  NAMED_SYSTEMS,
  potentialReturn,
  systemDef,
  systemLines,
  systemPotential,
  systemReturn,
  systemStake,
  VOID,
  WIN,
} from "./bets.ts";
import { cashoutOffer, fairValue } from "./cashout.ts";
import { formatOdds, fromDecimal, ODDS_FORMATS, parseOdds, pricesWithMargin, toDecimal } from "./odds.ts";
import { lineResult, settleOutcome } from "./settle.ts";

const oddsArb = fc.integer({ min: 1001, max: 100_000 });
const resultArb = fc.constantFrom<LegResult>(WIN, LOSE, VOID, HALF_WIN, HALF_LOSE);

describe("odds formats", () => {
  it("shows hand-worked prices in every format", () => {
    expect(ODDS_FORMATS.map((f) => formatOdds(1950, f))).toEqual(["1.95", "0.95", "0.950", "-1.053"]);
    expect(ODDS_FORMATS.map((f) => formatOdds(2500, f))).toEqual(["2.50", "1.50", "-0.667", "1.500"]);
    expect(ODDS_FORMATS.map((f) => formatOdds(2000, f))).toEqual(["2.00", "1.00", "1.000", "1.000"]);
    expect(parseOdds("-0.667", "malay")).toBe(2499);
    expect(parseOdds("-1.053", "indo")).toBe(1950);
  });

  it("converts every format to decimal and back", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1.001, max: 1000, noNaN: true }),
        fc.constantFrom(...ODDS_FORMATS),
        (d, f) => {
          expect(toDecimal(fromDecimal(d, f), f)).toBeCloseTo(d, 6);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("parses a shown decimal or Hong Kong price back to the same price", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 101, max: 100_000 }).map((c) => c * 10),
        fc.constantFrom("decimal", "hk" as const),
        (o, f) => {
          expect(parseOdds(formatOdds(o, f), f)).toBe(o);
        },
      ),
    );
  });

  it("prices with a margin have an overround of about the margin", () => {
    const prices = pricesWithMargin([0.5, 0.3, 0.2], 500);
    const over = prices.reduce((s, o) => s + 1000 / o, 0);
    expect(over).toBeGreaterThan(1.049);
    expect(over).toBeLessThan(1.052);
  });
});

describe("parlays and systems", () => {
  it("counts the lines of the named systems", () => {
    const counts = Object.fromEntries(NAMED_SYSTEMS.map((s) => [s.code, systemLines(s).length]));
    expect(counts).toEqual({
      trixie: 4,
      patent: 7,
      yankee: 11,
      lucky15: 15,
      canadian: 26,
      lucky31: 31,
      heinz: 57,
      lucky63: 63,
      superheinz: 120,
      goliath: 247,
    });
    const twoOfThree = systemDef("2/3");
    expect(twoOfThree && systemLines(twoOfThree)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(systemDef("9/9")).toBeUndefined();
  });

  it("pays a Trixie at 2.00, 3.00 and 4.00, all winning: 5,000 for 400 staked", () => {
    const t = systemDef("trixie");
    if (!t) throw new Error("trixie");
    expect(systemStake(t, 100n)).toBe(400n);
    expect(systemPotential(t, 100n, [2000, 3000, 4000])).toBe(600n + 800n + 1200n + 2400n);
  });

  it("pays a Yankee at 2.00 each with one loser: three doubles and a treble", () => {
    const y = systemDef("yankee");
    if (!y) throw new Error("yankee");
    const legs = [WIN, WIN, WIN, LOSE].map((result) => ({ odds: 2000, result }));
    expect(systemReturn(y, 100n, legs)).toBe(3n * 400n + 800n);
  });

  it("pays a three-leg parlay with a void leg as the double of the others", () => {
    expect(
      lineReturn(1000n, [
        { odds: 1900, result: WIN },
        { odds: 2500, result: VOID },
        { odds: 1500, result: WIN },
      ]),
    ).toBe(2850n);
  });

  it("pays half-wins, half-losses and dead heats", () => {
    expect(lineReturn(1000n, [{ odds: 1900, result: HALF_WIN }])).toBe(1450n);
    expect(lineReturn(1000n, [{ odds: 1900, result: HALF_LOSE }])).toBe(500n);
    expect(lineReturn(100n, [{ odds: 5000, result: { won: true, voidPermille: 0, deadHeat: [1, 2] } }])).toBe(
      250n,
    );
  });

  it("a system whose legs are all void returns its stake; all winning, the sum of its lines", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NAMED_SYSTEMS),
        fc.bigInt({ min: 1n, max: 1_000_000n }),
        fc.array(oddsArb, { minLength: 8, maxLength: 8 }),
        (def, stake, odds) => {
          const legs = odds.slice(0, def.selections);
          expect(
            systemReturn(
              def,
              stake,
              legs.map((o) => ({ odds: o, result: VOID })),
            ),
          ).toBe(systemStake(def, stake));
          const sum = systemLines(def).reduce(
            (s, line) =>
              s +
              potentialReturn(
                stake,
                line.map((i) => legs[i] ?? 0),
              ),
            0n,
          );
          expect(systemPotential(def, stake, legs)).toBe(sum);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("never returns more than the potential return, nor less than nothing", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.array(fc.tuple(oddsArb, resultArb), { minLength: 1, maxLength: 12 }),
        (stake, legs) => {
          const r = lineReturn(
            stake,
            legs.map(([odds, result]) => ({ odds, result })),
          );
          expect(r >= 0n).toBe(true);
          expect(
            r <=
              potentialReturn(
                stake,
                legs.map(([o]) => o),
              ),
          ).toBe(true);
        },
      ),
    );
  });

  it("combinations are C(n, k) distinct ascending picks", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), (n, k) => {
        const c = combinations(n, k);
        const choose = (a: number, b: number): number =>
          b > a ? 0 : b === 0 ? 1 : (choose(a - 1, b - 1) * a) / b;
        expect(c.length).toBe(Math.round(choose(n, k)));
        expect(new Set(c.map((x) => x.join())).size).toBe(c.length);
      }),
    );
  });
});

describe("settling markets", () => {
  it("settles Asian quarter lines into half-wins and half-losses", () => {
    // Home −0.25 on a draw: half the stake pushes (0), half loses (−0.5).
    expect(settleOutcome("handicap", -1, "home", { home: 1, away: 1 })).toEqual(HALF_LOSE);
    expect(settleOutcome("handicap", -1, "away", { home: 1, away: 1 })).toEqual(HALF_WIN);
    // Home −0.75 winning by one: half wins (−0.5), half pushes (−1).
    expect(settleOutcome("handicap", -3, "home", { home: 2, away: 1 })).toEqual(HALF_WIN);
    expect(settleOutcome("handicap", -3, "home", { home: 3, away: 1 })).toEqual(WIN);
    expect(settleOutcome("handicap", -4, "home", { home: 2, away: 1 })).toEqual(VOID);
    // Over 2.25 with two goals: half loses (2.0 push, 2.5 lose); three goals win.
    expect(settleOutcome("total", 9, "over", { home: 1, away: 1 })).toEqual(HALF_LOSE);
    expect(settleOutcome("total", 9, "under", { home: 1, away: 1 })).toEqual(HALF_WIN);
    expect(settleOutcome("total", 11, "over", { home: 2, away: 1 })).toEqual(HALF_WIN);
    expect(settleOutcome("total", 10, "under", { home: 2, away: 0 })).toEqual(WIN);
  });

  it("settles 1X2, moneyline and correct score", () => {
    expect(settleOutcome("1x2", null, "draw", { home: 0, away: 0 })).toEqual(WIN);
    expect(settleOutcome("moneyline", null, "home", { home: 2, away: 2 })).toEqual(VOID);
    expect(settleOutcome("correct_score", null, "2:1", { home: 2, away: 1 })).toEqual(WIN);
  });

  it("a quarter line pays the average of the lines either side", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -8, max: 8 }),
        fc.integer({ min: -20, max: 20 }).map((q) => q * 2 + 1),
        oddsArb,
        (margin, q, odds) => {
          const m = (r: LegResult) => legMultiplier(odds, r);
          const [n, d] = m(lineResult(margin, q));
          const [n1, d1] = m(lineResult(margin, q - 1));
          const [n2, d2] = m(lineResult(margin, q + 1));
          expect(n * 2n * d1 * d2).toBe((n1 * d2 + n2 * d1) * d);
        },
      ),
    );
  });

  it("the two sides of a handicap or total never both win", () => {
    fc.assert(
      fc.property(fc.nat(9), fc.nat(9), fc.integer({ min: -20, max: 20 }), (h, a, q) => {
        const s = { home: h, away: a };
        for (const [kind, x, y] of [
          ["handicap", "home", "away"],
          ["total", "over", "under"],
        ] as const) {
          const r1 = settleOutcome(kind, kind === "total" ? Math.abs(q) : q, x, s);
          const r2 = settleOutcome(kind, kind === "total" ? Math.abs(q) : q, y, s);
          expect(r1.won && r1.voidPermille === 0 && r2.won && r2.voidPermille === 0).toBe(false);
        }
      }),
    );
  });
});

describe("cash-out", () => {
  it("offers 95 for a 100 single at 2.00 on an even market with a 5% margin", () => {
    expect(
      cashoutOffer(100n, [{ state: "open", odds: 2000, outcome: 0, marketOdds: [2000, 2000] }], 500),
    ).toBe(95n);
  });

  it("never offers more than the fair value, nor more than the potential return", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        fc.array(fc.tuple(oddsArb, fc.array(oddsArb, { minLength: 2, maxLength: 3 }), fc.boolean()), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.integer({ min: 0, max: 3000 }),
        (stake, legs, margin) => {
          const cl = legs.map(([odds, market, settled]) =>
            settled
              ? { state: "settled" as const, odds, result: WIN }
              : { state: "open" as const, odds, outcome: 0, marketOdds: market },
          );
          const offer = cashoutOffer(stake, cl, margin);
          const [n, d] = fairValue(stake, cl);
          expect(offer * d <= n).toBe(true);
          expect(
            offer <=
              potentialReturn(
                stake,
                legs.map(([o]) => o),
              ),
          ).toBe(true);
        },
      ),
    );
  });
});
