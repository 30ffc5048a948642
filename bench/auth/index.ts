// bench/auth: logins per second and login latency (p50, p99) through the real login call, with
// argon2id at the cost the platform uses. In-process (app.inject), so the figure is the server's
// own work: validation, rate limits, the password hash, the session row and the history row.
// Run: npx tsx bench/auth/index.ts   (DATABASE_URL=postgres://... to use a PostgreSQL server)
import { availableParallelism } from "node:os";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { migrate } from "../../apps/server/src/db/migrate.ts";
import { members } from "../../apps/server/src/db/schema/members.ts";
import { ARGON2_PARAMS, hashPassword } from "../../apps/server/src/lib/passwords.ts";
import { figure, loadAverage } from "../lib/figure.ts";

const USERS = Number(process.env.BENCH_USERS ?? 50);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? availableParallelism() * 2);

const config = loadConfig({ ...process.env, NODE_ENV: "test", SEED_DEMO: "false", LOG_LEVEL: "silent" });
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: "memory://" });
await migrate(database);
const app = await buildApp({ config, database });
await app.ready();

// Members created directly (one hash each), as registration would leave them.
const hash = await hashPassword("secret123");
await database.db.insert(members).values(
  Array.from({ length: USERS }, (_, i) => ({
    username: `bench${i}`,
    passwordHash: hash,
    firstLoginDone: true,
  })),
);

const latencies: number[] = [];
let next = 0;
let failures = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < LOGINS) {
      const i = next++;
      const t0 = performance.now();
      const res = await app.inject({
        method: "POST",
        url: "/wps/session/login",
        payload: { username: `bench${i % USERS}`, password: "secret123" },
        // A different address per call: the per-address brake is not what is measured here.
        remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      });
      latencies.push(performance.now() - t0);
      if (res.statusCode !== 200) failures++;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;

console.log(
  `database: ${database.kind}; argon2id m=${ARGON2_PARAMS.memoryCost} KiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism}`,
);
console.log(`${LOGINS} logins, concurrency ${CONCURRENCY}, ${failures} failed`);
console.log(`logins per second: ${(LOGINS / seconds).toFixed(1)}`);
console.log(
  `login latency p50: ${pct(50).toFixed(1)} ms, p99: ${pct(99).toFixed(1)} ms; load average ${loadAverage()}`,
);
figure("auth.logins", Number((LOGINS / seconds).toFixed(1)), "logins/s", "higher");
figure("auth.p99", Number(pct(99).toFixed(1)), "ms", "lower");
await app.close();
await database.close();
