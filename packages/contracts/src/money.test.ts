import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amountSchema,
  amountText,
  formatMinor,
  formatMoney,
  formatPeso,
  MAX_MINOR,
  MAX_REQUEST_MINOR,
  moneyProblem,
  NonNegativeAmount,
  PositiveAmount,
  parseMoney,
  parseSignedMoney,
  SignedAmount,
} from "./money.ts";

const issueOf = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? null);

/** The text of an amount with one or two decimals, as a client may send it ("12", "12.5", "12.50"). */
const amountTextArb = fc
  .tuple(
    fc.bigInt({ min: 0n, max: 10n ** 13n - 1n }),
    fc.integer({ min: 0, max: 99 }),
    fc.constantFrom(0, 1, 2),
  )
  .map(([whole, cents, decimals]) => {
    const c = decimals === 1 ? cents - (cents % 10) : decimals === 0 ? 0 : cents;
    const text =
      decimals === 0
        ? `${whole}`
        : decimals === 1
          ? `${whole}.${c / 10}`
          : `${whole}.${String(c).padStart(2, "0")}`;
    return { text, minor: whole * 100n + BigInt(c) };
  });

describe("money", () => {
  it("parses decimal strings into centavos without floating point", () => {
    expect(parseMoney("0.1")).toBe(10n);
    expect(parseMoney("1234.5")).toBe(123450n);
    expect(parseMoney("12.5")).toBe(1250n);
    expect(parseMoney("0.29")).toBe(29n); // 0.29 * 100 in floats is 28.999…
    expect(parseMoney("1.005")).toBeNull(); // fractions of a centavo
    expect(parseMoney("-1.00")).toBeNull();
    expect(parseMoney("1e3")).toBeNull();
    expect(parseMoney("9999999999999999")).toBeNull();
    expect(parseSignedMoney("-250.5")).toBe(-25050n);
  });

  it("round-trips every amount through its string", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_MINOR - 1n }), (n) => parseMoney(formatMinor(n)) === n),
    );
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(MAX_MINOR - 1n), max: MAX_MINOR - 1n }),
        (n) => parseSignedMoney(formatMinor(n)) === n,
      ),
    );
  });

  it("reads one or two decimals exactly, whatever the float of the same text would be", () => {
    fc.assert(fc.property(amountTextArb, ({ text, minor }) => parseMoney(text) === minor));
  });

  it("refuses a comma, a space, an exponent, a sign, a third decimal and other shapes, never rewriting them", () => {
    const refused = [
      "1,234.50",
      "1 234.50",
      " 12.50",
      "12.50 ",
      "\t12",
      "1e3",
      "1E3",
      "12.5e1",
      "+12.50",
      "-12.50",
      "12.505",
      "12.",
      ".50",
      "",
      "0x10",
      "12,50",
      "١٢",
      "12.5\u0000",
      "Infinity",
      "NaN",
      "１２",
    ];
    for (const text of refused) expect(parseMoney(text), text).toBeNull();
  });

  it("refuses every text with a character outside digits and one point", () => {
    const bad = fc
      .tuple(
        amountTextArb,
        fc.nat({ max: 30 }),
        fc.constantFrom(",", " ", "e", "E", "+", "-", "_", "'", "\u00a0", "\n"),
      )
      .map(([{ text }, at, ch]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + ch + text.slice(i);
      });
    fc.assert(fc.property(bad, (text) => parseMoney(text) === null));
  });

  it("refuses every third decimal", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 999 }),
        fc.nat({ max: 5 }),
        (whole, frac, extra) =>
          parseMoney(`${whole}.${String(frac).padStart(3, "0")}${"0".repeat(extra)}`) === null,
      ),
    );
  });

  it("says why an amount is refused", () => {
    expect(moneyProblem("1,000.00")).toBe("amount_format");
    expect(moneyProblem("10.505")).toBe("amount_decimals");
    expect(moneyProblem("-10")).toBe("amount_sign");
    expect(moneyProblem("+10")).toBe("amount_sign");
    expect(moneyProblem("0.00")).toBe("amount_zero");
    expect(moneyProblem(formatMinor(MAX_REQUEST_MINOR + 1n))).toBe("amount_too_large");
    expect(moneyProblem("99999999999999999999")).toBe("amount_too_large");
    expect(moneyProblem(12.5)).toBe("amount_format");
    expect(moneyProblem(formatMinor(MAX_REQUEST_MINOR))).toBeNull();
  });

  it("accepts only positive amounts as strings in requests", () => {
    expect(issueOf(PositiveAmount.safeParse("0"))).toBe("amount_zero");
    expect(issueOf(PositiveAmount.safeParse("0.00"))).toBe("amount_zero");
    expect(issueOf(PositiveAmount.safeParse("abc"))).toBe("amount_format");
    expect(issueOf(PositiveAmount.safeParse("1,000"))).toBe("amount_format");
    // A JSON number never becomes an amount: 12.5 is refused, not read as 12.50 through a float.
    expect(issueOf(PositiveAmount.safeParse(12.5))).toBe("amount_format");
    expect(issueOf(PositiveAmount.safeParse(100))).toBe("amount_format");
    expect(PositiveAmount.parse("100.25")).toBe(10025n);
    expect(NonNegativeAmount.parse("0.00")).toBe(0n);
    expect(SignedAmount.parse("-0.5")).toBe(-50n);
    expect(issueOf(SignedAmount.safeParse("-0.00"))).toBe("amount_zero");
    expect(issueOf(SignedAmount.safeParse("--5"))).toBe("amount_format");
    expect(issueOf(amountSchema({ max: 1000n }).safeParse("10.01"))).toBe("amount_too_large");
    expect(amountText().parse("10.5")).toBe("10.5");
    expect(issueOf(amountText().safeParse("10.5 "))).toBe("amount_format");
  });

  it("round-trips every request amount through the schema", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: MAX_REQUEST_MINOR }),
        (n) => PositiveAmount.parse(formatMinor(n)) === n && SignedAmount.parse(formatMinor(-n)) === -n,
      ),
    );
  });
});

describe("formatMoney (the one formatter)", () => {
  it("groups thousands, keeps two decimals and puts the sign before the symbol", () => {
    expect(formatMoney(123456789n, "₱")).toBe("₱1,234,567.89");
    expect(formatMoney(-5n, "₱")).toBe("-₱0.05");
    expect(formatMoney("1234.50")).toBe("1,234.50");
    expect(formatMoney("-1000000.00", "PHP ")).toBe("-PHP 1,000,000.00");
    expect(formatMoney("—")).toBe("—");
    expect(formatPeso(100000n)).toBe("₱1,000.00");
  });
  it("reads back as the same amount for every bigint", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(MAX_MINOR - 1n), max: MAX_MINOR - 1n }), (n) => {
        const text = formatMoney(n).replaceAll(",", "");
        return text === formatMinor(n) && formatMoney(formatMinor(n)) === formatMoney(n);
      }),
    );
  });
});
