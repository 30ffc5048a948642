import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { applyFunctionFiles, type RunSql, readFunctionFiles } from "@panalo/db-migrate/function-files";
import { parseMigrationName } from "@panalo/db-migrate/migration-order";
import { SHIPPED_CHECKSUMS } from "@panalo/db-migrate/shipped-checksums";
import { splitStatements } from "@panalo/db-migrate/split-statements";
import { describe, expect, it } from "vitest";
import { inTransaction, openEmptyDatabase } from "../testing/empty-database.ts";
import { applyLegacyMigrations, LEGACY_PLATFORM_MIGRATIONS } from "../testing/legacy-migrations.ts";
import { FUNCTIONS_DIR, MIGRATIONS_DIR } from "./migrate.ts";

/**
 * Every stored function has one home, db/functions/<name>.sql, applied by the migrator after the
 * migrations whenever the file changes. The range-numbered migrations that shipped keep their
 * copies (history); the files hold the definitions those migrations left in force.
 */

const CREATE_FUNCTION = /\bCREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:public\.)?"?([a-z_][a-z0-9_]*)/gi;
const files = readFunctionFiles(FUNCTIONS_DIR, "Platform");
/**
 * Functions whose file changed them after the switch (the migrator applies a changed file), and
 * why: each differs from what the shipped migrations left; every other one is identical.
 */
const CHANGED_BY_FILE = new Map([
  ["provider_move", "the protocol's reverse call, and a reversed win no longer stops a rollback"],
]);

/** Functions that came after the switch: their file is all there is of them, and why. */
const ADDED_BY_FILE = new Map([
  ["provider_credits", "the protocol's batched credits call (a sportsbook's settlement)"],
]);

async function definitions(run: RunSql): Promise<Map<string, string>> {
  const rows = await run(`SELECT p.proname AS name, pg_get_functiondef(p.oid) AS def
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' ORDER BY p.proname, p.oid`);
  const out = new Map<string, string>();
  for (const r of rows) out.set(String(r.name), `${out.get(String(r.name)) ?? ""}${String(r.def)}`);
  return out;
}

describe("stored functions have one home", () => {
  it("gives each file one statement defining the function it is named after", () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const statements = splitStatements(file.text);
      expect(statements, file.name).toHaveLength(1);
      const name = file.name.replace(/\.sql$/, "");
      expect(statements[0], file.name).toMatch(new RegExp(`^CREATE OR REPLACE FUNCTION ${name}\\(`));
    }
  });

  it("keeps the definitions the shipped migrations left in force, identical, for every function", async () => {
    const { database, drop } = await openEmptyDatabase();
    try {
      await inTransaction(database, async (run) => {
        // A database of the last range-numbered release, as a new one was built: name order.
        const inNameOrder = [...LEGACY_PLATFORM_MIGRATIONS].sort(([a], [b]) => (a < b ? -1 : 1));
        await applyLegacyMigrations(
          run,
          MIGRATIONS_DIR,
          inNameOrder,
          "schema_migrations",
          SHIPPED_CHECKSUMS.platform,
        );
        const before = await definitions(run);
        expect([...before.keys()].sort()).toEqual(
          files.map((f) => f.name.replace(/\.sql$/, "")).filter((name) => !ADDED_BY_FILE.has(name)),
        );
        await applyFunctionFiles(run, files, "Platform");
        const after = await definitions(run);
        for (const [name, definition] of before) {
          if (CHANGED_BY_FILE.has(name)) expect(after.get(name), name).not.toBe(definition);
          else expect(after.get(name), name).toBe(definition);
        }
        expect(after.size).toBe(before.size + ADDED_BY_FILE.size);
      });
    } finally {
      await drop();
    }
  });

  it("lets no migration written after the switch create a function: its file is its home", () => {
    const homes = new Set(files.map((f) => f.name.replace(/\.sql$/, "")));
    const offences: string[] = [];
    for (const name of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith(".sql"))) {
      const parsed = parseMigrationName(name);
      if (typeof parsed === "string" || parsed.legacy) continue;
      const text = readFileSync(join(MIGRATIONS_DIR, name), "utf8");
      for (const statement of splitStatements(text)) {
        for (const [, fn] of statement.matchAll(CREATE_FUNCTION)) {
          const fnName = (fn ?? "").toLowerCase();
          offences.push(
            homes.has(fnName)
              ? `${name} redefines ${fnName}: edit db/functions/${fnName}.sql instead (the migration's copy would win over it)`
              : `${name} creates ${fnName}: write it as db/functions/${fnName}.sql`,
          );
        }
      }
    }
    expect(offences).toEqual([]);
  });
});
