import { describe, expect, it } from "vitest";
import { allowedLevels, initialLevelIndex, stepLevel, totalBet } from "./bet-levels.ts";

describe("bet levels", () => {
  it("never offers a bet per line below the game's minimum", () => {
    expect(allowedLevels(["0.01", "0.05", "0.10", "0.50", "1.00"], "0.1")).toEqual([10n, 50n, 100n]);
  });

  it("sorts the levels and drops duplicates and unreadable values", () => {
    expect(allowedLevels(["1.00", "0.50", "0.5", "abc", "0.00"], "0.01")).toEqual([50n, 100n]);
  });

  it("steps up and down one level and stops at both ends", () => {
    const levels = [1n, 5n, 10n];
    expect(stepLevel(levels, 0, 1)).toBe(1);
    expect(stepLevel(levels, 2, 1)).toBe(2);
    expect(stepLevel(levels, 1, -1)).toBe(0);
    expect(stepLevel(levels, 0, -1)).toBe(0);
  });

  it("starts on the remembered level when it is still allowed, else on the lowest", () => {
    expect(initialLevelIndex([1n, 5n, 10n], 5n)).toBe(1);
    expect(initialLevelIndex([1n, 5n, 10n], 7n)).toBe(0);
    expect(initialLevelIndex([1n, 5n, 10n], null)).toBe(0);
  });

  it("multiplies the bet per line by the lines for the total bet", () => {
    expect(totalBet(5n, 20)).toBe(100n);
    expect(totalBet(75n, 15)).toBe(1125n);
  });
});
