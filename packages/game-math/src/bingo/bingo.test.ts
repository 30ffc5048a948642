import { describe, expect, it } from "vitest";
import { xoshiro128 } from "../xoshiro.ts";
import {
  card75,
  column90,
  dealTickets,
  drawOrder,
  playGame,
  prizeAmounts,
  splitPrize,
  strip90,
  type Ticket,
  toGo,
  validSplit,
} from "./index.ts";

const words = (seed: number) => xoshiro128(`bingo-${seed}`);

describe("90-ball strips", () => {
  it("cover 1–90 exactly once, 5 numbers a row, columns by decade, ascending (500 strips)", () => {
    for (let s = 1; s <= 500; s++) {
      const strip = strip90(words(s));
      expect(strip).toHaveLength(6);
      const all = strip.flatMap((t) => t.flat()).filter((n) => n !== 0);
      expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
      for (const t of strip) {
        expect(t).toHaveLength(3);
        for (const row of t) {
          expect(row).toHaveLength(9);
          expect(row.filter((n) => n !== 0)).toHaveLength(5);
          row.forEach((n, c) => {
            if (n !== 0) expect(column90(n)).toBe(c);
          });
        }
        for (let c = 0; c < 9; c++) {
          const col = t.map((r) => r[c] as number).filter((n) => n !== 0);
          expect(col.length).toBeGreaterThanOrEqual(1);
          expect([...col].sort((a, b) => a - b)).toEqual(col);
        }
      }
    }
  });
  it("decade columns: 1–9, 10–19 … 80–90", () => {
    expect([1, 9, 10, 19, 79, 80, 89, 90].map(column90)).toEqual([0, 0, 1, 1, 7, 8, 8, 8]);
  });
  it("a purchase of 8 tickets is a full strip and the start of a second", () => {
    const t = dealTickets("bingo90", 8, words(7));
    expect(t).toHaveLength(8);
    expect(
      new Set(
        t
          .slice(0, 6)
          .flatMap((x) => x.flat())
          .filter(Boolean),
      ).size,
    ).toBe(90);
  });
});

describe("75-ball cards", () => {
  it("columns B 1–15, I 16–30, N 31–45, G 46–60, O 61–75, distinct, free centre", () => {
    for (let s = 1; s <= 2000; s++) {
      const t = card75(words(s));
      expect(t[2]?.[2]).toBe(0);
      const nums = t.flat().filter((n) => n !== 0);
      expect(new Set(nums).size).toBe(24);
      for (let r = 0; r < 5; r++)
        for (let c = 0; c < 5; c++) {
          const n = t[r]?.[c] as number;
          if (r === 2 && c === 2) continue;
          expect(n).toBeGreaterThanOrEqual(c * 15 + 1);
          expect(n).toBeLessThanOrEqual(c * 15 + 15);
        }
    }
  });
});

