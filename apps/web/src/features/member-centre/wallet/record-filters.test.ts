import { describe, expect, it } from "vitest";
import { checkRange, daysBefore, manilaToday, TYPE_GROUP_IDS, TYPE_GROUPS } from "./record-filters.ts";

describe("account record filters", () => {
  it("counts days in Manila time, as the platform does", () => {
    // 17:30 UTC on 12 January is already 13 January in Manila (UTC+8).
    expect(manilaToday(new Date("2026-01-12T17:30:00Z"))).toBe("2026-01-13");
    expect(manilaToday(new Date("2026-01-12T15:59:00Z"))).toBe("2026-01-12");
    expect(daysBefore("2026-03-01", 1)).toBe("2026-02-28");
  });

  it("refuses a range that ends before it starts or is longer than the platform allows", () => {
    expect(checkRange("2026-01-01", "2026-01-31")).toBeNull();
    expect(checkRange("2026-01-31", "2026-01-01")).toBe("endBeforeStart");
    expect(checkRange("2026-01-01", "2026-04-03")).toBeNull(); // 92 days: the longest allowed
    expect(checkRange("2026-01-01", "2026-04-04")).toBe("tooLong");
    expect(checkRange("", "2026-01-01")).toBe("missing");
  });

  it("offers every group once, and each withdrawal step under withdrawals", () => {
    expect(new Set(TYPE_GROUP_IDS)).toEqual(new Set(Object.keys(TYPE_GROUPS)));
    expect(TYPE_GROUPS.withdrawal).toEqual(["withdrawal_hold", "withdrawal_paid", "withdrawal_released"]);
  });
});
