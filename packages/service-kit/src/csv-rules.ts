import type { Options } from "csv-stringify";

/**
 * Every CSV a Panalo server app sends, and every one the back office makes in the browser: RFC 4180 text made by csv-stringify, lines ending in CRLF, a
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

/** A cell's text, a would-be formula guarded by a leading apostrophe. */
export function csvText(value: unknown): string {
  const s = String(value);
  return FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
}

/** csv-stringify's options for these rules (its Node and browser builds take the same). */
export const CSV_OPTIONS: Options = {
  record_delimiter: "\r\n",
  // csv-stringify quotes the delimiter, the quote and the record delimiter; a lone CR or LF and
  // a leading or trailing space are quoted too, so every cell reads back as written.
  quoted_match: [/[\r\n]/, /^\s|\s$/],
  // The formula guard replaces csv-stringify's own (which would also mark "-12.50").
  escape_formulas: false,
  cast: {
    string: csvText,
    number: csvText,
    bigint: csvText,
    boolean: csvText,
    date: csvText,
    object: csvText,
  },
};
