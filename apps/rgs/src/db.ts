import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
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
 * The RGS's own SQL migrations (apps/rgs/migrations), applied once each in name order and
 * checksummed, recorded in rgs.schema_migrations, under an advisory lock of their own so two
 * processes starting together migrate once. Statements are separated by a semicolon at the
 * end of a line (the files hold no function bodies).
 */
export async function migrateRgs(db: RgsDb): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    // 72_012 names "the RGS migration lock" (the platform's is 72_011).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(72012)`);
    await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS rgs`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS rgs.schema_migrations (
        name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Map(
      (
        await rows<{ name: string; checksum: string }>(
          tx,
          sql`SELECT name, checksum FROM rgs.schema_migrations`,
        )
      ).map((r) => [r.name, r.checksum]),
    );
    for (const file of files) {
      const text = readFileSync(join(MIGRATIONS_DIR, file), "utf8");
      const checksum = createHash("sha256").update(text).digest("hex");
      const seen = done.get(file);
      if (seen) {
        if (seen !== checksum) throw new Error(`RGS migration ${file} was edited after it was applied`);
        continue;
      }
      for (const statement of splitStatements(text)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO rgs.schema_migrations (name, checksum) VALUES (${file}, ${checksum})`);
      applied.push(file);
    }
  });
  return applied;
}

export function splitStatements(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => !line.trim().startsWith("--"))
    .join("\n")
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
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
