// bench/rtp: each slot game's exact RTP (enumeration of the base game, closed form for the free
// spins), the RTP of a long simulation, the difference, and spins per second (paid and free
// spins, through the compiled hot path). By default it plays the tests' plan with the tests'
// seeds (10 million paid rounds, 20 million for the high-volatility games), so it prints what
// slot-simulation.test.ts asserts; BENCH_SPINS=<n> plays n rounds of every game instead.
// Run: npx tsx bench/rtp/index.ts   (BENCH_SPINS=1000000 for a quick look)

import { SLOT_GAMES } from "../../packages/game-math/src/games/all.ts";
import { SLOT_GAME_INFO } from "../../packages/game-math/src/games/catalog.ts";
import { SIMULATION_ROUNDS, simulate, simulationSeed } from "../../packages/game-math/src/slot-simulation.ts";
import { exactRtp } from "../../packages/game-math/src/slots.ts";
import { xoshiro128 } from "../../packages/game-math/src/xoshiro.ts";
import { loadAverage } from "../lib/figure.ts";

const override = process.env.BENCH_SPINS === undefined ? null : Number(process.env.BENCH_SPINS);
if (override !== null && (!Number.isInteger(override) || override < 1))
  throw new RangeError("BENCH_SPINS must be a positive integer");

const pct = (x: number, digits = 3) => `${(x * 100).toFixed(digits)}%`;
const rows = SLOT_GAME_INFO.flatMap((info) => {
  const game = SLOT_GAMES[info.id];
  if (!game) return [];
  const exact = exactRtp(game);
  const rounds = override ?? SIMULATION_ROUNDS[game.id] ?? 10_000_000;
  const sim = simulate(game, rounds, xoshiro128(simulationSeed(game.id)));
  const diff = (sim.rtp - exact.total) * 100;
  const row = {
    game: game.id,
    kind: game.ways ? `${info.ways ?? "?"} ways` : `${game.lines.length} lines`,
    volatility: info.volatility,
    exact: pct(exact.total),
    "base/scatter/free": `${pct(exact.base, 2)} / ${pct(exact.scatter, 2)} / ${pct(exact.freeSpins, 2)}`,
    "feature 1 in": Math.round(1 / exact.featureChance),
    rounds: rounds.toLocaleString("en"),
    simulated: pct(sim.rtp),
    "diff (pp)": `${diff >= 0 ? "+" : ""}${diff.toFixed(3)}`,
    "SE (pp)": (sim.standardError * 100).toFixed(3),
    "sd (bets)": sim.sd.toFixed(2),
    "spins/s": Math.round(sim.spins / sim.seconds).toLocaleString("en"),
  };
  console.log(`${row.game}: exact ${row.exact}, simulated ${row.simulated}, ${row["diff (pp)"]} pp`);
  return [row];
});
console.table(rows);
console.log(`load average ${loadAverage()}`);
