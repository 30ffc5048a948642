import { describe, expect, it } from "vitest";
import { checkAmount } from "./amount.ts";

describe("checkAmount", () => {
  it("accepts a plain amount and gives it with two decimals, in centavos", () => {
    expect(checkAmount("1,250.5")).toEqual({ ok: true, minor: 125_050n, amount: "1250.50" });
    expect(checkAmount(" 100 ")).toEqual({ ok: true, minor: 10_000n, amount: "100.00" });
  });

  it("names what is wrong with a refused amount", () => {
    expect(checkAmount("")).toMatchObject({ ok: false, problem: "required" });
    expect(checkAmount("-5")).toMatchObject({ ok: false, problem: "negative" });
    expect(checkAmount("0.00")).toMatchObject({ ok: false, problem: "zero" });
    expect(checkAmount("10.005")).toMatchObject({ ok: false, problem: "decimals" });
    expect(checkAmount("12abc")).toMatchObject({ ok: false, problem: "invalid" });
    expect(checkAmount("1e3")).toMatchObject({ ok: false, problem: "invalid" });
  });

  it("holds an amount to the channel's limits and to the balance, naming the limit crossed", () => {
    const limits = { min: "100.00", max: "50000.00", balance: "1500.00" };
    expect(checkAmount("99.99", limits)).toEqual({ ok: false, problem: "belowMin", limit: "100.00" });
    expect(checkAmount("50000.01", { min: "100.00", max: "50000.00" })).toEqual({
      ok: false,
      problem: "aboveMax",
      limit: "50000.00",
    });
    expect(checkAmount("1500.01", limits)).toEqual({ ok: false, problem: "aboveBalance", limit: "1500.00" });
    expect(checkAmount("1500.00", limits)).toMatchObject({ ok: true, amount: "1500.00" });
    expect(checkAmount("100", limits)).toMatchObject({ ok: true, minor: 10_000n });
  });

  it("refuses everything above a zero balance", () => {
    expect(checkAmount("0.01", { balance: "0.00" })).toMatchObject({ ok: false, problem: "aboveBalance" });
  });
});
