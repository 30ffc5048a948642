import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, type Executor, queryRows } from "../db/client.ts";
import { openEmptyDatabase } from "../testing/empty-database.ts";
import type { AppContext } from "./context.ts";
import { createEventBus, type EventScope } from "./member-events.ts";

/**
 * The event bus's promise to the modules that use it: handlers run in order on the caller's
 * executor, so a reaction inside a money transaction commits or rolls back with it.
 */
// An empty database: in-memory PGlite, or a new one on TEST_DATABASE_URL's PostgreSQL.
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  const empty = await openEmptyDatabase();
  db = empty.database.db;
  drop = empty.drop;
});
afterAll(() => drop());

interface TestEvents {
  "deposit.credited": { memberId: number; amount: number };
}

const scopeOf = (exec: Executor): EventScope => ({ ctx: {} as AppContext, exec }); // handlers here use exec only

const rows = async (table: string) =>
  (await queryRows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]?.n;

describe("event bus", () => {
  it("runs the handlers of a kind once each, in the order they registered", async () => {
    const bus = createEventBus<TestEvents>();
    const seen: string[] = [];
    const first = async (_s: EventScope, e: TestEvents["deposit.credited"]) => {
      await Promise.resolve();
      seen.push(`first:${e.memberId}`);
    };
    bus.on("deposit.credited", first);
    bus.on("deposit.credited", (_s, e) => {
      seen.push(`second:${e.amount}`);
    });
    bus.on("deposit.credited", first);
    await bus.publish(scopeOf(db), "deposit.credited", { memberId: 7, amount: 500 });
    expect(seen).toEqual(["first:7", "second:500"]);
  });

  it("commits a handler's write with the caller's transaction, and rolls both back together", async () => {
    await db.execute(sql`CREATE TABLE credits (member_id int)`);
    await db.execute(sql`CREATE TABLE bonuses (member_id int)`);
    const bus = createEventBus<TestEvents>();
    bus.on("deposit.credited", async ({ exec }, e) => {
      if (e.amount < 0) throw new Error("refused by a handler");
      await exec.execute(sql`INSERT INTO bonuses VALUES (${e.memberId})`);
    });
    const credit = (memberId: number, amount: number, failAfter = false) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO credits VALUES (${memberId})`);
        await bus.publish(scopeOf(tx), "deposit.credited", { memberId, amount });
        if (failAfter) throw new Error("the caller fails after its handlers");
      });

    await credit(1, 100);
    expect([await rows("credits"), await rows("bonuses")]).toEqual([1, 1]);
    // The caller fails: the handler's write goes with it.
    await expect(credit(2, 100, true)).rejects.toThrow("the caller fails");
    expect([await rows("credits"), await rows("bonuses")]).toEqual([1, 1]);
    // A handler fails: the caller's write goes with it.
    await expect(credit(3, -1)).rejects.toThrow("refused by a handler");
    expect([await rows("credits"), await rows("bonuses")]).toEqual([1, 1]);
  });
});
