import { randomBytes } from "node:crypto";
import { simulateTable, TABLE_GAME_KINDS, TABLE_MATH } from "@panalo/game-math/tables/index";
import { xoshiro128 } from "@panalo/game-math/xoshiro";

/**
 * Ten million rounds of every table game, one unit on every spot (roulette: one
 * spot of each kind), against the exact RTP. `npx tsx bench/tables/rtp.ts [rounds] [games]`.
 * A spot fails if it is further than 4 standard errors from the exact value.
 */
const rounds = Number(process.argv[2] ?? 10_000_000);
/** Optional: the games to play, comma separated (default all). */
const only = process.argv[3]?.split(",");
const seed = process.env.SEED ?? randomBytes(8).toString("hex");
console.log(`seed ${seed}, ${rounds.toLocaleString("en")} rounds per game`);
let bad = 0;
for (const kind of TABLE_GAME_KINDS.filter((k) => !only || only.includes(k))) {
  const math = TABLE_MATH[kind];
  const spots =
    kind === "roulette"
      ? [
          "straight:17",
          "split:0-1",
          "street:4",
          "trio:0-1-2",
          "corner:1-5",
          "first4",
          "six:31",
          "dozen:3",
          "column:1",
          "red",
          "odd",
          "high",
        ]
      : undefined;
  const t0 = Date.now();
  for (const s of simulateTable(math, rounds, xoshiro128(`${seed}-${kind}`), spots)) {
    const tol = (4 * s.sd) / Math.sqrt(s.rounds);
    const ok = Math.abs(s.rtp - s.exact) <= tol;
    if (!ok) bad++;
    console.log(
      `${kind.padEnd(13)} ${s.spot.padEnd(12)} exact ${(s.exact * 100).toFixed(4)}%  simulated ${(s.rtp * 100).toFixed(4)}%  ±${((tol * 100) / 4).toFixed(4)} (1 s.e.)  ${ok ? "ok" : "OUTSIDE 4 s.e."}`,
    );
  }
  console.log(`${kind}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
process.exitCode = bad ? 1 : 0;
