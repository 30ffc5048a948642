import type { ServerResponse } from "node:http";

/**
 * CSV for spreadsheets (RFC 4180): a cell holding a comma, a quote, a line break or a leading or
 * trailing space is quoted, quotes doubled. A text cell that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) gets a leading apostrophe — except a plain
 * number ("-12.50" stays a number).
 */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let s = typeof value === "string" ? value : String(value);
  if (FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
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

  /** Write lines; resolves when the socket can take more. False: the client is gone. */
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

  end(): void {
    this.res.off("close", this.onClose);
    if (!this.res.destroyed) this.res.end();
  }
}
