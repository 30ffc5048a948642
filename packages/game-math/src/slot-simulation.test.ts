import { describe, expect, it } from "vitest";
import { SLOT_GAMES } from "./games/all.ts";
import { SIMULATION_ROUNDS, simulate, simulationSeed } from "./slot-simulation.ts";
import { exactRtp } from "./slots.ts";
import { xoshiro128 } from "./xoshiro.ts";

// Exact RTPs between 94% and 97%, and simulations of at least ten million paid rounds
// that agree with them within 0.2 percentage points (the plan is in slot-simulation.ts).
describe("slot simulations agree with the exact RTP", () => {
  it("plans at least ten million rounds for every game", () => {
    expect(Object.keys(SIMULATION_ROUNDS).sort()).toEqual(Object.keys(SLOT_GAMES).sort());
    for (const rounds of Object.values(SIMULATION_ROUNDS)) expect(rounds).toBeGreaterThanOrEqual(10_000_000);
  });

  for (const [id, rounds] of Object.entries(SIMULATION_ROUNDS)) {
    it(`${id}: ${rounds / 1_000_000} million rounds return the exact RTP within 0.2 points`, () => {
      const game = SLOT_GAMES[id];
      if (!game) throw new Error(`no maths for ${id}`);
      const exact = exactRtp(game).total;
      expect(exact).toBeGreaterThan(0.94);
      expect(exact).toBeLessThan(0.97);
      const sim = simulate(game, rounds, xoshiro128(simulationSeed(id)));
      expect(sim.rounds).toBe(rounds);
      expect(Math.abs(sim.rtp - exact) * 100).toBeLessThan(0.2);
    }, 120_000);
  }
});
