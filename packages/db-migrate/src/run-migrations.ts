import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  applyFunctionFiles,
  checksumOf,
  type FunctionFile,
  literal,
  type RunSql,
  readFunctionFiles,
  reason,
  recordFunctionFiles,
  requiredFunctions,
} from "./function-files.ts";
import { orderMigrations, pendingMigrations } from "./migration-order.ts";
import { migrationChecksum } from "./normalize-sql.ts";
import type { ShippedChecksums } from "./shipped-checksums.ts";
import { splitStatements } from "./split-statements.ts";

export type { RunSql } from "./function-files.ts";

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export type InTransaction = <T>(work: (run: RunSql) => Promise<T>) => Promise<T>;

/** One app's schema: its folders, where it records what it applied, and its lock. */
export interface MigrationSet {
  /** Names the app in messages ("platform", "RGS"). */
  label: string;
  /** Versioned migrations: applied once each, in order (migration-order.ts), checksummed. */
  migrationsDir: string;
  /** Stored functions, one file each (function-files.ts); optional. */
  functionsDir?: string;
  /** The schema that holds the record tables (created if missing); none: the search path's. */
  schema?: string;
  /** The transaction-scoped advisory lock that makes two processes starting together migrate once. */
  lockKey: number;
  /**
   * Per file name, the raw sha256 of the text a migration shipped with before only its comments
   * were edited, which databases recorded, with the checksum of that text's statements
   * (shipped-checksums.ts, generated from git history).
   */
  shippedChecksums?: ShippedChecksums;
}

export interface MigrateResult {
  /** Versioned migrations applied by this call, in order. */
  migrations: string[];
  /** Function files (re)applied by this call. */
  functions: string[];
}

/**
 * Bring a database's schema up to date, in one transaction under the set's advisory lock:
 * first the versioned migrations not applied yet (in the one order; refused as a whole when
 * one is out of it, and when an applied one's statements were edited), then every function
 * file whose checksum is not the one recorded. Each migration is recorded with
 * `migrationChecksum` (its statements, comments and layout left out), each function file with
 * the sha256 of its text (`schema_migrations`, `schema_functions`). A migration recorded by an
 * older migrator, with the sha256 of its raw text as it shipped, is accepted and its record
 * rewritten to the new checksum (`acceptsRecorded`).
 */
export async function runMigrations(inTransaction: InTransaction, set: MigrationSet): Promise<MigrateResult> {
  const { label } = set;
  if (set.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(set.schema)) {
    throw new Error(`${label} schema name ${set.schema} is not a lower-case identifier`);
  }
  const prefix = set.schema ? `${set.schema}.` : "";
  const tables = { migrations: `${prefix}schema_migrations`, functions: `${prefix}schema_functions` };
  const ordered = orderMigrations(
    readdirSync(set.migrationsDir).filter((f) => f.endsWith(".sql")),
    label,
  );
  const texts = new Map(ordered.map((f) => [f.name, readFileSync(join(set.migrationsDir, f.name), "utf8")]));
  const functionFiles = readFunctionFiles(set.functionsDir, label);

  return inTransaction(async (run) => {
    // Taken before the record tables are made: two processes creating one at once collide in
    // PostgreSQL's catalog ("duplicate key … pg_type_typname_nsp_index") even with IF NOT EXISTS.
    await run(`SELECT pg_advisory_xact_lock(${Math.trunc(set.lockKey)})`);
    if (set.schema) await run(`CREATE SCHEMA IF NOT EXISTS ${set.schema}`);
    await createRecordTable(run, tables.migrations);
    if (functionFiles.length) await createRecordTable(run, tables.functions);
    const applied = await readRecords(run, tables.migrations);
    const recorded = functionFiles.length
      ? await readRecords(run, tables.functions)
      : new Map<string, string>();
    const rewrites: [name: string, checksum: string][] = [];
    for (const [name, text] of texts) {
      const seen = applied.get(name);
      if (seen === undefined) continue;
      const checksum = migrationChecksum(text);
      if (seen === checksum) continue;
      if (!acceptsRecorded(seen, name, text, set.shippedChecksums))
        throw new Error(`${label} migration ${name} was edited after it was applied`);
      rewrites.push([name, checksum]);
    }
    for (const [name, checksum] of rewrites) {
      await run(
        `UPDATE ${tables.migrations} SET checksum = ${literal(checksum)} WHERE name = ${literal(name)}`,
      );
    }

    const functions = new FunctionPass(run, label, tables.functions, functionFiles, recorded);
    const result: MigrateResult = { migrations: [], functions: [] };
    for (const file of pendingMigrations(ordered, applied.keys(), label)) {
      const text = texts.get(file.name) ?? "";
      // Functions this migration needs while it runs: their current definitions, first.
      await functions.apply(requiredFunctions(text), file.name);
      try {
        for (const statement of splitStatements(text)) await run(statement);
      } catch (error) {
        throw new Error(`${label} migration ${file.name} failed: ${reason(error)}`, { cause: error });
      }
      await run(
        `INSERT INTO ${tables.migrations} (name, checksum) VALUES (${literal(file.name)}, ${literal(migrationChecksum(text))})`,
      );
      result.migrations.push(file.name);
    }
    await functions.apply(null, null);
    await functions.forgetRemoved();
    result.functions = functions.applied;
    return result;
  });
}

