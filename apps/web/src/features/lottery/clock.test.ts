import { afterEach, describe, expect, it, vi } from "vitest";
import { clockOffsetMs, formatCountdown, secondsUntil, serverNow, syncServerClock } from "./clock.ts";

describe("the lottery countdown", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("follows the server's clock, not the visitor's", () => {
    const local = Date.parse("2026-03-01T10:00:00.000Z");
    // The device's clock stands still, so the check is exact (no margin for a slow machine).
    vi.useFakeTimers({ now: local + 5_000 });
    // The server says it is two minutes later than this device thinks.
    syncServerClock("2026-03-01T10:02:00.000Z", local);
    expect(clockOffsetMs()).toBe(120_000);
    expect(serverNow()).toBe(local + 5_000 + 120_000);
    syncServerClock(undefined);
    expect(clockOffsetMs()).toBe(120_000);
    syncServerClock("2026-03-01T10:00:00.000Z", local);
    expect(clockOffsetMs()).toBe(0);
  });

  it("counts whole seconds down to the cut-off and stops at zero", () => {
    const now = Date.parse("2026-03-01T10:00:00.000Z");
    expect(secondsUntil("2026-03-01T10:00:59.200Z", now)).toBe(60);
    expect(secondsUntil("2026-03-01T10:00:00.000Z", now)).toBe(0);
    expect(secondsUntil("2026-03-01T09:59:00.000Z", now)).toBe(0);
  });

  it("shows minutes and seconds, hours and days when far", () => {
    expect(formatCountdown(59)).toBe("00:59");
    expect(formatCountdown(61)).toBe("01:01");
    expect(formatCountdown(3600 + 5)).toBe("1:00:05");
    expect(formatCountdown(2 * 86_400 + 3 * 3600)).toBe("2d 03:00:00");
  });
});
