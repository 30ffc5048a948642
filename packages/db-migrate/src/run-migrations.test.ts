import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrationChecksum } from "./normalize-sql.ts";
import { type InTransaction, type MigrationSet, runMigrations } from "./run-migrations.ts";

let root: string;
let db: PGlite;
let set: MigrationSet;
let schemas = 0;

const inTransaction: InTransaction = (work) =>
  db.transaction((tx) => work(async (text) => (await tx.query<Record<string, unknown>>(text)).rows));
const write = (folder: "migrations" | "functions", name: string, text: string) =>
  writeFileSync(join(root, folder, name), text);
const one = async (text: string) => (await db.query<Record<string, unknown>>(text)).rows[0];

// One database for the file (starting one costs seconds); each test works in a schema of its
// own, where the migrator keeps its records and, by the search path, creates what the files do.
beforeAll(async () => {
  db = new PGlite();
  await db.waitReady;
});
afterAll(() => db.close());
beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), "db-migrate-"));
  mkdirSync(join(root, "migrations"));
  mkdirSync(join(root, "functions"));
  const schema = `test_${++schemas}`;
  await db.exec(`SET search_path TO ${schema}`);
  set = {
    label: "Test",
    migrationsDir: join(root, "migrations"),
    functionsDir: join(root, "functions"),
    schema,
    lockKey: 1,
  };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("running migrations and function files", () => {
  it("applies the migrations, then the functions, each once", async () => {
    write("migrations", "0001_core.sql", "CREATE TABLE wallets (id int PRIMARY KEY, balance bigint);");
    write("migrations", "20260101000000_seed.sql", "INSERT INTO wallets VALUES (1, 250);");
    write(
      "functions",
      "wallet_balance.sql",
      "-- One wallet's balance.\nCREATE OR REPLACE FUNCTION wallet_balance(p int) RETURNS bigint\n" +
        "LANGUAGE sql STABLE AS $$ SELECT balance FROM wallets WHERE id = p $$;\n",
    );
    expect(await runMigrations(inTransaction, set)).toEqual({
      migrations: ["0001_core.sql", "20260101000000_seed.sql"],
      functions: ["wallet_balance.sql"],
    });
    expect(await one("SELECT wallet_balance(1)::int AS b")).toEqual({ b: 250 });
    expect(await runMigrations(inTransaction, set)).toEqual({ migrations: [], functions: [] });
  });

  it("applies a function file again when it changes, and only that one", async () => {
    write(
      "functions",
      "f_one.sql",
      "CREATE OR REPLACE FUNCTION f_one() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;",
    );
    write(
      "functions",
      "f_two.sql",
      "CREATE OR REPLACE FUNCTION f_two() RETURNS int LANGUAGE sql AS $$ SELECT 2 $$;",
    );
    await runMigrations(inTransaction, set);
    write(
      "functions",
      "f_two.sql",
      "CREATE OR REPLACE FUNCTION f_two() RETURNS int LANGUAGE sql AS $$ SELECT 22 $$;",
    );
    expect(await runMigrations(inTransaction, set)).toEqual({ migrations: [], functions: ["f_two.sql"] });
    expect(await one("SELECT f_two() AS v")).toEqual({ v: 22 });
  });

  it("applies a function whose body needs one later in name order", async () => {
    // A SQL-language body is checked when created: a_total needs b_part to exist first.
    write(
      "functions",
      "a_total.sql",
      "CREATE OR REPLACE FUNCTION a_total() RETURNS int LANGUAGE sql AS $$ SELECT b_part() + 1 $$;",
    );
    write(
      "functions",
      "b_part.sql",
      "CREATE OR REPLACE FUNCTION b_part() RETURNS int LANGUAGE sql AS $$ SELECT 41 $$;",
    );
    expect((await runMigrations(inTransaction, set)).functions).toEqual(["a_total.sql", "b_part.sql"]);
    expect(await one("SELECT a_total() AS v")).toEqual({ v: 42 });
  });

  it("names a function file that cannot be applied, and leaves the database as it was", async () => {
    write("migrations", "20260101000000_t.sql", "CREATE TABLE t (id int);");
    write(
      "functions",
      "broken.sql",
      "CREATE OR REPLACE FUNCTION broken() RETURNS int LANGUAGE sql AS $$ SELECT nope $$;",
    );
    await expect(runMigrations(inTransaction, set)).rejects.toThrow(
      'Test function file broken.sql failed: column "nope" does not exist',
    );
    expect(await one(`SELECT to_regnamespace('${set.schema}') AS s`)).toEqual({ s: null });
  });

  it("names a migration that fails, and applies none of the run", async () => {
    write("migrations", "20260101000000_a.sql", "CREATE TABLE a (id int);");
    write("migrations", "20260102000000_b.sql", "CREATE TABLE b (id int REFERENCES missing (id));");
    await expect(runMigrations(inTransaction, set)).rejects.toThrow(
      'Test migration 20260102000000_b.sql failed: relation "missing" does not exist',
    );
    expect(await one(`SELECT to_regnamespace('${set.schema}') AS s`)).toEqual({ s: null });
  });

  it("applies a function a migration requires before that migration (a new trigger)", async () => {
    write(
      "migrations",
      "20260101000000_notes.sql",
      "-- requires functions: notes_immutable\nCREATE TABLE notes (id int);\n" +
        "CREATE TRIGGER notes_immutable BEFORE UPDATE OR DELETE ON notes\n" +
        "  FOR EACH ROW EXECUTE FUNCTION notes_immutable();\nINSERT INTO notes VALUES (1);",
    );
    write(
      "functions",
      "notes_immutable.sql",
      "CREATE OR REPLACE FUNCTION notes_immutable() RETURNS trigger LANGUAGE plpgsql AS $$\n" +
        "BEGIN RAISE EXCEPTION 'notes are append-only'; END $$;",
    );
    expect(await runMigrations(inTransaction, set)).toEqual({
      migrations: ["20260101000000_notes.sql"],
      functions: ["notes_immutable.sql"],
    });
    await expect(db.query("DELETE FROM notes")).rejects.toThrow("notes are append-only");
  });

  it("refuses a migration edited after it was applied", async () => {
    write("migrations", "20260101000000_t.sql", "CREATE TABLE t (id int);");
    await runMigrations(inTransaction, set);
    write("migrations", "20260101000000_t.sql", "CREATE TABLE t (id bigint);");
    await expect(runMigrations(inTransaction, set)).rejects.toThrow(
      "Test migration 20260101000000_t.sql was edited after it was applied",
    );
  });

  it("refuses a migration numbered below the last applied, before running anything", async () => {
    write("migrations", "20260102000000_b.sql", "CREATE TABLE b (id int);");
    await runMigrations(inTransaction, set);
    write("migrations", "20260101000000_a.sql", "CREATE TABLE a (id int);");
    write("migrations", "20260103000000_c.sql", "CREATE TABLE c (id int);");
    await expect(runMigrations(inTransaction, set)).rejects.toThrow(
      "Test migration 20260101000000_a.sql is numbered below 20260102000000_b.sql",
    );
    expect(await one("SELECT to_regclass('a') AS a, to_regclass('c') AS c")).toEqual({ a: null, c: null });
  });

  it("keeps its records in the set's own schema, and forgets a function file removed", async () => {
    write("migrations", "0001_rgs.sql", "CREATE TABLE rgs.rounds (id int);");
    write(
      "functions",
      "f_gone.sql",
      "CREATE OR REPLACE FUNCTION rgs.f_gone() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;",
    );
    write(
      "functions",
      "f_kept.sql",
      "CREATE OR REPLACE FUNCTION rgs.f_kept() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;",
    );
    const rgs = { ...set, schema: "rgs" };
    await runMigrations(inTransaction, rgs);
    expect(await one("SELECT count(*)::int AS n FROM rgs.schema_migrations")).toEqual({ n: 1 });
    expect(await one("SELECT to_regclass('public.schema_migrations') AS m")).toEqual({ m: null });
    rmSync(join(root, "functions", "f_gone.sql"));
    await runMigrations(inTransaction, rgs);
    expect((await db.query("SELECT name FROM rgs.schema_functions")).rows).toEqual([{ name: "f_kept.sql" }]);
  });
});

