import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { panaloGold } from "./games/panalo-gold.ts";
import { evaluate, evaluateLine, exactRtp, playRound, type SlotGame } from "./slots.ts";

/** A deterministic word source for simulations (HMAC-SHA256 counter mode). */
function words(seed: string): () => number {
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + 4 > block.length) {
      block = createHmac("sha256", seed).update(String(counter++)).digest();
      offset = 0;
    }
    const w = block.readUInt32BE(offset);
    offset += 4;
    return w;
  };
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

  it("computes the exact RTP that a full enumeration of every stop confirms (small game)", () => {
    const tiny: SlotGame = {
      id: "tiny",
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
      freeSpins: {},
      freeSpinMultiplier: 1,
    };
    let sum = 0;
    let n = 0;
    for (let a = 0; a < 5; a++)
      for (let b = 0; b < 6; b++)
        for (let c = 0; c < 7; c++) {
          sum += evaluate(tiny, [a, b, c]).lineBetUnits / tiny.lines.length;
          n++;
        }
    const exact = exactRtp(tiny);
    expect(exact.freeSpins).toBe(0);
    expect(exact.total).toBeCloseTo(sum / n, 12);
  });

  it("Panalo Gold returns between 94% and 97%, and a simulation agrees within three standard errors", () => {
    const exact = exactRtp(panaloGold).total;
    expect(exact).toBeGreaterThan(0.94);
    expect(exact).toBeLessThan(0.97);
    const next = words("panalo-gold-sim");
    const rounds = 200_000;
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < rounds; i++) {
      const { win } = playRound(panaloGold, next);
      sum += win;
      sumSq += win * win;
    }
    const mean = sum / rounds;
    const sd = Math.sqrt(sumSq / rounds - mean * mean);
    expect(Math.abs(mean - exact)).toBeLessThan((3 * sd) / Math.sqrt(rounds));
  }, 60_000);
});
