import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMinor, MAX_MINOR, PositiveAmount, parseMoney } from "./money.ts";

describe("money", () => {
  it("parses decimal strings into centavos without floating point", () => {
    expect(parseMoney("0.1")).toBe(10n);
    expect(parseMoney("1,234.5")).toBe(123450n);
    expect(parseMoney("0.29")).toBe(29n); // 0.29 * 100 in floats is 28.999…
    expect(parseMoney("1.005")).toBeNull(); // fractions of a centavo
    expect(parseMoney("-1.00")).toBeNull();
    expect(parseMoney("1e3")).toBeNull();
    expect(parseMoney("9999999999999999")).toBeNull();
  });

  it("round-trips every amount through its string", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_MINOR - 1n }), (n) => parseMoney(formatMinor(n)) === n),
    );
  });

  it("accepts only positive amounts in requests", () => {
    expect(PositiveAmount.safeParse("0").success).toBe(false);
    expect(PositiveAmount.safeParse("0.00").success).toBe(false);
    expect(PositiveAmount.safeParse("abc").success).toBe(false);
    expect(PositiveAmount.parse("100.25")).toBe(10025n);
  });
});
