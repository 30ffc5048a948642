import { CSV_OPTIONS as OPTIONS, UTF8_BOM } from "@panalo/service-kit/csv-rules";
import { stringify } from "csv-stringify/browser/esm/sync";

/**
 * Every CSV the back office makes in the browser (a table it already holds in full; a list the
 * server pages is exported by the server instead, with the same filters: see CsvLink). The rules
 * are those of the server's exports (packages/service-kit csv-rules.ts, one copy for both), so both kinds of file open the
 * same way in a spreadsheet:
 * - RFC 4180: fields with a comma, a quote, a line break or a leading or trailing space are
 *   quoted, quotes doubled; lines end in CRLF;
 * - a text that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 *   return) gets a leading apostrophe, except a plain number ("-12.50" stays a number);
 * - the file starts with a UTF-8 byte order mark, so ñ and ₱ read as such.
 */
export { UTF8_BOM };

/** One cell as it appears in a line (guarded and quoted when needed). */
export function csvCell(v: unknown): string {
  return stringify([[v]], OPTIONS).slice(0, -2);
}

/** A table as CSV text, without the byte order mark (downloadCsv adds it). */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return stringify([header, ...rows] as unknown[][], OPTIONS);
}

/** Save CSV text as a file in the operator's browser, led by the byte order mark. */
export function downloadCsv(name: string, text: string): void {
  const body = text.startsWith(UTF8_BOM) ? text : UTF8_BOM + text;
  const url = URL.createObjectURL(new Blob([body], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * The address of a server export of a list: the list's path with `/export` and the filters and
 * order shown (never the page: the file holds every matching row).
 */
export function exportHref(path: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete("pageSize");
  const qs = params.toString();
  return `/api/admin${path}/export${qs ? `?${qs}` : ""}`;
}
