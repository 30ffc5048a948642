import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "./client.ts";

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Plain, committed SQL migrations, applied in file-name order, each once, each in its own
 * transaction, recorded with a checksum so that an edited migration is caught rather than
 * silently skipped. Numbered by module range (0001 core, 0100 content, 0200 admin, ...)
 * so that modules written in parallel never collide.
 * A PostgreSQL advisory lock keeps two processes starting together from migrating twice.
 */
export async function migrate(database: Database): Promise<string[]> {
  const { db } = database;
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    // 72_011 is an arbitrary constant naming "the migration lock". It is taken before the
    // record table is made: two processes creating it at once collide in PostgreSQL's catalog
    // ("duplicate key ... pg_type_typname_nsp_index") even with IF NOT EXISTS.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(72011)`);
    await tx.execute(
      sql.raw(`CREATE TABLE IF NOT EXISTS schema_migrations (
       name text PRIMARY KEY,
       checksum text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`),
    );
    const rows = await queryRows<{ name: string; checksum: string }>(
      tx,
      sql`SELECT name, checksum FROM schema_migrations`,
    );
    const done = new Map(rows.map((r) => [r.name, r.checksum]));
    for (const file of files) {
      const text = readFileSync(join(MIGRATIONS_DIR, file), "utf8");
      const checksum = createHash("sha256").update(text).digest("hex");
      const seen = done.get(file);
      if (seen) {
        if (seen !== checksum) throw new Error(`Migration ${file} was edited after it was applied`);
        continue;
      }
      for (const statement of splitStatements(text)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (name, checksum) VALUES (${file}, ${checksum})`);
      applied.push(file);
    }
  });
  return applied;
}

/**
 * Split a migration into statements on top-level semicolons, honouring quoted strings,
 * dollar-quoted bodies ($$ ... $$) and comments, so a file reads as ordinary SQL.
 */
export function splitStatements(text: string): string[] {
  const out: string[] = [];
  let current = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    const rest = text.slice(i);
    if (rest.startsWith("--")) {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end + 1;
      continue;
    }
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest);
    if (dollar) {
      const tag = dollar[0];
      const end = text.indexOf(tag, i + tag.length);
      const stop = end === -1 ? text.length : end + tag.length;
      current += text.slice(i, stop);
      i = stop;
      continue;
    }
    if (ch === "'") {
      let j = i + 1;
      while (j < text.length) {
        if (text[j] === "'" && text[j + 1] === "'") j += 2;
        else if (text[j] === "'") break;
        else j++;
      }
      current += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (ch === ";") {
      if (current.trim()) out.push(current.trim());
      current = "";
      i++;
      continue;
    }
    current += ch;
    i++;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
