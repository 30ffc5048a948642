import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COUNT_UP_MS, CounterTrack, countUp } from "./count-up.ts";
import { newerPool } from "./jackpot-api.ts";

describe("the jackpot counter's count-up", () => {
  it("never shows more than the pool, and ends on it", () => {
    fc.assert(
      fc.property(
        fc.nat(10 ** 12),
        fc.nat(10 ** 9),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (from, up, t) => {
          const to = from + up;
          const shown = countUp(from, to, t);
          expect(shown).toBeLessThanOrEqual(to);
          expect(shown).toBeGreaterThanOrEqual(from);
          expect(Number.isInteger(shown)).toBe(true);
          expect(countUp(from, to, 1)).toBe(to);
        },
      ),
    );
  });

  it("shows a fall at once (the pool was won and seeded again)", () => {
    expect(countUp(5_000_00, 1_000_00, 0.1)).toBe(1_000_00);
  });
});

describe("the jackpot counter between pushes", () => {
  it("never shows more than the last pool pushed, at any frame, and reaches it", () => {
    fc.assert(
      fc.property(
        fc.nat(10 ** 10),
        // Each step: the next pool figure (up, or down after a win), then frames at these delays.
        fc.array(
          fc.record({
            delta: fc.integer({ min: -(10 ** 8), max: 10 ** 8 }),
            frames: fc.array(fc.nat(3000), { maxLength: 6 }),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        (start, steps) => {
          const track = new CounterTrack();
          let now = 0;
          let pool = start;
          for (const step of steps) {
            pool = Math.max(0, pool + step.delta);
            track.target(pool, now);
            for (const dt of step.frames) {
              now += dt;
              const shown = track.at(now);
              expect(shown).not.toBeNull();
              expect(shown ?? 0).toBeLessThanOrEqual(pool);
            }
          }
          expect(track.at(now + COUNT_UP_MS)).toBe(pool);
          expect(track.moving(now + COUNT_UP_MS)).toBe(false);
        },
      ),
    );
  });

  it("with reduced motion shows each figure at once", () => {
    const track = new CounterTrack(true);
    track.target(100, 0);
    track.target(250, 10);
    expect(track.at(11)).toBe(250);
  });
});

describe("the newer of two figures of the pool", () => {
  const at = (cycle: number, updatedAt: string, amount = "1.00") => ({
    amount,
    currency: "PHP",
    cycle,
    updatedAt,
  });
  it("keeps a push over an older cached answer, and a later cycle over an earlier one", () => {
    const pushed = at(3, "2026-11-29T15:00:02.000Z", "9.00");
    const cached = at(3, "2026-11-29T15:00:00.000Z", "8.00");
    expect(newerPool(pushed, cached)).toBe(pushed);
    expect(newerPool(cached, pushed)).toBe(pushed);
    const won = at(4, "2026-11-29T14:59:59.000Z", "1.00");
    expect(newerPool(pushed, won)).toBe(won);
    expect(newerPool(undefined, cached)).toBe(cached);
  });

  it("orders figures of one cycle by amount, whatever their times say", () => {
    // Shares land in the pool's shard rows without touching the pool row's time.
    const pushed = at(5, "2026-11-29T15:00:00.000Z", "100001.25");
    const cached = at(5, "2026-11-29T15:00:00.000Z", "100000.90");
    expect(newerPool(pushed, cached)).toBe(pushed);
    expect(newerPool(cached, pushed)).toBe(pushed);
  });
});
