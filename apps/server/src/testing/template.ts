import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase } from "../db/client.ts";
import { FUNCTIONS_DIR, MIGRATIONS_DIR, migrate } from "../db/migrate.ts";

/**
 * A migrated template database for the suites on PostgreSQL (TEST_DATABASE_URL). Every server
 * and RGS test file opens a fresh database; the platform's 150 migrations cost ~0.7 s per file on
 * the server. Instead, the first file to need one builds `panalo_tpl_<hash of the migrations>`
 * and every file starts from a copy (`CREATE DATABASE … TEMPLATE`); an added or changed
 * migration or function file builds a new one. Each file still runs `migrate` on its copy (a
 * no-op that checks the checksums). The RGS's own migrations are not in it: the RGS migrates its schema when it
 * starts, and a platform with an external RGS keeps no RGS tables (rgs-mode.test.ts).
 *
 * (PGlite has no such template: loading a dumped data directory costs what an initdb does.)
 */

const HERE = dirname(fileURLToPath(import.meta.url));
const MIGRATOR = join(HERE, "../../../../packages/db-migrate/src");

let cachedHash: string | null = null;
/**
 * A hash of what a migrated database is made of: every migration file's and function file's name
 * and text, and the migrator's own code (a change to how it records or applies them).
 */
export function migrationsHash(): string {
  if (cachedHash) return cachedHash;
  const h = createHash("sha256");
  for (const [part, dir, ext] of [
    ["migrations", MIGRATIONS_DIR, ".sql"],
    ["functions", FUNCTIONS_DIR, ".sql"],
    ["migrator", MIGRATOR, ".ts"],
  ] as const) {
    for (const f of readdirSync(dir)
      .filter((x) => x.endsWith(ext) && !x.endsWith(".test.ts"))
      .sort()) {
      h.update(`${part}/${f}\n`);
      h.update(readFileSync(join(dir, f)));
    }
  }
  cachedHash = h.digest("hex").slice(0, 16);
  return cachedHash;
}

/** The advisory lock (on the server's maintenance database) under which a template is built. */
const TEMPLATE_LOCK = 72_013;

/**
 * The name of the PostgreSQL template database for these migrations, built if it is not there:
 * migrated under a temporary name, then renamed, so a copy is never taken of a half-migrated one.
 * Templates of other migrations are left alone (another checkout's run may be copying one).
 */
export async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `panalo_tpl_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
    if (await exists()) return name;
    await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    try {
      if (await exists()) return name;
      const building = `${name}_build`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ url: url.toString(), max: 1 });
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      // RENAME refuses while a connection lingers (a backend exits just after its client).
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [building],
      );
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await admin.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
    }
  } finally {
    await admin.end();
  }
}
