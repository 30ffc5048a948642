/**
 * A CSV download's text as a spreadsheet reads it: the bytes decoded as UTF-8, the byte order
 * mark at the start taken as the encoding's mark and not as text (TextDecoder's default).
 */
export function csvText(res: { rawPayload: Buffer }): string {
  return new TextDecoder("utf-8").decode(res.rawPayload);
}

/** Whether a download starts with the UTF-8 byte order mark (EF BB BF). */
export function startsWithBom(res: { rawPayload: Buffer }): boolean {
  return res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]));
}

/** A whole CSV text back into rows of cells (RFC 4180: quoted cells may hold CR, LF, commas). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i++;
      } else {
        cell += ch;
        i++;
      }
    } else if (ch === '"' && cell === "") {
      quoted = true;
      i++;
    } else if (ch === ",") {
      row.push(cell);
      cell = "";
      i++;
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i += 2;
    } else {
      cell += ch;
      i++;
    }
  }
  if (cell !== "" || row.length > 0) throw new Error("CSV text does not end with CRLF");
  return rows;
}
