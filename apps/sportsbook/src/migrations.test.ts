import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/src/db/client.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { type Db, migrateSportsbook, queryRows } from "./db.ts";

// The book's own migrations (apps/sportsbook/migrations): on a database of its own they make the
// whole `sportsbook` schema; on the platform's database, whose earlier migrations made the
// tables, the baseline changes nothing — and both end with the same tables, columns,
// constraints and indexes.
let t: TestApp;
let own: Database;
beforeAll(async () => {
  t = await createTestApp();
  own = await openDatabase({}); // an empty database (PGlite): nothing of the platform's
}, 120_000);
afterAll(async () => {
  await own?.close();
  await t?.close();
});

/**
 * The schema's shape: columns, constraints and indexes, as the catalogue tells them (NOT NULL is
 * the columns' own: PostgreSQL 18 lists it among the constraints too, PGlite does not).
 */
async function shapeOf(db: Db) {
  const columns = await queryRows<Record<string, string>>(
    db,
    sql`SELECT table_name, column_name, data_type, column_default, is_nullable FROM information_schema.columns
        WHERE table_schema = 'sportsbook' AND table_name LIKE 'sb\\_%' ORDER BY table_name, column_name`,
  );
  const constraints = await queryRows<Record<string, string>>(
    db,
    sql`SELECT c.conrelid::regclass::text AS rel, c.conname, pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
        WHERE c.connamespace = 'sportsbook'::regnamespace AND c.contype <> 'n' AND c.conrelid::regclass::text LIKE 'sportsbook.sb\\_%'
        ORDER BY 1, 2`,
  );
  const indexes = await queryRows<Record<string, string>>(
    db,
    sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'sportsbook' AND tablename LIKE 'sb\\_%' ORDER BY indexname`,
  );
  return { columns, constraints, indexes };
}

describe("the sportsbook's own migrations", () => {
  it("make the whole schema on a database of the book's own, once", async () => {
    const first = await migrateSportsbook(own.db as unknown as Db);
    expect(first.migrations).toEqual(["20261130053600_sportsbook_baseline.sql"]);
    expect((await migrateSportsbook(own.db as unknown as Db)).migrations).toEqual([]);
    const [book] = await queryRows<{ n: number }>(
      own.db as unknown as Db,
      sql`SELECT count(*)::int AS n FROM sportsbook.sb_book`,
    );
    expect(book?.n).toBe(1);
    const sports = await queryRows<{ code: string }>(
      own.db as unknown as Db,
      sql`SELECT code FROM sportsbook.sb_sports ORDER BY sort_order`,
    );
    expect(sports.map((s) => s.code)).toContain("valorant");
    expect(sports).toHaveLength(11);
  });

  it("are recorded as applied on the platform's database, whose tables and rows they leave as they were", async () => {
    const db = t.database.db as unknown as Db;
    const recorded = await queryRows<{ version: string }>(
      db,
      sql`SELECT * FROM sportsbook.schema_migrations`,
    );
    expect(JSON.stringify(recorded)).toContain("20261130053600_sportsbook_baseline");
    expect((await migrateSportsbook(db)).migrations).toEqual([]);
    const [sports] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM sportsbook.sb_sports`,
    );
    expect(sports?.n).toBe(11);
  });

  it("give a database of the book's own the same tables as the platform's migrations gave the platform's", async () => {
    const mine = await shapeOf(own.db as unknown as Db);
    const theirs = await shapeOf(t.database.db as unknown as Db);
    expect(mine.columns.length).toBeGreaterThan(100);
    expect(mine.columns).toEqual(theirs.columns);
    expect(mine.constraints).toEqual(theirs.constraints);
    expect(mine.indexes).toEqual(theirs.indexes);
  });
});
