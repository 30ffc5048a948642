import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { splitStatements } from "./split-statements.ts";

/** One statement at a time inside the migration's transaction; answers the rows. */
export type RunSql = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * A stored function's one home: `<functions dir>/<name>.sql` holds its current definition
 * (`CREATE OR REPLACE FUNCTION <name>(…)`). The migrator applies the file whenever its checksum
 * differs from the one recorded (a repeatable migration), after the versioned migrations, so
 * the definition a database runs is always the file's.
 */
export interface FunctionFile {
  /** The file name, `<function name>.sql`. */
  name: string;
  text: string;
  checksum: string;
}

const FUNCTION_FILE = /^[a-z_][a-z0-9_]*\.sql$/;

export function checksumOf(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The function files of a folder, in name order (none when the folder does not exist). */
export function readFunctionFiles(dir: string | undefined, label: string): FunctionFile[] {
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((name) => {
      if (!FUNCTION_FILE.test(name)) {
        throw new Error(`${label} function file ${name} is not named <function_name>.sql (lower-case)`);
      }
      const text = readFileSync(join(dir, name), "utf8");
      return { name, text, checksum: checksumOf(text) };
    });
}

/**
 * The function files a migration says it needs before it runs, by a comment line
 * `-- requires functions: name_a, name_b` (a migration that attaches a new trigger function,
 * or calls a new function, written in the same change as the function's file).
 */
export function requiredFunctions(migrationText: string): string[] {
  const names: string[] = [];
  for (const match of migrationText.matchAll(/^--\s*requires functions?:\s*(.+)$/gim)) {
    for (const name of (match[1] ?? "").split(/[\s,]+/)) if (name) names.push(name.replace(/\.sql$/, ""));
  }
  return names;
}

/**
 * What went wrong, in the database's words: drivers wrap the server's error ("Failed query: …",
 * the server's message as `cause`), so the innermost message is the one that says why.
 */
export function reason(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    message = e.message;
    e = e.cause;
  }
  return message;
}

/** A SQL string literal (names and checksums here are checked file names and hex digits). */
export function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

async function runFile(run: RunSql, file: FunctionFile): Promise<void> {
  for (const statement of splitStatements(file.text)) await run(statement);
}

/**
 * Apply function files in name order. One function's definition may need another (a SQL-language
 * body that calls it is checked when created): all files are tried at once under a savepoint;
 * if one fails, they are applied one at a time, each under its own savepoint, in rounds, a
 * failed file waiting for the next round, until all are applied — or a round applies none, and
 * the first failure is thrown.
 */
export async function applyFunctionFiles(run: RunSql, files: FunctionFile[], label: string): Promise<void> {
  if (!files.length) return;
  await run("SAVEPOINT function_files");
  try {
    for (const file of files) await runFile(run, file);
    await run("RELEASE SAVEPOINT function_files");
    return;
  } catch {
    await run("ROLLBACK TO SAVEPOINT function_files");
    await run("RELEASE SAVEPOINT function_files");
  }
  let waiting = files;
  while (waiting.length) {
    const failed: { file: FunctionFile; error: unknown }[] = [];
    for (const file of waiting) {
      await run("SAVEPOINT function_file");
      try {
        await runFile(run, file);
        await run("RELEASE SAVEPOINT function_file");
      } catch (error) {
        await run("ROLLBACK TO SAVEPOINT function_file");
        await run("RELEASE SAVEPOINT function_file");
        failed.push({ file, error });
      }
    }
    const first = failed[0];
    if (first && failed.length === waiting.length) {
      throw new Error(`${label} function file ${first.file.name} failed: ${reason(first.error)}`, {
        cause: first.error,
      });
    }
    waiting = failed.map((f) => f.file);
  }
}

/** Record the checksums of applied function files, in one statement. */
export async function recordFunctionFiles(run: RunSql, table: string, files: FunctionFile[]): Promise<void> {
  if (!files.length) return;
  const values = files.map((f) => `(${literal(f.name)}, ${literal(f.checksum)})`).join(", ");
  await run(
    `INSERT INTO ${table} (name, checksum) VALUES ${values}
     ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
  );
}
