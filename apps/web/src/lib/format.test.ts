import { describe, expect, it } from "vitest";
import { formatCount, formatDate, formatDateTime, formatMinor, formatMoneyString } from "./format.ts";

describe("formatMinor", () => {
  it("shows two decimals and thousands separators", () => {
    expect(formatMinor(1234567890)).toBe("12,345,678.90");
    expect(formatMinor(5)).toBe("0.05");
    expect(formatMinor(0)).toBe("0.00");
  });

  it("keeps the sign of a negative amount", () => {
    expect(formatMinor(-123456)).toBe("-1,234.56");
  });

  it("refuses an amount that is not whole minor units", () => {
    expect(() => formatMinor(10.5)).toThrow(RangeError);
  });
});

describe("formatMoneyString", () => {
  it("groups the platform's decimal strings without float arithmetic", () => {
    expect(formatMoneyString("1234567.50")).toBe("1,234,567.50");
    expect(formatMoneyString("999999999999999.99")).toBe("999,999,999,999,999.99");
    expect(formatMoneyString("-0.10")).toBe("-0.10");
  });

  it("leaves text that is not an amount as it is", () => {
    expect(formatMoneyString("n/a")).toBe("n/a");
  });
});

describe("dates and counts in the site's language", () => {
  const iso = "2026-11-29T04:00:00Z"; // noon in Manila
  it("writes a date as each language does, from the site's code or the page's tag", () => {
    expect(formatDate(iso, "TY")).toBe("Nob 29, 2026");
    expect(formatDate(iso, "CN")).toBe("2026年11月29日");
    expect(formatDate(iso, "zh")).toBe("2026年11月29日");
    expect(formatDate(iso, "JA")).toBe("2026年11月29日");
    expect(formatDate(iso, "VI")).toBe("29 thg 11, 2026");
    expect(formatDate(iso, "ID")).toBe("29 Nov 2026");
    expect(formatDate(iso, "TH")).toContain("พ.ย.");
  });

  it("shows times in Manila time", () => {
    expect(formatDateTime(iso, "EN")).toContain("12:00");
  });

  it("groups counts with the language's separator", () => {
    expect(formatCount(1234567, "VI")).toBe("1.234.567");
    expect(formatCount(1234567, "TY")).toBe("1,234,567");
  });
});
