// bench/loyalty: (1) the added p99 of the provider debit/credit path with loyalty bookkeeping
// (points, missions, VIP) running, against the plain path (target: within 5 ms);
// (2) the daily VIP review for 100,000 members (target: under 30 s on the 2-core machine).
// Loyalty adds nothing to provider_move itself: after a credit commits, the platform notes the
// round in memory (loyalty/live.ts noteSettled, timed here as part of the credit) and a worker
// accrues the noted rounds at once; the minute job reads settled rounds set-based. (1) measures
// debits/credits with both running beside them (the job back to back, the worstcase), and the
// live lag: a credit's commit until its round is accrued (points, missions, VIP).
// Run: npx tsx bench/loyalty/index.ts   (BENCH_PG, BENCH_OPS, BENCH_CONCURRENCY, BENCH_VIP_MEMBERS)
import pg from "pg";
import { members } from "../../apps/server/src/db/schema/members.ts";
import type { AppContext } from "../../apps/server/src/lib/context.ts";
import { memoryStore } from "../../apps/server/src/lib/shared-store.ts";
import { accrue } from "../../apps/server/src/modules/loyalty/accrue.ts";
import { liveAccrualIdle, noteSettled } from "../../apps/server/src/modules/loyalty/live.ts";
import { reviewVip } from "../../apps/server/src/modules/loyalty/vip.ts";
import { deposit, dropDatabase, freshDatabase } from "../lib/database.ts";
import { figure, loadAverage } from "../lib/figure.ts";
import { quantile } from "../lib/measure.ts";
import { addBenchToken, benchTokenHash, ledgerMismatches, providerMoves } from "../lib/provider-move.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
const OPS = Number(process.env.BENCH_OPS ?? 3_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const VIP_MEMBERS = Number(process.env.BENCH_VIP_MEMBERS ?? 100_000);
const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const fresh = await freshDatabase(serverUrl, "panalo_bench");
const { database } = fresh;
// The accrual and the review need only the database, a clock and the shared store of a context.
const ctx = {
  db: database.db,
  clock: { now: () => new Date() },
  store: memoryStore(),
} as unknown as AppContext;

const raw = new pg.Client({ connectionString: fresh.url });
await raw.connect();
await raw.query(
  `INSERT INTO points_rates (game_type, vip_level, rate_ppm) VALUES ('OTHER', 0, 10000), ('OTHER', 1, 20000)`,
);
await raw.query(
  `INSERT INTO vip_levels (level, name, min_valid_bet) VALUES (1, 'VIP1', 10000), (2, 'VIP2', 100000000)`,
);
await raw.query(`INSERT INTO missions (names, period, tasks, prize_kind, prize_amount)
  VALUES ('{"EN":"Play 50"}', 'daily', '[{"type":"rounds","target":50}]', 'points', 100),
         ('{"EN":"Win 10"}', 'daily', '[{"type":"wins","target":10}]', 'points', 50)`);

const rows = await database.db
  .insert(members)
  .values(Array.from({ length: MEMBERS }, (_, i) => ({ username: `loy${i}` })))
  .returning({ id: members.id });
const ids = rows.map((r) => r.id);
for (const id of ids) {
  await deposit(database, id, 100_000_00n);
  await addBenchToken(database, id);
}

const { pool, call } = providerMoves(fresh.url, CONCURRENCY);

/** OPS settled rounds (a debit and its credit), latencies of both. */
async function play(tag: string, live = false): Promise<number[]> {
  const lat: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < OPS) {
        const i = next++;
        const id = ids[i % ids.length] ?? 0;
        let s = performance.now();
        const r = await call("bet", `${tag}b${i}`, `${tag}r${i}`, id, "100", null, benchTokenHash(id));
        lat.push(performance.now() - s);
        if (!r.rows[0]?.r?.answer) throw new Error(`debit refused: ${JSON.stringify(r.rows[0]?.r)}`);
        s = performance.now();
        await call("win", `${tag}c${i}`, `${tag}r${i}`, id, i % 3 ? "0" : "250", `${tag}b${i}`, null);
        if (live) noteSettled(ctx, "BENCH", `${tag}r${i}`);
        lat.push(performance.now() - s);
      }
    }),
  );
  return lat;
}
const pct = quantile;

