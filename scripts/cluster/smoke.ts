// The cluster's smoke check (scripts/cluster/cluster.sh runs it at the end of `up`): through the
// load balancer /healthz answers, a funded player's provider debit goes through (and its retry
// changes nothing), the ledger reconciles, and the PostgreSQL replica is streaming.
import pg from "pg";
import { balances, ledgerCheck, providerCall, setUp } from "./lib.ts";

const url = process.env.CLUSTER_DATABASE_URL ?? "";
const lb = process.env.CLUSTER_LB ?? "";
const appSecret = process.env.CLUSTER_APP_SECRET ?? "";
if (!url || !lb || !appSecret)
  throw new Error("CLUSTER_DATABASE_URL, CLUSTER_LB and CLUSTER_APP_SECRET are needed");

const t0 = performance.now();
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};
console.log("smoke check:");

// Every node answers /healthz through the balancer (round robin: as many calls as nodes).
const health = await Promise.all([0, 1, 2].map(() => fetch(`${lb}/healthz`).then((r) => r.status)));
check(
  health.every((s) => s === 200),
  `/healthz through the balancer: ${health.join(", ")}`,
);

const vendor = `SMOKE${Date.now().toString(36).toUpperCase()}`;
const { secret, players } = await setUp(url, appSecret, vendor, 1, 100_00n);
const p = players[0];
if (!p) throw new Error("no player");
check(true, `player ${p.id} created with 100.00 PHP and a launch token (vendor ${vendor})`);
const debit = {
  requestId: `${vendor}-d1`,
  token: p.token,
  playerId: p.id,
  transactionId: `${vendor}-b1`,
  roundId: `${vendor}-r1`,
  amount: "1.25",
  roundClosed: false,
};
const first = await providerCall(lb, vendor, secret, "debit", debit);
check(first.success, `provider debit 1.25 through the balancer: ${first.status} ${first.code ?? ""}`.trim());
const again = await providerCall(lb, vendor, secret, "debit", { ...debit, requestId: `${vendor}-d1r` });
check(again.success, `the same debit again (a retry) answers success: ${again.status}`);
const bal = (await balances(url, [p.id])).get(p.id);
check(bal === 98_75n, `balance after debit and retry: ${bal} minor (98.75 PHP, debited once)`);
const ledger = await ledgerCheck(url, vendor);
check(ledger.ok && ledger.duplicates === 0, `ledger reconciles (ok ${ledger.ok}), no transaction id twice`);

// Streaming replication, as the primary sees it.
const client = new pg.Client({ connectionString: url });
await client.connect();
const rep = await client.query<{ application_name: string; state: string; sync_state: string }>(
  "SELECT application_name, state, sync_state FROM pg_stat_replication",
);
await client.end();
check(
  rep.rows.some((r) => r.state === "streaming"),
  `pg_stat_replication on the primary: ${rep.rows.map((r) => `${r.application_name} ${r.state} (${r.sync_state})`).join("; ") || "none"}`,
);
// The replica port answers reads from the replica.
const ro = new pg.Client({ connectionString: url.replace(":5000/", ":5001/") });
await ro.connect();
const inRecovery = (await ro.query<{ r: boolean }>("SELECT pg_is_in_recovery() AS r")).rows[0]?.r;
await ro.end();
check(inRecovery === true, "the replica port (5001) reaches a server in recovery");

console.log(
  `smoke check ${failures.length ? "FAILED" : "passed"} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
process.exit(failures.length ? 1 : 0);
