import { randomBytes } from "node:crypto";
import type { RunSql } from "@panalo/db-migrate/run-migrations";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openDatabase, queryRows } from "../db/client.ts";

/**
 * An empty database (no migration applied), for the tests of the migrations themselves: in-memory
 * PGlite, or a new database on the PostgreSQL server of TEST_DATABASE_URL (dropped on `drop`).
 * `url` is the PostgreSQL one ("" on PGlite).
 */
export async function openEmptyDatabase(): Promise<{
  database: Database;
  url: string;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: "memory://" });
    return { database, url: "", drop: () => database.close() };
  }
  const name = `panalo_e_${randomBytes(6).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), max: 2 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Run `work` in one transaction of `database`, one raw statement at a time. */
export function inTransaction<T>(database: Database, work: (run: RunSql) => Promise<T>): Promise<T> {
  return database.db.transaction((tx) =>
    work((text) => queryRows<Record<string, unknown>>(tx, sql.raw(text))),
  );
}
