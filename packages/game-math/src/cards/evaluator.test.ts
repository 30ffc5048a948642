import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCards } from "./deck.ts";
import { categoryOf, describeValue, evaluate7, evaluateHand } from "./evaluator.ts";
import { fiveCardValue, referenceValue } from "./evaluator-reference.ts";

const distinctCards = (n: number) => fc.uniqueArray(fc.nat({ max: 51 }), { minLength: n, maxLength: n });
const v = (s: string) => evaluateHand(parseCards(s));

describe("7-card hand evaluator", () => {
  it("agrees with the brute-force best of 21 five-card subsets on random 7-card hands", () => {
    fc.assert(
      fc.property(distinctCards(7), (cards) => {
        const [a, b, c, d, e, f, g] = cards as [number, number, number, number, number, number, number];
        expect(evaluate7(a, b, c, d, e, f, g)).toBe(referenceValue(cards));
      }),
      { numRuns: 4_000 },
    );
  });

  it("agrees with the brute force on 5 and 6 cards", () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 6 }).chain(distinctCards), (cards) => {
        expect(evaluateHand(cards)).toBe(referenceValue(cards));
      }),
      { numRuns: 5_000 },
    );
  });

  it("agrees with the brute force on hands built to hit every category", () => {
    // Random hands rarely hold quads or straight flushes: build them from few ranks or one suit.
    const fewRanks = fc.uniqueArray(fc.nat({ max: 12 }), { minLength: 2, maxLength: 3 }).chain((ranks) =>
      fc.uniqueArray(fc.nat({ max: 51 }), { minLength: 7, maxLength: 7 }).map((extra) => {
        const pool = ranks.flatMap((r) => [r, r + 13, r + 26, r + 39]);
        const cards = [...new Set([...pool.slice(0, 7), ...extra])].slice(0, 7);
        return cards;
      }),
    );
    const oneSuit = fc
      .tuple(fc.nat({ max: 3 }), fc.uniqueArray(fc.nat({ max: 12 }), { minLength: 5, maxLength: 7 }))
      .chain(([suit, ranks]) =>
        fc
          .uniqueArray(fc.nat({ max: 51 }), { minLength: 7, maxLength: 7 })
          .map((extra) => [...new Set([...ranks.map((r) => suit * 13 + r), ...extra])].slice(0, 7)),
      );
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.oneof(fewRanks, oneSuit, distinctCards(7)), (cards) => {
        const value = evaluateHand(cards);
        seen.add(categoryOf(value));
        expect(value).toBe(referenceValue(cards));
      }),
      { numRuns: 4_000 },
    );
    expect(seen.size).toBe(9);
  });

  it("finds the known counts over all 2,598,960 five-card hands, and 7,462 distinct values", () => {
    const counts = new Map<string, number>();
    const values = new Set<number>();
    const hand = [0, 0, 0, 0, 0];
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++)
            for (let e = d + 1; e < 52; e++) {
              hand[0] = a;
              hand[1] = b;
              hand[2] = c;
              hand[3] = d;
              hand[4] = e;
              const value = evaluateHand(hand);
              values.add(value);
              const k = categoryOf(value);
              counts.set(k, (counts.get(k) ?? 0) + 1);
            }
    expect(Object.fromEntries(counts)).toEqual({
      straight_flush: 40,
      four_of_a_kind: 624,
      full_house: 3_744,
      flush: 5_108,
      straight: 10_200,
      three_of_a_kind: 54_912,
      two_pair: 123_552,
      pair: 1_098_240,
      high_card: 1_302_540,
    });
    expect(values.size).toBe(7_462);
  });

  it("orders the categories and the hands within them", () => {
    const ordered = [
      "2c 3d 4h 5s 7c 8d 9h", // high card
      "2c 2d 4h 5s 7c 8d 9h", // pair
      "2c 2d 4h 4s 7c 8d 9h", // two pair
      "2c 2d 2h 5s 7c 8d 9h", // trips
      "As 2d 3h 4s 5c 9d Jh", // wheel
      "2s 3d 4h 5s 6c 9d Jh", // six-high straight
      "Ts Jd Qh Ks Ac 2d 2h", // broadway
      "2h 4h 6h 8h Th Jd Qc", // flush
      "2c 2d 2h 5s 5c 8d 9h", // full house
      "2c 2d 2h 2s 5c 8d 9h", // quads
      "Ah 2h 3h 4h 5h Kd Qc", // steel wheel
      "Th Jh Qh Kh Ah 2d 3c", // royal flush
    ].map(v);
    for (let i = 1; i < ordered.length; i++) expect(ordered[i]).toBeGreaterThan(ordered[i - 1] as number);
    expect(categoryOf(v("Ah 2h 3h 4h 5h Kd Qc"))).toBe("straight_flush");
    expect(describeValue(v("As 2d 3h 4s 5c 9d Jh"))).toBe("straight 52222");
  });

  it("decides by kickers and ties exact equals", () => {
    expect(v("Ac Ad Kh 9s 7c 4d 2h")).toBeGreaterThan(v("As Ah Qh 9c 7d 4s 2c"));
    expect(v("Ac Ad Kh 9s 7c 4d 2h")).toBe(v("As Ah Kd 9c 7d 4s 3c")); // fifth card 4 plays, 2/3 do not
    expect(v("Kc Kd 5h 5s 3c 3d Ah")).toBe(v("Ks Kh 5c 5d 2c 2h Ad")); // third pair does not play
    expect(v("Kc Kd 5h 5s 3c 3d 4h")).toBeGreaterThan(v("Ks Kh 5c 5d 2c 2h 3s")); // 4 kicker > 3
    expect(v("9c 9d 9h 4s 4c 4d Ah")).toBeGreaterThan(v("8c 8d 8h As Ac Kd Qh"));
    expect(fiveCardValue(parseCards("As 2d 3h 4s 5c"))).toBeLessThan(
      fiveCardValue(parseCards("2s 3d 4h 5s 6c")),
    );
  });

  it("refuses a repeated card or a wrong count", () => {
    expect(() => evaluateHand(parseCards("As As 2d 3h 4s 5c 6d"))).toThrow();
    expect(() => evaluateHand(parseCards("As 2d 3h 4s"))).toThrow();
  });
});
