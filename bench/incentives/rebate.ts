// bench/incentives/rebate: the daily rebate run on PostgreSQL.
// Builds 100,000 members and 2,000,000 settled rounds in one Manila day (a bet and its win
// each, in provider_transactions, by generate_series) spread over slot, live and sports games,
// rates for the three categories, then times one run of the day: valid bets per member and
// category, the rebate lines, one payout per member and its payment — through the ledger in
// auto mode (BENCH_MODE=auto, the default), or offered in the reward centre (BENCH_MODE=manual).
// Before the run, the day's hours are rolled up as the agents' jobs do during the day and at
// 00:10 (agents.rollup, agents.settle-daily: migration 0802), timed apart: the run reads the
// day's valid bets from agent_member_hours. A second run of the same day follows, which must pay
// nothing more. BENCH_KEEP=1 keeps the database; BENCH_DB=<name> runs again on it (no build).
// Run: npx tsx bench/incentives/rebate.ts   (BENCH_PG, BENCH_MEMBERS, BENCH_ROUNDS, BENCH_MODE)
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import pg from "pg";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { migrate } from "../../apps/server/src/db/migrate.ts";
import type { AppContext } from "../../apps/server/src/lib/context.ts";
import { rollupAgentDays, rollupAgentHours } from "../../apps/server/src/modules/agents/rollup.ts";
import { reconcile } from "../../apps/server/src/modules/ledger/ledger.ts";
import { runRebateDay } from "../../apps/server/src/modules/rewards/rebate.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2_000_000);
const MODE = process.env.BENCH_MODE === "manual" ? "manual" : "auto";
const TARGET_S = 30;
const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const reuse = process.env.BENCH_DB;
const dbName = reuse ?? `panalo_bench_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
if (!reuse) await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const database = await openDatabase({ url: url.toString() });
// Raw statements on a connection of the bench's own (drizzle-orm is the server's dependency).
const raw = new pg.Client({ connectionString: url.toString() });
await raw.connect();
const t0 = performance.now();
const secs = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

try {
  if (!reuse) await build();
  else {
    // Again on the kept data: the day's rebates and the rollup go; the ledger keeps its rows
    // (the rebate keys are per day, so the re-run pays under a day of its own: none is left).
    await migrate(database);
    await raw.query("DELETE FROM rebate_payouts");
    await raw.query("DELETE FROM rebate_lines");
    await raw.query("DELETE FROM rebate_runs");
    await raw.query("DELETE FROM agent_member_hours");
    await raw.query("DELETE FROM agent_member_days");
    await raw.query(
      "UPDATE agent_rollup_state SET done_until = NULL, hours_from = NULL, hours_until = NULL, team_hours_from = NULL, team_hours_until = NULL",
    );
  }
  await rollup();
  await runTwice();
} finally {
  await raw.end();
  await database.close();
  if (!reuse && !process.env.BENCH_KEEP) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  else console.log(`database kept: BENCH_DB=${dbName}`);
  await admin.end();
}

async function build() {
  await migrate(database);
  let step = performance.now();
  for (let off = 0; off < MEMBERS; off += 50_000) {
    const m = Math.min(50_000, MEMBERS - off);
    await raw.query(`INSERT INTO members (id, username) SELECT ${off + 1} + g, 'rb' || (${off + 1} + g)
      FROM generate_series(0, ${m - 1}) g`);
  }
  await raw.query(`SELECT setval('members_id_seq', ${MEMBERS})`);
  // Players who bet have a main account already (they deposited): as on a live site, the run
  // finds the accounts it credits, and the planner knows the table's size.
  await raw.query(`INSERT INTO ledger_accounts (member_id, kind, currency, balance)
    SELECT id, 'main', 'PHP', 0 FROM members`);
  await raw.query(`INSERT INTO game_vendors (vassalage, game_type, account_type_id, display_name, small_icon, logo, logo_hover)
    VALUES ('BNCH', 'RNG', 1, 'Bench', '', '', '')`);
  await raw.query(`INSERT INTO games (vendor, game_code, game_type, game_classify, names, search_text, min_bet, min_line_num, thumbnail)
    SELECT 'BNCH', 'g' || g, (ARRAY['RNG', 'LIVE', 'SPORTS'])[1 + g % 3], 'X', '{"EN":"g"}', 'g', 100, 1, ''
    FROM generate_series(0, 29) g`);
  await raw.query(
    `INSERT INTO rebate_rates (game_type, rate_ppm) VALUES ('RNG', 5000), ('LIVE', 3000), ('SPORTS', 4000)`,
  );
  await raw.query(`UPDATE rebate_settings SET mode = '${MODE}'`);
  console.log(`members: ${MEMBERS}, ${secs(step)}`);

  // 2026-03-02 Manila (2026-03-01T16:00Z … 2026-03-02T16:00Z): bets and their wins over the day.
  step = performance.now();
  const dayStart = Date.parse("2026-03-01T16:00:00Z") / 1000;
  for (let off = 0; off < ROUNDS; off += 250_000) {
    const m = Math.min(250_000, ROUNDS - off);
    await raw.query(`INSERT INTO provider_transactions
        (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at, game_code)
      SELECT 'BNCH', 'b' || r, 'bet', 'r' || r, 1 + (r::bigint * 7919) % ${MEMBERS}, 100 + (r % 50) * 100, NULL, 'bench',
        to_timestamp(${dayStart} + (r % 86000)), 'g' || (r % 30)
      FROM generate_series(${off}, ${off + m - 1}) r
      UNION ALL
      SELECT 'BNCH', 'w' || r, 'win', 'r' || r, 1 + (r::bigint * 7919) % ${MEMBERS}, CASE WHEN r % 3 = 0 THEN 300 + (r % 50) * 150 ELSE 0 END,
        'b' || r, 'bench', to_timestamp(${dayStart} + (r % 86000) + 2), 'g' || (r % 30)
      FROM generate_series(${off}, ${off + m - 1}) r`);
  }
  await raw.query("ANALYZE");
  console.log(`rounds: ${ROUNDS} (bet + win rows) in ${secs(step)}`);
}

async function rollup() {
  const ctx = { db: database.db, database } as AppContext;
  const step = performance.now();
  // The hours start with the day (agents.rollup at 00:30), then close one by one; at 00:10 the
  // daily settlement rolls the last and the day.
  await rollupAgentHours(ctx, new Date("2026-03-02T00:30:00+08:00"));
  const r = await rollupAgentDays(ctx, new Date("2026-03-03T00:10:00+08:00"));
  console.log(
    `agents' rollup of the day (jobs agents.rollup and agents.settle-daily, not part of the rebate run): ` +
      `${r.hours} hours, ${r.hourRows} member-hour rows, ${r.rows} member-day rows in ${secs(step)} (load ${loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")})`,
  );
}

