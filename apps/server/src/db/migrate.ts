import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type MigrateResult, runMigrations } from "@panalo/db-migrate/run-migrations";
import { SHIPPED_CHECKSUMS } from "@panalo/db-migrate/shipped-checksums";
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "./client.ts";

export { splitStatements } from "@panalo/db-migrate/split-statements";

const HERE = dirname(fileURLToPath(import.meta.url));
/** Versioned migrations: `YYYYMMDDHHMMSS_name.sql` (before the switch: `NNNN_module.sql`). */
export const MIGRATIONS_DIR = join(HERE, "migrations");
/** Every stored function's one home: `functions/<name>.sql`, its current definition. */
export const FUNCTIONS_DIR = join(HERE, "functions");

/**
 * The platform's schema, brought up to date (packages/db-migrate; docs/database.md): the
 * versioned migrations not applied yet, in the one order every database applies them, then
 * each function file whose checksum changed — in one transaction under advisory lock 72_011
 * ("the migration lock"), so two processes starting together migrate once.
 */
export async function migrate(database: Database): Promise<MigrateResult> {
  return runMigrations(
    (work) =>
      database.db.transaction((tx) => work((text) => queryRows<Record<string, unknown>>(tx, sql.raw(text)))),
    {
      label: "Platform",
      migrationsDir: MIGRATIONS_DIR,
      functionsDir: FUNCTIONS_DIR,
      lockKey: 72_011,
      shippedChecksums: SHIPPED_CHECKSUMS.platform,
    },
  );
}
