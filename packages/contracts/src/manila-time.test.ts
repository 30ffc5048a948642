import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  manilaDay,
  manilaDayStart,
  manilaMinute,
  manilaOffset,
  manilaStart,
  manilaToday,
  manilaWallMoment,
} from "./manila-time.ts";

describe("Manila time", () => {
  it("puts a moment in its Manila day and minute", () => {
    expect(manilaDay(new Date("2026-03-01T15:59:59Z"))).toBe("2026-03-01");
    expect(manilaDay(new Date("2026-03-01T16:00:00Z"))).toBe("2026-03-02");
    expect(manilaMinute(new Date("2026-05-24T06:05:30Z"))).toBe("2026-05-24 14:05");
    expect(manilaStart("2026-03-02").toISOString()).toBe("2026-03-01T16:00:00.000Z");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(manilaToday(-1, Date.parse("2026-03-01T16:30:00Z"))).toBe("2026-03-01");
  });
  it("agrees with the UTC+8 calendar the platform has always kept, at every moment", () => {
    fc.assert(
      fc.property(fc.integer({ min: 946_684_800_000, max: 4_102_444_800_000 }), (ms) => {
        const plus8 = new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
        const start = manilaDayStart(ms).getTime();
        return manilaDay(ms) === plus8 && start <= ms && ms - start < 86_400_000;
      }),
    );
  });
  it("reads a form's Manila wall-clock text and tells Manila's offset", () => {
    expect(manilaWallMoment("2026-03-01T14:05").toISOString()).toBe("2026-03-01T06:05:00.000Z");
    expect(manilaWallMoment("2026-03-01 00:00").toISOString()).toBe("2026-02-28T16:00:00.000Z");
    expect(manilaWallMoment("2026-03-02").getTime()).toBe(manilaStart("2026-03-02").getTime());
    expect(Number.isNaN(manilaWallMoment("").getTime())).toBe(true);
    expect(Number.isNaN(manilaWallMoment("2026-03-01T14").getTime())).toBe(true);
    expect(manilaOffset(Date.parse("2026-03-01T00:00:00Z"))).toBe("+08:00");
    expect(manilaOffset(new Date("2026-07-01T12:00:00Z"))).toBe("+08:00");
  });
});
