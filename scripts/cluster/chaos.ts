// npm run cluster:chaos — a bounded load of provider debits, credits and rollbacks through the
// cluster's load balancer (npm run cluster first; root), with idempotent retries, while it kills
// (SIGKILL) one platform node, then the PostgreSQL primary (Patroni promotes the replica), then
// the Redis primary (Sentinel promotes the replica), then the RGS node that leads a live table
// (the other RGS node takes its lease), and cuts one platform node's network for 20 s. Table
// bets on that live table go through the RGS's balancer all along. After each: the ledger
// reconciles, no provider transaction id is recorded twice, every player's balance is what the
// answers (or, for table bets, the RGS's bet rows) said; after the RGS kill every round that was
// open is settled or void once, and every bet set won at most once.
// Prints requests sent, refused, retried and the time to recover. Only the cluster's addresses.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { balances, ledgerCheck, type Player, providerCall, setUp } from "./lib.ts";

const BASE = process.env.PANALO_CLUSTER_DIR ?? "/var/tmp/panalo-cluster";
const ROOT = join(import.meta.dirname, "../..");
const LB = "http://10.77.0.2:8080";
const RGS_LB = "http://10.77.0.2:8090";
/** The live table the table bets go to, whose leader is killed. */
const TABLE = process.env.CHAOS_TABLE ?? "dragon-tiger-1";
const TABLE_PLAYERS = Number(process.env.CHAOS_TABLE_PLAYERS ?? 6);
/** How long a platform node's network is cut. */
const CUT_S = Number(process.env.CHAOS_CUT_S ?? 20);
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
const RGS_DB = `postgres://postgres:${secrets.PG_SUPERUSER_PASSWORD}@10.77.0.2:5000/panalo_rgs`;
const cluster = (...args: string[]) =>
  execFileSync("bash", [join(ROOT, "scripts/cluster/cluster.sh"), ...args], { encoding: "utf8" }).trim();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

const vendor = `CHAOS${Date.now().toString(36).toUpperCase()}`;
const START = 1000_00n;
const { secret, players } = await setUp(DB, secrets.APP_SECRET ?? "", vendor, PLAYERS, START);
console.log(`chaos: vendor ${vendor}, ${PLAYERS} players with 1000.00 PHP, ${WORKERS} callers through ${LB}`);
// The table's players play the in-house RGS (vendor PNL, whose client exists already).
const table = await setUp(DB, secrets.APP_SECRET ?? "", "PNL", TABLE_PLAYERS, START, false);

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

/** One query on a database of the cluster, a connection of its own (a failover cuts them). */
async function query<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end().catch(() => {});
  }
}

