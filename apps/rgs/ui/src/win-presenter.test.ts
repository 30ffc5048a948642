import type { RgsSpinOutcome } from "@panalo/contracts/rgs";
import { describe, expect, it } from "vitest";
import { isBigWin } from "./overlays.ts";
import { unitsToMinor, winSteps } from "./win-presenter.ts";

const spin = (over: Partial<RgsSpinOutcome>): RgsSpinOutcome => ({
  stops: [0, 0, 0],
  window: [["A"], ["A"], ["A"]],
  lineWins: [],
  scatterCount: 0,
  scatterCells: [],
  scatterPay: 0,
  lineBetUnits: 0,
  freeSpinsAwarded: 0,
  ...over,
});

describe("presenting a spin's wins", () => {
  it("turns line-bet units into money exactly, with the free-spin multiplier", () => {
    expect(unitsToMinor(61, 5n)).toBe(305n);
    expect(unitsToMinor(61, 5n, 3)).toBe(915n);
  });

  it("draws a line win on its payline with the line's pay", () => {
    const steps = winSteps(
      "EN",
      {
        lines: [
          [0, 0, 0],
          [1, 1, 1],
        ],
        scatter: "S",
      },
      spin({
        lineWins: [
          {
            line: 1,
            symbol: "K",
            count: 3,
            ways: 1,
            pay: 15,
            cells: [
              [0, 1],
              [1, 1],
              [2, 1],
            ],
          },
        ],
      }),
      10n,
      1,
    );
    expect(steps).toHaveLength(1);
    expect(steps[0]?.lines[0]).toMatchObject({ rows: [1, 1, 1], count: 3, label: "₱1.50" });
    expect(steps[0]?.cells).toEqual([
      { reel: 0, row: 1 },
      { reel: 1, row: 1 },
      { reel: 2, row: 1 },
    ]);
    expect(steps[0]?.text).toBe("Line 2: K ×3 = ₱1.50");
  });

  it("highlights a ways win's cells without a line and says how many ways paid", () => {
    const steps = winSteps(
      "EN",
      { lines: [], scatter: null },
      spin({
        lineWins: [
          {
            line: null,
            symbol: "ULAP",
            count: 3,
            ways: 2,
            pay: 6,
            cells: [
              [0, 0],
              [0, 2],
              [1, 0],
              [2, 1],
            ],
          },
        ],
      }),
      10n,
      2,
    );
    expect(steps[0]?.lines).toEqual([]);
    expect(steps[0]?.cells).toHaveLength(4);
    expect(steps[0]?.text).toBe("ULAP ×3 · 2 ways = ₱1.20");
  });

  it("adds a scatter step when scatters pay or award free spins", () => {
    const steps = winSteps(
      "TY",
      null,
      spin({
        scatterCount: 3,
        scatterCells: [
          [0, 0],
          [2, 0],
          [4, 0],
        ],
        scatterPay: 30,
        freeSpinsAwarded: 5,
      }),
      1n,
      1,
    );
    expect(steps).toHaveLength(1);
    expect(steps[0]?.cells).toHaveLength(3);
    expect(steps[0]?.text).toContain("Libreng ikot: 5");
  });

  it("calls a win big from 20 times the total bet", () => {
    expect(isBigWin(2000n, 100n)).toBe(true);
    expect(isBigWin(1999n, 100n)).toBe(false);
    expect(isBigWin(10n, 0n)).toBe(false);
  });
});
