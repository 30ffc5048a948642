// bench/reports: the back office's dashboard over 10 million rounds, and the CSV export of
// 1 million rounds' rows in constant memory, on PostgreSQL.
// Run: npx tsx bench/reports/index.ts   (BENCH_ROUNDS, BENCH_MEMBERS, BENCH_CALLS, BENCH_EXPORT_DAYS)
//
// A year of data is made in the database with generate_series (rounds spread evenly over 365
// days up to now, 40% of them won, 0.1% rolled back; deposits, withdrawals, adjustments), the
// rollup job catches up the closed days, then the dashboard is called BENCH_CALLS times for the
// last 30 days and for the whole year, and the rounds of the last BENCH_EXPORT_DAYS days (about
// a million) are exported as CSV to /dev/null through the export's own page reader and writer.

import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import type { ServerResponse } from "node:http";
import { loadavg } from "node:os";
import pg from "pg";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { migrate } from "../../apps/server/src/db/migrate.ts";
import type { AppContext } from "../../apps/server/src/lib/context.ts";
import "../../apps/server/src/jobs/catalog.ts";
import { CsvWriter, csvLine } from "@panalo/service-kit/csv";
import { registeredJobs } from "../../apps/server/src/jobs/registry.ts";
import { addDays, manilaDay } from "../../apps/server/src/modules/reports/days.ts";
import { dashboard, ROUNDS_HEADER, roundsCsv } from "../../apps/server/src/modules/reports/service.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10_000_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const EXPORT_DAYS = Number(process.env.BENCH_EXPORT_DAYS ?? 37);
const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
// BENCH_DB: measure an existing bench database again (its data kept; nothing loaded or dropped).
const reuse = process.env.BENCH_DB;
const dbName = reuse ?? `panalo_bench_${randomBytes(4).toString("hex")}`;

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
if (!reuse) await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const database = await openDatabase({ url: url.toString() });
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

