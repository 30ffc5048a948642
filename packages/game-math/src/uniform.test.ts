import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { uniformInt } from "./uniform.ts";

function wordsFrom(list: number[]): () => number {
  let i = 0;
  return () => {
    const w = list[i % list.length];
    i += 1;
    return w ?? 0;
  };
}

describe("uniformInt", () => {
  it("always answers inside [0, n)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 32 }),
        fc.array(fc.nat({ max: 2 ** 32 - 1 }), { minLength: 1 }),
        (n, words) => {
          // A list made only of rejected words would loop; append a word that is always accepted.
          const v = uniformInt(wordsFrom([...words, 0]), n);
          return Number.isInteger(v) && v >= 0 && v < n;
        },
      ),
    );
  });

  it("rejects the biased tail instead of folding it onto low values", () => {
    // n = 3: 2^32 % 3 = 1, so the single word 2^32 - 1 is rejected and the next word is used.
    expect(uniformInt(wordsFrom([2 ** 32 - 1, 5]), 3)).toBe(2);
  });

  it("maps every residue equally over a full cycle of accepted words", () => {
    const n = 7;
    const counts = new Array<number>(n).fill(0);
    for (let w = 0; w < 7 * 1000; w++) {
      const r = uniformInt(() => w, n);
      counts[r] = (counts[r] ?? 0) + 1;
    }
    expect(new Set(counts)).toEqual(new Set([1000]));
  });

  it("refuses a range it cannot serve", () => {
    expect(() => uniformInt(() => 0, 0)).toThrow(RangeError);
    expect(() => uniformInt(() => 0, 1.5)).toThrow(RangeError);
  });
});