const tableStats = { sent: 0, ok: 0, refused: 0, retried: 0, failed: 0, abandoned: 0, rounds: 0 };
const tableRefused = new Map<string, number>();
const tableSessions: string[] = [];
for (const p of table.players) {
  const res = await fetch(`${RGS_LB}/rgs/api/tables/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: p.token, tableId: TABLE }),
  });
  const json = (await res.json()) as { value?: { sessionId?: string } };
  if (!json.value?.sessionId) throw new Error(`no table session: ${res.status} ${JSON.stringify(json)}`);
  tableSessions.push(json.value.sessionId);
}
console.log(
  `chaos: ${TABLE_PLAYERS} players at live table ${TABLE} through ${RGS_LB}, two bets of 10.00 a round`,
);

/** One bet set until a definite answer, the same request id each time (placed once). */
async function tableBet(sessionId: string, roundId: string, requestId: string): Promise<void> {
  const first = now();
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) tableStats.retried++;
    tableStats.sent++;
    const start = now();
    try {
      const res = await fetch(`${RGS_LB}/rgs/api/tables/bet`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          sessionId,
          roundId,
          requestId,
          bets: [
            { spot: "dragon", amount: "10.00" },
            { spot: "tiger", amount: "10.00" },
          ],
        }),
        signal: AbortSignal.timeout(5000),
      });
      const text = await res.text();
      if (res.status === 200) {
        tableStats.ok++;
        successes.push({ start, end: now() });
        return;
      }
      if (res.status < 500) {
        tableStats.refused++;
        let code = String(res.status);
        try {
          const j = JSON.parse(text) as { error?: { code?: string }; code?: string };
          code = j.error?.code ?? j.code ?? code;
        } catch {
          // not the RGS's answer
        }
        tableRefused.set(code, (tableRefused.get(code) ?? 0) + 1);
        return;
      }
    } catch {
      // no answer: the same bet again
    }
    tableStats.failed++;
    failures.push(now());
    if (now() - first > 20_000) {
      tableStats.abandoned++;
      return;
    }
    await sleep(Math.min(200 * 2 ** attempt, 1000));
  }
}

let betting = true;
/** Every player bets once on each round of the table while it takes bets. */
async function tableBettor(): Promise<void> {
  const done = new Set<string>();
  while (betting) {
    try {
      const [round] = await query<{ id: string; open: boolean }>(
        RGS_DB,
        `SELECT id, status = 'betting' AND closes_at > now() + interval '1 second' AS open
           FROM rgs.table_rounds WHERE table_id = $1 ORDER BY round_no DESC LIMIT 1`,
        [TABLE],
      );
      if (round?.open && !done.has(round.id)) {
        done.add(round.id);
        tableStats.rounds++;
        await Promise.all(tableSessions.map((s, i) => tableBet(s, round.id, `${round.id.slice(0, 8)}-${i}`)));
      }
    } catch {
      // the RGS database is failing over: poll again
    }
    await sleep(300);
  }
}
let bettor = tableBettor();

/** The RGS node whose process holds the table's lease now (its holder name starts with the pid). */
async function tableLeader(): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const [lease] = await query<{ holder: string }>(
      RGS_DB,
      "SELECT holder FROM rgs.table_leases WHERE table_id = $1 AND expires_at > now()",
      [TABLE],
    );
    const pid = lease?.holder.split("-")[0];
    for (const h of ["rgs1", "rgs2"]) {
      const pids = execFileSync("ip", ["netns", "pids", `pnl-${h}`], { encoding: "utf8" }).split("\n");
      if (pid && pids.includes(pid)) return h;
    }
    await sleep(500);
  }
  throw new Error(`nobody holds ${TABLE}'s lease`);
}

/** Rounds of the table open (betting, closed, settling) at the kill, and its last round number. */
let openAtKill: Array<{ id: string; round_no: string; status: string }> = [];
/** After the RGS leader's kill: when another process held the lease, when a round settled. */
async function watchTakeover(t0: number, killedAt: Date): Promise<void> {
  let leased = false;
  while (now() - t0 < 90_000) {
    try {
      if (!leased) {
        const [l] = await query<{ holder: string }>(
          RGS_DB,
          "SELECT holder FROM rgs.table_leases WHERE table_id = $1 AND expires_at > now()",
          [TABLE],
        );
        const h = l ? await tableLeader().catch(() => "?") : "";
        if (l && h !== "?" && h !== "") {
          leased = true;
          console.log(`  ${h} took ${TABLE}'s lease ${((now() - t0) / 1000).toFixed(1)} s after the kill`);
        }
      }
      const [r] = await query<{ n: number; pending: number }>(
        RGS_DB,
        `SELECT count(*) FILTER (WHERE status IN ('settled', 'void') AND settled_at > $2)::int AS n,
                count(*) FILTER (WHERE id = ANY($3) AND status NOT IN ('settled', 'void'))::int AS pending
           FROM rgs.table_rounds WHERE table_id = $1`,
        [TABLE, killedAt, openAtKill.map((o) => o.id)],
      );
      if (leased && r && r.n > 0 && r.pending === 0) {
        console.log(
          `  the rounds open at the kill ended and a round settled ${((now() - t0) / 1000).toFixed(1)} s after the kill`,
        );
        return;
      }
    } catch {
      // the RGS database: poll again
    }
    await sleep(250);
  }
  console.log(`  ${TABLE}: no round ended within 90 s of the kill`);
}

/** The table after its leader's death: each open round ended once, each bet set paid once. */
async function verifyTable(label: string): Promise<boolean> {
  betting = false;
  await bettor;
  // Credits owed are paid by the leader's retry pass: wait for it (a hang guard).
  const until = now() + 90_000;
  for (;;) {
    const [o] = await query<{ n: number }>(
      RGS_DB,
      // Every bet set finished: its round ended and it was paid, rolled back or refused.
      "SELECT count(*)::int AS n FROM rgs.table_bets WHERE table_id = $1 AND status NOT IN ('settled', 'rolled_back', 'refused')",
      [TABLE],
    ).catch(() => [{ n: -1 }]);
    if (o?.n === 0 || now() > until) break;
    await sleep(500);
  }
  const ended = openAtKill.length
    ? await query<{ status: string; n: number }>(
        RGS_DB,
        "SELECT status, count(*)::int AS n FROM rgs.table_rounds WHERE id = ANY($1) GROUP BY status",
        [openAtKill.map((o) => o.id)],
      )
    : [];
  const notEnded = ended
    .filter((e) => e.status !== "settled" && e.status !== "void")
    .reduce((a, e) => a + e.n, 0);
  const bets = await query<{
    id: string;
    player_id: string;
    status: string;
    total: string;
    win: string | null;
    round_status: string;
  }>(
    RGS_DB,
    `SELECT b.id, b.player_id, b.status, b.total, b.win, r.status AS round_status
       FROM rgs.table_bets b JOIN rgs.table_rounds r ON r.id = b.round_id WHERE b.table_id = $1 AND b.player_id = ANY($2)`,
    [TABLE, table.players.map((p) => p.id)],
  );
  const unfinished = bets.filter((b) => !["settled", "rolled_back", "refused"].includes(b.status)).length;
  const wins = await query<{ round_id: string; n: number }>(
    DB,
    `SELECT round_id, count(*)::int AS n FROM provider_transactions
      WHERE vendor = 'PNL' AND kind = 'win' AND round_id = ANY($1) GROUP BY round_id`,
    [bets.map((b) => b.id)],
  );
  const winsBy = new Map(wins.map((w) => [w.round_id, w.n]));
  const paidTwice = wins.filter((w) => w.n > 1).length;
  const settledUnpaid = bets.filter((b) => b.status === "settled" && !winsBy.has(b.id)).length;
  const nos = await query<{ gaps: number }>(
    RGS_DB,
    `SELECT (max(round_no) - min(round_no) + 1 - count(DISTINCT round_no))::int AS gaps FROM rgs.table_rounds WHERE table_id = $1`,
    [TABLE],
  );
  const expectedTable = new Map<number, bigint>(table.players.map((p) => [p.id, START]));
  for (const b of bets) {
    const id = Number(b.player_id);
    const cur = expectedTable.get(id) ?? START;
    if (b.status === "settled") expectedTable.set(id, cur + BigInt(b.win ?? 0) - BigInt(b.total));
    if (b.status === "placed") expectedTable.set(id, cur - BigInt(b.total));
  }
  const actual = await balances(
    DB,
    table.players.map((p) => p.id),
  );
  const wrong = table.players.filter((p) => actual.get(p.id) !== expectedTable.get(p.id)).length;
  const ledger = await ledgerCheck(DB, "PNL");
  const byStatus = Object.fromEntries(
    [...new Set(bets.map((b) => b.status))].map((s) => [s, bets.filter((b) => b.status === s).length]),
  );
  console.log(
    `  ${label}: rounds open at the kill ${openAtKill.length} (${ended.map((e) => `${e.status} ${e.n}`).join(", ") || "-"}), not ended ${notEnded}; bet sets ${bets.length} ${JSON.stringify(byStatus)}, unfinished ${unfinished}, won twice ${paidTwice}, settled without a credit ${settledUnpaid}; round numbers missing ${nos[0]?.gaps ?? "?"}; PNL transaction ids twice ${ledger.duplicates}; table players' balances not as the bets say ${wrong}`,
  );
  betting = true;
  bettor = tableBettor();
  return (
    notEnded === 0 &&
    unfinished === 0 &&
    paidTwice === 0 &&
    settledUnpaid === 0 &&
    ledger.duplicates === 0 &&
    wrong === 0 &&
    (nos[0]?.gaps ?? 1) === 0
  );
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
  return `${failed} attempts failed; writes back ${back ? ((back.end - t0) / 1000).toFixed(1) : "?"} s after the fault`;
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
        console.log(`  the balancer took ${host} out ${((now() - t0) / 1000).toFixed(2)} s after the fault`);
        return;
      }
    } catch {
      // the stats page is HAProxy's own: retry
    }
    await sleep(100);
  }
  console.log(`  the balancer still sends to ${host} 10 s after the fault`);
}

