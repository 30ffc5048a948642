import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawRaffle, raffleCommitment, verifyRaffle } from "./raffle.ts";

const seed = "7f".repeat(32);

describe("raffle draws", () => {
  it("picks distinct tickets in range, the same ones again from the same seed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 50 }),
        (tickets, prizes) => {
          const w = drawRaffle(seed, 9, tickets, prizes);
          expect(w).toHaveLength(Math.min(tickets, prizes));
          expect(new Set(w).size).toBe(w.length);
          for (const t of w) expect(t >= 1 && t <= tickets).toBe(true);
          expect(drawRaffle(seed, 9, tickets, prizes)).toEqual(w);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("gives every ticket the same chance of the first prize", () => {
    const counts = [0, 0, 0, 0, 0];
    for (let i = 0; i < 5000; i++) {
      const s = raffleCommitment(i.toString(16).padStart(64, "0"));
      const [t] = drawRaffle(s, 1, 5, 1);
      const at = (t ?? 1) - 1;
      counts[at] = (counts[at] ?? 0) + 1;
    }
    // 1,000 expected each; 5 standard deviations is about ±140.
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(150);
  });

  it("verifies a published draw and refuses a wrong seed, ticket count or winner list", () => {
    const winners = drawRaffle(seed, 3, 100, 3);
    const published = { seedHash: raffleCommitment(seed), totalTickets: 100, winners };
    expect(verifyRaffle(seed, 3, published)).toBe(true);
    expect(verifyRaffle("00".repeat(32), 3, published)).toBe(false);
    expect(verifyRaffle(seed, 3, { ...published, totalTickets: 101 })).toBe(false);
    expect(verifyRaffle(seed, 4, published)).toBe(false);
    expect(verifyRaffle(seed, 3, { ...published, winners: [...winners].reverse() })).toBe(false);
  });
});
