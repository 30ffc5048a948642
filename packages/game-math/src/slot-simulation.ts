import { compileSlot, roundUnits } from "./slot-fast.ts";
import type { SlotGame } from "./slots.ts";
import type { WordSource } from "./uniform.ts";

/**
 * A simulation of at least ten million paid rounds per game agrees with the exact RTP
 * within 0.2 percentage points. The high-volatility games (a round's standard deviation is about
 * 3 total bets, against 1.8–2.5 for the others) play twenty million, so that 0.2 points stays
 * near three standard errors for every game. The tests and bench/rtp run this same plan.
 */
export const SIMULATION_ROUNDS: Readonly<Record<string, number>> = {
  "mango-mania": 10_000_000,
  "panalo-gold": 10_000_000,
  "sampaguita-fortune": 10_000_000,
  "tarsier-treasure": 10_000_000,
  "jeepney-rush": 20_000_000,
  "perlas-ng-silangan": 20_000_000,
};

/** The fixed seed of a game's simulation, so every run repeats the same rounds. */
export function simulationSeed(id: string): string {
  return `simulation-${id}`;
}

export interface SimulationResult {
  rounds: number;
  /** Paid spins plus free spins. */
  spins: number;
  /** Mean win per paid round as a fraction of the total bet: the simulated RTP. */
  rtp: number;
  /** Standard deviation of one round's win (total-bet units) and the RTP's standard error. */
  sd: number;
  standardError: number;
  seconds: number;
}

/** Play `rounds` paid rounds (with their free spins) and measure the return. */
export function simulate(game: SlotGame, rounds: number, next: WordSource): SimulationResult {
  const c = compileSlot(game);
  let sum = 0;
  let sumSq = 0;
  let spins = 0;
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) {
    const units = roundUnits(c, next);
    sum += units;
    sumSq += units * units;
    spins += c.lastSpins;
  }
  const seconds = (performance.now() - t0) / 1000;
  const mean = sum / rounds;
  const sdUnits = Math.sqrt(Math.max(0, sumSq / rounds - mean * mean));
  return {
    rounds,
    spins,
    rtp: mean / c.betUnits,
    sd: sdUnits / c.betUnits,
    standardError: sdUnits / c.betUnits / Math.sqrt(rounds),
    seconds,
  };
}
