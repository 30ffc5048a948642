import { describe, expect, it } from "vitest";
import { paylines } from "./paylines.ts";

describe("5 × 3 paylines", () => {
  it("gives a game of n lines the first n, each a row per reel within the window", () => {
    const twenty = paylines(20);
    expect(paylines(9)).toEqual(twenty.slice(0, 9));
    for (const line of twenty) {
      expect(line).toHaveLength(5);
      for (const row of line) expect([0, 1, 2]).toContain(row);
    }
    expect(new Set(twenty.map((l) => l.join(""))).size).toBe(20);
  });

  it("hands out copies, so one game cannot change another's lines", () => {
    const a = paylines(5);
    a[0]?.fill(2);
    expect(paylines(5)[0]).toEqual([1, 1, 1, 1, 1]);
  });

  it("refuses a count the set does not have", () => {
    expect(() => paylines(0)).toThrow();
    expect(() => paylines(21)).toThrow();
    expect(() => paylines(2.5)).toThrow();
  });
});
