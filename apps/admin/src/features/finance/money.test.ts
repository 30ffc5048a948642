import { describe, expect, it } from "vitest";
import { AmountInput, groupAmount, isNegative, money } from "./money.ts";

const check = (text: string) => AmountInput.safeParse(text);

describe("amounts an operator types", () => {
  it("accepts whole amounts, centavos and thousands separators, answering the canonical form", () => {
    expect(check("1500").data).toBe("1500.00");
    expect(check(" 1500.5 ").data).toBe("1500.50");
    expect(check("12,000.25").data).toBe("12000.25");
    expect(check("0.01").data).toBe("0.01");
  });

  it("refuses negative, zero, sub-centavo and non-numeric amounts with a reason", () => {
    const reason = (text: string) => check(text).error?.issues[0]?.message;
    expect(reason("-100")).toBe("The amount cannot be negative");
    expect(reason("0")).toBe("The amount must be more than zero");
    expect(reason("0.00")).toBe("The amount must be more than zero");
    expect(reason("10.001")).toBe("At most two decimals (centavos)");
    expect(reason("1e5")).toBe("Enter an amount like 1500 or 1500.50");
    expect(reason("12.")).toBe("Enter an amount like 1500 or 1500.50");
    expect(reason("")).toBe("Enter an amount");
    expect(reason("99999999999999")).toBe("Enter an amount like 1500 or 1500.50");
  });
});

describe("amounts the back office shows", () => {
  it("groups thousands without ever going through a float", () => {
    expect(groupAmount("1234567.50")).toBe("1,234,567.50");
    expect(groupAmount("-9999999999999.99")).toBe("-9,999,999,999,999.99");
    expect(groupAmount("0.05")).toBe("0.05");
    expect(money("100.00", "PHP")).toBe("PHP 100.00");
    expect(isNegative("-0.01")).toBe(true);
    expect(isNegative("0.00")).toBe(false);
  });
});
