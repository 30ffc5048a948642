import type { FastifyReply } from "fastify";

/**
 * One CSV cell (RFC 4180 quoting). A text that a spreadsheet would run as a formula (=, +, @,
 * tab, CR, or a "-" that is not a number) is prefixed with a quote, so an exported username
 * can never become a formula in the operator's spreadsheet.
 */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  let s = String(v);
  if (/^[=+@\t\r]/.test(s) || (s.startsWith("-") && !/^-\d+(\.\d+)?$/.test(s))) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  const lines = [columns.map(csvCell).join(",")];
  for (const r of rows) lines.push(columns.map((c) => csvCell(r[c])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** Send a CSV download (the route answers raw text instead of the JSON envelope). */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  columns: readonly string[],
  rows: ReadonlyArray<Record<string, unknown>>,
): FastifyReply {
  reply.header("content-disposition", `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`);
  return reply.type("text/csv; charset=utf-8").send(toCsv(columns, rows));
}
