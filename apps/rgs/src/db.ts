import { join } from "node:path";
import { type MigrateResult, runMigrations } from "@panalo/db-migrate/run-migrations";
import { SHIPPED_CHECKSUMS } from "@panalo/db-migrate/shipped-checksums";
import { type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";

/**
 * The database the RGS works in: the platform's connection in one-process mode, its own when it
 * runs alone. Only the `rgs` schema is ever read or written (ARCHITECTURE.md).
 */
export type RgsDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;
export type RgsTx = Parameters<Parameters<RgsDb["transaction"]>[0]>[0];

const MIGRATIONS_DIR = join(import.meta.dirname, "../migrations");

/** Rows of a raw query; both drivers (node-postgres and PGlite) answer `{ rows }`. */
export async function rows<T>(exec: RgsDb | RgsTx, query: SQL): Promise<T[]> {
  const result = (await exec.execute(query)) as unknown as { rows: T[] }; // both drivers: { rows }
  return result.rows;
}

/**
 * The RGS's own SQL migrations (apps/rgs/migrations), by the platform's migrator
 * (packages/db-migrate; docs/database.md): applied once each in the one order every database
 * applies them, checksummed, recorded in rgs.schema_migrations, under an advisory lock of their
 * own (72_012; the platform's is 72_011) so two processes starting together migrate once.
 */
export async function migrateRgs(db: RgsDb): Promise<MigrateResult> {
  return runMigrations(
    (work) => db.transaction((tx) => work((text) => rows<Record<string, unknown>>(tx, sql.raw(text)))),
    {
      label: "RGS",
      migrationsDir: MIGRATIONS_DIR,
      schema: "rgs",
      lockKey: 72_012,
      shippedChecksums: SHIPPED_CHECKSUMS.rgs,
    },
  );
}

/**
 * A connection the server ends (restart, failover, `pg_terminate_backend`, network blip) fails
 * the one operation that held it, never the process: pg-pool listens only on idle connections,
 * so a checked-out connection's 'error' event was unhandled and Node exited. Each connection
 * gets a listener for its whole life; the pool drops it on release and opens a new one.
 */
export function survivePoolErrors(pool: pg.Pool, log: (message: string) => void): void {
  pool.on("error", (err) => log(`database: idle connection lost (${err.message})`));
  pool.on("connect", (client) => {
    client.on("error", (err) => log(`database: connection lost while in use (${err.message})`));
  });
}

const LOST_STATES = /^(08...|57P0[1-3])$/;
const LOST_MESSAGES =
  /Connection terminated|not queryable|terminating connection|ECONNRESET|ECONNREFUSED|EPIPE/i;

/** Whether an error means the database connection was lost (the call may be retried). */
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
