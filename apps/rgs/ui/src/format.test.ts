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
import { LANGS, langFrom, serverLang, TEXTS, type TextKey, t } from "./i18n.ts";
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

  it("takes the seven languages, Filipino when none is given and English for an unknown one", () => {
    expect(langFrom("?lang=EN")).toBe("EN");
    expect(langFrom("?lang=en")).toBe("EN");
    for (const lang of ["TY", "CN", "VI", "TH", "ID", "JA"]) expect(langFrom(`?lang=${lang}`)).toBe(lang);
    expect(langFrom("?lang=KO")).toBe("EN");
    expect(langFrom("")).toBe("TY");
    expect(t("EN", "freeSpinsWon", { n: 8 })).toBe("You won 8 free spins!");
    expect(t("CN", "freeSpinsWon", { n: 8 })).toBe("您赢得了 8 次免费旋转！");
    // The game server answers Filipino or English: every other language gets English.
    expect(serverLang("TY")).toBe("TY");
    expect(serverLang("JA")).toBe("EN");
  });

  it("has every text in all seven languages, with the same placeholders as the English", () => {
    const keys = Object.keys(TEXTS) as TextKey[];
    expect(keys.length).toBeGreaterThan(60);
    for (const key of keys) {
      const en = TEXTS[key].EN;
      const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const lang of LANGS) {
        const text: string = TEXTS[key][lang];
        expect(text.trim(), `${key} ${lang}`).not.toBe("");
        expect(holes(text), `${key} ${lang}`).toEqual(holes(en));
      }
    }
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
