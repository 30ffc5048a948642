import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  combinationKey,
  commitment,
  drawNumber,
  drawResult,
  drawTimes,
  exposures,
  GAMES,
  maxPrize,
  orderings,
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

  it("pays every bet type of every game kind (hand-worked)", () => {
    // 2D (EZ2) straight ₱20 on 31-1 at 4,000×; the reverse order does not win.
    expect(prize(g("2D"), "straight", [31, 1], [31, 1], 2_000n, { straight: 4000 })).toBe(8_000_000n);
    expect(prize(g("2D"), "straight", [31, 1], [1, 31], 2_000n, { straight: 4000 })).toBe(0n);
    // 2D rambolito on 5-9: two orderings, 4,000 ÷ 2 = 2,000 per unit.
    expect(prize(g("2D"), "rambolito", [5, 9], [9, 5], 1_000n, { straight: 4000 })).toBe(2_000_000n);
    // 4D straight ₱10 at 10,000×; rambolito 24 on 1-2-3-4 pays 10,000 ÷ 24 (floored to centavos).
    expect(prize(g("4D"), "straight", [1, 2, 3, 4], [1, 2, 3, 4], 1_000n, { straight: 10_000 })).toBe(
      10_000_000n,
    );
    expect(prize(g("4D"), "rambolito", [1, 2, 3, 4], [4, 3, 2, 1], 1_000n, { straight: 10_000 })).toBe(
      416_666n,
    );
    // E3D-1 is 3D maths: rambolito 3 on 0-0-9.
    expect(prize(g("E3D-1"), "rambolito", [0, 0, 9], [9, 0, 0], 500n, { straight: 4500 })).toBe(750_000n);
    // A pick bet on a digits game, or a straight bet on a pick game, never pays.
    expect(prize(g("3D"), "pick", [1, 2, 3], [1, 2, 3], 1_000n, { straight: 4500 })).toBe(0n);
    const pick = { matches: { 6: 3_000_000, 5: 20_000, 4: 400, 3: 10 } };
    const line = [3, 14, 22, 30, 41, 44];
    expect(prize(g("6/45"), "straight", line, line, 2_000n, pick)).toBe(0n);
    // 6/45 ₱20: 6 matches, 5, 4, 3, and 2 (no prize).
    expect(prize(g("6/45"), "pick", line, [3, 14, 22, 30, 41, 44], 2_000n, pick)).toBe(6_000_000_000n);
    expect(prize(g("6/45"), "pick", line, [3, 14, 22, 30, 41, 45], 2_000n, pick)).toBe(40_000_000n);
    expect(prize(g("6/45"), "pick", line, [1, 14, 22, 30, 41, 45], 2_000n, pick)).toBe(800_000n);
    expect(prize(g("6/45"), "pick", line, [1, 2, 22, 30, 41, 45], 2_000n, pick)).toBe(20_000n);
    expect(prize(g("6/45"), "pick", line, [1, 2, 5, 30, 41, 45], 2_000n, pick)).toBe(0n);
    // A game without a prize for the bet type pays nothing.
    expect(prize(g("3D"), "straight", [1, 2, 3], [1, 2, 3], 1_000n, {})).toBe(0n);
  });

  it("lists a rambolito's winning orderings: 6, 3, and 1 for a triple (not a valid rambolito)", () => {
    expect(orderings([1, 2, 3]).map((o) => o.join(""))).toEqual(["123", "132", "213", "231", "312", "321"]);
    expect(orderings([1, 1, 3]).map((o) => o.join(""))).toEqual(["113", "131", "311"]);
    expect(orderings([7, 7, 7])).toEqual([[7, 7, 7]]);
    expect(validSelection(g("3D"), "rambolito", [1, 1, 3])).toBe(true);
    expect(validSelection(g("2D"), "rambolito", [4, 4])).toBe(false);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 4 }), (sel) => {
        expect(orderings(sel)).toHaveLength(permutations(sel));
        expect(new Set(orderings(sel).map((o) => o.join())).size).toBe(permutations(sel));
      }),
    );
  });

  it("measures what a bet risks per combination", () => {
    const t = { straight: 4500 };
    expect(exposures(g("3D"), "straight", [1, 2, 3], 1_000n, t)).toEqual([
      { key: "1-2-3", payout: 4_500_000n },
    ]);
    const ramb = exposures(g("3D"), "rambolito", [1, 1, 3], 1_000n, t);
    expect(ramb.map((e) => e.key)).toEqual(["1-1-3", "1-3-1", "3-1-1"]);
    expect(ramb.every((e) => e.payout === 1_500_000n)).toBe(true);
    const pick = { matches: { 6: 1_000_000, 5: 2000 } };
    expect(exposures(g("6/42"), "pick", [42, 1, 7, 3, 9, 20], 2_000n, pick)).toEqual([
      { key: "1-3-7-9-20-42", payout: 2_000_000_000n },
    ]);
    expect(combinationKey(g("2D"), [31, 1])).toBe("31-1");
    expect(maxPrize(g("6/42"), "pick", [1, 2, 3, 4, 5, 6], 2_000n, pick)).toBe(2_000_000_000n);
    expect(maxPrize(g("3D"), "rambolito", [1, 2, 3], 1_000n, t)).toBe(750_000n);
  });

  it("lands every weekday schedule of a year at 21:00 Manila on its weekdays", () => {
    const from = new Date("2026-01-01T00:00:00+08:00");
    const to = new Date("2027-01-01T00:00:00+08:00");
    // 2026 starts on a Thursday: 53 Thursdays, 52 of every other weekday.
    const cases: Array<[string, number[], number]> = [
      ["6/42", [2, 4, 6], 157],
      ["6/45", [1, 3, 5], 156],
      ["6/49", [2, 4, 0], 157],
      ["6/55", [1, 3, 6], 156],
      ["6/58", [2, 5, 0], 156],
      ["4D", [1, 3, 5], 156],
    ];
    for (const [code, weekdays, n] of cases) {
      const times = drawTimes({ kind: "weekly", weekdays, time: "21:00" }, from, to);
      expect(times, code).toHaveLength(n);
      for (const d of times) {
        const manila = new Date(d.getTime() + 8 * 3_600_000);
        expect(weekdays).toContain(manila.getUTCDay());
        expect(manila.toISOString().slice(11, 19)).toBe("21:00:00");
      }
      const days = new Set(times.map((d) => drawNumber(g(code), d).split("-")[1]));
      expect(days.size).toBe(n); // one draw a day at most
    }
    // 2D and 3D: 14:00, 17:00 and 21:00 every day, numbered by Manila date and time.
    const daily = drawTimes({ kind: "daily", times: ["14:00", "17:00", "21:00"] }, from, to);
    expect(new Set(daily.map((d) => drawNumber(g("3D"), d))).size).toBe(365 * 3);
    expect(drawNumber(g("3D"), daily[0] ?? from)).toBe("3D-20260101-1400");
    expect(drawNumber(g("2D"), daily.at(-1) ?? from)).toBe("2D-20261231-2100");
    // The fast games: every 1 and 5 minutes around the clock.
    const day = [new Date("2026-11-22T00:00:00+08:00"), new Date("2026-11-23T00:00:00+08:00")] as const;
    expect(drawTimes({ kind: "every", minutes: 1 }, ...day)).toHaveLength(1440);
    expect(drawTimes({ kind: "every", minutes: 5 }, ...day)).toHaveLength(288);
    expect(drawNumber(g("E3D-1"), new Date("2026-11-22T13:01:00Z"))).toBe("E3D-1-20261122-2101");
  });

  it("verify refuses a wrong seed and a tampered result", () => {
    const seed = "11".repeat(32);
    const r = drawResult(g("6/49"), seed, "649-20260101-2100");
    const hash = commitment(seed);
    expect(verifyResult(g("6/49"), seed, "649-20260101-2100", { hash, result: r })).toBe(true);
    expect(verifyResult(g("6/49"), "12".repeat(32), "649-20260101-2100", { hash, result: r })).toBe(false);
    const tampered = [...r.slice(0, 5), r[5] === 49 ? 48 : 49];
    expect(verifyResult(g("6/49"), seed, "649-20260101-2100", { hash, result: tampered })).toBe(false);
    // The same seed on another draw gives another result: a seed cannot be reused to match.
    expect(drawResult(g("6/49"), seed, "649-20260102-2100")).not.toEqual(r);
  });
});