/** HAProxy's stats row of platform server `host`: its status and sessions served so far. */
async function platformRow(host: string): Promise<{ status: string; total: number } | null> {
  const csv = await (await fetch("http://10.77.0.2:8404/;csv")).text();
  const row = csv.split("\n").find((l) => l.startsWith(`platform,${host},`));
  if (!row) return null;
  const f = row.split(",");
  return { status: f[17] ?? "", total: Number(f[7]) };
}

/** Cut `host`'s link for CUT_S, restore it, then wait until the balancer sends it requests again. */
async function cutNetwork(host: string, t0: number): Promise<void> {
  await sleep(CUT_S * 1000);
  execFileSync("ip", ["link", "set", `v-${host}`, "up"]);
  const tUp = now();
  console.log(`  link of ${host} up again ${((tUp - t0) / 1000).toFixed(1)} s after the cut`);
  let up: number | null = null;
  let served: number | null = null;
  while (now() - tUp < 60_000) {
    try {
      const r = await platformRow(host);
      if (r && up === null && r.status.startsWith("UP")) {
        up = now();
        served = r.total;
        console.log(
          `  the balancer marked ${host} UP ${((up - tUp) / 1000).toFixed(2)} s after the link came back`,
        );
      }
      if (r && up !== null && served !== null && r.total > served) {
        console.log(
          `  ${host} served requests again ${((now() - tUp) / 1000).toFixed(2)} s after the link came back (${r.total - served} so far)`,
        );
        return;
      }
    } catch {
      // HAProxy's stats page: retry
    }
    await sleep(100);
  }
  console.log(`  ${host} not back in rotation 60 s after the link came back`);
}

