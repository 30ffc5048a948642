import { describe, expect, it } from "vitest";
import { csvCell, incomeCsv } from "./income-csv.ts";

describe("my income as CSV", () => {
  const head = {
    period: "Panahon",
    gross: "Kita",
    paidOut: "Ibinayad sa downline",
    net: "Netong kita",
    downlines: "Mga downline",
    total: "Kabuuan",
  };
  it("starts with a byte-order mark, keeps names and negatives, defuses formulas", () => {
    const text = incomeCsv(
      {
        group: "day",
        from: "2026-03-01",
        to: "2026-03-03",
        periods: [
          {
            period: "2026-03-02",
            gross: "10.00",
            paidOut: "14.00",
            net: "-4.00",
            downlines: [
              { id: 2, username: "=cmd", amount: "10.00" },
              { id: 3, username: "李华", amount: "4.00" },
            ],
          },
        ],
        totals: { gross: "10.00", paidOut: "14.00", net: "-4.00" },
      },
      head,
    );
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split("\r\n")).toEqual([
      "Panahon,Kita,Ibinayad sa downline,Netong kita,Mga downline",
      '2026-03-02,10.00,14.00,-4.00,"\'=cmd 10.00; 李华 4.00"',
      "Kabuuan,10.00,14.00,-4.00,",
      "",
    ]);
  });
  it("quotes commas and quotes", () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell("+63")).toBe("'+63");
  });
});
