import { describe, expect, it } from "vitest";
import { panaloGold } from "./games/panalo-gold.ts";
import { betUnits, evaluate, evaluateLine, exactRtp, playRoundDetail, type SlotGame } from "./slots.ts";
import { xoshiro128 } from "./xoshiro.ts";

/** Small games whose every stop combination can be enumerated. */
const tinyLines: SlotGame = {
  id: "tiny-lines",
  rows: 2,
  reels: [
    ["A", "B", "W", "S", "B"],
    ["B", "A", "S", "B", "W", "A"],
    ["A", "W", "B", "B", "S", "A", "B"],
  ],
  lines: [
    [0, 0, 0],
    [1, 1, 1],
    [0, 1, 0],
  ],
  paytable: { A: [0, 2, 10], B: [0, 1, 5], W: [0, 0, 30] },
  wild: "W",
  scatter: "S",
  scatterPays: { 2: 1, 3: 10 },
  freeSpins: { 2: 1, 3: 4 },
  freeSpinMultiplier: 3,
};
const tinyWays: SlotGame = {
  ...tinyLines,
  id: "tiny-ways",
  rows: 3,
  lines: [],
  ways: true,
  waysBetUnits: 5,
  freeSpins: { 3: 2 },
  freeSpinMultiplier: 2,
  reels: [
    ["A", "B", "W", "S", "B", "C"],
    ["B", "A", "S", "C", "W", "A", "B"],
    ["A", "W", "B", "C", "B", "S", "A", "B"],
  ],
  paytable: { A: [0, 2, 10], B: [0, 1, 5], C: [1, 3, 8] },
};

/** Every stop combination: the joint law of a spin's win (line-bet units) and its award. */
function enumerate(game: SlotGame): { units: number; award: number; p: number }[] {
  const out: { units: number; award: number; p: number }[] = [];
  const total = game.reels.reduce((n, strip) => n * strip.length, 1);
  const stops: number[] = [];
  const walk = (reel: number) => {
    if (reel === game.reels.length) {
      const o = evaluate(game, [...stops]);
      out.push({ units: o.lineBetUnits, award: o.freeSpinsAwarded, p: 1 / total });
      return;
    }
    for (let s = 0; s < (game.reels[reel]?.length ?? 0); s++) {
      stops[reel] = s;
      walk(reel + 1);
    }
  };
  walk(0);
  return out;
}

/**
 * The value of a paid round by value iteration on the number of pending free spins (an
 * independent method from the closed form in exactRtp): W(n) = E[m·u + W(n − 1 + award)].
 */
function roundValueByIteration(game: SlotGame, law: { units: number; award: number; p: number }[]): number {
  const cap = 200;
  let w = new Array<number>(cap + 1).fill(0);
  for (let iter = 0; iter < 400; iter++) {
    const nw = w.map((_, n) =>
      n === 0
        ? 0
        : law.reduce(
            (s, o) =>
              s + o.p * (game.freeSpinMultiplier * o.units + (w[Math.min(cap, n - 1 + o.award)] ?? 0)),
            0,
          ),
    );
    w = nw;
  }
  const paid = law.reduce((s, o) => s + o.p * (o.units + (w[o.award] ?? 0)), 0);
  return paid / betUnits(game);
}

