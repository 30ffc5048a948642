/**
 * Which versioned migrations a database applies, and in what order.
 *
 * A migration is named `YYYYMMDDHHMMSS_snake_name.sql`: the UTC time it was written, so the
 * files' order is the order they were written in, and every database — created today or
 * upgraded release after release — applies them in that one order. A file that is not applied
 * yet but is numbered below the highest timestamped migration a database already applied
 * would run in a different place there than on a fresh database: it is refused, naming both
 * files, before anything runs.
 *
 * Before timestamps, files were numbered by module range (`NNNN_name.sql`: 0001 core, 0500
 * providers, …) and applied in the order they reached the branch, not their numbers. Those
 * legacy files are a closed set: a database that has not applied one yet (it stopped at an
 * older release) still applies it, in name order, before any timestamped file; once a database
 * has applied a timestamped file, a pending legacy file is below it and refused like any other.
 */

export interface MigrationFile {
  name: string;
  /** The number before the first underscore: a range number (legacy) or a UTC timestamp. */
  version: number;
  legacy: boolean;
}

const LEGACY = /^(\d{4})_[a-z0-9_]+\.sql$/;
const TIMESTAMPED = /^(\d{14})_[a-z0-9_]+\.sql$/;

/** Parse a migration's file name, or answer why it is not a valid one. */
export function parseMigrationName(name: string): MigrationFile | string {
  const legacy = LEGACY.exec(name);
  if (legacy?.[1]) return { name, version: Number(legacy[1]), legacy: true };
  const stamped = TIMESTAMPED.exec(name);
  if (!stamped?.[1]) {
    return `${name} is not named YYYYMMDDHHMMSS_snake_name.sql (the UTC time it was written, lower-case name)`;
  }
  const digits = stamped[1];
  if (!validUtcTimestamp(digits)) return `${name} does not start with a real UTC time (YYYYMMDDHHMMSS)`;
  // 14 digits stay below 2^53: Number compares them exactly.
  return { name, version: Number(digits), legacy: false };
}

/** Whether 14 digits are a real date and time (no month 13, no 25:00). */
export function validUtcTimestamp(digits: string): boolean {
  const part = (from: number, to: number) => Number(digits.slice(from, to));
  const [y, mo, d, h, mi, s] = [part(0, 4), part(4, 6), part(6, 8), part(8, 10), part(10, 12), part(12, 14)];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    y >= 2000 &&
    at.getUTCFullYear() === y &&
    at.getUTCMonth() === mo - 1 &&
    at.getUTCDate() === d &&
    at.getUTCHours() === h &&
    at.getUTCMinutes() === mi &&
    at.getUTCSeconds() === s
  );
}

/** The files of a folder in the order every database applies them (number, then name). */
export function orderMigrations(names: string[], label: string): MigrationFile[] {
  const files: MigrationFile[] = [];
  for (const name of names) {
    const parsed = parseMigrationName(name);
    if (typeof parsed === "string") throw new Error(`${label} migration ${parsed}`);
    files.push(parsed);
  }
  files.sort((a, b) => a.version - b.version || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (let i = 1; i < files.length; i++) {
    const [before, file] = [files[i - 1], files[i]];
    if (before && file && !file.legacy && before.version === file.version) {
      throw new Error(
        `${label} migrations ${before.name} and ${file.name} have the same number: ` +
          "give the newer one the current UTC time (YYYYMMDDHHMMSS_name.sql)",
      );
    }
  }
  return files;
}

/**
 * The files a database still has to apply, in order; throws when one of them would run out of
 * the one order (see above). `applied`: the names the database recorded.
 */
export function pendingMigrations(ordered: MigrationFile[], applied: Iterable<string>, label: string) {
  let highest: MigrationFile | null = null;
  const done = new Set<string>();
  for (const name of applied) {
    done.add(name);
    const parsed = parseMigrationName(name);
    if (typeof parsed !== "string" && !parsed.legacy && (!highest || parsed.version > highest.version)) {
      highest = parsed;
    }
  }
  const pending = ordered.filter((f) => !done.has(f.name));
  const late = highest && pending.find((f) => f.legacy || f.version < (highest?.version ?? 0));
  if (highest && late) {
    throw new Error(
      `${label} migration ${late.name} is numbered below ${highest.name}, which this database has ` +
        "already applied: it would run after it here but before it on a new database. Rename it " +
        "with the current UTC time (YYYYMMDDHHMMSS_name.sql) so every database applies it last.",
    );
  }
  return pending;
}
