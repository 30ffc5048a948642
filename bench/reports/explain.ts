// bench/reports/explain.ts: the plan (EXPLAIN ANALYZE, BUFFERS) of every statement the dashboard
// runs, on a bench database kept by `BENCH_KEEP=1 npx tsx bench/reports/index.ts`.
// Run: BENCH_DB=panalo_bench_xxxx npx tsx bench/reports/explain.ts [from] [to]
// (from/to: Manila days, default the last 30 days). Uses auto_explain, its plans sent back as
// notices, so what is shown is exactly what the service ran, parameters and all.

import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../../apps/server/src/db/client.ts";
import { schema } from "../../apps/server/src/db/schema/index.ts";
import type { AppContext } from "../../apps/server/src/lib/context.ts";
import { addDays, manilaDay } from "../../apps/server/src/modules/reports/days.ts";
import { dashboard } from "../../apps/server/src/modules/reports/service.ts";

const name = process.env.BENCH_DB;
if (!name) throw new Error("BENCH_DB: the bench database to explain on");
const url = new URL(process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres");
url.pathname = `/${name}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
pool.on("connect", (client) => {
  client.on("notice", (n) => console.log(`${n.message}\n`));
  void client.query(`LOAD 'auto_explain';
    SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on;
    SET auto_explain.log_buffers = on; SET auto_explain.log_level = notice;
    SET client_min_messages = notice`);
});
const db = drizzle(pool, { schema }) as unknown as Db;
const ctx = { db, clock: { now: () => new Date() } } as unknown as AppContext;
const today = manilaDay(new Date());
const from = process.argv[2] ?? addDays(today, -29);
const to = process.argv[3] ?? today;
const t0 = performance.now();
await dashboard(ctx, from, to);
console.log(`dashboard ${from}..${to}: ${(performance.now() - t0).toFixed(1)} ms (with the plans' overhead)`);
await pool.end();
