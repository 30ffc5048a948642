import { describe, expect, it } from "vitest";
import { csvCell, exportHref, toCsv, UTF8_BOM } from "./csv.ts";

describe("the back office's CSV", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          ["two\nlines", "cr\r\nlf"],
          [null, 3],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"two\nlines","cr\r\nlf"\r\n,3\r\n');
  });

  it.each([
    ["=SUM(A1)", "'=SUM(A1)"],
    ["+63 917", "'+63 917"],
    ["-cmd", "'-cmd"],
    ["@risk", "'@risk"],
    ["\tx", "'\tx"],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
  ])("neutralises the formula %j", (input, out) => {
    expect(csvCell(input)).toBe(out);
  });

  it("keeps amounts as numbers, negative ones too", () => {
    expect(toCsv(["amount"], [["-12.50"], ["1000.00"], [0]])).toBe("amount\r\n-12.50\r\n1000.00\r\n0\r\n");
  });

  it("keeps leading and trailing spaces by quoting", () => {
    expect(csvCell(" ñ₱ ")).toBe('" ñ₱ "');
  });

  it("exports every page of what is shown through the server", () => {
    expect(UTF8_BOM).toBe("\uFEFF");
    expect(exportHref("/ledger/transactions", "page=3&pageSize=50&type=deposit&from=2026-11-01")).toBe(
      "/api/admin/ledger/transactions/export?type=deposit&from=2026-11-01",
    );
  });
});
