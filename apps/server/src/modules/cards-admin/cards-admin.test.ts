import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "../../seed/content.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";

// The card tables' back office through the platform: /api/admin/cards* checks the operator's
// permission, forwards to the game server's signed /rgs/admin/cards*, and audits the changes.
let nowMs = Date.now();
const clock = { now: () => new Date(nowMs) };
const OWNER = {
  username: "cards_owner",
  password: "Owner-password-2026",
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};
const WRITER = {
  username: "cards_writer",
  password: "Writer-password-2026",
  totpSecret: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU",
};
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

describe("card tables in the back office", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    await seedDemoContent(t.database.db, t.config);
    await createOperator(t.database.db, { ...OWNER, role: "owner" });
    await createOperator(t.database.db, { ...WRITER, role: "content" });
  });
  afterAll(async () => t.close());
  const login = async (who: typeof OWNER) => {
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
    const c = res.cookies.find((x) => x.name === "panalo_admin");
    return `panalo_admin=${c?.value}`;
  };

  it("lists and changes a table (audited), refuses bad input with the envelope, checks permissions", async () => {
    const owner = await login(OWNER);
    const get = (url: string, cookie = owner) => t.app.inject({ method: "GET", url, headers: { cookie } });
    const put = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: "PUT", url, headers: { ...H, cookie: owner }, payload });
    const list = await get("/api/admin/cards/tables");
    expect(list.statusCode, list.body).toBe(200);
    const holdem = (list.json().value as Array<Record<string, unknown>>).find(
      (x) => x.tableId === "holdem-1",
    );
    expect(holdem).toMatchObject({ game: "holdem", rakePercent: "5", rakeCap: "30.00", enabled: true });
    expect(holdem?.live).toMatchObject({ seatsTaken: 0, hand: null });

    const ok = await put("/api/admin/cards/tables", {
      tableId: "holdem-1",
      rakePercent: "2.5",
      rakeCap: "10.00",
      minBuyIn: "50.00",
      maxBuyIn: "250.00",
      actionSeconds: 15,
      distinctPlayers: true,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({
      rakePercent: "2.5",
      rakeCap: "10.00",
      minBuyIn: "50.00",
      maxBuyIn: "250.00",
      actionSeconds: 15,
      distinctPlayers: true,
    });
    const audit = await get("/api/admin/audit?entityType=card_table");
    expect(audit.statusCode, audit.body).toBe(200);
    expect(JSON.stringify(audit.json().value)).toContain('"rakePercent":"2.5"');

    // Bad input: the envelope with the field named (the platform's zod, then the game server's rules).
    const refused = async (payload: Record<string, unknown>) => {
      const res = await put("/api/admin/cards/tables", { tableId: "holdem-1", ...payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
      return (res.json().details as Array<{ path: string }>).map((d) => d.path);
    };
    expect(await refused({ rakePercent: "12" })).toEqual(["rakePercent"]);
    expect(await refused({ minBuyIn: "300.00" })).toEqual(["minBuyIn"]);
    expect(await refused({ stake: "5.00" })).toEqual(["stake"]);
    expect(await refused({ tableId: "tongits-1", seats: 4 })).toEqual(["seats"]);
    // Nothing of those was written.
    const after = (await get("/api/admin/cards/tables")).json().value as Array<Record<string, unknown>>;
    expect(after.find((x) => x.tableId === "holdem-1")).toMatchObject({ minBuyIn: "50.00", stake: null });

    // The global fair-play rule, audited.
    const rule = await put("/api/admin/cards/settings", { distinctPlayers: true });
    expect(rule.statusCode, rule.body).toBe(200);
    expect((await get("/api/admin/cards/settings")).json().value).toEqual({ distinctPlayers: true });
    expect(JSON.stringify((await get("/api/admin/audit?entityType=card_settings")).json().value)).toContain(
      "distinctPlayers",
    );

    for (const url of [
      "/api/admin/cards/hands?tableId=holdem-1",
      "/api/admin/cards/report?from=2026-01-01&to=2026-12-31",
      "/api/admin/cards/opponents?playerId=1",
      "/api/admin/cards/player-hands?playerId=1",
      "/api/admin/cards/pairs?from=2026-01-01&to=2026-12-31",
    ]) {
      const res = await get(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.json().value).toEqual([]);
    }
    // A player's hands need the player.
    expect((await get("/api/admin/cards/player-hands")).json()).toMatchObject({
      success: false,
      code: "VALIDATION_ERROR",
    });
    expect((await get("/api/admin/cards/report?from=2026-13-01&to=x")).json()).toMatchObject({
      success: false,
      code: "VALIDATION_ERROR",
    });

    // Permissions: an operator without tables.read gets 403; the game server's API unsigned, 401.
    const writer = await login(WRITER);
    expect((await get("/api/admin/cards/tables", writer)).statusCode).toBe(403);
    const change = await t.app.inject({
      method: "PUT",
      url: "/api/admin/cards/tables",
      headers: { ...H, cookie: writer },
      payload: { tableId: "holdem-1", enabled: false },
    });
    expect(change.statusCode).toBe(403);
    expect((await get("/api/admin/cards/pairs?from=2026-01-01&to=2026-12-31", writer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/rgs/admin/cards/tables" })).statusCode).toBe(401);
  });
});