try {
  // Always (a no-op when up to date): a kept database gets the migrations added since.
  await migrate(database);
  const db = database.db;
  const run = (q: string) => database.exec(q);
  const now = new Date();
  const t0 = performance.now();
  if (!reuse) {
    await run("SELECT report_ensure_indexes()");
    await run(`INSERT INTO members (username, created_at)
    SELECT 'p' || i, now() - interval '400 days' + (i::float8 / ${MEMBERS}) * interval '395 days'
      FROM generate_series(1, ${MEMBERS}) i`);
    await run(`INSERT INTO game_vendors (vassalage, game_type, account_type_id, display_name, small_icon, logo, logo_hover)
    VALUES ('PNS', 'SLOT', 1, 'Panalo Slots', '', '', ''), ('PNG', 'FISH', 2, 'Panalo Fish', '', '', ''),
           ('TCG_SEA', 'LOTT', 3, 'Lottery', '', '', '')`);
    await run(`INSERT INTO games (vendor, game_code, game_type, game_classify, names, search_text, min_bet, min_line_num, thumbnail)
    SELECT (ARRAY['PNS','PNG','TCG_SEA'])[g % 3 + 1], 'G' || g, (ARRAY['SLOT','FISH','LOTT'])[g % 3 + 1], 'x',
           jsonb_build_object('EN', 'Game ' || g), 'game', 1, 1, '' FROM generate_series(0, 29) g`);
    await run(`INSERT INTO payment_channels (code, kind, name, adapter, min_amount, max_amount)
    VALUES ('BANK1', 'bank', 'Bank', NULL, 100, 100000000), ('GCASH', 'gateway', 'GCash', 'sandbox', 100, 100000000)`);

    // Bulk load without the time-ordered secondary indexes, then build them once (as a restore
    // would): maintaining six b-trees row by row would make the load, not the reads, the bench.
    const direct = new pg.Client({ connectionString: url.toString() });
    await direct.connect();
    const indexes = (
      await direct.query(
        `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'provider_transactions'
        AND indexname NOT IN ('provider_transactions_pkey', 'provider_transactions_vendor_transaction_id_key')`,
      )
    ).rows as Array<{ indexname: string; indexdef: string }>;
    await direct.end();
    for (const i of indexes) await run(`DROP INDEX ${i.indexname}`);
    const CHUNK = 1_000_000;
    for (let a = 0; a < ROUNDS; a += CHUNK) {
      const b = Math.min(ROUNDS, a + CHUNK) - 1;
      const at = `now() - interval '365 days' + (i::float8 / ${ROUNDS}) * interval '365 days'`;
      const game = `(i % 30)`;
      const cols = `vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, game_code, fingerprint, created_at`;
      await run(`INSERT INTO provider_transactions (${cols})
      SELECT (ARRAY['PNS','PNG','TCG_SEA'])[${game} % 3 + 1], 'b' || i, 'bet', 'r' || i, 1 + (i * 7919) % ${MEMBERS},
             100 + (i * 31) % 9900, NULL, 'G' || ${game}, 'f', ${at}
        FROM generate_series(${a}::bigint, ${b}::bigint) i`);
      await run(`INSERT INTO provider_transactions (${cols})
      SELECT (ARRAY['PNS','PNG','TCG_SEA'])[${game} % 3 + 1], 'w' || i, 'win', 'r' || i, 1 + (i * 7919) % ${MEMBERS},
             (100 + (i * 31) % 9900) * (1 + i % 3), 'b' || i, 'G' || ${game}, 'f', ${at} + interval '1 second'
        FROM generate_series(${a}::bigint, ${b}::bigint) i WHERE i % 5 < 2`);
      await run(`INSERT INTO provider_transactions (${cols})
      SELECT (ARRAY['PNS','PNG','TCG_SEA'])[${game} % 3 + 1], 'x' || i, 'rollback', 'r' || i, 1 + (i * 7919) % ${MEMBERS},
             100 + (i * 31) % 9900, 'b' || i, 'G' || ${game}, 'f', ${at} + interval '2 seconds'
        FROM generate_series(${a}::bigint, ${b}::bigint) i WHERE i % 1000 = 7`);
      process.stdout.write(`\rrounds loaded: ${b + 1}/${ROUNDS} (${seconds(t0)} s)`);
    }
    process.stdout.write("\n");
    for (const i of indexes) await run(i.indexdef);
    const DEPOSITS = Math.round(ROUNDS / 20);
    await run(`INSERT INTO deposits (member_id, channel_id, request_id, amount, currency, status, created_at, decided_at)
    SELECT 1 + (i * 104729) % ${MEMBERS}, 1 + i % 2, 'd' || i, 10000 + (i * 37) % 90000, 'PHP',
           CASE WHEN i % 10 = 0 THEN (CASE WHEN i % 2 = 0 THEN 'rejected' ELSE 'failed' END)
                WHEN i % 2 = 0 THEN 'approved' ELSE 'paid' END, t, t + interval '5 minutes'
      FROM (SELECT i, now() - interval '365 days' + (i::float8 / ${DEPOSITS}) * interval '365 days' AS t
              FROM generate_series(1::bigint, ${DEPOSITS}::bigint) i) s`);
    await run(`INSERT INTO withdrawals (member_id, request_id, amount, currency, payout, status, created_at, decided_at)
    SELECT 1 + (i * 7727) % ${MEMBERS}, 'w' || i, 5000 + (i * 13) % 50000, 'PHP',
           jsonb_build_object('kind', 'ewallet', 'provider', CASE WHEN i % 2 = 0 THEN 'GCASH' ELSE 'MAYA' END,
                              'accountName', 'X', 'accountNumber', '0917'),
           CASE WHEN i % 10 = 0 THEN 'rejected' ELSE 'received' END, t, t + interval '1 hour'
      FROM (SELECT i, now() - interval '365 days' + (i::float8 / ${DEPOSITS / 4}) * interval '365 days' AS t
              FROM generate_series(1::bigint, ${DEPOSITS / 4}::bigint) i) s`);
    await run("ANALYZE");
    console.log(
      `data: ${ROUNDS.toLocaleString("en")} rounds over 365 days, ${MEMBERS.toLocaleString("en")} members, ` +
        `${DEPOSITS.toLocaleString("en")} deposits (${seconds(t0)} s)`,
    );
  }
  const ctx = { db, database, clock: { now: () => new Date() } } as unknown as AppContext;
  // BENCH_SKIP_ROLLUP: the rollup was run beforehand (the catch-up is timed separately).
  // The rollup as the product runs it: the `reports.rollup` job's own handler.
  const job = registeredJobs().find((j) => j.name === "reports.rollup");
  if (!job) throw new Error("the reports.rollup job is not registered");
  const runJob = () =>
    job.handler(ctx, { periodKey: "bench", scheduledFor: new Date(), manual: true, attempt: 1 }) as Promise<{
      days: number;
      doneUntil: string | null;
    }>;
  if (!process.env.BENCH_SKIP_ROLLUP) {
    const r0 = performance.now();
    const rolled = await runJob();
    console.log(`rollup catch-up: ${rolled.days} days in ${seconds(r0)} s (done until ${rolled.doneUntil})`);
    await run("ANALYZE");
    const r1 = performance.now();
    await runJob();
    console.log(`rollup run with nothing new (the last day recomputed): ${seconds(r1)} s`);
  }
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
  const today = manilaDay(now);
  const measure = async (label: string, from: string) => {
    await dashboard(ctx, from, today); // warm
    const lat: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const s = performance.now();
      await dashboard(ctx, from, today);
      lat.push(performance.now() - s);
    }
    lat.sort((a, b) => a - b);
    const p = (q: number) => (lat[Math.min(lat.length - 1, Math.floor(q * lat.length))] ?? 0).toFixed(1);
    console.log(
      `dashboard ${label}: p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, max ${p(1)} ms (${CALLS} calls; load average ${load()})`,
    );
  };
  await measure("last 30 days", addDays(today, -29));
  if (process.env.BENCH_YEAR !== "0") await measure("last 365 days", addDays(today, -365));

  // The export: the route's page reader and CSV writer, to /dev/null (a socket that keeps up).
  const sink = createWriteStream("/dev/null");
  await once(sink, "open");
  const out = new CsvWriter(sink as unknown as ServerResponse);
  const query = {
    from: addDays(today, -EXPORT_DAYS + 1),
    to: today,
    sort: "time" as const,
    sortDir: "asc" as const,
    page: 1,
    pageSize: 50,
  };
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const rssBefore = peakRss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  const e0 = performance.now();
  let rows = 0;
  let bytes = 0;
  const header = csvLine(ROUNDS_HEADER);
  bytes += header.length;
  await out.write(header);
  // The route's reader and writer: pages of 20,000 rounds, each written as one chunk.
  for await (const page of roundsCsv(ctx, query, 20_000)) {
    rows += page.rows;
    bytes += page.text.length;
    await out.write(page.text);
  }
  const secs = (performance.now() - e0) / 1000;
  clearInterval(sampler);
  sink.end();
  const mb = (n: number) => (n / 1048576).toFixed(0);
  console.log(
    `export: ${rows.toLocaleString("en")} rounds, ${mb(bytes)} MB of CSV in ${secs.toFixed(1)} s = ` +
      `${Math.round(rows / secs).toLocaleString("en")} rows/s; RSS ${mb(rssBefore)} MB before, peak ${mb(peakRss)} MB ` +
      `(maxRSS ${mb(process.resourceUsage().maxRSS * 1024)} MB), peak heap ${mb(peakHeap)} MB; load average ${load()}`,
  );
} finally {
  await database.close();
  if (process.env.BENCH_KEEP || reuse) {
    console.log(`kept database ${dbName}`);
    await admin.end();
    process.exit(0);
  }
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
