// bench/wallet/db-only: the same bets and wins as bench/wallet, straight to provider_move on
// PostgreSQL without HTTP — how much of an operation's cost is the database's.
// Run: npx tsx bench/wallet/db-only.ts
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import { members } from "../../apps/server/src/db/schema/members.ts";
import { launchTokens } from "../../apps/server/src/db/schema/providers.ts";
import { deposit, freshDatabase } from "../lib/database.ts";
import { loadAverage } from "../lib/figure.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const OPS = Number(process.env.BENCH_OPS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const fresh = await freshDatabase(serverUrl, "panalo_bench");
const { admin, dbName, database } = fresh;
const rows = await database.db
  .insert(members)
  .values(Array.from({ length: MEMBERS }, (_, i) => ({ username: `wallet${i}` })))
  .returning({ id: members.id });
const hash = (t: string) => createHash("sha256").update(t).digest("hex");
for (const r of rows) {
  await deposit(database, r.id, 100_000_00n);
  await database.db.insert(launchTokens).values({
    tokenHash: hash(`tok${r.id}`),
    memberId: r.id,
    vendor: "BENCH",
    currency: "PHP",
    expiresAt: new Date(Date.now() + 3_600_000),
  });
}
const pool = new pg.Pool({ connectionString: fresh.url, max: CONCURRENCY });
// pool.end() can resolve before every socket has closed; the DROP … WITH (FORCE) at the end then
// ends them from the server side, which is expected here, not a failure.
pool.on("error", () => {});
const q = "SELECT provider_move($1, $2, $3, $4, $5, $6::bigint, $7, $8, $9, $10, $11::timestamptz) AS r";
const pgCpu = (): number =>
  readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .reduce((sum, d) => {
      try {
        if (!readFileSync(`/proc/${d}/comm`, "utf8").startsWith("postgres")) return sum;
        // This run's backends and the server's shared processes, not other databases' backends
        // (other sessions run their benches on the same server).
        const title = readFileSync(`/proc/${d}/cmdline`, "utf8").replaceAll("\0", " ");
        if (!title.includes(dbName) && / postgres \S+ \d+\.\d+\.\d+\.\d+\(/.test(title)) return sum;
        const f = readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
        return sum + (Number(f[11]) + Number(f[12])) * 10;
      } catch {
        return sum;
      }
    }, 0);
if (process.env.BENCH_SQL) await pool.query(process.env.BENCH_SQL);
const pg0 = pgCpu();
let next = 0;
const lat: number[] = [];
const t0 = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async (_, w) => {
    while (next < OPS) {
      const i = next++;
      const id = rows[(i * 7 + w) % rows.length]?.id ?? 0;
      let s = performance.now();
      await pool.query({
        name: "pm",
        text: q,
        values: [
          "BENCH",
          "bet",
          `b${i}`,
          `r${i}`,
          id,
          "100",
          null,
          hash(`tok${id}`),
          null,
          `p${i}`,
          new Date().toISOString(),
        ],
      });
      lat.push(performance.now() - s);
      s = performance.now();
      await pool.query({
        name: "pm",
        text: q,
        values: [
          "BENCH",
          "win",
          `c${i}`,
          `r${i}`,
          id,
          i % 3 ? "0" : "250",
          `b${i}`,
          null,
          null,
          `w${i}`,
          new Date().toISOString(),
        ],
      });
      lat.push(performance.now() - s);
    }
  }),
);
const sec = (performance.now() - t0) / 1000;
const pgMs = pgCpu() - pg0;
lat.sort((a, b) => a - b);
console.log(`PostgreSQL CPU per operation: ${((pgMs * 1000) / lat.length).toFixed(0)} µs`);
console.log(
  `load ${loadAverage()}; db only, ${CONCURRENCY} callers: ${(lat.length / sec).toFixed(0)} ops/s, p50 ${lat[lat.length >> 1]?.toFixed(1)} ms, p99 ${lat[Math.floor(lat.length * 0.99)]?.toFixed(1)} ms`,
);
await pool.end();
await database.close();
if (process.env.BENCH_KEEP) console.log(`kept database ${dbName}`);
else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();
