import { describe, expect, it } from "vitest";
import { isOpenAt } from "./engine.ts";
import { manilaDays } from "./routes.ts";

describe("Manila hours and days of the rooms", () => {
  it("opens a room by its Manila wall-clock hours, also across midnight", () => {
    const day = { enabled: true, opensAt: "09:00", closesAt: "17:00" };
    expect(isOpenAt(day, new Date("2026-03-01T00:59:59Z"))).toBe(false); // 08:59 in Manila
    expect(isOpenAt(day, new Date("2026-03-01T01:00:00Z"))).toBe(true); // 09:00
    expect(isOpenAt(day, new Date("2026-03-01T09:00:00Z"))).toBe(false); // 17:00
    const night = { enabled: true, opensAt: "22:00", closesAt: "02:00" };
    expect(isOpenAt(night, new Date("2026-03-01T14:00:00Z"))).toBe(true); // 22:00
    expect(isOpenAt(night, new Date("2026-03-01T17:59:00Z"))).toBe(true); // 01:59
    expect(isOpenAt(night, new Date("2026-03-01T18:00:00Z"))).toBe(false); // 02:00
    expect(isOpenAt({ ...night, enabled: false }, new Date("2026-03-01T14:00:00Z"))).toBe(false);
  });

  it("reads a report's Manila days as the moments they start and end", () => {
    expect(manilaDays({ from: "2026-03-01", to: "2026-03-02" })).toEqual({
      from: "2026-02-28T16:00:00.000Z",
      to: "2026-03-02T16:00:00.000Z",
    });
    expect(manilaDays({ from: "2026-12-31", to: "2026-12-31" })).toEqual({
      from: "2026-12-30T16:00:00.000Z",
      to: "2026-12-31T16:00:00.000Z",
    });
  });
});
