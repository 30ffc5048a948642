import { describe, expect, it } from "vitest";
import {
  formatDateTime,
  formatDateTimeSeconds,
  formatDay,
  isoToLocalInput,
  localInputToIso,
} from "./dates.ts";

describe("dates and times in the back office", () => {
  it("shows an instant as Manila time with the zone, whatever the browser's zone", () => {
    expect(formatDateTime("2026-11-29T06:05:09Z")).toBe("2026-11-29 14:05 PHT");
    expect(formatDateTimeSeconds("2026-11-29T06:05:09.500Z")).toBe("2026-11-29 14:05:09 PHT");
    // 20:30 UTC is already the next day in Manila.
    expect(formatDateTime("2026-11-28T20:30:00Z")).toBe("2026-11-29 04:30 PHT");
    expect(formatDay("2026-11-28T20:30:00Z")).toBe("2026-11-29");
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime("not a time")).toBe("not a time");
  });

  it("reads a date-time input as Manila wall-clock time and fills it back the same", () => {
    expect(localInputToIso("2026-11-29T14:05")).toBe("2026-11-29T06:05:00.000Z");
    expect(localInputToIso("")).toBeNull();
    expect(isoToLocalInput("2026-11-29T06:05:00.000Z")).toBe("2026-11-29T14:05");
    expect(isoToLocalInput(localInputToIso("2027-01-01T00:00"))).toBe("2027-01-01T00:00");
  });
});
