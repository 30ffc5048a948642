import type { ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import { CsvWriter, csvCell, csvLine, sendCsv, startCsv } from "@panalo/service-kit/csv";
import fc from "fast-check";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { csvText, parseCsv, startsWithBom } from "../testing/csv-kit.ts";

/** Split one CSV line back into cells (RFC 4180), to check that what is written reads back. */
function parseLine(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let v = "";
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (line[q + 1] === '"') {
          v += `${line.slice(i, q)}"`;
          i = q + 2;
        } else {
          v += line.slice(i, q);
          i = q + 1;
          break;
        }
      }
      cells.push(v);
      i++; // the comma
    } else {
      const c = line.indexOf(",", i);
      const end = c === -1 ? line.length : c;
      cells.push(line.slice(i, end));
      i = end + 1;
    }
  }
  return cells;
}

describe("CSV cells", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvLine(["a,b", 'say "hi"', "two\nlines", "cr\rlf", "plain", 12, null])).toBe(
      '"a,b","say ""hi""","two\nlines","cr\rlf",plain,12,\r\n',
    );
  });

  it("guards cells a spreadsheet would run as a formula, but not plain numbers", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+1+2")).toBe("'+1+2");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("-12.50")).toBe("-12.50");
    expect(csvCell("0.00")).toBe("0.00");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("reads back every text as written (formula guard aside)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary" }), { minLength: 1, maxLength: 6 }), (cells) => {
        const line = csvLine(cells);
        expect(line.endsWith("\r\n")).toBe(true);
        const back = parseLine(line.slice(0, -2));
        expect(back).toEqual(
          cells.map((c) => (/^[=+\-@\t\r]/.test(c) && !/^-?\d+(\.\d+)?$/.test(c) ? `'${c}` : c)),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe("CSV writer", () => {
  it("waits for the socket to drain before the next page, and stops when the client leaves", async () => {
    const sink = new PassThrough({ highWaterMark: 16 });
    const out = new CsvWriter(sink as unknown as ServerResponse);
    let wrote = false;
    const pending = out.write("x".repeat(64)).then((ok) => {
      wrote = ok;
    });
    await Promise.resolve();
    expect(wrote).toBe(false); // still waiting: nobody read yet
    sink.read();
    await pending;
    expect(wrote).toBe(true);
    sink.destroy();
    sink.emit("close");
    expect(await out.write("more")).toBe(false);
  });
});

describe("CSV download", () => {
  const rows = [
    ["Peña, Niño", 'he said "₱1,000"', "two\nlines", "cr\r\nlf", "₱-5.00", -12.5],
    ["plain", "", " padded ", "=1+1", "mañana", 0],
  ];
  const header = ["name", "note", "multi", "crlf", "amount", "n"];
  const expected = [
    header,
    ["Peña, Niño", 'he said "₱1,000"', "two\nlines", "cr\r\nlf", "₱-5.00", "-12.5"],
    ["plain", "", " padded ", "'=1+1", "mañana", "0"],
  ];

  async function download(url: string) {
    const app = Fastify();
    app.get("/whole", (_req, reply) => sendCsv(reply, "whole ñ.csv", header, rows));
    app.get("/paged", async (_req, reply) => {
      const out = await startCsv(reply, "paged.csv", header);
      for (const row of rows) await out.writeRows([row]);
      out.end();
    });
    try {
      return await app.inject({ method: "GET", url });
    } finally {
      await app.close();
    }
  }

  for (const url of ["/whole", "/paged"]) {
    it(`starts with the UTF-8 byte order mark and reads back ñ, ₱, commas, quotes and line breaks (${url})`, async () => {
      const res = await download(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(startsWithBom(res)).toBe(true);
      expect(res.rawPayload.subarray(3, 7).toString("utf8")).toBe("name");
      expect(parseCsv(csvText(res))).toEqual(expected);
      // ñ and ₱ are written as UTF-8 bytes (C3 B1, E2 82 B1), not in another code page.
      expect(res.rawPayload.includes(Buffer.from([0xc3, 0xb1]))).toBe(true);
      expect(res.rawPayload.includes(Buffer.from([0xe2, 0x82, 0xb1]))).toBe(true);
    });
  }

  it("names the file with safe characters only", async () => {
    const res = await download("/whole");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="whole__.csv"');
  });
});
