import type { ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvWriter, csvCell, csvLine } from "./csv.ts";
import { rateOf, rtpOf } from "./service.ts";

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

describe("report formulas", () => {
  it("RTP is wins / bets in percent rounded half up to two decimals", () => {
    expect(rtpOf(0n, 10n)).toBeNull();
    expect(rtpOf(1400n, 2500n)).toBe("178.57");
    expect(rtpOf(3n, 2n)).toBe("66.67");
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        (bets, wins) => {
          const [whole, frac] = (rtpOf(bets, wins) as string).split(".");
          const bp = BigInt(whole as string) * 100n + BigInt(frac as string);
          // |bp/10000 − wins/bets| ≤ half a basis point, ties up.
          const diff = bp * bets * 2n - wins * 20_000n; // 2·bets·(bp − exact·10000)
          expect(diff >= -bets && diff < bets).toBe(true);
        },
      ),
    );
  });

  it("the success rate is succeeded / decided", () => {
    expect(rateOf(0, 0)).toBeNull();
    expect(rateOf(2, 1)).toBe("66.67");
    expect(rateOf(1, 0)).toBe("100.00");
    expect(rateOf(0, 3)).toBe("0.00");
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
