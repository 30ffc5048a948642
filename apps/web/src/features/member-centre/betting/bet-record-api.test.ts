import * as contract from "@panalo/contracts/betting-record";
import { describe, expect, it } from "vitest";
import {
  BET_RECORD_MAX_DAYS,
  BET_RECORD_PAGE_SIZE,
  checkBetRange,
  providerParams,
} from "./bet-record-api.ts";

describe("the betting record's filters", () => {
  it("use the platform's limits", () => {
    expect(BET_RECORD_MAX_DAYS).toBe(contract.BET_RECORD_MAX_DAYS);
    expect(BET_RECORD_PAGE_SIZE).toBe(contract.BET_RECORD_PAGE_SIZE);
  });

  it("accept up to 31 calendar days and refuse what the platform would refuse", () => {
    expect(checkBetRange("2026-01-01", "2026-01-31")).toBeNull();
    expect(checkBetRange("2026-01-01", "2026-02-01")).toBe("tooLong");
    expect(checkBetRange("2026-01-05", "2026-01-04")).toBe("endBeforeStart");
    expect(checkBetRange("", "2026-01-04")).toBe("missing");
    for (const [start, end] of [
      ["2026-01-01", "2026-01-31"],
      ["2026-01-01", "2026-02-01"],
    ] as const) {
      const ok = contract.BetRecordRequest.safeParse({ startDate: start, endDate: end }).success;
      expect(ok).toBe(checkBetRange(start, end) === null);
    }
  });

  it("turn the provider choice into a vendor or a category", () => {
    expect(providerParams("")).toEqual({});
    expect(providerParams("vendor:PNS")).toEqual({ vassalage: "PNS" });
    expect(providerParams("type:LIVE")).toEqual({ gameType: "LIVE" });
  });
});
