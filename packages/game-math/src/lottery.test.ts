import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  commitment,
  drawNumber,
  drawResult,
  drawTimes,
  GAMES,
  permutations,
  prize,
  validSelection,
  verifyResult,
} from "./lottery.ts";

const g = (code: string) => {
  const game = GAMES[code];
  if (!game) throw new Error(code);
  return game;
};

describe("lottery maths", () => {
  it("counts rambolito orderings: 6 for three different digits, 3 with a repeat, 1 for a triple", () => {
    expect(permutations([1, 2, 3])).toBe(6);
    expect(permutations([1, 1, 3])).toBe(3);
    expect(permutations([7, 7, 7])).toBe(1);
    expect(permutations([1, 2, 3, 4])).toBe(24);
    expect(permutations([1, 1, 2, 2])).toBe(6);
  });

  it("pays hand-worked examples", () => {
    const table = { straight: 4500 };
    // ₱10 straight on 1-2-3 against 1-2-3 pays 10 × 4,500.
    expect(prize(g("3D"), "straight", [1, 2, 3], [1, 2, 3], 1_000n, table)).toBe(4_500_000n);
    expect(prize(g("3D"), "straight", [1, 2, 3], [3, 2, 1], 1_000n, table)).toBe(0n);
    // Rambolito 6 on 1-2-3: any order pays 4,500 ÷ 6 = 750 per unit.
    expect(prize(g("3D"), "rambolito", [1, 2, 3], [3, 1, 2], 1_000n, table)).toBe(750_000n);
    // Rambolito 3 on 1-1-3: 4,500 ÷ 3 = 1,500 per unit.
    expect(prize(g("3D"), "rambolito", [1, 1, 3], [1, 3, 1], 1_000n, table)).toBe(1_500_000n);
    expect(prize(g("3D"), "rambolito", [1, 1, 3], [1, 3, 3], 1_000n, table)).toBe(0n);
    // 6/42 with 4 matches pays the 4-match multiplier.
    const pick = { matches: { 6: 1_000_000, 5: 2000, 4: 50, 3: 10 } };
    expect(prize(g("6/42"), "pick", [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 40, 41], 2_000n, pick)).toBe(100_000n);
    expect(prize(g("6/42"), "pick", [1, 2, 3, 4, 5, 6], [10, 20, 30, 40, 41, 42], 2_000n, pick)).toBe(0n);
  });

  it("validates selections per game and bet type", () => {
    expect(validSelection(g("3D"), "straight", [0, 9, 9])).toBe(true);
    expect(validSelection(g("3D"), "rambolito", [7, 7, 7])).toBe(false); // one ordering: not a rambolito
    expect(validSelection(g("3D"), "straight", [10, 1, 1])).toBe(false);
    expect(validSelection(g("2D"), "straight", [31, 1])).toBe(true);
    expect(validSelection(g("2D"), "straight", [0, 1])).toBe(false);
    expect(validSelection(g("6/42"), "pick", [1, 2, 3, 4, 5, 5])).toBe(false);
    expect(validSelection(g("6/42"), "pick", [1, 2, 3, 4, 5, 43])).toBe(false);
  });

  it("draws results in range, deterministic from the seed, verifiable by anyone (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(GAMES)),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (code, bytes) => {
          const game = g(code);
          const seed = Buffer.from(bytes).toString("hex");
          const r = drawResult(game, seed, "D1");
          expect(r).toHaveLength(game.count);
          if (game.kind === "pick") {
            expect(new Set(r).size).toBe(game.count);
            expect(r.every((v) => v >= 1 && v <= game.max)).toBe(true);
          } else {
            const lo = game.max === 9 ? 0 : 1;
            expect(r.every((v) => v >= lo && v <= game.max)).toBe(true);
          }
          expect(drawResult(game, seed, "D1")).toEqual(r);
          expect(verifyResult(game, seed, "D1", { hash: commitment(seed), result: r })).toBe(true);
          const other = randomBytes(32).toString("hex");
          expect(verifyResult(game, other, "D1", { hash: commitment(seed), result: r })).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("spreads 3D digits evenly (chi-square over 30,000 draws)", () => {
    const counts = new Array<number>(10).fill(0);
    const seed = "ab".repeat(32);
    for (let i = 0; i < 10_000; i++)
      for (const d of drawResult(g("3D"), seed, `N${i}`)) counts[d] = (counts[d] ?? 0) + 1;
    const expected = 3_000;
    const chi = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(27.88); // 9 degrees of freedom, p = 0.001
  });

  it("lands every draw of a year at its Manila time", () => {
    const from = new Date("2026-01-01T00:00:00+08:00");
    const to = new Date("2027-01-01T00:00:00+08:00");
    const daily = drawTimes({ kind: "daily", times: ["14:00", "17:00", "21:00"] }, from, to);
    expect(daily).toHaveLength(365 * 3);
    expect(daily.every((d) => ["06:00", "09:00", "13:00"].includes(d.toISOString().slice(11, 16)))).toBe(
      true,
    );
    // 6/42 on Tuesday, Thursday and Saturday at 21:00 Manila.
    const weekly = drawTimes({ kind: "weekly", weekdays: [2, 4, 6], time: "21:00" }, from, to);
    expect(weekly).toHaveLength(157); // 2026 starts on a Thursday: 53 Thursdays, 52 Tuesdays and Saturdays
    expect(weekly.every((d) => [2, 4, 6].includes(new Date(d.getTime() + 8 * 3_600_000).getUTCDay()))).toBe(
      true,
    );
    const fast = drawTimes(
      { kind: "every", minutes: 3 },
      new Date("2026-11-22T00:00:00Z"),
      new Date("2026-11-23T00:00:00Z"),
    );
    expect(fast).toHaveLength(480);
    expect(drawNumber(g("6/42"), weekly[0] ?? from)).toBe("642-20260101-2100");
  });
});
