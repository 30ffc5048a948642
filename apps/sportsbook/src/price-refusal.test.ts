import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember } from "../../server/src/testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { feedMatch, mainBalance, sb } from "./sports-testkit.ts";

// A bet refused over its prices answers each leg's price of now over HTTP, so the slip can
// show it and the player accept it; a price under the book's floor is marked as not on sale.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADDRESS_LIMITS: "register=1000" });
  await sb(t.app).db.execute(sql`UPDATE sportsbook.sb_book SET live_delay_ms = 0, min_odds = 1050`);
}, 120_000);
afterAll(async () => t?.close());

const key = () => `k-${Math.random().toString(36).slice(2, 12)}`;

describe("sportsbook refusals over prices", () => {
  it("answers the new prices in the slip's order, and marks a price under the floor as not offered", async () => {
    const m = await registerMember(t.app, "sbprice", 100_000n);
    const a = (await feedMatch(t.app, "e:price-a")).pick("1", "home");
    const b = (await feedMatch(t.app, "e:price-b")).pick("18|total=2.25", "over");
    const place = (legs: Array<{ outcomeId: number; odds: number }>, lang = "EN") =>
      t.app.inject({
        method: "POST",
        url: "/api/sports/bets",
        headers: { authorization: `Bearer ${m.token}`, "x-lang": lang },
        payload: { kind: "parlay", legs, stake: "10.00", oddsPolicy: "none", idempotencyKey: key() },
      });

    // The slip showed an older price for the second leg.
    const moved = await place([
      { outcomeId: b.outcomeId, odds: b.odds + 50 },
      { outcomeId: a.outcomeId, odds: a.odds },
    ]);
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({
      success: false,
      code: "SB_ODDS_CHANGED",
      message: "The odds have changed. Please review and accept the new odds.",
      odds: [
        { outcomeId: b.outcomeId, odds: b.odds, offered: true },
        { outcomeId: a.outcomeId, odds: a.odds, offered: true },
      ],
    });
    // In the player's language.
    const fil = await place(
      [
        { outcomeId: b.outcomeId, odds: b.odds + 50 },
        { outcomeId: a.outcomeId, odds: a.odds },
      ],
      "TY",
    );
    expect(fil.json()).toMatchObject({
      code: "SB_ODDS_CHANGED",
      message: "Nagbago ang odds. Pakisuri at tanggapin ang bagong odds.",
    });

    // The operator raises the floor above the first leg's price: that price is not sold at
    // all, whatever the slip showed; the other leg keeps its price of now.
    expect(a.odds).toBeGreaterThan(b.odds);
    await sb(t.app).db.execute(sql`UPDATE sportsbook.sb_book SET min_odds = ${b.odds + 1}`);
    try {
      const floor = await place([
        { outcomeId: a.outcomeId, odds: a.odds },
        { outcomeId: b.outcomeId, odds: b.odds },
      ]);
      expect(floor.statusCode).toBe(409);
      expect(floor.json()).toEqual({
        success: false,
        code: "SB_PRICE_FLOOR",
        message: `A price below ${((b.odds + 1) / 1000).toFixed(2)} is not offered. Please check the current odds.`,
        odds: [
          { outcomeId: a.outcomeId, odds: a.odds, offered: true },
          { outcomeId: b.outcomeId, odds: b.odds, offered: false },
        ],
      });
    } finally {
      await sb(t.app).db.execute(sql`UPDATE sportsbook.sb_book SET min_odds = 1050`);
    }
    expect(await mainBalance(t.app, m.id)).toBe(100_000n);

    // Accepting the prices of now places the bet.
    const taken = await place([
      { outcomeId: b.outcomeId, odds: b.odds },
      { outcomeId: a.outcomeId, odds: a.odds },
    ]);
    expect(taken.statusCode).toBe(200);
    expect(await mainBalance(t.app, m.id)).toBe(99_000n);
  });
});
