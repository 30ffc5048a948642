import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "../../server/src/modules/admin/operators.ts";
import { totpAt } from "../../server/src/modules/admin/totp.ts";
import { registerMember } from "../../server/src/testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { applyFeedMessage } from "./book.ts";
import { feedMatch, mainBalance, sb } from "./sports-testkit.ts";

let nowMs = Date.now();
const clock = { now: () => new Date(nowMs) };
const ALICE = {
  username: "sb_alice",
  password: "Alice-password-2026",
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};
const BOB = {
  username: "sb_bob",
  password: "Bob-password-2026xx",
  totpSecret: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU",
};
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

const EXT = "e:trade";
describe("sports trading desk", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADDRESS_LIMITS: "register=1000" }, { clock });
    await createOperator(t.database.db, { ...ALICE, role: "owner" });
    await createOperator(t.database.db, { ...BOB, role: "owner" });
  }, 120_000);
  afterAll(async () => t?.close());

  const login = async (who: typeof ALICE) => {
    nowMs += 30_000;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: {
        username: who.username,
        password: who.password,
        totp: totpAt(who.totpSecret, Math.floor(nowMs / 30_000)),
      },
    });
    return `panalo_admin=${res.cookies.find((x) => x.name === "panalo_admin")?.value}`;
  };
  const call = (
    cookie: string,
    method: "GET" | "POST" | "PUT",
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({ method, url, headers: { ...H, cookie }, ...(payload === undefined ? {} : { payload }) });

  it("refuses a bet on a suspended market, settles by hand only with a second operator, and reports it", async () => {
    const alice = await login(ALICE);
    const bob = await login(BOB);
    const m = await registerMember(t.app, "sbtrader", 100_000n);
    const { pick } = await feedMatch(t.app, EXT);
    const home = pick("1", "home");
    const bet = (key: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/sports/bets",
        headers: { authorization: `Bearer ${m.token}`, "x-lang": "EN" },
        payload: { kind: "single", legs: [home], stake: "20.00", oddsPolicy: "none", idempotencyKey: key },
      });
    expect(
      (await call(alice, "PUT", `/api/admin/sports/markets/${home.marketId}`, { suspended: true }))
        .statusCode,
    ).toBe(200);
    const refused = await bet("trade-refused-1");
    expect(refused.json()).toMatchObject({ success: false, code: "SB_MARKET_CLOSED" });
    await call(alice, "PUT", `/api/admin/sports/markets/${home.marketId}`, { suspended: false });
    const placed = await bet("trade-placed-1");
    expect(placed.json()).toMatchObject({ success: true, value: { status: "open", stake: "20.00" } });

    const liability = (
      await call(
        alice,
        "GET",
        `/api/admin/sports/matches/${placed.json().value.legs[0].matchId}/liability?pageSize=200`,
      )
    ).json();
    expect(
      liability.value.items.find((o: { outcomeId: number }) => o.outcomeId === home.outcomeId),
    ).toMatchObject({ bets: 1, stake: "20.00" });

    const asked = (
      await call(alice, "POST", "/api/admin/sports/manual", {
        kind: "settle",
        matchId: placed.json().value.legs[0].matchId,
        score: [2, 1],
      })
    ).json();
    const self = await call(alice, "POST", `/api/admin/sports/manual/${asked.value.id}/approve`, {});
    expect(self.json()).toMatchObject({ success: false, code: "SB_FOUR_EYES" });
    expect(
      (await call(bob, "POST", `/api/admin/sports/manual/${asked.value.id}/approve`, {})).statusCode,
    ).toBe(200);
    expect(await mainBalance(t.app, m.id)).toBe(100_000n - 2_000n + (2_000n * BigInt(home.odds)) / 1000n);
    // The feed comes back and says otherwise (its message older than the trader's): the feed's
    // result stands, the payment is taken back through the ledger.
    await applyFeedMessage(sb(t.app), "UOF", {
      type: "bet_settlement",
      event_id: EXT,
      timestamp: 20,
      markets: [{ id: 1, outcomes: [{ id: "3", result: 1 }] }],
    });
    expect(await mainBalance(t.app, m.id)).toBe(100_000n - 2_000n);
    const status = (await call(alice, "GET", "/api/admin/sports/feed-status")).json();
    expect(status).toMatchObject({ success: true, value: { products: [], rejects: [], debts: [] } });

    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const csv = await call(alice, "GET", `/api/admin/sports/report?from=${day}&to=${day}&format=csv`);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("football,1,20.00");
  });
});
