// bench/cards/evaluator: 7-card poker hand evaluations per second on one core, through
// `evaluate7` (the card rooms' showdown path). The hands are drawn before the clock starts
// (random 7 of 52 from a fixed seed, distinct cards) so only the evaluator is timed; a
// checksum of the values keeps the work from being optimised away. Target: ≥ 5 million a second
// on one core. On a shared machine the wall-clock rate is the core's share, so the bench also
// prints the rate per CPU second the process was given (process.cpuUsage), the figure for one
// core of its own.
// Run: npx tsx bench/cards/evaluator.ts   (BENCH_HANDS=<n> hands per pass, BENCH_PASSES=<n>)
import { evaluate7 } from "../../packages/game-math/src/cards/evaluator.ts";
import { uniformInt } from "../../packages/game-math/src/uniform.ts";
import { xoshiro128 } from "../../packages/game-math/src/xoshiro.ts";
import { figure, loadAverage } from "../lib/figure.ts";

const HANDS = Number(process.env.BENCH_HANDS ?? 1_000_000);
const PASSES = Number(process.env.BENCH_PASSES ?? 10);
if (!Number.isSafeInteger(HANDS) || HANDS < 1) throw new RangeError("BENCH_HANDS must be a positive integer");

const words = xoshiro128("bench-cards-evaluator");
const cards = new Uint8Array(HANDS * 7);
const deck = Array.from({ length: 52 }, (_, i) => i);
for (let h = 0; h < HANDS; h++) {
  // A partial Fisher–Yates: the first seven places of a fresh shuffle.
  for (let i = 0; i < 7; i++) {
    const j = i + uniformInt(words, 52 - i);
    const t = deck[i] as number;
    deck[i] = deck[j] as number;
    deck[j] = t;
    cards[h * 7 + i] = deck[i] as number;
  }
}

console.log(`load before: ${loadAverage()}`);
let checksum = 0;
const rates: number[] = [];
const cpuRates: number[] = [];
for (let p = 0; p < PASSES; p++) {
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  for (let h = 0, o = 0; h < HANDS; h++, o += 7) {
    checksum =
      (checksum +
        evaluate7(
          cards[o] as number,
          cards[o + 1] as number,
          cards[o + 2] as number,
          cards[o + 3] as number,
          cards[o + 4] as number,
          cards[o + 5] as number,
          cards[o + 6] as number,
        )) |
      0;
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  rates.push(HANDS / seconds);
  cpuRates.push(HANDS / ((cpu.user + cpu.system) / 1e6));
}
const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const median = medianOf(rates);
const cpuMedian = medianOf(cpuRates);
const m = (x: number) => `${(x / 1e6).toFixed(1)} M/s`;
console.log(`${PASSES} passes of ${HANDS.toLocaleString("en")} hands (checksum ${checksum})`);
console.log(`  wall clock: median ${m(median)}, best ${m(Math.max(...rates))}`);
console.log(`  per CPU second: median ${m(cpuMedian)}, best ${m(Math.max(...cpuRates))}`);
console.log(`load after: ${loadAverage()}`);
figure("evaluations per second (median pass, wall clock)", Math.round(median), "evaluations/s", "higher");
figure("evaluations per CPU second (median pass)", Math.round(cpuMedian), "evaluations/s", "higher");
