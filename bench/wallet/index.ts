// bench/wallet: the ledger driven over HTTP on PostgreSQL through the provider protocol (bets and
// wins of many members from concurrent callers, with retries of the same transaction mixed in),
// then the invariant check. After a short warm-up, a sweep of 4, 16, 32 and 64 callers on one
// server and database: per level operations per second, p50 and p99 latency, the load average
// and CPU per operation (bench/wallet/README.md: how to run it, what the figures were).
// Run: BENCH_PORT=8341 npx tsx bench/wallet/index.ts   (needs PostgreSQL;
// BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres, BENCH_CONCURRENCY=32 for one level,
// BENCH_OPS rounds per level)
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { loadConfig } from "../../apps/server/src/config.ts";
import { members } from "../../apps/server/src/db/schema/members.ts";
import { providerClients } from "../../apps/server/src/db/schema/providers.ts";
import { memoryStore } from "../../apps/server/src/lib/shared-store.ts";
import { reconcile } from "../../apps/server/src/modules/ledger/ledger.ts";
import { issueLaunchToken, signProvider } from "../../apps/server/src/modules/providers/service.ts";
import { deposit, freshDatabase } from "../lib/database.ts";
import { figure, loadAverage } from "../lib/figure.ts";
import { benchNodeArgs, startServer, stopServer, waitUntilHealthy } from "../lib/server.ts";
import { RawHttpConnection } from "./http-client.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
/** Rounds per level (a bet, its win, every tenth bet retried: 2.1 operations a round). */
const OPS = Number(process.env.BENCH_OPS ?? 6_000);
// The callers of each level of the sweep (BENCH_CONCURRENCY=32 measures one level).
const LEVELS = (process.env.BENCH_CONCURRENCY ?? "4,16,32,64").split(",").map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 8290);
const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET = randomBytes(24).toString("hex");

// A fresh database on the server, dropped at the end.
const fresh = await freshDatabase(serverUrl, "panalo_bench");
const { admin, dbName, database } = fresh;

await database.db.insert(providerClients).values({ vendor: "BENCH", secret: SECRET });
const rows = await database.db
  .insert(members)
  .values(Array.from({ length: MEMBERS }, (_, i) => ({ username: `wallet${i}` })))
  .returning({ id: members.id });
const config = loadConfig({ NODE_ENV: "test", SEED_DEMO: "false" });
const ctx = {
  config,
  database,
  db: database.db,
  store: memoryStore(),
  clock: { now: () => new Date() },
  apiDocs: [],
};
const players: Array<{ id: number; token: string }> = [];
for (const r of rows) {
  await deposit(database, r.id, 100_000_00n);
  players.push({ id: r.id, token: await issueLaunchToken(ctx, r.id, "BENCH") });
}

// BENCH_NODE_ARGS passes flags to the server's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
const server = startServer({ port: PORT, databaseUrl: fresh.url, nodeArgs: benchNodeArgs() });
const base = `http://127.0.0.1:${PORT}`;
await waitUntilHealthy(base, 200);

// One kept-alive connection per caller on a lean HTTP/1.1 client (http-client.ts says why).
async function call(
  conn: RawHttpConnection,
  name: string,
  body: Record<string, unknown>,
): Promise<{ success: boolean; code?: string }> {
  const raw = JSON.stringify(body);
  const answer = await conn.post(`/provider/BENCH/${name}`, raw, {
    "content-type": "application/json",
    "x-signature": signProvider(SECRET, raw),
  });
  return JSON.parse(answer.body);
}

// Each operation is a bet, its win, or a retry of an earlier call (which must change nothing).
let errors = 0;
const refused = new Map<string, number>();
const count = (r: { success: boolean; code?: string }) => {
  if (r.success) return;
  errors++;
  refused.set(r.code ?? "?", (refused.get(r.code ?? "?") ?? 0) + 1);
};
// CPU time (user + system, ms) of a process, or of this run's PostgreSQL processes, from /proc.
const TICK_MS = 10;
const cpuOf = (pid: number): number => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return 0; // gone
  }
};
// CPU of each PostgreSQL process of this run by pid: the backends of this run's database and the
// server's shared processes (WAL writer, checkpointer, autovacuum …), never other databases'
// backends — other sessions on this machine run their own benches on the same server.
const postgresProcesses = (): Map<number, number> =>
  new Map(
    readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          if (!readFileSync(`/proc/${d}/comm`, "utf8").startsWith("postgres")) return false;
          const title = readFileSync(`/proc/${d}/cmdline`, "utf8");
          return (
            title.includes(dbName) || !/ postgres \S+ \d+\.\d+\.\d+\.\d+\(/.test(title.replaceAll("\0", " "))
          );
        } catch {
          return false;
        }
      })
      .map((d) => [Number(d), cpuOf(Number(d))]),
  );
// The whole machine from /proc/stat: busy, idle (incl. I/O wait) and stolen (by the host) ticks.
const machine = () => {
  const f = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = f;
  return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
};
const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/**
 * One level of the sweep: `callers` kept-alive connections playing OPS rounds (bet, its win,
 * every tenth bet retried), ids prefixed by `tag` so levels never share a transaction.
 */