describe("a migration's checksum: its statements, not its comments or layout", () => {
  const name = "20260101000000_wallets.sql";
  const shipped =
    "-- Wallets (see the ticket).\nCREATE TABLE wallets (id int, note text DEFAULT 'a -- b');\n" +
    "INSERT INTO wallets VALUES (1, $$ x -- y $$);\n";
  const reworded =
    "-- Wallets: one per member.\n\nCREATE TABLE wallets (\n  id int,\n  note text DEFAULT 'a -- b'\n);\n" +
    "-- The first one.\nINSERT INTO wallets VALUES (1, $$ x -- y $$);\n";
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
  const recorded = async () =>
    (await one(`SELECT checksum FROM schema_migrations WHERE name = '${name}'`))?.checksum;

  /**
   * A database the migrator before this rule brought up to date: the file run and recorded with
   * the sha256 of its raw text; every rewrite of a record is counted in `rewrites`.
   */
  async function migratedByOlderMigrator(text: string): Promise<void> {
    await db.exec(`CREATE SCHEMA ${set.schema};
      CREATE TABLE schema_migrations (
        name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE rewrites (name text NOT NULL);
      CREATE FUNCTION count_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO rewrites VALUES (NEW.name); RETURN NEW; END $$;
      CREATE TRIGGER count_rewrite AFTER UPDATE ON schema_migrations
        FOR EACH ROW EXECUTE FUNCTION count_rewrite();`);
    await db.exec(text);
    await db.query("INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)", [name, sha256(text)]);
  }

  it("accepts a comment-only edit where the raw text as shipped was recorded, and rewrites the record once", async () => {
    await migratedByOlderMigrator(shipped);
    write("migrations", name, reworded);
    const withList = {
      ...set,
      shippedChecksums: { [name]: [[sha256(shipped), migrationChecksum(shipped)] as const] },
    };
    expect(await runMigrations(inTransaction, withList)).toEqual({ migrations: [], functions: [] });
    expect(await recorded()).toBe(migrationChecksum(reworded));
    expect(await runMigrations(inTransaction, withList)).toEqual({ migrations: [], functions: [] });
    // The record stands on its own now: the list of shipped checksums is no longer needed.
    expect(await runMigrations(inTransaction, set)).toEqual({ migrations: [], functions: [] });
    expect((await db.query("SELECT name FROM rewrites")).rows).toEqual([{ name }]);
  });

  it("accepts the raw checksum of a file never edited, and rewrites the record once", async () => {
    await migratedByOlderMigrator(shipped);
    write("migrations", name, shipped);
    await runMigrations(inTransaction, set);
    await runMigrations(inTransaction, set);
    expect(await recorded()).toBe(migrationChecksum(shipped));
    expect((await db.query("SELECT name FROM rewrites")).rows).toEqual([{ name }]);
  });

  it("still refuses a statement edited, whatever was recorded, and leaves the record as it was", async () => {
    await migratedByOlderMigrator(shipped);
    write("migrations", name, reworded.replace("id int", "id bigint"));
    const withList = {
      ...set,
      shippedChecksums: { [name]: [[sha256(shipped), migrationChecksum(shipped)] as const] },
    };
    await expect(runMigrations(inTransaction, withList)).rejects.toThrow(
      `Test migration ${name} was edited after it was applied`,
    );
    expect(await recorded()).toBe(sha256(shipped));
    // A raw checksum not listed for this file is refused too.
    write("migrations", name, reworded);
    await expect(runMigrations(inTransaction, set)).rejects.toThrow(
      `Test migration ${name} was edited after it was applied`,
    );
  });

  it("reads `--` inside a string or a dollar-quoted body as text: editing what follows it is refused", async () => {
    write("migrations", name, reworded);
    await runMigrations(inTransaction, set);
    expect(await recorded()).toBe(migrationChecksum(reworded));
    write("migrations", name, reworded.replace("'a -- b'", "'a -- c'"));
    await expect(runMigrations(inTransaction, set)).rejects.toThrow(
      `Test migration ${name} was edited after it was applied`,
    );
    write("migrations", name, reworded.replace("$$ x -- y $$", "$$ x -- z $$"));
    await expect(runMigrations(inTransaction, set)).rejects.toThrow(
      `Test migration ${name} was edited after it was applied`,
    );
  });
});
