// bench/agents/settlement: a daily settlement run of agent contracts on PostgreSQL.
// Builds 100,000 members in an upline tree of depth 10 (the closure table kept by its triggers),
// 2,000,000 settled rounds in one Manila day (a bet and its win each, in provider_transactions,
// by generate_series), a daily-salary contract for every agent of the upper nine levels, then
// times one daily run as the job does it: the day's per-member rollup (agents/rollup.ts), bills
// for every contract (team figures through the closure table) and their payment through the
// ledger (a batch of bills per ledger call). The hours before the last are rolled up first, as the
// agents.rollup job does during the day, and timed apart from the run.
// Run: npx tsx bench/agents/settlement.ts   (BENCH_PG, BENCH_MEMBERS, BENCH_ROUNDS to change)
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import pg from "pg";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { migrate } from "../../apps/server/src/db/migrate.ts";
import type { AppContext } from "../../apps/server/src/lib/context.ts";
import { rollupAgentDays } from "../../apps/server/src/modules/agents/rollup.ts";
import { settleRun } from "../../apps/server/src/modules/agents/settlement.ts";
import { reconcile } from "../../apps/server/src/modules/ledger/ledger.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2_000_000);
const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
// BENCH_DB=<name> runs again on a database an earlier run kept (BENCH_KEEP=1): no build.
const reuse = process.env.BENCH_DB;
const dbName = reuse ?? `panalo_bench_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
if (!reuse) await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const database = await openDatabase({ url: url.toString() });
const db = database.db;
// Raw statements on a connection of the bench's own (drizzle-orm is the server's dependency).
const raw = new pg.Client({ connectionString: url.toString() });
await raw.connect();
const t0 = performance.now();
const secs = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

try {
  if (!reuse) await build();
  else {
    // Again on the kept data: the run's bills and rows go, the contracts start over.
    await migrate(database);
    await raw.query("DELETE FROM agent_member_days");
    await raw.query("DELETE FROM agent_member_hours");
    await raw.query("DELETE FROM agent_team_hours");
    await raw.query("DELETE FROM agent_team_days");
    await raw.query(
      "UPDATE agent_rollup_state SET done_until = NULL, hours_from = NULL, hours_until = NULL, team_hours_from = NULL, team_hours_until = NULL",
    );
    await raw.query("DELETE FROM agent_bills");
    await raw.query("DELETE FROM agent_settlement_runs");
    await raw.query("UPDATE agent_contracts SET settled_until = '2026-03-01T16:00:00Z'");
  }
  await runOnce();
} finally {
  await raw.end();
  await database.close();
  if (!reuse && !process.env.BENCH_KEEP) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  else console.log(`database kept: BENCH_DB=${dbName}`);
  await admin.end();
}

async function build() {
  await migrate(database);
  // Level sizes of depth 0..10 (each level larger than the one above, so every member of
  // levels 0–9 has downlines), scaled to MEMBERS.
  const shape = [10, 25, 60, 150, 350, 800, 1_800, 4_000, 9_000, 23_000, 60_805];
  const scale = MEMBERS / shape.reduce((a, b) => a + b, 0);
  const sizes = shape.map((n) => Math.max(1, Math.round(n * scale)));
  let first = 1;
  const starts: number[] = [];
  for (const n of sizes) {
    starts.push(first);
    first += n;
  }
  const total = first - 1;
  let step = performance.now();
  await raw.query("SET session_replication_role = replica");
  for (const [level, n] of sizes.entries()) {
    const start = starts[level] as number;
    const parentStart = level === 0 ? 0 : (starts[level - 1] as number);
    const parentN = level === 0 ? 0 : (sizes[level - 1] as number);
    // Members of levels 0–9 are agents; the last level players. Parent: round-robin over the level above.
    for (let off = 0; off < n; off += 20_000) {
      const m = Math.min(20_000, n - off);
      await raw.query(`INSERT INTO members (id, username, upline_id, is_agent)
        SELECT ${start + off} + g, 'b' || (${start + off} + g), ${
          level === 0 ? "NULL" : `${parentStart} + ((${off} + g) % ${parentN})`
        }, ${level < 10 ? 1 : 0}
        FROM generate_series(0, ${m - 1}) g`);
    }
  }
  await raw.query(`SELECT setval('members_id_seq', ${total})`);
  // The closure rows, set-based (the same query as migration 0700's backfill): the row triggers
  // were off for the bulk insert (session_replication_role), as a one-off import would do.
  await raw.query(`INSERT INTO member_tree (ancestor_id, descendant_id, depth)
    WITH RECURSIVE up (descendant_id, ancestor_id, depth) AS (
      SELECT id, id, 0 FROM members
      UNION ALL
      SELECT up.descendant_id, m.upline_id, up.depth + 1
      FROM up JOIN members m ON m.id = up.ancestor_id
      WHERE m.upline_id IS NOT NULL AND up.depth < 64
    )
    SELECT ancestor_id, descendant_id, depth FROM up`);
  await raw.query("SET session_replication_role = origin");
  console.log(`members: ${total} in ${sizes.length} levels (depth ≤ ${sizes.length - 1}), ${secs(step)}`);

  // 2026-03-02 Manila (2026-03-01T16:00Z … 2026-03-02T16:00Z): bets and their wins, spread over the day.
  step = performance.now();
  const dayStart = Date.parse("2026-03-01T16:00:00Z") / 1000;
  for (let off = 0; off < ROUNDS; off += 250_000) {
    const m = Math.min(250_000, ROUNDS - off);
    await raw.query(`INSERT INTO provider_transactions
        (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at)
      SELECT 'PNS', 'b' || r, 'bet', 'r' || r, 1 + (r::bigint * 7919) % ${total}, 100 + (r % 50) * 100, NULL, 'bench',
        to_timestamp(${dayStart} + (r % 86000))
      FROM generate_series(${off}, ${off + m - 1}) r
      UNION ALL
      SELECT 'PNS', 'w' || r, 'win', 'r' || r, 1 + (r::bigint * 7919) % ${total}, CASE WHEN r % 3 = 0 THEN 300 + (r % 50) * 150 ELSE 0 END,
        'b' || r, 'bench', to_timestamp(${dayStart} + (r % 86000) + 2)
      FROM generate_series(${off}, ${off + m - 1}) r`);
  }
  await raw.query("ANALYZE");
  console.log(`rounds: ${ROUNDS} (bet + win rows) in ${secs(step)}`);

  // A platform-paid daily salary for every agent of levels 0–8, tiered by active members.
  step = performance.now();
  const agentsEnd = (starts[9] as number) - 1;
  const terms = JSON.stringify({
    kind: "daily_salary",
    period: "daily",
    tiers: [
      { minActiveMembers: 0, minValidBet: "0", rateBp: 50 },
      { minActiveMembers: 20, minValidBet: "1000.00", rateBp: 80 },
    ],
  });
  await raw.query(`INSERT INTO agent_contracts (kind, upline_id, downline_id, funding, period, terms, rate_bp, status,
      accepted_at, settled_until)
    SELECT 'daily_salary', NULL, g, 'platform', 'daily', '${terms}'::jsonb, 80, 'active',
      '2026-03-01T16:00:00Z', '2026-03-01T16:00:00Z'
    FROM generate_series(1, ${agentsEnd}) g`);
  await raw.query("ANALYZE");
  console.log(`contracts: ${agentsEnd} in ${secs(step)}`);
}

async function runOnce() {
  const ctx = { db, database } as AppContext;
  // During the day the job agents.rollup (every 15 minutes) rolls each hour as it closes
  // (migration 0802); here the day's first 23 hours at once, as of 23:05 Manila.
  const hourStep = performance.now();
  const hours = await rollupAgentDays(ctx, new Date("2026-03-02T15:05:00Z"));
  console.log(
    `during the day (agents.rollup, not part of the run): ${hours.hours} hours, ${hours.hourRows} member-hour rows and the agents' hourly team totals in ${secs(hourStep)}`,
  );
  console.log(
    `load average before the run: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  const step = performance.now();
  // What the job's handler does at 2026-03-03 00:10 Manila: roll up the last hour and the closed
  // day (the sum of its hours), then settle.
  const rolled = await rollupAgentDays(ctx, new Date("2026-03-02T16:10:00Z"));
  const rollupSeconds = (performance.now() - step) / 1000;
  const billStep = performance.now();
  const run = await settleRun(ctx, "daily", "2026-03-03T00:10+08:00", new Date("2026-03-02T16:08:00Z"));
  const settleSeconds = (performance.now() - billStep) / 1000;
  const runSeconds = (performance.now() - step) / 1000;
  console.log(
    `rollup: ${rolled.hours} hour(s) (${rolled.hourRows} rows) and ${rolled.days} day(s), ${rolled.rows} member-day rows in ${rollupSeconds.toFixed(1)} s; ` +
      `bills and payment: ${settleSeconds.toFixed(1)} s`,
  );
  console.log(
    `daily settlement run: ${runSeconds.toFixed(1)} s — ${run.bills} bills, ${run.paid} paid (${run.paidMinor} minor units), ${run.insufficient} insufficient`,
  );
  console.log(
    `load average after the run: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  const check = await reconcile(db);
  console.log(`ledger reconciles: ${check.ok} (${check.transactions} transactions)`);
  console.log(`target < 60 s: ${runSeconds < 60 ? "met" : "NOT met"}; total bench ${secs(t0)}`);
}
