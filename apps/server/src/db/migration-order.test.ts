import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { orderMigrations, parseMigrationName } from "@panalo/db-migrate/migration-order";
import { migrationChecksum } from "@panalo/db-migrate/normalize-sql";
import { acceptsRecorded, type MigrateResult, runMigrations } from "@panalo/db-migrate/run-migrations";
import { SHIPPED_CHECKSUMS } from "@panalo/db-migrate/shipped-checksums";
import { migrateRgs } from "@panalo/rgs/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction, openEmptyDatabase } from "../testing/empty-database.ts";
import {
  applyLegacyMigrations,
  LEGACY_PLATFORM_MIGRATIONS,
  LEGACY_RGS_MIGRATIONS,
} from "../testing/legacy-migrations.ts";
import type { Database } from "./client.ts";
import { FUNCTIONS_DIR, MIGRATIONS_DIR, migrate } from "./migrate.ts";

/**
 * Migrations apply in one order everywhere: a new database and one upgraded release after release
 * end with the same schema, and a migration numbered below one a database already applied is
 * refused before anything runs.
 */

const RGS_MIGRATIONS_DIR = join(import.meta.dirname, "../../../rgs/migrations");
const sqlFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith(".sql"));
const byNameField = (a: { name: unknown }, b: { name: unknown }) =>
  String(a.name) < String(b.name) ? -1 : 1;
const byName = (list: readonly (readonly [string, string])[]) =>
  [...list].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

describe("migration files", () => {
  it("keep the range-numbered migrations exactly as they shipped, and add no new one", () => {
    for (const [dir, shipped, commentEdits] of [
      [MIGRATIONS_DIR, LEGACY_PLATFORM_MIGRATIONS, SHIPPED_CHECKSUMS.platform],
      [RGS_MIGRATIONS_DIR, LEGACY_RGS_MIGRATIONS, SHIPPED_CHECKSUMS.rgs],
    ] as const) {
      const legacy = new Set(sqlFiles(dir).filter((f) => /^\d{4}_/.test(f)));
      const names = new Set(shipped.map(([name]) => name));
      const added = [...legacy].filter((f) => !names.has(f));
      expect(added, "name a new migration by the UTC time it was written: npm run migration:new").toEqual([]);
      expect(
        [...names].filter((f) => !legacy.has(f)),
        "a shipped migration was removed",
      ).toEqual([]);
      // The text as shipped, or one whose comments alone were edited since (checked when the
      // list of shipped checksums was generated): the migrator accepts what databases recorded.
      for (const [name, sha256] of shipped) {
        const text = readFileSync(join(dir, name), "utf8");
        expect(acceptsRecorded(sha256, name, text, commentEdits), `${name} was edited`).toBe(true);
      }
    }
  });

  it("name every newer migration by a real UTC time that is not in the future", () => {
    const tomorrow = Number(new Date(Date.now() + 86_400_000).toISOString().replace(/\D/g, "").slice(0, 14));
    for (const dir of [MIGRATIONS_DIR, RGS_MIGRATIONS_DIR]) {
      for (const file of orderMigrations(sqlFiles(dir), dir)) {
        if (!file.legacy) expect(file.version, file.name).toBeLessThan(tomorrow);
      }
    }
  });
});

/** The UTC timestamp (YYYYMMDDHHMMSS) one second before another. */
function secondBefore(stamp: string): string {
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) => Number(stamp.slice(at, i ? at + 2 : 4)));
  const at = Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s) - 1000;
  return new Date(at).toISOString().replace(/\D/g, "").slice(0, 14);
}

async function migrateBoth(database: Database): Promise<MigrateResult> {
  const platform = await migrate(database);
  await migrateRgs(database.db);
  return platform;
}

/** A database of the last range-numbered release, its files applied in `order`, then migrated. */
async function upgraded(database: Database, order: "name" | "history"): Promise<MigrateResult> {
  const pick = (list: typeof LEGACY_PLATFORM_MIGRATIONS) => (order === "name" ? byName(list) : list);
  await inTransaction(database, async (run) => {
    await applyLegacyMigrations(
      run,
      MIGRATIONS_DIR,
      pick(LEGACY_PLATFORM_MIGRATIONS),
      "schema_migrations",
      SHIPPED_CHECKSUMS.platform,
    );
    await run("CREATE SCHEMA rgs");
    await applyLegacyMigrations(
      run,
      RGS_MIGRATIONS_DIR,
      pick(LEGACY_RGS_MIGRATIONS),
      "rgs.schema_migrations",
      SHIPPED_CHECKSUMS.rgs,
    );
  });
  return migrateBoth(database);
}

