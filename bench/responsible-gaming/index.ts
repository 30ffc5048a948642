// bench/responsible-gaming: what the responsible-gaming checks add to a provider debit (target:
// no cost for a member without limits, and ~1 ms p99 at most for one with limits — the
// one update of their rg_member row). Straight to provider_move on PostgreSQL, interleaved: one
// debit of a member without limits, one of a member with a daily loss limit, a weekly wager limit
// and a monthly loss limit (all high enough never to refuse), each a settled round (bet + win).
// Run: npx tsx bench/responsible-gaming/index.ts   (BENCH_PG, BENCH_OPS, BENCH_CONCURRENCY)
import pg from "pg";
import { members } from "../../apps/server/src/db/schema/members.ts";
import { post } from "../../apps/server/src/modules/ledger/ledger.ts";
import { dropDatabase, freshDatabase } from "../lib/database.ts";
import { figure, loadAverage } from "../lib/figure.ts";
import { addBenchToken, benchTokenHash, ledgerMismatches, providerMoves } from "../lib/provider-move.ts";

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
  await post(database.db, {
    idempotencyKey: `bench-dep-${id}`,
    type: "deposit",
    memberId: id,
    legs: [
      { account: { house: "cash", currency: "PHP" }, amount: -100_000_00n },
      { account: { member: id, kind: "main", currency: "PHP" }, amount: 100_000_00n },
    ],
  });
}
await raw.query(
  `INSERT INTO rg_member (member_id, loss_day, wager_week, loss_month)
   SELECT unnest($1::bigint[]), 90000000, 90000000, 90000000`,
  [limited],
);
await raw.query("UPDATE members SET rg_active = true WHERE id = ANY($1::bigint[])", [limited]);
for (const id of [...plain, ...limited]) await addBenchToken(database, id);

const { pool, call } = providerMoves(fresh.url, CONCURRENCY);

const lat = { plain: [] as number[], limited: [] as number[] };
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < OPS) {
      const i = next++;
      const withLimits = i % 2 === 1;
      const group = withLimits ? limited : plain;
      const id = group[(i >> 1) % group.length] ?? 0;
      const s = performance.now();
      const r = await call("bet", `b${i}`, `r${i}`, id, "100", null, benchTokenHash(id));
      (withLimits ? lat.limited : lat.plain).push(performance.now() - s);
      if (!r.rows[0]?.r?.answer) throw new Error(`debit refused: ${JSON.stringify(r.rows[0]?.r)}`);
      await call("win", `c${i}`, `r${i}`, id, i % 3 ? "0" : "250", `b${i}`, null);
    }
  }),
);
const pct = (a: number[], p: number) =>
  [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))] ?? 0;
const line = (name: string, a: number[]) =>
  `${name}: ${a.length} debits, p50 ${pct(a, 0.5).toFixed(2)} ms, p99 ${pct(a, 0.99).toFixed(2)} ms`;
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
