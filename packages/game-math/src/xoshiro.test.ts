import { describe, expect, it } from "vitest";
import { xoshiro128, xoshiro128FromState } from "./xoshiro.ts";

describe("xoshiro128**", () => {
  it("produces the reference generator's first words from the state 1, 2, 3, 4", () => {
    const next = xoshiro128FromState(1, 2, 3, 4);
    expect([next(), next(), next(), next(), next()]).toEqual([11520, 0, 5927040, 70819200, 2031721883]);
  });

  it("gives equal streams for equal seeds and different streams for different seeds", () => {
    const take = (seed: string) => {
      const next = xoshiro128(seed);
      return Array.from({ length: 8 }, () => next());
    };
    expect(take("a")).toEqual(take("a"));
    expect(take("a")).not.toEqual(take("b"));
  });

  it("answers unsigned 32-bit words", () => {
    const next = xoshiro128("words");
    for (let i = 0; i < 10_000; i++) {
      const w = next();
      expect(Number.isInteger(w) && w >= 0 && w < 2 ** 32).toBe(true);
    }
  });
});