/** The schema as pg_dump writes it, without the lines that differ on every run. */
function schemaOf(url: string): string {
  return execFileSync("pg_dump", ["--schema-only", "--no-owner", "--no-privileges", url], {
    maxBuffer: 64 * 1024 * 1024,
  })
    .toString()
    .split("\n")
    .filter((line) => !/^\\(un)?restrict /.test(line) && !/^-- Dumped (from|by) /.test(line))
    .join("\n");
}

/**
 * The columns of each table in name order. The range-numbered files reached the main branch out
 * of their numeric order, so a database that followed every release added two columns in another
 * place than a new database does (members.fail_window_until, provider_clients.transfer_url):
 * positions no statement depends on (every query names its columns), which only a rewrite of the
 * tables could change.
 */
function columnsSorted(schema: string): string {
  return schema.replace(/(CREATE TABLE [^\n]+ \(\n)([\s\S]*?)(\n\);)/g, (_all, head, body, tail) => {
    const lines = String(body)
      .split("\n")
      .map((l) => l.replace(/,$/, ""));
    return `${head}${lines.sort().join(",\n")}${tail}`;
  });
}

describe("a database of the last range-numbered release, upgraded", () => {
  // Built as a new database of that release was: its files in name order.
  let release: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let upgrade: MigrateResult;
  const stamped = orderMigrations(sqlFiles(MIGRATIONS_DIR), "Platform").filter((f) => !f.legacy);
  beforeAll(async () => {
    release = await openEmptyDatabase();
    upgrade = await upgraded(release.database, "name");
  });
  afterAll(() => release?.drop());

  it("applies the newer migrations and every function file", () => {
    expect(upgrade.migrations).toEqual(stamped.map((f) => f.name));
    expect(upgrade.functions).toEqual(sqlFiles(FUNCTIONS_DIR).sort());
  });

  it("accepts the raw checksums that release recorded, each rewritten to its statements' checksum", async () => {
    for (const [dir, table] of [
      [MIGRATIONS_DIR, "schema_migrations"],
      [RGS_MIGRATIONS_DIR, "rgs.schema_migrations"],
    ] as const) {
      const rows = await inTransaction(release.database, (run) => run(`SELECT name, checksum FROM ${table}`));
      const expected = sqlFiles(dir).map((name) => ({
        name,
        checksum: migrationChecksum(readFileSync(join(dir, name), "utf8")),
      }));
      expect(rows.map((r) => ({ name: r.name, checksum: r.checksum })).sort(byNameField)).toEqual(
        expected.sort(byNameField),
      );
    }
  });

  it("refuses a migration numbered below the last one applied, and runs nothing", async () => {
    const last = stamped.at(-1);
    if (!last) throw new Error("expected a timestamped migration");
    // A file written before the last one applied but merged after it.
    const dir = mkdtempSync(join(tmpdir(), "panalo-migrations-"));
    try {
      cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      const late = `${secondBefore(String(last.version))}_written_earlier.sql`;
      expect(typeof parseMigrationName(late)).toBe("object");
      writeFileSync(join(dir, late), "CREATE TABLE written_earlier (id integer);\n");
      const attempt = runMigrations((work) => inTransaction(release.database, work), {
        label: "Platform",
        migrationsDir: dir,
        functionsDir: FUNCTIONS_DIR,
        lockKey: 72_011,
      });
      await expect(attempt).rejects.toThrow(`Platform migration ${late} is numbered below ${last.name}`);
      const [table] = await inTransaction(release.database, (run) =>
        run("SELECT to_regclass('written_earlier') AS t"),
      );
      expect(table?.t).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "has the schema of a new database, and so has one that followed every release (pg_dump)",
    async () => {
      const fresh = await openEmptyDatabase();
      const inHistory = await openEmptyDatabase();
      try {
        await migrateBoth(fresh.database);
        await upgraded(inHistory.database, "history");
        const expected = schemaOf(fresh.url);
        expect(expected).toContain("CREATE FUNCTION public.provider_move(");
        expect(schemaOf(release.url)).toBe(expected);
        expect(columnsSorted(schemaOf(inHistory.url))).toBe(columnsSorted(expected));
      } finally {
        await Promise.all([fresh.drop(), inHistory.drop()]);
      }
    },
  );
});
