import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { schema } from "./schema/index.ts";

/** The one database type every repository takes: PGlite and node-postgres share it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What a repository function accepts: the database or an open transaction. */
export type Executor = Db | Tx;

/**
 * Run a raw SQL query and return its rows. Both drivers answer `{ rows }`; the shared
 * PgDatabase type leaves the row type open, so the caller names it.
 */
export async function queryRows<T>(exec: Executor, query: SQL): Promise<T[]> {
  const result = (await exec.execute(query)) as unknown as { rows: T[] }; // both drivers: { rows }
  return result.rows;
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Run raw SQL (used by migrations, which hold several statements per file). */
  exec(sql: string): Promise<void>;
  /**
   * A hot-path query outside any transaction, as a named prepared statement on PostgreSQL
   * (parsed once per connection, not per call); PGlite runs it as a plain parameterised query.
   */
  prepared<T>(name: string, text: string, values: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 20 });
    // An idle connection the server ends (a restart, a dropped test database) must not crash the
    // process: the pool discards it and opens a new one on the next query.
    pool.on("error", (err) => {
      if (process.env.NODE_ENV !== "test") console.error(`database: idle connection lost (${err.message})`);
    });
    // bigint columns come back as strings from pg; drizzle maps them with mode "bigint".
    const db = drizzlePg(pool, { schema }) as unknown as Db; // node-postgres HKT differs only in result shape
    return {
      db,
      kind: "postgres",
      exec: async (sql) => {
        await pool.query(sql);
      },
      prepared: async <T>(name: string, text: string, values: unknown[]) =>
        (await pool.query({ name, text, values })).rows as T[],
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir;
  if (dir && dir !== "memory://") mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir && dir !== "memory://" ? dir : undefined);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db; // same reason as above
  return {
    db,
    kind: "pglite",
    exec: async (sql) => {
      await client.exec(sql);
    },
    prepared: async <T>(_name: string, text: string, values: unknown[]) =>
      (await client.query<T>(text, values)).rows,
    close: () => client.close(),
  };
}
