// bench/responsible-gaming: what the responsible-gaming checks add to a provider debit (target:
// no cost for a member without limits, and ~1 ms p99 at most for one with limits — the
// one update of their rg_member row). Straight to provider_move on PostgreSQL, interleaved: one
// debit of a member without limits, one of a member with a daily loss limit, a weekly wager limit
// and a monthly loss limit (all high enough never to refuse), each a settled round (bet + win).
// Run: npx tsx bench/responsible-gaming/index.ts   (BENCH_PG, BENCH_OPS, BENCH_CONCURRENCY)
import pg from "pg";
import { members } from "../../apps/server/src/db/schema/members.ts";
import { deposit, dropDatabase, freshDatabase } from "../lib/database.ts";
import { figure, loadAverage } from "../lib/figure.ts";
import { quantile } from "../lib/measure.ts";
import {
  addBenchToken,
  debitLine,
  interleavedDebits,
  ledgerMismatches,
  providerMoves,
} from "../lib/provider-move.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
const OPS = Number(process.env.BENCH_OPS ?? 4_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const fresh = await freshDatabase(serverUrl, "panalo_bench");
const { database } = fresh;

// Half the members have no limits; the other half have three (rg_member row, rg_active set).
const rows = await database.db
  .insert(members)
  .values(Array.from({ length: MEMBERS * 2 }, (_, i) => ({ username: `rg${i}` })))
  .returning({ id: members.id });
const plain = rows.slice(0, MEMBERS).map((r) => r.id);
const limited = rows.slice(MEMBERS).map((r) => r.id);
// (Raw SQL through pg: drizzle-orm lives in the server's workspace, not here.)
const raw = new pg.Client({ connectionString: fresh.url });
await raw.connect();
for (const id of [...plain, ...limited]) {
  await deposit(database, id, 100_000_00n);
}
await raw.query(
  `INSERT INTO rg_member (member_id, loss_day, wager_week, loss_month)
   SELECT unnest($1::bigint[]), 90000000, 90000000, 90000000`,
  [limited],
);
await raw.query("UPDATE members SET rg_active = true WHERE id = ANY($1::bigint[])", [limited]);
for (const id of [...plain, ...limited]) await addBenchToken(database, id);

const { pool, call } = providerMoves(fresh.url, CONCURRENCY);

// Interleaved: one debit of a plain member, then one of the other group's.
const { plain: plainLat, other } = await interleavedDebits(call, CONCURRENCY, OPS, plain, limited);
const lat = { plain: plainLat, limited: other };
const pct = quantile;
const line = debitLine;
console.log(line("debit of a member without limits", lat.plain));
console.log(line("debit of a member with loss and wager limits", lat.limited));
const added = pct(lat.limited, 0.99) - pct(lat.plain, 0.99);
console.log(
  `added p99 latency with limits: ${added.toFixed(2)} ms (target ≈ 1 ms); load average ${loadAverage()}`,
);
figure("responsible-gaming.added-p99", Number(added.toFixed(2)), "ms", "lower");
const [totals] = (
  await raw.query<{ lost: string }>("SELECT COALESCE(sum(wagered_day), 0)::text AS lost FROM rg_member")
).rows;
console.log(`running totals kept: ${totals?.lost} (stakes counted today across the limited members)`);
const mismatches = await ledgerMismatches(raw);
await raw.end();
console.log(
  `ledger: ${mismatches === 0 ? "every member balance equals its entries" : `${mismatches} accounts disagree`}`,
);
await pool.end();
await dropDatabase(fresh);
