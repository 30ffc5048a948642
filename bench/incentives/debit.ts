// bench/incentives/debit: the added latency of a provider debit when the member has an active
// bonus (target: p99 within 5 ms of a debit without one). Straight to provider_move on
// PostgreSQL, interleaved (one debit of a member without a bonus, one of a member whose bet is
// paid from the bonus account: the split path, the worst case), each a settled round (bet + win).
// Run: npx tsx bench/incentives/debit.ts   (BENCH_PG, BENCH_OPS, BENCH_CONCURRENCY)
import pg from "pg";
import { members } from "../../apps/server/src/db/schema/members.ts";
import { grantBonus } from "../../apps/server/src/modules/bonus/grant.ts";
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

// Half the members play on real money only; the other half have no real money and an active
// bonus that will not be met during the run (wagering 1000×, every game at 100 %).
const rows = await database.db
  .insert(members)
  .values(Array.from({ length: MEMBERS * 2 }, (_, i) => ({ username: `bonus${i}` })))
  .returning({ id: members.id });
const plain = rows.slice(0, MEMBERS).map((r) => r.id);
const bonused = rows.slice(MEMBERS).map((r) => r.id);
// (Raw SQL through pg: drizzle-orm lives in the server's workspace, not here.)
const raw = new pg.Client({ connectionString: fresh.url });
await raw.connect();
const [rule] = (
  await raw.query<{ id: string }>(
    `INSERT INTO bonus_rules (name, kind, wagering_multiple, contributions, one_per_household)
     VALUES ('bench', 'manual', 200, '{"*": 100}'::jsonb, false) RETURNING id`,
  )
).rows;
for (const id of plain) {
  await deposit(database, id, 100_000_00n);
}
for (const id of bonused) {
  await database.db.transaction((tx) =>
    grantBonus(tx, {
      memberId: id,
      ruleId: Number(rule?.id),
      amountMinor: 100_000_00n,
      sourceKey: `bench:${id}`,
    }),
  );
}
for (const id of [...plain, ...bonused]) await addBenchToken(database, id);

const { pool, call } = providerMoves(fresh.url, CONCURRENCY);

// Interleaved: one debit of a plain member, then one of the other group's.
const { plain: plainLat, other } = await interleavedDebits(call, CONCURRENCY, OPS, plain, bonused);
const lat = { plain: plainLat, bonus: other };
const pct = quantile;
const line = debitLine;
console.log(line("debit without a bonus", lat.plain));
console.log(line("debit with an active bonus (paid from the bonus account)", lat.bonus));
const added = pct(lat.bonus, 0.99) - pct(lat.plain, 0.99);
console.log(
  `added p99 latency with an active bonus: ${added.toFixed(2)} ms (target ≤ 5 ms): ${added <= 5 ? "met" : "NOT met"}; load average ${loadAverage()}`,
);
figure("incentives.debit.p99", Number(pct(lat.plain, 0.99).toFixed(2)), "ms", "lower");
figure("incentives.debit.bonus-added-p99", Number(added.toFixed(2)), "ms", "lower");
const mismatches = await ledgerMismatches(raw);
await raw.end();
console.log(
  `ledger: ${mismatches === 0 ? "every member balance equals its entries" : `${mismatches} accounts disagree`}`,
);
await pool.end();
await dropDatabase(fresh);
