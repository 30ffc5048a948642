// bench/spin: the in-house game server played over HTTP on PostgreSQL, the way browsers play it:
// each of N concurrent callers launches a game (a launch token, then POST /rgs/api/session)
// and spins (POST /rgs/api/spin), every spin a debit and a credit through the provider protocol.
// Prints spins per second, p50 and p99 latency of spins and of launches, then checks that the
// ledger reconciles and that every round settled.
// Run: npx tsx bench/spin/index.ts   (needs PostgreSQL; BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres)
import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { reconcile } from "../../apps/server/src/modules/ledger/ledger.ts";
import { issueLaunchToken } from "../../apps/server/src/modules/providers/service.ts";
import { benchContext, freshDatabase, fundedPlayers, inHouseVendors } from "../lib/database.ts";
import { figure, loadAverage } from "../lib/figure.ts";
import { quantile } from "../lib/measure.ts";
import { benchNodeArgs, startServer, waitUntilHealthy } from "../lib/server.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
const SPINS = Number(process.env.BENCH_SPINS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
/** Spins per launch: a caller opens a new game session after this many. */
const SPINS_PER_LAUNCH = Number(process.env.BENCH_SPINS_PER_LAUNCH ?? 25);
const PORT = Number(process.env.BENCH_PORT ?? 8193);
const GAME = process.env.BENCH_GAME ?? "panalo-gold";
const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const APP_SECRET = randomBytes(24).toString("hex");

const fresh = await freshDatabase(serverUrl, "panalo_bench");
const { admin, dbName, database } = fresh;

await inHouseVendors(database, APP_SECRET, ["PNS", "PNG"]);
const rows = await fundedPlayers(database, MEMBERS, (i) => `spinner${i}`, 1_000_000_00n);
const ctx = benchContext(database, APP_SECRET);

const server = startServer({
  port: PORT,
  databaseUrl: fresh.url,
  appSecret: APP_SECRET,
  nodeArgs: benchNodeArgs(),
});
const base = `http://127.0.0.1:${PORT}`;
await waitUntilHealthy(base, 200);

type Answer = { success: boolean; code?: string; value?: { sessionId?: string } };
async function rgs(path: string, body: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${base}/rgs/api/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Answer;
}

const spinLatencies: number[] = [];
const launchLatencies: number[] = [];
const refused = new Map<string, number>();
const note = (a: Answer) => {
  if (!a.success) refused.set(a.code ?? "?", (refused.get(a.code ?? "?") ?? 0) + 1);
};
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async (_, worker) => {
    let sessionId = "";
    let left = 0;
    while (next < SPINS) {
      const i = next++;
      if (left === 0) {
        const player = rows[(i + worker) % rows.length] ?? { id: 0 };
        const t0 = performance.now();
        const token = await issueLaunchToken(ctx, player.id, "PNG");
        const s = await rgs("session", { token, gameId: GAME });
        launchLatencies.push(performance.now() - t0);
        note(s);
        sessionId = s.value?.sessionId ?? "";
        left = SPINS_PER_LAUNCH;
      }
      left--;
      const t1 = performance.now();
      note(await rgs("spin", { sessionId, betPerLine: "0.10", requestId: randomUUID() }));
      spinLatencies.push(performance.now() - t1);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const stopped = new Promise((resolve) => server.once("exit", resolve));
server.kill("SIGTERM");
await stopped; // before the database is dropped under it
const pct = quantile;
const check = await reconcile(database.db);
const reader = new pg.Client({ connectionString: fresh.url });
await reader.connect();
const statuses = (
  await reader.query<{ status: string; n: string }>(
    "SELECT status, count(*) AS n FROM rgs.rounds GROUP BY status ORDER BY status",
  )
).rows;
await reader.end();
console.log(
  `PostgreSQL, ${MEMBERS} members, ${CONCURRENCY} concurrent callers, ${GAME}: ${spinLatencies.length} spins and ${launchLatencies.length} launches over HTTP`,
);
if (refused.size) console.log(`refused: ${JSON.stringify(Object.fromEntries(refused))}`);
console.log(
  `spins per second: ${(spinLatencies.length / seconds).toFixed(0)}; load average ${loadAverage()}`,
);
figure("spin.spins", Number((spinLatencies.length / seconds).toFixed(0)), "spins/s", "higher");
figure("spin.p99", Number(pct(spinLatencies, 0.99).toFixed(1)), "ms", "lower");
console.log(
  `spin latency p50: ${pct(spinLatencies, 0.5).toFixed(1)} ms, p99: ${pct(spinLatencies, 0.99).toFixed(1)} ms`,
);
console.log(
  `launch latency p50: ${pct(launchLatencies, 0.5).toFixed(1)} ms, p99: ${pct(launchLatencies, 0.99).toFixed(1)} ms`,
);
console.log(`rounds: ${statuses.map((s) => `${s.status} ${s.n}`).join(", ")}`);
console.log(
  `invariants: ${check.ok ? "intact" : "BROKEN"} (${check.transactions} transactions, ${check.balanceMismatches.length} balance mismatches)`,
);
const unsettled = statuses.some((s) => s.status !== "settled");
await database.close();
// The pool answers end() before its sockets are closed; a forced drop would then kill them.
await new Promise((r) => setTimeout(r, 500));
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();
process.exit(check.ok && refused.size === 0 && !unsettled ? 0 : 1);
