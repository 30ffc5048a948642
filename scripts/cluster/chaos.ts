// npm run cluster:chaos — a bounded load of provider debits, credits and rollbacks through the
// cluster's load balancer (npm run cluster first; root), with idempotent retries, while it kills
// (SIGKILL) one platform node, then the PostgreSQL primary (Patroni promotes the replica), then
// the Redis primary (Sentinel promotes the replica). After each: the ledger reconciles, no
// provider transaction id is recorded twice, every player's balance is what the answers said.
// Prints requests sent, refused, retried and the time to recover. Only the cluster's addresses.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { balances, ledgerCheck, type Player, providerCall, setUp } from "./lib.ts";

const BASE = process.env.PANALO_CLUSTER_DIR ?? "/var/tmp/panalo-cluster";
const ROOT = join(import.meta.dirname, "../..");
const LB = "http://10.77.0.2:8080";
const WORKERS = Number(process.env.CHAOS_WORKERS ?? 8);
const PLAYERS = Number(process.env.CHAOS_PLAYERS ?? 40);
/** Seconds of load before the first fault, and after each recovery before the next one. */
const SETTLE_S = Number(process.env.CHAOS_SETTLE_S ?? 8);
/** A call that has not had a definite answer in this long is abandoned (counted). */
const GIVE_UP_MS = 90_000;

const secrets = Object.fromEntries(
  readFileSync(join(BASE, "secrets"), "utf8")
    .trim()
    .split("\n")
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
);
const DB = `postgres://postgres:${secrets.PG_SUPERUSER_PASSWORD}@10.77.0.2:5000/panalo`;
const cluster = (...args: string[]) =>
  execFileSync("bash", [join(ROOT, "scripts/cluster/cluster.sh"), ...args], { encoding: "utf8" }).trim();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

const vendor = `CHAOS${Date.now().toString(36).toUpperCase()}`;
const START = 1000_00n;
const { secret, players } = await setUp(DB, secrets.APP_SECRET ?? "", vendor, PLAYERS, START);
console.log(`chaos: vendor ${vendor}, ${PLAYERS} players with 1000.00 PHP, ${WORKERS} callers through ${LB}`);

// What the answers said each balance must be: a definite success moves it, nothing else does.
const expected = new Map<number, bigint>(players.map((p) => [p.id, START]));
const stats = { sent: 0, ok: 0, refused: 0, retried: 0, failed: 0, abandoned: 0 };
const refusedCodes = new Map<string, number>();
/** Every attempt that got no definite answer (network error, 5xx), and every success: when. */
const failures: number[] = [];
const successes: Array<{ start: number; end: number }> = [];

/**
 * Send one call until it has a definite answer, the same body each time (the provider's retry:
 * same transaction id, so the platform applies it once). True on success, false if refused.
 */
async function definite(name: string, body: Record<string, unknown>): Promise<boolean> {
  const first = now();
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) stats.retried++;
    stats.sent++;
    const start = now();
    try {
      const a = await providerCall(LB, vendor, secret, name, {
        ...body,
        requestId: `${body.transactionId}-${attempt}`,
      });
      if (a.success) {
        stats.ok++;
        successes.push({ start, end: now() });
        return true;
      }
      if (a.status < 500 && a.code) {
        stats.refused++;
        refusedCodes.set(a.code, (refusedCodes.get(a.code) ?? 0) + 1);
        return false;
      }
    } catch {
      // no answer: unknown outcome, so the same call again
    }
    stats.failed++;
    failures.push(now());
    if (now() - first > GIVE_UP_MS) {
      stats.abandoned++;
      throw new Error(`${name} ${body.transactionId}: no definite answer in ${GIVE_UP_MS / 1000} s`);
    }
    await sleep(Math.min(200 * 2 ** attempt, 1000));
  }
}

let seq = 0;
let running = true;
async function worker(w: number): Promise<void> {
  while (running) {
    const i = seq++;
    const p = players[(i * 7 + w) % players.length] as Player;
    const round = `${vendor}-r${i}`;
    const bet = BigInt(100 + (i % 400));
    const betOk = await definite("debit", {
      token: p.token,
      playerId: p.id,
      transactionId: `${round}:bet`,
      roundId: round,
      amount: (Number(bet) / 100).toFixed(2),
      roundClosed: false,
    });
    if (!betOk) continue;
    expected.set(p.id, (expected.get(p.id) ?? 0n) - bet);
    if (i % 5 === 0) {
      // The game could not finish the round: its bet is rolled back.
      if (
        await definite("rollback", {
          playerId: p.id,
          transactionId: `${round}:rollback`,
          roundId: round,
          refTransactionId: `${round}:bet`,
        })
      )
        expected.set(p.id, (expected.get(p.id) ?? 0n) + bet);
      continue;
    }
    const win = i % 3 === 0 ? bet * 2n : 0n;
    if (
      await definite("credit", {
        playerId: p.id,
        transactionId: `${round}:win`,
        roundId: round,
        amount: (Number(win) / 100).toFixed(2),
        betTransactionId: `${round}:bet`,
        roundClosed: true,
      })
    )
      expected.set(p.id, (expected.get(p.id) ?? 0n) + win);
  }
}

/** Whether the ledger and the balances agree with the answers (load paused, nothing in flight). */
async function verify(label: string): Promise<boolean> {
  const ledger = await ledgerCheck(DB, vendor);
  const actual = await balances(
    DB,
    players.map((p) => p.id),
  );
  const wrong = players.filter((p) => actual.get(p.id) !== expected.get(p.id)).length;
  console.log(
    `  ${label}: ledger reconciles ${ledger.ok}, transaction ids recorded ${ledger.recorded}, twice ${ledger.duplicates}, balances not as answered ${wrong}`,
  );
  return ledger.ok && ledger.duplicates === 0 && wrong === 0;
}

