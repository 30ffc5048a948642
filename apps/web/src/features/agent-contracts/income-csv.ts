import type { IncomeSummaryView } from "@panalo/contracts/agent-contracts";

/** A CSV cell: quoted when needed; a text a spreadsheet would run as a formula is defused. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d[\d,]*(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * "My income" as a CSV file: a byte-order mark first (so a spreadsheet reads the names and the
 * headings, in any of the site's languages, as UTF-8), the headings in the reader's language,
 * one row per period (amounts as plain decimals, no separators), then the totals.
 */
export function incomeCsv(
  data: IncomeSummaryView,
  head: { period: string; gross: string; paidOut: string; net: string; downlines: string; total: string },
): string {
  const rows = [
    [head.period, head.gross, head.paidOut, head.net, head.downlines],
    ...data.periods.map((p) => [
      p.period,
      p.gross,
      p.paidOut,
      p.net,
      p.downlines.map((d) => `${d.username} ${d.amount}`).join("; "),
    ]),
    [head.total, data.totals.gross, data.totals.paidOut, data.totals.net, ""],
  ];
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
