import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, queryRows } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { openTestDatabase } from "../../testing/test-app.ts";
import { memberBalances, type PostInput, postIn, postManyIn, reconcile, transfer } from "./ledger.ts";

/**
 * postManyIn (ledger_post_many, migration 0722): a batch of movements in one call gives what
 * posting them one by one gives — balances, balance after each entry — refuses the whole batch
 * when any member balance would go below zero, answers a repeated batch as replays, and refuses a
 * key reused with other legs. On PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
let database: Database;
let drop: () => Promise<void>;
const ids: number[] = [];
let seq = 0;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  for (let i = 0; i < 8; i++) {
    const [r] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO members (username, is_agent) VALUES (${`pm_${i}`}, 0) RETURNING id`,
    );
    ids.push(Number(r?.id));
  }
}, 120_000);
afterAll(async () => drop?.());

const main = (member: number) => ({ member, kind: "main" as const, currency: "PHP" });
const move = (key: string, from: number | null, to: number, amount: bigint): PostInput => ({
  idempotencyKey: key,
  type: "salary",
  reference: "pm",
  memberId: to,
  legs: [
    { account: from === null ? { house: "pm-house", currency: "PHP" } : main(from), amount: -amount },
    { account: main(to), amount },
  ],
});
const balance = async (id: number) =>
  (await memberBalances(database.db, id)).find((b) => b.kind === "main")?.balance ?? 0n;
const entriesOf = (txIds: number[]) =>
  queryRows<{ account_id: string; amount: string; balance_after: string | null }>(
    database.db,
    sql`SELECT account_id::text, amount::text, balance_after::text FROM ledger_entries
      WHERE transaction_id IN (${sql.join(
        txIds.map((i) => sql`${i}`),
        sql`, `,
      )}) ORDER BY id`,
  );

describe("postManyIn", () => {
  it("posts a batch as one-by-one posting would, and refuses it whole when a balance would go negative", async () => {
    const [a, b, c] = ids as [number, number, number];
    await transfer(database.db, {
      key: "pm-fund",
      type: "deposit",
      from: { house: "cash", currency: "PHP" },
      to: main(a),
      amount: 100n,
      memberId: a,
    });
    // 100 + 50 − 120 − 40 < 0 at the last movement: nothing is written.
    const short = [move("pm-1", null, a, 50n), move("pm-2", a, b, 120n), move("pm-3", a, c, 40n)];
    await expect(database.db.transaction((tx) => postManyIn(tx, short))).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === "INSUFFICIENT_FUNDS",
    );
    expect([await balance(a), await balance(b), await balance(c)]).toEqual([100n, 0n, 0n]);
    const [none] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE 'pm-_'`,
    );
    expect(none?.n).toBe(0);

    const ok = short.slice(0, 2);
    const posted = await database.db.transaction((tx) => postManyIn(tx, ok));
    expect(posted.map((p) => p.replayed)).toEqual([false, false]);
    expect([await balance(a), await balance(b)]).toEqual([30n, 120n]);
    const entries = await entriesOf(posted.map((p) => p.transactionId));
    expect(entries.map((e) => [e.amount, e.balance_after])).toEqual([
      ["-50", null],
      ["50", "150"],
      ["-120", "30"],
      ["120", "120"],
    ]);
    // Again: replays with the same transactions; a key with other legs is refused.
    const again = await database.db.transaction((tx) => postManyIn(tx, ok));
    expect(again.map((p) => [p.transactionId, p.replayed])).toEqual(
      posted.map((p) => [p.transactionId, true]),
    );
    await expect(
      database.db.transaction((tx) => postManyIn(tx, [move("pm-1", null, a, 51n)])),
    ).rejects.toSatisfy((e) => e instanceof AppError && e.code === "DUPLICATE_MISMATCH");
    expect((await reconcile(database.db)).ok).toBe(true);
  });

  it("ends with the balances and entries of posting one by one (property)", async () => {
    const members = ids.slice(3, 8);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            from: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
            to: fc.integer({ min: 0, max: 4 }),
            amount: fc.bigInt({ min: 1n, max: 5_000n }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (raw) => {
          const run = ++seq;
          const moves = raw
            .filter((m) => m.from !== m.to)
            .map((m, i) =>
              move(
                `pmp-${run}-${i}`,
                m.from === null ? null : (members[m.from] as number),
                members[m.to] as number,
                m.amount,
              ),
            );
          if (moves.length === 0) return;
          // The same batch two ways, each rolled back: one call, and one by one.
          const outcome = async (many: boolean) => {
            let result: unknown;
            await database.db
              .transaction(async (tx) => {
                try {
                  const posted = many
                    ? await tx.transaction((sp) => postManyIn(sp, moves))
                    : await tx.transaction(async (sp) => {
                        const out = [];
                        for (const m of moves) out.push(await postIn(sp, m));
                        return out;
                      });
                  const bal = await queryRows<{ member_id: string; balance: string }>(
                    tx,
                    sql`SELECT member_id::text, balance::text FROM ledger_accounts WHERE kind = 'main'
                      AND member_id IN (${sql.join(
                        members.map((m) => sql`${m}`),
                        sql`, `,
                      )}) ORDER BY member_id`,
                  );
                  const ent = await queryRows<{ amount: string; balance_after: string | null }>(
                    tx,
                    sql`SELECT e.amount::text, e.balance_after::text FROM ledger_entries e
                      WHERE e.transaction_id IN (${sql.join(
                        posted.map((p) => sql`${p.transactionId}`),
                        sql`, `,
                      )}) ORDER BY e.id`,
                  );
                  result = {
                    bal,
                    ent,
                    balances: posted.map((p) => [...p.balances.values()].map(String).sort()),
                  };
                } catch (e) {
                  result = e instanceof AppError ? e.code : String(e);
                }
                throw new Error("rollback");
              })
              .catch((e) => {
                if ((e as Error).message !== "rollback") throw e;
              });
            return result;
          };
          expect(await outcome(true)).toEqual(await outcome(false));
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
