import { describe, expect, it } from "vitest";
import { acceptedPatternMatches, PATTERN_IDS, PATTERNS, type PatternId } from "./patterns.ts";

const cases: Record<PatternId, { pass: string[]; fail: string[] }> = {
  LETTER_FIRST_ALNUM: { pass: ["juan123", "Maria"], fail: ["1juan", "juan_1", "", "juan dela"] },
  CHINESE_DIGITS: { pass: ["张三12", "李"], fail: ["abc", "张 三", "张-3"] },
  EMAIL: {
    pass: ["juan@example.ph", "a.b+c@mail.co"],
    fail: ["juan@", "@x.ph", "juan@x", "a b@x.ph", "juan@-x.ph"],
  },
  ALNUM: { pass: ["abc123", "ABC"], fail: ["abc-123", "abc 1", "ñ"] },
  LETTERS_AND_DIGITS: { pass: ["abc123", "1a"], fail: ["abcdef", "123456", "ab_12"] },
  DIGITS: { pass: ["09171234567"], fail: ["0917-123", "+63", ""] },
  ALNUM_ONE_CAPITAL: { pass: ["Juan123", "aB"], fail: ["juan123", "JUAN-1"] },
  ENGLISH_SPACES: { pass: ["Juan Dela Cruz", "Maria"], fail: ["Juan  Cruz", " Juan", "Juan1", "José"] },
  NO_SPACES: { pass: ["juan.cruz", "a-b_c"], fail: ["juan cruz", "tab\there", ""] },
  DATE_YMD: {
    pass: ["2000-02-29", "1999-12-31"],
    fail: ["1999-02-29", "2000-13-01", "2000/01/01", "20000101"],
  },
  DATE_MDY: { pass: ["12-31-1999", "02-29-2000"], fail: ["31-12-1999", "02-30-2000", "1999-12-31"] },
  KOREAN: { pass: ["홍길동"], fail: ["홍길동1", "hong", "洪"] },
  THAI: { pass: ["สมชาย"], fail: ["สมชาย ใจดี", "somchai"] },
  THAI_ENGLISH_SPACES: { pass: ["สมชาย ใจดี", "Somchai Jaidee", "สมชาย Jaidee"], fail: ["สมชาย1", "a  b"] },
  STRONG: {
    pass: ["Abcdef1!", "P@ssw0rd"],
    fail: ["abcdef1!", "ABCDEF1!", "Abcdefg!", "Abcdefg1", "Abc 1!x"],
  },
  FULL_NAME_SPACE: {
    pass: ["Juan Dela Cruz", "José Rizal", "Ma. Clara"],
    fail: ["Juan", "Juan  Cruz", "Juan 3rd"],
  },
  JAPANESE_FULLWIDTH: {
    pass: ["やまだたろう", "山田太郎", "ヤマダ", "ＡＢＣ１２３"],
    fail: ["yamada", "ﾔﾏﾀﾞ", "山田 太郎"],
  },
  UPPERCASE: { pass: ["JUAN"], fail: ["Juan", "JUAN1", "JUAN CRUZ"] },
  CHINESE_OR_JAPANESE: { pass: ["张三", "やまだ", "山田タロウ"], fail: ["张三1", "abc", "홍길동"] },
};

describe("the field patterns of spec §5", () => {
  it("has a pass/fail table for every pattern", () => {
    expect(Object.keys(cases).sort()).toEqual([...PATTERN_IDS].sort());
  });
  for (const id of PATTERN_IDS) {
    it(`${id} accepts what it should and refuses the rest`, () => {
      const { pass, fail } = cases[id];
      for (const v of pass)
        expect(PATTERNS[id].test(v), `${id} should accept ${JSON.stringify(v)}`).toBe(true);
      for (const v of fail)
        expect(PATTERNS[id].test(v), `${id} should refuse ${JSON.stringify(v)}`).toBe(false);
    });
  }
});

describe("acceptedPattern (spec §3: * is any run of characters)", () => {
  it("matches a prefix pattern", () => {
    expect(acceptedPatternMatches("09*", "09171234567")).toBe(true);
    expect(acceptedPatternMatches("09*", "08171234567")).toBe(false);
  });
  it("treats other characters literally, not as regular expression syntax", () => {
    expect(acceptedPatternMatches("a.c", "abc")).toBe(false);
    expect(acceptedPatternMatches("a.c", "a.c")).toBe(true);
    expect(acceptedPatternMatches("+63*", "+639171234567")).toBe(true);
  });
  it("allows * in the middle and several times", () => {
    expect(acceptedPatternMatches("*@*.ph", "juan@mail.ph")).toBe(true);
    expect(acceptedPatternMatches("*@*.ph", "juan@mail.com")).toBe(false);
  });
});
