import type { ServerResponse } from "node:http";
import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";
import { CSV_OPTIONS, UTF8_BOM } from "./csv-rules.ts";

/** CSV downloads of a server app, by the rules of csv-rules.ts. */
export { UTF8_BOM };

/** Rows of cells as CSV lines, each ending in CRLF ("" for no rows). */
export function csvRows(rows: ReadonlyArray<readonly unknown[]>): string {
  return rows.length === 0 ? "" : stringify(rows as unknown[][], CSV_OPTIONS);
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

/**
 * Take the response over for a CSV download written page by page (the envelope and onSend hooks
 * are skipped): the headers, the byte order mark and the header line are written at once, and
 * the rows follow through the writer.
 */
export async function startCsv(
  reply: FastifyReply,
  filename: string,
  columns: readonly string[],
): Promise<CsvWriter> {
  reply.hijack();
  reply.raw.writeHead(200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": attachment(filename),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  const out = new CsvWriter(reply.raw);
  await out.write(UTF8_BOM + csvLine(columns));
  return out;
}

/**
 * Write CSV to a response as rows arrive, honouring backpressure: a page of rows is written as
 * one chunk, and the next page is read only once the socket has taken the previous one. Nothing
 * but the current page is ever held. Stops (and tells the producer) when the client goes away.
 */
export class CsvWriter {
  private closed = false;
  private readonly onClose = () => {
    this.closed = true;
  };

  constructor(private readonly res: ServerResponse) {
    res.on("close", this.onClose);
  }

  get aborted(): boolean {
    return this.closed || this.res.destroyed;
  }

  /** Write CSV lines; resolves when the socket can take more. False: the client is gone. */
  async write(lines: string): Promise<boolean> {
    if (this.aborted) return false;
    if (this.res.write(lines)) return true;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.res.off("drain", done);
        this.res.off("close", done);
        resolve();
      };
      this.res.on("drain", done);
      this.res.on("close", done);
    });
    return !this.aborted;
  }

  /** Write rows of cells as one chunk (see write). */
  writeRows(rows: ReadonlyArray<readonly unknown[]>): Promise<boolean> {
    return this.write(csvRows(rows));
  }

  end(): void {
    this.res.off("close", this.onClose);
    if (!this.res.destroyed) this.res.end();
  }
}