describe("draw order", () => {
  it("is a permutation of 1..n and a function of the words", () => {
    const a = drawOrder("bingo90", words(3));
    expect([...a].sort((x, y) => x - y)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    expect(drawOrder("bingo90", words(3))).toEqual(a);
    expect(drawOrder("bingo75", words(3))).toHaveLength(75);
  });
});

describe("prize detection", () => {
  const t90: Ticket = [
    [1, 0, 22, 0, 44, 0, 61, 0, 85],
    [0, 12, 0, 35, 0, 52, 0, 77, 88],
    [5, 0, 27, 0, 49, 58, 0, 0, 90],
  ];
  it("90-ball: line, two lines, full house", () => {
    const called = new Set([1, 22, 44, 61]);
    expect(toGo("bingo90", t90, called, "line")).toBe(1);
    called.add(85);
    expect(toGo("bingo90", t90, called, "line")).toBe(0);
    expect(toGo("bingo90", t90, called, "two_lines")).toBe(5);
    for (const n of [5, 27, 49, 58, 90]) called.add(n);
    expect(toGo("bingo90", t90, called, "two_lines")).toBe(0);
    expect(toGo("bingo90", t90, called, "full_house")).toBe(5);
    for (const n of [12, 35, 52, 77, 88]) called.add(n);
    expect(toGo("bingo90", t90, called, "full_house")).toBe(0);
  });
  const t75: Ticket = [
    [1, 16, 31, 46, 61],
    [2, 17, 32, 47, 62],
    [3, 18, 0, 48, 63],
    [4, 19, 34, 49, 64],
    [5, 20, 35, 50, 65],
  ];
  it("75-ball: a row, a column, a diagonal through the free centre; blackout", () => {
    expect(toGo("bingo75", t75, new Set([3, 18, 48, 63]), "pattern")).toBe(0);
    expect(toGo("bingo75", t75, new Set([31, 32, 34, 35]), "pattern")).toBe(0);
    expect(toGo("bingo75", t75, new Set([1, 17, 49, 65]), "pattern")).toBe(0);
    expect(toGo("bingo75", t75, new Set([5, 19, 47, 61]), "pattern")).toBe(0);
    expect(toGo("bingo75", t75, new Set([1, 17, 49]), "pattern")).toBe(1);
    expect(toGo("bingo75", t75, new Set(t75.flat()), "blackout")).toBe(0);
    expect(toGo("bingo75", t75, new Set([1]), "blackout")).toBe(23);
  });
  it("a game is played out in prize order; simultaneous winners share a ball", () => {
    const a = t90;
    const b = t90.map((r) => [...r]); // the same numbers: always wins together with a
    const draw = [1, 22, 44, 61, 85, 5, 27, 49, 58, 90, 12, 35, 52, 77, 88];
    const g = playGame("bingo90", [a, b], draw);
    expect(g.wins).toEqual([
      { prize: "line", at: 5, tickets: [0, 1] },
      { prize: "two_lines", at: 10, tickets: [0, 1] },
      { prize: "full_house", at: 15, tickets: [0, 1] },
    ]);
    expect(g.balls).toBe(15);
  });
  it("one ball can win the line and two lines at once", () => {
    const draw = [1, 22, 44, 61, 5, 27, 49, 58, 90, 85];
    const g = playGame("bingo90", [t90], draw);
    expect(g.wins.slice(0, 2)).toEqual([
      { prize: "line", at: 9, tickets: [0] },
      { prize: "two_lines", at: 10, tickets: [0] },
    ]);
  });
  it("every game of 90-ball strips ends in a full house on ball 90 at the latest", () => {
    for (let s = 1; s <= 200; s++) {
      const tickets = dealTickets("bingo90", 6, words(s));
      const g = playGame("bingo90", tickets, drawOrder("bingo90", words(s + 1_000_000)));
      expect(g.wins.map((w) => w.prize)).toEqual(["line", "two_lines", "full_house"]);
      expect(g.balls).toBeLessThanOrEqual(90);
    }
  });
});

describe("prize money", () => {
  it("splits exactly; the remainder cents go to the first winners in ticket order", () => {
    expect(splitPrize(1000n, 3)).toEqual([334n, 333n, 333n]);
    expect(splitPrize(1001n, 3)).toEqual([334n, 334n, 333n]);
    expect(splitPrize(5n, 7)).toEqual([1n, 1n, 1n, 1n, 1n, 0n, 0n]);
    expect(splitPrize(1000n, 0)).toEqual([]);
    for (let a = 0n; a < 400n; a += 7n)
      for (let n = 1; n <= 13; n++) {
        const s = splitPrize(a, n);
        expect(s.reduce((x, y) => x + y, 0n)).toBe(a);
        expect(Number(s[0] as bigint) - Number(s[n - 1] as bigint)).toBeLessThanOrEqual(1);
      }
  });
  it("pool = sales × pool %; prizes add up to the pool, the rounding to the last prize", () => {
    const r = prizeAmounts("bingo90", 12345n, 7000, { line: 1500, two_lines: 2500, full_house: 6000 });
    expect(r.pool).toBe(8641n);
    expect(r.prizes).toEqual({ line: 1296n, two_lines: 2160n, full_house: 5185n });
    const g = prizeAmounts("bingo75", 0n, 7000, { pattern: 3000, blackout: 7000 }, 50000n);
    expect(g.pool).toBe(50000n);
    expect(g.prizes).toEqual({ pattern: 15000n, blackout: 35000n });
  });
  it("validates splits", () => {
    expect(validSplit("bingo90", { line: 1500, two_lines: 2500, full_house: 6000 })).toBe(true);
    expect(validSplit("bingo90", { line: 1500, two_lines: 2500, full_house: 5000 })).toBe(false);
    expect(validSplit("bingo75", { pattern: 3000, blackout: 7000 })).toBe(true);
    expect(validSplit("bingo75", { line: 3000, blackout: 7000 })).toBe(false);
  });
});
