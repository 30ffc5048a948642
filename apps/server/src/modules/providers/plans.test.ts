import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * provider_move's lookups run as PL/pgSQL statements, whose plan a session makes once and keeps
 * (a generic plan) until the table's statistics change. Made on a small table not yet analyzed —
 * a new installation, a new database — a lookup by transaction id once took an index that led
 * with `vendor`, with the vendor as its only condition: every call then walked every row of the
 * vendor, and the wallet got slower with each bet. The generic plans must find a transaction, the
 * transactions that name a bet, and a round's transactions by their own id.
 */
describe("provider transaction lookups keep their index in a generic plan", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    // A few rows, never analyzed: the state in which a fresh installation's sessions plan.
    const [m] = await t.database.db
      .insert(members)
      .values({ username: "plans" })
      .returning({ id: members.id });
    for (let i = 0; i < 20; i++) {
      await t.database.db.execute(sql`
        INSERT INTO provider_transactions (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint)
        VALUES ('PNS', ${`t${i}`}, ${i % 2 ? "win" : "bet"}, ${`r${i >> 1}`}, ${m?.id ?? 0}, 100, ${i % 2 ? `t${i - 1}` : null}, 'x')`);
    }
  });
  afterAll(async () => t.close());

  const genericPlan = async (query: string, args: string): Promise<string> =>
    t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw("SET LOCAL plan_cache_mode = force_generic_plan"));
      await tx.execute(sql.raw(`PREPARE plan_probe(text, text) AS ${query}`));
      try {
        const r = (await tx.execute(sql.raw(`EXPLAIN EXECUTE plan_probe(${args})`))) as unknown as {
          rows: Array<Record<string, string>>;
        };
        return r.rows.map((row) => Object.values(row)[0]).join("\n");
      } finally {
        await tx.execute(sql.raw("DEALLOCATE plan_probe"));
      }
    });

  it("finds a transaction by its id", async () => {
    const plan = await genericPlan(
      "SELECT kind, member_id FROM provider_transactions WHERE vendor = $1 AND transaction_id = $2",
      "'PNS', 't4'",
    );
    expect(plan).toMatch(/Index Cond: .*transaction_id = \$2/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("finds the transactions that name a bet by the bet's id", async () => {
    const plan = await genericPlan(
      "SELECT 1 FROM provider_transactions WHERE vendor = $1 AND ref_transaction_id = $2 AND kind = 'rollback'",
      "'PNS', 't4'",
    );
    expect(plan).toMatch(/Index Cond: .*ref_transaction_id = \$2/);
  });

  it("finds a round's transactions by the round id", async () => {
    const plan = await genericPlan(
      "SELECT id FROM provider_transactions WHERE vendor = $1 AND round_id = $2",
      "'PNS', 'r2'",
    );
    expect(plan).toMatch(/Index Cond: .*round_id = \$2/);
  });
});