async function level(callers: number, tag: string, rounds = OPS) {
  const connections = Array.from({ length: callers }, () => new RawHttpConnection("127.0.0.1", PORT));
  const latencies: number[] = [];
  let next = 0;
  const pg0 = postgresProcesses();
  const machine0 = machine();
  const cpu0 = { server: cpuOf(server.pid ?? 0), pg: sum(pg0), client: process.cpuUsage() };
  const started = performance.now();
  await Promise.all(
    connections.map(async (conn, worker) => {
      while (next < rounds) {
        const i = next++;
        const p = players[(i * 7 + worker) % players.length] ?? { id: 0, token: "" };
        const round = `${tag}r${i}`;
        const t0 = performance.now();
        const bet = await call(conn, "debit", {
          requestId: `${tag}q${i}`,
          token: p.token,
          playerId: p.id,
          transactionId: `${tag}b${i}`,
          roundId: round,
          amount: "1.00",
          roundClosed: false,
        });
        latencies.push(performance.now() - t0);
        count(bet);
        if (i % 10 === 0) {
          const t1 = performance.now(); // a provider retrying the same bet
          await call(conn, "debit", {
            requestId: `${tag}q${i}r`,
            token: p.token,
            playerId: p.id,
            transactionId: `${tag}b${i}`,
            roundId: round,
            amount: "1.00",
            roundClosed: false,
          });
          latencies.push(performance.now() - t1);
        }
        const t2 = performance.now();
        const win = await call(conn, "credit", {
          requestId: `${tag}w${i}`,
          playerId: p.id,
          transactionId: `${tag}c${i}`,
          roundId: round,
          amount: i % 3 === 0 ? "2.50" : "0.00",
          betTransactionId: `${tag}b${i}`,
          roundClosed: true,
        });
        latencies.push(performance.now() - t2);
        count(win);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const load = loadavg()[0] ?? 0;
  const clientUsage = process.cpuUsage(cpu0.client);
  const pg1 = postgresProcesses();
  const cpu = {
    client: (clientUsage.user + clientUsage.system) / 1000,
    server: cpuOf(server.pid ?? 0) - cpu0.server,
    postgres: [...pg1].reduce((a, [pid, ms]) => a + ms - (pg0.get(pid) ?? 0), 0),
  };
  const m1 = machine();
  const ticks = {
    busy: m1.busy - machine0.busy,
    idle: m1.idle - machine0.idle,
    steal: m1.steal - machine0.steal,
  };
  for (const c of connections) c.close();
  latencies.sort((a, b) => a - b);
  const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const perOp = (ms: number) => ((ms * 1000) / latencies.length).toFixed(0);
  const allTicks = ticks.busy + ticks.idle + ticks.steal || 1;
  return {
    callers,
    ops: latencies.length,
    opsPerSecond: latencies.length / seconds,
    p50: pct(0.5),
    p99: pct(0.99),
    load,
    cpu: `server ${perOp(cpu.server)} µs, PostgreSQL ${perOp(cpu.postgres)} µs, client ${perOp(cpu.client)} µs`,
    machine: `${((100 * ticks.busy) / allTicks).toFixed(0)}% busy, ${((100 * ticks.steal) / allTicks).toFixed(0)}% stolen`,
  };
}

// A short warm-up (the server's first calls compile code and plan statements), then the sweep.
await level(Math.min(8, Math.max(...LEVELS)), "warm", Math.min(OPS, 1_000));
const results = [];
for (const callers of LEVELS) {
  const r = await level(callers, `l${callers}`);
  results.push(r);
  console.log(
    `${String(callers).padStart(3)} callers: ${r.opsPerSecond.toFixed(0).padStart(5)} ops/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.ops} ops; load ${r.load.toFixed(2)}; CPU per op ${r.cpu}; machine ${r.machine}`,
  );
}
// A loaded machine can take seconds to stop it (and to write a CPU profile): wait, bounded.
await stopServer(server, 60_000);
const check = await reconcile(database.db);
console.log(
  `PostgreSQL, ${MEMBERS} members, ${OPS} rounds per level over HTTP, ${errors} refused; load ${loadAverage()}`,
);
if (refused.size) console.log(`refused: ${JSON.stringify(Object.fromEntries(refused))}`);
for (const r of results) {
  figure(`wallet ops/s at ${r.callers} callers`, Math.round(r.opsPerSecond), "ops/s", "higher");
  figure(`wallet p99 at ${r.callers} callers`, Number(r.p99.toFixed(1)), "ms", "lower");
}
console.log(
  `invariants: ${check.ok ? "intact" : "BROKEN"} (${check.transactions} transactions, totals ${JSON.stringify(check.totals)}, ${check.balanceMismatches.length} balance mismatches)`,
);
await database.close();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();
process.exit(check.ok && errors === 0 ? 0 : 1);