const faults: Array<{ name: string; pick: () => Promise<string>; cut?: boolean }> = [
  { name: "a platform node", pick: async () => "app2" },
  { name: "the PostgreSQL primary", pick: pgPrimary },
  {
    name: "the Redis primary",
    pick: async () => (sentinelPrimary().startsWith("10.77.0.21:") ? "redis1" : "redis2"),
  },
  { name: `the RGS node leading ${TABLE}`, pick: tableLeader },
  { name: `a platform node's network for ${CUT_S} s`, pick: async () => "app3", cut: true },
];

let allOk = true;
const t00 = now();
let workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
await sleep(SETTLE_S * 1000);
for (const fault of faults) {
  const host = await fault.pick();
  if (host.startsWith("rgs")) {
    // Kill the leader while the table takes bets, once this round has some.
    for (let i = 0; i < 120; i++) {
      const [r] = await query<{ n: number }>(
        RGS_DB,
        `SELECT count(b.id)::int AS n FROM (SELECT id FROM rgs.table_rounds WHERE table_id = $1 AND status = 'betting'
           ORDER BY round_no DESC LIMIT 1) r JOIN rgs.table_bets b ON b.round_id = r.id`,
        [TABLE],
      ).catch(() => []);
      if ((r?.n ?? 0) > 0) break;
      await sleep(250);
    }
    openAtKill = await query(
      RGS_DB,
      "SELECT id, round_no, status FROM rgs.table_rounds WHERE table_id = $1 AND status IN ('betting', 'closed', 'settling')",
      [TABLE],
    );
  }
  const sentBefore = stats.sent;
  const tableBefore = { ...tableStats };
  const t0 = now();
  const killedAt = new Date();
  // A Redis primary is killed alone (its host's sentinel keeps watching); other hosts whole; a
  // cut takes the node's link down (the node itself runs on).
  if (fault.cut) execFileSync("ip", ["link", "set", `v-${host}`, "down"]);
  else if (host.startsWith("redis")) {
    const pid = readFileSync(join(BASE, host, "redis.pid"), "utf8").trim();
    process.kill(Number(pid), "SIGKILL");
  } else cluster("crash", host);
  console.log(
    `\n${fault.cut ? "cut" : "killed"} ${fault.name} (${host}) at ${((t0 - t00) / 1000).toFixed(1)} s${host.startsWith("rgs") ? `, rounds open ${openAtKill.map((o) => `#${o.round_no} ${o.status}`).join(", ")}` : ""}`,
  );
  if (host.startsWith("app")) void balancerDrops(host, t0);
  // What must be over before the phase ends: the cut restored and the node back, the lease taken.
  let phaseWait: Promise<void> | null = null;
  if (fault.cut) phaseWait = cutNetwork(host, t0);
  if (host.startsWith("rgs")) phaseWait = watchTakeover(t0, killedAt);
  let waited = phaseWait === null;
  void phaseWait?.then(() => {
    waited = true;
  });
  // Load goes on through the fault and SETTLE_S past the recovery (bounded by GIVE_UP_MS).
  const deadline = t0 + 60_000 + (fault.cut ? CUT_S * 1000 : 0);
  while (now() < deadline) {
    await sleep(500);
    const lastFail = Math.max(0, ...failures.filter((t) => t >= t0));
    if (waited && now() - Math.max(t0, lastFail) > SETTLE_S * 1000) break;
  }
  await phaseWait;
  running = false;
  await Promise.allSettled(workers);
  console.log(
    `  ${stats.sent - sentBefore} provider requests and ${tableStats.sent - tableBefore.sent} table bets in this phase (table: ${tableStats.ok - tableBefore.ok} placed, ${tableStats.refused - tableBefore.refused} refused, ${tableStats.retried - tableBefore.retried} retried); ${recovery(t0)}`,
  );
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
  if (host.startsWith("rgs") && !(await verifyTable(`${TABLE} after its leader's kill`))) allOk = false;
  // The crashed host comes back (as a replica where it was a primary) for the next fault; a cut
  // node is back already.
  if (!fault.cut) cluster("restart", host);
  running = true;
  workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
  await sleep(SETTLE_S * 1000);
}
running = false;
await Promise.allSettled(workers);
if (!(await verify("at the end"))) allOk = false;
if (!(await verifyTable(`${TABLE} at the end`))) allOk = false;
betting = false;
await bettor;
console.log(
  `table bets sent ${tableStats.sent}, placed ${tableStats.ok}, refused ${tableStats.refused} ${JSON.stringify(Object.fromEntries(tableRefused))}, retried ${tableStats.retried}, abandoned ${tableStats.abandoned}, rounds bet on ${tableStats.rounds}`,
);
console.log(
  `\nrequests sent ${stats.sent}, succeeded ${stats.ok}, refused ${stats.refused} ${JSON.stringify(Object.fromEntries(refusedCodes))}, retried ${stats.retried}, failed attempts ${stats.failed}, abandoned ${stats.abandoned}; ${((now() - t00) / 1000).toFixed(0)} s`,
);
console.log(allOk ? "chaos: passed" : "chaos: FAILED");
process.exit(allOk ? 0 : 1);