/** From the fault until the first success that started after the phase's last failed attempt. */
function recovery(t0: number): string {
  const lastFail = Math.max(t0, ...failures.filter((t) => t >= t0));
  const failed = failures.filter((t) => t >= t0).length;
  if (failed === 0) return "no request failed (retries inside the balancer)";
  const back = successes.find((s) => s.start > lastFail);
  return `${failed} attempts failed; writes back ${back ? ((back.end - t0) / 1000).toFixed(1) : "?"} s after the kill`;
}

/** Which PostgreSQL node Patroni says is the primary now (3.0 says "master"). */
async function pgPrimary(): Promise<string> {
  for (const [h, addr] of [
    ["pg1", "10.77.0.11"],
    ["pg2", "10.77.0.12"],
  ] as const) {
    try {
      const r = (await (await fetch(`http://${addr}:8008/patroni`)).json()) as { role?: string };
      if (r.role === "master" || r.role === "primary") return h;
    } catch {
      // that node is down
    }
  }
  throw new Error("no PostgreSQL primary");
}
const sentinelPrimary = () =>
  execFileSync(
    "redis-cli",
    ["-h", "10.77.0.23", "-p", "26379", "sentinel", "get-master-addr-by-name", "panalo"],
    { encoding: "utf8", env: { ...process.env, REDISCLI_AUTH: secrets.SENTINEL_PASSWORD } },
  )
    .trim()
    .replace("\n", ":");

/** How long after the kill HAProxy's checks take the node out (its stats page, polled). */
async function balancerDrops(host: string, t0: number): Promise<void> {
  while (now() - t0 < 10_000) {
    try {
      const csv = await (await fetch("http://10.77.0.2:8404/;csv")).text();
      if (new RegExp(`^platform,${host},.*,DOWN`, "m").test(csv)) {
        console.log(`  the balancer took ${host} out ${((now() - t0) / 1000).toFixed(2)} s after the kill`);
        return;
      }
    } catch {
      // the stats page is HAProxy's own: retry
    }
    await sleep(100);
  }
  console.log(`  the balancer still sends to ${host} 10 s after the kill`);
}

const faults: Array<{ name: string; pick: () => Promise<string> }> = [
  { name: "a platform node", pick: async () => "app2" },
  { name: "the PostgreSQL primary", pick: pgPrimary },
  {
    name: "the Redis primary",
    pick: async () => (sentinelPrimary().startsWith("10.77.0.21:") ? "redis1" : "redis2"),
  },
];

let allOk = true;
const t00 = now();
let workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
await sleep(SETTLE_S * 1000);
for (const fault of faults) {
  const host = await fault.pick();
  const sentBefore = stats.sent;
  const t0 = now();
  // A Redis primary is killed alone (its host's sentinel keeps watching); other hosts whole.
  if (host.startsWith("redis")) {
    const pid = readFileSync(join(BASE, host, "redis.pid"), "utf8").trim();
    process.kill(Number(pid), "SIGKILL");
  } else cluster("crash", host);
  console.log(`\nkilled ${fault.name} (${host}) at ${((t0 - t00) / 1000).toFixed(1)} s`);
  if (host.startsWith("app")) void balancerDrops(host, t0);
  // Load goes on through the fault and SETTLE_S past the recovery (bounded by GIVE_UP_MS).
  const deadline = t0 + 60_000;
  while (now() < deadline) {
    await sleep(500);
    const lastFail = Math.max(0, ...failures.filter((t) => t >= t0));
    if (now() - Math.max(t0, lastFail) > SETTLE_S * 1000) break;
  }
  running = false;
  await Promise.allSettled(workers);
  console.log(`  ${stats.sent - sentBefore} requests in this phase; ${recovery(t0)}`);
  if (host.startsWith("redis")) {
    console.log(`  Sentinel's primary now: ${sentinelPrimary()}`);
    // Each platform node logs when its store is back on Redis (lib/shared-store.ts).
    for (const app of ["app1", "app2", "app3"]) {
      const log = readFileSync(join(BASE, app, "platform.log"), "utf8");
      const back = [...log.matchAll(/Redis is back \(([^)]*)\) after (\d+) ms/g)].at(-1);
      console.log(
        `  ${app}: ${back ? `back on Redis ${back[2]} ms after losing it (${back[1]})` : "never lost Redis"}`,
      );
    }
  }
  if (host.startsWith("pg")) console.log(`  PostgreSQL primary now: ${await pgPrimary()}`);
  if (!(await verify(`after ${fault.name}`))) allOk = false;
  // The crashed host comes back (as a replica where it was a primary) for the next fault.
  cluster("restart", host);
  running = true;
  workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
  await sleep(SETTLE_S * 1000);
}
running = false;
await Promise.allSettled(workers);
if (!(await verify("at the end"))) allOk = false;
console.log(
  `\nrequests sent ${stats.sent}, succeeded ${stats.ok}, refused ${stats.refused} ${JSON.stringify(Object.fromEntries(refusedCodes))}, retried ${stats.retried}, failed attempts ${stats.failed}, abandoned ${stats.abandoned}; ${((now() - t00) / 1000).toFixed(0)} s`,
);
console.log(allOk ? "chaos: passed" : "chaos: FAILED");
process.exit(allOk ? 0 : 1);
