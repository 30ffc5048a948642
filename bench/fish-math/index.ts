// bench/fish-math: 10 million shots of one bet each through the fish game's real decision path
// (HMAC-SHA256 words in plain TypeScript, exact rational kill probabilities) at a mix of targets,
// and the measured return against the stated RTP. Targets: every normal kind and boss, chosen in
// proportion to how often it swims by divided by its multiplier (cheap fish are shot at more, as
// players do), plus bombs and lightning fish taken from a real room at mid-crossing with what
// they would take there. Prints shots per second, the measured RTP, its standard error and the
// load average; the measured RTP must lie within ±0.2 percentage points of the stated one.
// Run: npx tsx bench/fish-math/index.ts   (BENCH_SHOTS=<n>, BENCH_RTP_BP=9500|9650|9700,
// BENCH_SEED=<text> appended to every seed for another sample)

import { shooter } from "../../packages/game-math/src/fish/fair.ts";
import { FISH_KINDS, rtpOf } from "../../packages/game-math/src/fish/kinds.ts";
import { spawnAt, targetAt } from "../../packages/game-math/src/fish/paths.ts";
import { killTotal, type Target } from "../../packages/game-math/src/fish/probability.ts";
import { toNumber } from "../../packages/game-math/src/fish/rational.ts";
import { uniformInt } from "../../packages/game-math/src/uniform.ts";
import { xoshiro128 } from "../../packages/game-math/src/xoshiro.ts";
import { figure, loadAverage } from "../lib/figure.ts";

const SHOTS = Number(process.env.BENCH_SHOTS ?? 10_000_000);
const RTP_BP = Number(process.env.BENCH_RTP_BP ?? 9650);
const SEED = process.env.BENCH_SEED ?? "";
if (!Number.isSafeInteger(SHOTS) || SHOTS < 1) throw new RangeError("BENCH_SHOTS must be a positive integer");
const rtp = toNumber(rtpOf(RTP_BP));

// Special fish as they swim in a real room, each with what it would take at mid-crossing.
const ROOM_SEED = `bench-fish-room${SEED}`;
const specials: Target[] = [];
for (let i = 0; specials.length < 400; i++) {
  const s = spawnAt(ROOM_SEED, i);
  const type = FISH_KINDS.find((k) => k.id === s.kindId)?.type;
  if (type === "bomb" || type === "lightning") specials.push(targetAt(ROOM_SEED, i, s.at + s.duration / 2));
}

// The mix, in thousandths of a shot weight: normal kinds by spawn weight / multiplier, bosses
// and specials at fixed small shares.
const mix: { target: () => Target; weight: number; special?: true }[] = [];
const pick = xoshiro128(`bench-fish-targets${SEED}`);
for (const k of FISH_KINDS) {
  if (k.type === "normal")
    mix.push({ target: () => ({ kindId: k.id }), weight: Math.round((1000 * k.spawnWeight) / k.multiplier) });
  if (k.type === "boss") mix.push({ target: () => ({ kindId: k.id }), weight: 20 });
}
mix.push({
  target: () => specials[uniformInt(pick, specials.length)] ?? { kindId: 1 },
  weight: 400,
  special: true,
});
const totalWeight = mix.reduce((s, m) => s + m.weight, 0);

// Expected payout per shot is the RTP whatever the target; its variance is Σ share × (RTP × T − RTP²).
let variance = 0;
for (const m of mix) {
  const share = m.weight / totalWeight;
  if (m.special) {
    const mean = specials.reduce((s, t) => s + rtp * killTotal(t) - rtp * rtp, 0) / specials.length;
    variance += share * mean;
  } else variance += share * (rtp * killTotal(m.target()) - rtp * rtp);
}

const shoot = shooter(`bench-fish-server-seed${SEED}`, "bench-fish-client-seed", RTP_BP);
let paid = 0;
let paidSquares = 0;
let hits = 0;
const t0 = performance.now();
for (let nonce = 0; nonce < SHOTS; nonce++) {
  let u = uniformInt(pick, totalWeight);
  let target: Target = { kindId: 1 };
  for (const m of mix) {
    if (u < m.weight) {
      target = m.target();
      break;
    }
    u -= m.weight;
  }
  const r = shoot(nonce, String(nonce), target);
  paid += r.paid;
  paidSquares += r.paid * r.paid;
  if (r.hit) hits++;
}
const seconds = (performance.now() - t0) / 1000;

const measured = paid / SHOTS;
const se = Math.sqrt(variance / SHOTS);
// The same from the shots themselves: a check on the variance computed from the mix.
const seMeasured = Math.sqrt((paidSquares / SHOTS - measured * measured) / SHOTS);
const diffPp = (measured - rtp) * 100;
console.log(
  `shots ${SHOTS.toLocaleString("en")} at RTP ${(rtp * 100).toFixed(2)}%, ${hits.toLocaleString("en")} kills`,
);
console.log(`measured RTP ${(measured * 100).toFixed(4)}%, ${diffPp >= 0 ? "+" : ""}${diffPp.toFixed(4)} pp`);
console.log(
  `standard error ${(se * 100).toFixed(4)} pp (${(diffPp / (se * 100)).toFixed(2)} SE), from the shots ${(seMeasured * 100).toFixed(4)} pp`,
);
console.log(`${seconds.toFixed(1)} s, ${Math.round(SHOTS / seconds).toLocaleString("en")} shots/s`);
console.log(`load average ${loadAverage()}`);
figure("fish shots per second", Math.round(SHOTS / seconds), "shots/s", "higher");
figure("fish RTP difference", Number(Math.abs(diffPp).toFixed(4)), "pp", "lower");
if (Math.abs(diffPp) > 0.2) {
  console.error(`measured RTP is ${diffPp.toFixed(4)} pp from the stated RTP (limit ±0.2 pp)`);
  process.exitCode = 1;
}
