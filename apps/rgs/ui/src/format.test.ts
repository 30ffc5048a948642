import * as contracts from "@panalo/contracts/money";
import { describe, expect, it } from "vitest";
import {
  countUpAt,
  formatMinor,
  formatMultiplier,
  formatPeso,
  parseMoney,
  shortHex,
  toMinor,
  useCurrency,
} from "./format.ts";
import { langFrom, t } from "./i18n.ts";
import { glyphLetters, hashString, symbolDomId } from "./symbols.ts";

describe("formatting", () => {
  it("parses and writes amounts exactly as the shared contracts do", () => {
    for (const text of ["0", "0.05", "1234.5", "1,234.50", "12.345", "-1", "abc", "999999999999999.99", ""]) {
      expect(parseMoney(text)).toBe(contracts.parseMoney(text));
    }
    for (const minor of [0n, 5n, -5n, 123450n, 10n ** 14n]) {
      expect(formatMinor(minor)).toBe(contracts.formatMinor(minor));
    }
  });

  it("shows pesos with thousands separators and two decimals", () => {
    expect(formatPeso(123456789n)).toBe("₱1,234,567.89");
    expect(formatPeso(5n)).toBe("₱0.05");
    expect(formatPeso(-150n)).toBe("-₱1.50");
  });

  it("shows play money by its currency code, never as pesos", () => {
    useCurrency("FUN");
    try {
      expect(formatPeso(200000n)).toBe("FUN 2,000.00");
    } finally {
      useCurrency("PHP");
    }
    expect(formatPeso(5n)).toBe("₱0.05");
  });

  it("reads API amounts into minor units without floats", () => {
    expect(toMinor("12.50")).toBe(1250n);
    expect(toMinor("-0.05")).toBe(-5n);
    expect(toMinor("nonsense")).toBe(0n);
  });

  it("counts up from zero to exactly the win", () => {
    expect(countUpAt(10_000n, 0)).toBe(0n);
    expect(countUpAt(10_000n, 1)).toBe(10_000n);
    expect(countUpAt(10_000n, 2)).toBe(10_000n);
    const mid = countUpAt(10_000n, 0.5);
    expect(mid > 0n && mid < 10_000n).toBe(true);
  });

  it("writes multipliers and shortens hashes", () => {
    expect(formatMultiplier(3)).toBe("×3");
    expect(formatMultiplier(1.5)).toBe("×1.5");
    expect(shortHex("0123456789abcdef0123")).toBe("012345…ef0123");
    expect(shortHex("abc")).toBe("abc");
  });

  it("takes Filipino unless English is asked for", () => {
    expect(langFrom("?lang=EN")).toBe("EN");
    expect(langFrom("?lang=en")).toBe("EN");
    expect(langFrom("?lang=CN")).toBe("TY");
    expect(langFrom("")).toBe("TY");
    expect(t("EN", "freeSpinsWon", { n: 8 })).toBe("You won 8 free spins!");
  });
});

describe("generated symbols", () => {
  it("labels unknown symbols with their first letters and the ten as 10", () => {
    expect(glyphLetters("mango")).toBe("MA");
    expect(glyphLetters("T")).toBe("10");
    expect(glyphLetters("7")).toBe("7");
  });

  it("hashes ids deterministically and makes safe DOM ids", () => {
    expect(hashString("pearl")).toBe(hashString("pearl"));
    expect(hashString("pearl")).not.toBe(hashString("tarsier"));
    expect(symbolDomId("g", "a b")).toBe("sym-g-a_32b");
  });
});
