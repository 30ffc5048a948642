// bench/reports/explain.ts: the plan (EXPLAIN ANALYZE, BUFFERS) of every statement the dashboard
// runs, on a bench database kept by `BENCH_KEEP=1 npx tsx bench/reports/index.ts`.
// Run: BENCH_DB=panalo_bench_xxxx npx tsx bench/reports/explain.ts [from] [to]
// (from/to: Manila days, default the last 30 days). Each statement the service sends is shown
// with its plan, as run with its own parameters, then run for the service.

import pg from "pg";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import type { AppContext } from "../../apps/server/src/lib/context.ts";
import { addDays, manilaDay } from "../../apps/server/src/modules/reports/days.ts";
import { dashboard } from "../../apps/server/src/modules/reports/service.ts";

const name = process.env.BENCH_DB;
if (!name) throw new Error("BENCH_DB: the bench database to explain on");
const url = new URL(process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres");
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString() });
const raw = new pg.Client({ connectionString: url.toString() });
await raw.connect();
const real = database.db;
// The query builder's own SQL → text and parameters (the dialect the database object carries).
const dialect = (
  real as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string; params: unknown[] } } }
).dialect;
const plans: string[] = [];
const db = new Proxy(real, {
  get(target, prop, receiver) {
    if (prop !== "execute") return Reflect.get(target, prop, receiver);
    return async (query: unknown) => {
      const q = dialect.sqlToQuery(query);
      const plan = await raw.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params);
      plans.push(
        `${q.sql.replace(/\s+/g, " ").slice(0, 160)}…\n${plan.rows.map((r) => r["QUERY PLAN"]).join("\n")}`,
      );
      return target.execute(query as never);
    };
  },
});
const ctx = { db, database, clock: { now: () => new Date() } } as unknown as AppContext;
const today = manilaDay(new Date());
const from = process.argv[2] ?? addDays(today, -29);
const to = process.argv[3] ?? today;
await dashboard(ctx, from, to);
console.log(plans.join("\n\n"));
await raw.end();
await database.close();