async function runTwice() {
  const ctx = {
    db: database.db,
    database,
    clock: { now: () => new Date("2026-03-03T00:30:00+08:00") },
  } as AppContext;
  let step = performance.now();
  const run = await runRebateDay(ctx, "2026-03-02");
  const runSeconds = (performance.now() - step) / 1000;
  console.log(
    `daily rebate run (${MODE}): ${runSeconds.toFixed(1)} s — ${run.members} members, ${run.lines} lines, ${run.paidMinor} paid (load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")})`,
  );
  const { validBetsMs, linesMs, payMs } = run.timings;
  console.log(`  valid bets ${validBetsMs} ms, lines and payouts ${linesMs} ms, paying ${payMs} ms`);
  step = performance.now();
  await runRebateDay(ctx, "2026-03-02");
  const paid = await raw.query(
    MODE === "auto"
      ? "SELECT COUNT(*)::int AS n FROM ledger_transactions WHERE type = 'rebate'"
      : "SELECT COUNT(*)::int AS n FROM member_rewards WHERE source_kind = 'rebate'",
  );
  console.log(`second run of the day: ${secs(step)}, payouts in total ${paid.rows[0]?.n} (one per member)`);
  const check = await reconcile(database.db);
  console.log(`ledger reconciles: ${check.ok} (${check.transactions} transactions)`);
  console.log(
    `target < ${TARGET_S} s: ${runSeconds < TARGET_S ? "met" : "NOT met"}; total bench ${secs(t0)}`,
  );
}