const plain = await play("p");
await accrue(ctx); // the plain phase's rounds, so the loyalty phase's job starts level
let accruing = true;
let runs = 0;
let accrued = 0;
const loop = (async () => {
  while (accruing) {
    const r = await accrue(ctx);
    runs++;
    accrued += r.rounds;
  }
})();
const withLoyalty = await play("l", true);
accruing = false;
await loop;
await liveAccrualIdle(ctx);
accrued += (await accrue(ctx)).rounds;
const line = (name: string, a: number[]) =>
  `${name}: ${a.length} calls, p50 ${pct(a, 0.5).toFixed(2)} ms, p99 ${pct(a, 0.99).toFixed(2)} ms`;
console.log(line("debit/credit, loyalty idle", plain));
console.log(line(`debit/credit, loyalty accruing beside it (${runs} runs, ${accrued} rounds)`, withLoyalty));
const added = pct(withLoyalty, 0.99) - pct(plain, 0.99);
console.log(
  `added p99 with loyalty bookkeeping: ${added.toFixed(2)} ms (target ≤ 5 ms): ${added <= 5 ? "met" : "NOT met"}; load average ${loadAverage()}`,
);
figure("loyalty.added-p99", Number(added.toFixed(2)), "ms", "lower");

// The live lag: one settled round at a time, from the credit's answer until its round is marked.
const lags: number[] = [];
for (let i = 0; i < 30; i++) {
  const id = ids[i % ids.length] ?? 0;
  await call("bet", `zb${i}`, `zr${i}`, id, "100", null, benchTokenHash(id));
  await call("win", `zc${i}`, `zr${i}`, id, "0", `zb${i}`, null);
  const s = performance.now();
  noteSettled(ctx, "BENCH", `zr${i}`);
  for (;;) {
    const r = await raw.query("SELECT 1 FROM loyalty_rounds WHERE vendor = 'BENCH' AND round_id = $1", [
      `zr${i}`,
    ]);
    if (r.rowCount) break;
    await new Promise((res) => setTimeout(res, 5));
  }
  lags.push(performance.now() - s);
}
console.log(
  `live accrual lag (credit committed → round accrued): p50 ${pct(lags, 0.5).toFixed(0)} ms, max ${pct(lags, 1).toFixed(0)} ms`,
);

// (2) The VIP review: VIP_MEMBERS members at VIP1 and due, a third of them still qualifying.
await raw.query(`INSERT INTO members (username) SELECT 'vip' || g FROM generate_series(1, $1) g`, [
  VIP_MEMBERS,
]);
await raw.query(
  `INSERT INTO loyalty_members (member_id, vip_level, level_since, reviewed_at)
   SELECT id, 1, now() - interval '40 days', now() - interval '40 days' FROM members WHERE username LIKE 'vip%'`,
);
await raw.query(
  `INSERT INTO loyalty_member_days (member_id, day, valid_bet)
   SELECT id, (now() AT TIME ZONE 'Asia/Manila')::date - (id % 20)::int, CASE WHEN id % 3 = 0 THEN 50000 ELSE 100 END
   FROM members WHERE username LIKE 'vip%'`,
);
await raw.query("ANALYZE");
const t0 = performance.now();
const review = await reviewVip(ctx, "bench");
const seconds = (performance.now() - t0) / 1000;
console.log(
  `VIP review: ${review.reviewed} members reviewed, ${review.changed} fell, in ${seconds.toFixed(1)} s (target < 30 s): ${seconds < 30 ? "met" : "NOT met"}; load average ${loadAverage()}`,
);
figure("loyalty.vip-review", Number(seconds.toFixed(2)), "s", "lower");
const mismatches = await ledgerMismatches(raw);
console.log(
  `ledger: ${mismatches === 0 ? "every member balance equals its entries" : `${mismatches} accounts disagree`}`,
);
await raw.end();
await pool.end();
await dropDatabase(fresh);