/**
 * A checksum an older migrator recorded for this migration, which compared raw text: the sha256
 * of the file as it is (never edited), or of a text it shipped with (`shipped`) whose statements
 * are the file's (only comments or layout edited since). Anything else means the statements the
 * database ran are not the file's.
 */
export function acceptsRecorded(
  recorded: string,
  name: string,
  text: string,
  shipped: ShippedChecksums = {},
): boolean {
  if (recorded === checksumOf(text)) return true;
  const statements = migrationChecksum(text);
  return (shipped[name] ?? []).some(([raw, was]) => raw === recorded && was === statements);
}

/**
 * The function files of one run: applies those whose checksum is not recorded (all of them, or
 * the ones a migration names), records them, and remembers what it applied.
 */
class FunctionPass {
  readonly applied: string[] = [];
  private readonly byName: Map<string, FunctionFile>;
  private readonly run: RunSql;
  private readonly label: string;
  private readonly table: string;
  private readonly files: FunctionFile[];
  private readonly recorded: Map<string, string>;

  constructor(
    run: RunSql,
    label: string,
    table: string,
    files: FunctionFile[],
    recorded: Map<string, string>,
  ) {
    this.run = run;
    this.label = label;
    this.table = table;
    this.files = files;
    this.recorded = recorded;
    this.byName = new Map(files.map((f) => [f.name, f]));
  }

  /** `names`: the functions a migration requires (`forMigration` names it); null: every file. */
  async apply(names: string[] | null, forMigration: string | null): Promise<void> {
    const wanted =
      names === null
        ? this.files
        : names.map((name) => {
            const file = this.byName.get(`${name}.sql`);
            if (!file) {
              throw new Error(
                `${this.label} migration ${forMigration} requires function ${name}, which has no file`,
              );
            }
            return file;
          });
    const changed = wanted.filter((f) => this.recorded.get(f.name) !== f.checksum);
    await applyFunctionFiles(this.run, changed, this.label);
    await recordFunctionFiles(this.run, this.table, changed);
    for (const file of changed) {
      this.recorded.set(file.name, file.checksum);
      this.applied.push(file.name);
    }
  }

  /** A file removed with its function (a migration dropped it): its record goes too. */
  async forgetRemoved(): Promise<void> {
    const gone = [...this.recorded.keys()].filter((name) => !this.byName.has(name));
    if (gone.length)
      await this.run(`DELETE FROM ${this.table} WHERE name IN (${gone.map(literal).join(", ")})`);
  }
}

async function createRecordTable(run: RunSql, table: string): Promise<void> {
  await run(`CREATE TABLE IF NOT EXISTS ${table} (
     name text PRIMARY KEY,
     checksum text NOT NULL,
     applied_at timestamptz NOT NULL DEFAULT now()
   )`);
}

async function readRecords(run: RunSql, table: string): Promise<Map<string, string>> {
  const rows = await run(`SELECT name, checksum FROM ${table}`);
  return new Map(rows.map((r) => [String(r.name), String(r.checksum)]));
}
