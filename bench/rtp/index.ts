// bench/rtp: each slot game's exact RTP (enumeration, exact free-spin method), the RTP of a
// long simulation (BENCH_SPINS paid rounds, default 10 million), and spins per second.
// Run: npx tsx bench/rtp/index.ts
import { createHmac } from "node:crypto";
import { panaloGold } from "../../packages/game-math/src/games/panalo-gold.ts";
import { exactRtp, playRound } from "../../packages/game-math/src/slots.ts";

const ROUNDS = Number(process.env.BENCH_SPINS ?? 10_000_000);
const GAMES = [panaloGold];

function words(seed: string): () => number {
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + 4 > block.length) {
      block = createHmac("sha256", seed).update(String(counter++)).digest();
      offset = 0;
    }
    const w = block.readUInt32BE(offset);
    offset += 4;
    return w;
  };
}

for (const game of GAMES) {
  const exact = exactRtp(game);
  const next = words(`bench-${game.id}`);
  let sum = 0;
  let sumSq = 0;
  let spins = 0;
  const t0 = performance.now();
  for (let i = 0; i < ROUNDS; i++) {
    const r = playRound(game, next);
    sum += r.win;
    sumSq += r.win * r.win;
    spins += r.spins;
  }
  const seconds = (performance.now() - t0) / 1000;
  const mean = sum / ROUNDS;
  const se = Math.sqrt(sumSq / ROUNDS - mean * mean) / Math.sqrt(ROUNDS);
  console.log(
    `${game.id}: exact RTP ${(exact.total * 100).toFixed(3)}% (base ${(exact.base * 100).toFixed(2)}%, scatter ${(exact.scatter * 100).toFixed(2)}%, free spins ${(exact.freeSpins * 100).toFixed(2)}%); ` +
      `simulated ${(mean * 100).toFixed(3)}% ± ${(se * 100).toFixed(3)} over ${ROUNDS.toLocaleString("en")} rounds; ` +
      `difference ${((mean - exact.total) * 100).toFixed(3)} pp; ${Math.round(spins / seconds).toLocaleString("en")} spins/s`,
  );
}