describe("slot engine", () => {
  it("pays lines left to right with wild substitution", () => {
    const g = panaloGold;
    expect(evaluateLine(g, ["A", "A", "A", "K", "Q"])).toEqual({ symbol: "A", count: 3, pay: 18 });
    expect(evaluateLine(g, ["W", "A", "A", "A", "Q"])).toEqual({ symbol: "A", count: 4, pay: 61 });
    expect(evaluateLine(g, ["W", "W", "W", "K", "Q"])).toEqual({ symbol: "W", count: 3, pay: 102 });
    // Wilds substitute: W W W K K is five K (122), which beats the three wilds alone (102).
    expect(evaluateLine(g, ["W", "W", "W", "K", "K"])).toEqual({ symbol: "K", count: 5, pay: 122 });
    expect(evaluateLine(g, ["A", "K", "A", "A", "A"])).toBeNull();
    expect(evaluateLine(g, ["S", "S", "S", "A", "A"])).toBeNull(); // scatters pay anywhere, not on lines
  });

  it("pays ways as the product of matching cells on adjacent reels, wilds included", () => {
    // Window: reel 0 shows A B W, reel 1 shows A S C, reel 2 shows A W B.
    const o = evaluate(tinyWays, [0, 1, 0]);
    expect(o.window).toEqual([
      ["A", "B", "W"],
      ["A", "S", "C"],
      ["A", "W", "B"],
    ]);
    const a = o.lineWins.find((w) => w.symbol === "A");
    // A: 2 cells (A, W) × 1 × 2 (A, W) = 4 ways of three, 10 each.
    expect(a).toMatchObject({ line: null, count: 3, ways: 4, pay: 40 });
    expect(a?.cells).toEqual([
      [0, 0],
      [0, 2],
      [1, 0],
      [2, 0],
      [2, 1],
    ]);
    // C: only the wild on reel 0, C on reel 1, the wild on reel 2 → one way of three (8).
    expect(o.lineWins.find((w) => w.symbol === "C")).toMatchObject({ count: 3, ways: 1, pay: 8 });
    // B: B and W on reel 0, none on reel 1 → one reel, which pays nothing.
    expect(o.lineWins.find((w) => w.symbol === "B")).toBeUndefined();
    expect(o.scatterCells).toEqual([[1, 1]]);
    expect(o.lineBetUnits).toBe(48);
  });

  it("computes the exact RTP of a lines game that a full enumeration of every stop confirms", () => {
    const law = enumerate(tinyLines);
    const baseAndScatter = law.reduce((s, o) => s + o.p * o.units, 0) / betUnits(tinyLines);
    const exact = exactRtp(tinyLines);
    expect(exact.base + exact.scatter).toBeCloseTo(baseAndScatter, 12);
    expect(exact.expectedAward).toBeCloseTo(
      law.reduce((s, o) => s + o.p * o.award, 0),
      12,
    );
    expect(exact.freeSpins).toBeGreaterThan(0);
    expect(exact.total).toBeCloseTo(roundValueByIteration(tinyLines, law), 10);
  });

  it("computes the exact RTP of a ways game that a full enumeration of every stop confirms", () => {
    const law = enumerate(tinyWays);
    const exact = exactRtp(tinyWays);
    expect(exact.base + exact.scatter).toBeCloseTo(law.reduce((s, o) => s + o.p * o.units, 0) / 5, 12);
    expect(exact.total).toBeCloseTo(roundValueByIteration(tinyWays, law), 10);
  });

  it("refuses a game whose free spins would retrigger without end", () => {
    expect(() => exactRtp({ ...tinyLines, freeSpins: { 1: 3, 2: 5, 3: 9 } })).toThrow(RangeError);
  });

  it("details a round: base window, each free spin with its window and wins, and the total", () => {
    const next = xoshiro128("detail");
    // Play rounds until one leads to free spins, then check its accounting.
    for (let i = 0; i < 10_000; i++) {
      const round = playRoundDetail(tinyLines, next);
      const units =
        round.base.lineBetUnits + round.freeSpins.reduce((s, o) => s + round.multiplier * o.lineBetUnits, 0);
      expect(round.winUnits).toBe(units);
      expect(round.win).toBeCloseTo(units / 3, 12);
      const awarded = [round.base, ...round.freeSpins].reduce((s, o) => s + o.freeSpinsAwarded, 0);
      expect(round.freeSpins).toHaveLength(awarded);
      if (round.freeSpins.length > 0) {
        expect(round.multiplier).toBe(3);
        expect(round.freeSpins[0]?.window).toHaveLength(3);
        return;
      }
    }
    throw new Error("no round led to free spins");
  });
});
