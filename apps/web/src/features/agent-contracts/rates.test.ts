import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bpToPercent, isAmountText, percentToBp } from "./rates.ts";

describe("contract rates in the agent's form", () => {
  it("reads percent texts into basis points and back", () => {
    expect(percentToBp("1.25")).toBe(125);
    expect(percentToBp("0.5")).toBe(50);
    expect(percentToBp("100")).toBe(10_000);
    expect(percentToBp("100.01")).toBeNull();
    expect(percentToBp("1.255")).toBeNull();
    expect(percentToBp("-1")).toBeNull();
    expect(percentToBp("1e2")).toBeNull();
    expect(bpToPercent(5)).toBe("0.05");
    expect(isAmountText("1000.50")).toBe(true);
    expect(isAmountText("1,000")).toBe(false);
  });
  it("round-trips every rate (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (bp) => {
        expect(percentToBp(bpToPercent(bp))).toBe(bp);
      }),
    );
  });
});
