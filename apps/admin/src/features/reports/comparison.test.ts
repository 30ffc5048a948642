import type { DashboardFigures } from "@panalo/contracts/admin-reports";
import { describe, expect, it } from "vitest";
import { changeOf, compareFigures } from "./comparison.ts";

const figures = (over: Partial<DashboardFigures>): DashboardFigures => ({
  deposits: "0.00",
  depositCount: 0,
  withdrawals: "0.00",
  withdrawalCount: 0,
  bets: "0.00",
  wins: "0.00",
  ggr: "0.00",
  bonuses: "0.00",
  adjustments: "0.00",
  ngr: "0.00",
  rounds: 0,
  activePlayers: 0,
  newPlayers: 0,
  firstDepositors: 0,
  ...over,
});

describe("today compared with yesterday and the last 7 days", () => {
  it("gives the change in per cent, rounded toward zero to one decimal", () => {
    expect(changeOf(1125n, 1000n)).toEqual({ text: "+12.5%", direction: "up" });
    expect(changeOf(2n, 3n)).toEqual({ text: "−33.3%", direction: "down" });
    expect(changeOf(5n, 5n)).toEqual({ text: "no change", direction: "same" });
    expect(changeOf(5n, 0n)).toEqual({ text: "new", direction: "up" });
    // A negative base (a GGR loss): moving from −100 to 50 is a rise of 150%.
    expect(changeOf(50n, -100n)).toEqual({ text: "+150.0%", direction: "up" });
  });

  it("compares each figure with yesterday and with the average day of the week before", () => {
    const today = figures({ deposits: "2000.00", rounds: 70, activePlayers: 9, newPlayers: 1 });
    const yesterday = figures({ deposits: "5000.00", rounds: 70, activePlayers: 12, newPlayers: 0 });
    const week = figures({ deposits: "7000.00", rounds: 700, activePlayers: 40, newPlayers: 14 });
    const c = compareFigures(today, yesterday, week);
    expect(c.deposits.yesterday).toEqual({
      value: "5,000.00",
      change: { text: "−60.0%", direction: "down" },
    });
    expect(c.deposits.week).toEqual({ value: "1,000.00", change: { text: "+100.0%", direction: "up" } });
    expect(c.rounds.yesterday.change.text).toBe("no change");
    expect(c.rounds.week).toEqual({ value: "100.0", change: { text: "−30.0%", direction: "down" } });
    expect(c.new.yesterday.change.text).toBe("new");
    expect(c.new.week?.change.text).toBe("−50.0%");
    // Distinct players over 7 days are not seven daily counts: no weekly average for them.
    expect(c.active.yesterday.change.text).toBe("−25.0%");
    expect(c.active.week).toBeNull();
  });
});
