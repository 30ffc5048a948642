// The sportsbook's CSV downloads, written as the platform writes every CSV (the same rules).
import { type CastingContext, type Options, stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";

/**
 * Every CSV the server sends: RFC 4180 text made by csv-stringify, lines ending in CRLF, a
 * download starting with a UTF-8 byte order mark so that a spreadsheet reads the text as UTF-8
 * (ñ and ₱ show as such, not as mojibake).
 *
 * A cell holding a comma, a quote, a line break or a leading or trailing space is quoted, quotes
 * doubled. A text cell that a spreadsheet would run as a formula (starting with = + - @, a tab or
 * a carriage return) gets a leading apostrophe, so an exported username can never become a
 * formula in the operator's spreadsheet — except a plain number ("-12.50" stays a number).
 * null and undefined are empty cells; any other value is written as String(value).
 */
export const UTF8_BOM = "\uFEFF";

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

function text(value: unknown, _context?: CastingContext): string {
  const s = String(value);
  return FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
}

const OPTIONS: Options = {
  record_delimiter: "\r\n",
  // csv-stringify quotes the delimiter, the quote and the record delimiter; a lone CR or LF and
  // a leading or trailing space are quoted too, so every cell reads back as written.
  quoted_match: [/[\r\n]/, /^\s|\s$/],
  // The formula guard replaces csv-stringify's own (which would also mark "-12.50").
  escape_formulas: false,
  cast: { string: text, number: text, bigint: text, boolean: text, date: text, object: text },
};

/** Rows of cells as CSV lines, each ending in CRLF ("" for no rows). */
export function csvRows(rows: ReadonlyArray<readonly unknown[]>): string {
  return rows.length === 0 ? "" : stringify(rows as unknown[][], OPTIONS);
}

/** One row of cells as a CSV line ending in CRLF. */
export function csvLine(cells: readonly unknown[]): string {
  return csvRows([cells]);
}

/** One cell as it appears in a line (quoted and guarded when needed). */
export function csvCell(value: unknown): string {
  return csvLine([value]).slice(0, -2);
}

/** A header and rows (arrays of cells, or records read by the header's names) as CSV lines. */
export function toCsv(
  columns: readonly string[],
  rows: ReadonlyArray<readonly unknown[] | Record<string, unknown>>,
): string {
  const cells = rows.map((r) =>
    Array.isArray(r) ? r : columns.map((c) => (r as Record<string, unknown>)[c]),
  );
  return csvRows([columns, ...cells]);
}

function attachment(filename: string): string {
  return `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`;
}

/**
 * Send a whole CSV download: the byte order mark, the header line, then the rows (arrays of
 * cells, or records read by the header's names). The route answers raw text instead of the
 * JSON envelope.
 */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly unknown[] | Record<string, unknown>>,
): FastifyReply {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", attachment(filename))
    .header("cache-control", "no-store")
    .header("x-content-type-options", "nosniff")
    .send(UTF8_BOM + toCsv(columns, rows));
}
