// bench/jackpot: what the progressive jackpot adds to a slot spin (bench/jackpot/README.md). The
// protocol's `jackpot` call (signed, through the platform's routes in this process: no network)
// one caller at a time, then from 32 callers at once; and, beside it, the call's transaction
// alone (service.contribute) the same two ways. Every contribution locks the pool row, so the
// 32 callers queue on it: the bench samples PostgreSQL's lock waits while they run.
// Run: npx tsx bench/jackpot/index.ts   (PostgreSQL: BENCH_PG, default postgres://postgres@127.0.0.1:5432/postgres)
import { randomBytes } from "node:crypto";
import pg from "pg";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { migrate } from "../../apps/server/src/db/migrate.ts";
import { members } from "../../apps/server/src/db/schema/members.ts";
import { providerClients } from "../../apps/server/src/db/schema/providers.ts";
import { memoryStore } from "../../apps/server/src/lib/shared-store.ts";
import { contribute, ensurePool } from "../../apps/server/src/modules/jackpot/service.ts";
import { reconcile } from "../../apps/server/src/modules/ledger/ledger.ts";
import { signProvider } from "../../apps/server/src/modules/providers/service.ts";
import { figure, loadAverage } from "../lib/figure.ts";

const loadAtStart = loadAverage();
const SPINS = Number(process.env.BENCH_SPINS ?? 2000);
const CALLERS = Number(process.env.BENCH_CALLERS ?? 32);
const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET = randomBytes(24).toString("hex");
const APP_SECRET = randomBytes(24).toString("hex");

const dbName = `panalo_jackpot_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const database = await openDatabase({ url: url.toString(), max: CALLERS + 4 });
const cleanUp = async () => {
  await database.close().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
};
try {
  await migrate(database);
  await database.db.insert(providerClients).values({ vendor: "PNS", secret: SECRET });
  const players = (
    await database.db
      .insert(members)
      .values(Array.from({ length: 200 }, (_, i) => ({ username: `jackpot${i}` })))
      .returning({ id: members.id })
  ).map((m) => m.id);
  const config = loadConfig({ NODE_ENV: "production", SEED_DEMO: "false", APP_SECRET, LOG_LEVEL: "error" });
  const app = await buildApp({ config, database, store: memoryStore() });
  await app.ready();
  const ctx = {
    config,
    database,
    db: database.db,
    store: memoryStore(),
    clock: { now: () => new Date() },
    apiDocs: [],
  };
  // Rules as the defaults: 1 % of each stake, must drop by 1,000,000.00 (no forced drop here).
  await ensurePool(ctx as never);

  let n = 0;
  const spin = () => {
    const k = n++;
    return {
      playerId: players[k % players.length] as number,
      roundId: `bench-${k}`,
      stake: "1.00",
      draw: randomBytes(7).toString("hex").slice(0, 13),
    };
  };
  const viaProtocol = async () => {
    const s = spin();
    const body = JSON.stringify({ requestId: s.roundId, gameCode: "bench-slot", ...s });
    const res = await app.inject({
      method: "POST",
      url: "/provider/PNS/jackpot",
      payload: body,
      headers: { "content-type": "application/json", "x-signature": signProvider(SECRET, body) },
    });
    if (res.statusCode !== 200) throw new Error(`jackpot call ${res.statusCode}: ${res.body}`);
  };
  const direct = async () => {
    const s = spin();
    await contribute(ctx as never, {
      vendor: "PNS",
      roundId: s.roundId,
      playerId: s.playerId,
      currency: "PHP",
      stake: 100n,
      draw: s.draw,
    });
  };

  // Lock waits: every 10 ms, how many of the bench's backends wait for a lock (the pool row).
  const sampler = new pg.Client({ connectionString: url.toString() });
  await sampler.connect();
  const run = async (name: string, call: () => Promise<void>, callers: number, spins: number) => {
    const lat: number[] = [];
    const waits: number[] = [];
    let sampling = true;
    const sampled = (async () => {
      while (sampling) {
        const { rows } = await sampler.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
          [dbName],
        );
        waits.push(rows[0].n);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    let left = spins;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: callers }, async () => {
        while (left-- > 0) {
          const a = performance.now();
          await call();
          lat.push(performance.now() - a);
        }
      }),
    );
    const wall = performance.now() - t0;
    sampling = false;
    await sampled;
    lat.sort((a, b) => a - b);
    const pct = (p: number) =>
      (lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] ?? 0).toFixed(1);
    const meanWait = waits.reduce((a, b) => a + b, 0) / Math.max(1, waits.length);
    console.log(
      `${name}, ${callers} caller(s): ${lat.length} spins, ${((lat.length / wall) * 1000).toFixed(0)} /s, ` +
        `p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms; backends waiting on a lock: mean ${meanWait.toFixed(1)}, max ${Math.max(...waits)}`,
    );
    return { p99: Number(pct(99)), perSecond: (lat.length / wall) * 1000 };
  };
  // Warm-up (JIT, prepared plans), not counted.
  await run("warm-up", viaProtocol, 4, 200);
  const one = await run("protocol call", viaProtocol, 1, Math.min(SPINS, 500));
  const many = await run("protocol call", viaProtocol, CALLERS, SPINS);
  await run("contribution transaction", direct, 1, Math.min(SPINS, 500));
  await run("contribution transaction", direct, CALLERS, SPINS);
  figure("jackpot_call_p99_1", one.p99, "ms", "lower");
  figure(`jackpot_call_p99_${CALLERS}`, many.p99, "ms", "lower");
  figure(`jackpot_calls_per_s_${CALLERS}`, Math.round(many.perSecond), "/s", "higher");
  const pool = await ensurePool(ctx as never);
  console.log(
    `pool ${pool.amount} (cycle ${pool.cycle}); ledger reconciles: ${(await reconcile(database.db)).ok}`,
  );
  console.log(`load at start ${loadAtStart}; at end ${loadAverage()}`);
  await sampler.end();
  await app.close();
} finally {
  await cleanUp();
}
process.exit(0);
