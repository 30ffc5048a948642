import { join } from "node:path";
import { type MigrateResult, runMigrations } from "@panalo/db-migrate/run-migrations";
import { type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/**
 * The database the sportsbook works in: the platform's connection in one-process mode, its own
 * when it runs alone (main.ts). It reads and writes only its own tables (the sb_* tables).
 */
// biome-ignore lint/suspicious/noExplicitAny: the host's database carries its own schema; the book reads it only by raw SQL
export type Db = PgDatabase<PgQueryResultHKT, any>;
/** A transaction has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What a repository function accepts: the database or an open transaction. */
export type Executor = Db | Tx;

/** Rows of a raw query; both drivers (node-postgres and PGlite) answer `{ rows }`. */
export async function queryRows<T>(exec: Executor, query: SQL): Promise<T[]> {
  const result = (await exec.execute(query)) as unknown as { rows: T[] }; // both drivers: { rows }
  return result.rows;
}

/** SQLSTATEs of a lost connection: class 08 (connection exception), 57P01–57P03 (shutdown). */
const LOST_STATES = /^(08...|57P0[1-3])$/;
const LOST_MESSAGES =
  /Connection terminated|not queryable|terminating connection|ECONNRESET|ECONNREFUSED|EPIPE/i;

/** Whether an error means the database connection was lost: the call may be retried. */
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

const MIGRATIONS_DIR = join(import.meta.dirname, "../migrations");

/**
 * The book's own SQL migrations (apps/sportsbook/migrations), by the platform's migrator
 * (packages/db-migrate; docs/database.md), as the RGS applies its own: once each, in order,
 * checksummed, recorded in sportsbook.schema_migrations, under an advisory lock of their own
 * (72_015; the platform's is 72_011, the RGS's 72_012) so two processes starting together
 * migrate once. Run by the plugin at start, in one process (the platform's database, where its
 * earlier migrations made the tables: the baseline makes only what is missing) and alone
 * (SPORTSBOOK_DATABASE_URL, which may be a database of the book's own).
 */
export async function migrateSportsbook(db: Db): Promise<MigrateResult> {
  return runMigrations(
    (work) => db.transaction((tx) => work((text) => queryRows<Record<string, unknown>>(tx, sql.raw(text)))),
    { label: "sportsbook", migrationsDir: MIGRATIONS_DIR, schema: "sportsbook", lockKey: 72_015 },
  );
}
