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
  /**
   * A bulk read's rows as arrays of the driver's raw values (no column-name objects, no Drizzle
   * mapping): for streaming many rows (the reports' CSV export). Outside any transaction;
   * `bulk`: a read of many rows with little work each, run with JIT compilation off on
   * PostgreSQL (its planner's estimate of a LIMITed page over a long range starts a JIT
   * compile that costs more than the page: ~90 ms of 20,000 rows).
   */
  arrays(text: string, values: unknown[], opts?: { bulk?: boolean }): Promise<unknown[][]>;
  close(): Promise<void>;
}

export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  max?: number;
  /**
   * PostgreSQL: close a connection this old once it is idle, so a pool whose address moves
   * (a balancer's replica port, sent to the primary while no replica was up) follows it.
   */
  maxLifetimeSeconds?: number;
  /** PGlite only: start from this dumped data directory (`dumpDataDir`) instead of an initdb. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.max ?? 20,
      ...(opts.maxLifetimeSeconds ? { maxLifetimeSeconds: opts.maxLifetimeSeconds } : {}),
    });
    survivePoolErrors(pool, (message) => {
      if (process.env.NODE_ENV !== "test") console.error(message);
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
      arrays: async (text, values, opts) => {
        if (!opts?.bulk) return (await pool.query({ text, values, rowMode: "array" })).rows;
        const client = await pool.connect();
        try {
          await client.query("BEGIN READ ONLY; SET LOCAL jit = off");
          const { rows } = await client.query({ text, values, rowMode: "array" });
          await client.query("COMMIT");
          return rows;
        } catch (err) {
          await client.query("ROLLBACK").catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir;
  if (dir && dir !== "memory://") mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir && dir !== "memory://" ? dir : undefined, {
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
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
    arrays: async (text, values) => (await client.query<unknown[]>(text, values, { rowMode: "array" })).rows,
    close: () => client.close(),
  };
}

/**
 * A connection the server ends (a restart, a failover, `pg_terminate_backend`, a network blip)
 * must fail the one operation that held it, never the process. pg-pool listens for errors only
 * on idle connections; a checked-out connection's 'error' event had no listener, so Node threw
 * it and the process exited. Every connection gets its own listener for its whole life: the
 * query that was running (or the next one, or the transaction's ROLLBACK) fails with the error,
 * the pool drops the broken connection when it is released, and the next call opens a new one.
 */
export function survivePoolErrors(pool: pg.Pool, log: (message: string) => void): void {
  pool.on("error", (err) => log(`database: idle connection lost (${err.message})`));
  pool.on("connect", (client) => {
    client.on("error", (err) => log(`database: connection lost while in use (${err.message})`));
  });
}

/** SQLSTATEs of a lost connection: class 08 (connection exception), 57P01–57P03 (shutdown). */
const LOST_STATES = /^(08...|57P0[1-3])$/;
const LOST_MESSAGES =
  /Connection terminated|not queryable|terminating connection|ECONNRESET|ECONNREFUSED|EPIPE/i;

/**
 * Whether an error means the database connection was lost (rather than a refusal or a bug): the
 * operation did not happen or was rolled back with the connection, and may be retried. Looks
 * through wrappers (drizzle's query error keeps the driver's error as `cause`).
 */
export function isConnectionLost(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && LOST_STATES.test(code)) return true;
    if (typeof code === "string" && /^(ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT)$/.test(code)) return true;
    if (typeof message === "string" && LOST_MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}
