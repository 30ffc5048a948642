import { describe, expect, it } from "vitest";
import { JACKPOT_TICK_MS, jackpotMinorAt } from "./jackpot.ts";

describe("the home jackpot", () => {
  const now = Date.UTC(2026, 5, 1, 12, 0, 0);

  it("is the same for every visitor at the same moment", () => {
    expect(jackpotMinorAt(now)).toBe(jackpotMinorAt(now));
  });

  it("grows by 165.11 every 3 seconds (spec §9)", () => {
    expect(jackpotMinorAt(now + JACKPOT_TICK_MS) - jackpotMinorAt(now)).toBe(16_511);
    expect(jackpotMinorAt(now + 10 * JACKPOT_TICK_MS) - jackpotMinorAt(now)).toBe(165_110);
  });

  it("does not move within one 3-second step", () => {
    const start = now - (now % JACKPOT_TICK_MS);
    expect(jackpotMinorAt(start + JACKPOT_TICK_MS - 1)).toBe(jackpotMinorAt(start));
  });

  it("stays a whole number of centavos in the millions", () => {
    const v = jackpotMinorAt(now);
    expect(Number.isSafeInteger(v)).toBe(true);
    expect(v).toBeGreaterThan(100_000_000);
  });
});
