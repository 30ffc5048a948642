// Benches that time the wallet straight in the database, without HTTP: each call is one
// provider_move (the function the provider protocol's routes call), from vendor BENCH, with
// launch tokens the bench writes itself (hash of `tok<member id>`).
import { createHash } from "node:crypto";
import pg from "pg";
import type { Database } from "../../apps/server/src/db/client.ts";
import { launchTokens } from "../../apps/server/src/db/schema/providers.ts";
import { quantile } from "./measure.ts";

/** The stored hash of member `id`'s bench launch token (sha256 of `tok<id>`, hex). */
export function benchTokenHash(id: number): string {
  return createHash("sha256").update(`tok${id}`).digest("hex");
}

/** Give member `id` a PHP launch token for vendor BENCH, valid for an hour. */
export async function addBenchToken(database: Database, id: number): Promise<void> {
  await database.db.insert(launchTokens).values({
    tokenHash: benchTokenHash(id),
    memberId: id,
    vendor: "BENCH",
    currency: "PHP",
    expiresAt: new Date(Date.now() + 3_600_000),
  });
}

export type ProviderMove = (
  kind: string,
  tid: string,
  round: string,
  id: number,
  amount: string,
  ref: string | null,
  token: string | null,
) => Promise<pg.QueryResult>;

/**
 * A pool of `max` connections to the bench's database and `call`, one provider_move of vendor
 * BENCH as a prepared statement: `kind` (bet, win …), transaction id, round, member, amount in
 * minor units, the transaction it refers to and the token's hash; its request id is kind + id.
 */
export function providerMoves(url: string, max: number): { pool: pg.Pool; call: ProviderMove } {
  const pool = new pg.Pool({ connectionString: url, max });
  // pool.end() can resolve before every socket has closed; the DROP … WITH (FORCE) at the end
  // then ends them from the server side, which is expected here, not a failure.
  pool.on("error", () => {});
  const q = "SELECT provider_move($1, $2, $3, $4, $5, $6::bigint, $7, $8, $9, $10, $11::timestamptz) AS r";
  const call: ProviderMove = (kind, tid, round, id, amount, ref, token) =>
    pool.query({
      name: "pm",
      text: q,
      values: [
        "BENCH",
        kind,
        tid,
        round,
        id,
        amount,
        ref,
        token,
        null,
        `${kind}${tid}`,
        new Date().toISOString(),
      ],
    });
  return { pool, call };
}

/** The ledger invariant after a run: how many member accounts' balances differ from the sum of their entries. */
export async function ledgerMismatches(raw: pg.Client): Promise<number | undefined> {
  const [check] = (
    await raw.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_accounts a
      WHERE a.member_id IS NOT NULL
        AND a.balance <> (SELECT COALESCE(sum(amount), 0) FROM ledger_entries e WHERE e.account_id = a.id)`,
    )
  ).rows;
  return check?.n;
}

/**
 * `ops` settled rounds (a debit of 1.00, then its credit: 2.50 every third round, else 0) from
 * `concurrency` callers, alternating between two groups of members: round i is played by
 * `plain` when i is even and by `other` when odd, each group's members in turn. Returns the
 * debits' latencies (ms) per group; a refused debit stops the run.
 */
export async function interleavedDebits(
  call: ProviderMove,
  concurrency: number,
  ops: number,
  plain: number[],
  other: number[],
): Promise<{ plain: number[]; other: number[] }> {
  const lat = { plain: [] as number[], other: [] as number[] };
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ops) {
        const i = next++;
        const odd = i % 2 === 1;
        const group = odd ? other : plain;
        const id = group[(i >> 1) % group.length] ?? 0;
        const s = performance.now();
        const r = await call("bet", `b${i}`, `r${i}`, id, "100", null, benchTokenHash(id));
        (odd ? lat.other : lat.plain).push(performance.now() - s);
        if (!r.rows[0]?.r?.answer) throw new Error(`debit refused: ${JSON.stringify(r.rows[0]?.r)}`);
        await call("win", `c${i}`, `r${i}`, id, i % 3 ? "0" : "250", `b${i}`, null);
      }
    }),
  );
  return lat;
}

/** "<name>: <n> debits, p50 1.23 ms, p99 4.56 ms". */
export function debitLine(name: string, a: number[]): string {
  return `${name}: ${a.length} debits, p50 ${quantile(a, 0.5).toFixed(2)} ms, p99 ${quantile(a, 0.99).toFixed(2)} ms`;
}
