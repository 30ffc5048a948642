import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games } from "../../db/schema/games.ts";
import { seedCardGames } from "../../seed/cards.ts";
import { seedDemoContent } from "../../seed/content.ts";
import { seedFishGames } from "../../seed/fish.ts";
import { seedLiveTableGames } from "../../seed/live-tables.ts";
import { registerMember } from "../../testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";

// Live tables on the platform: the live tables in the catalog, GLS2_roomList, and the back office.
let nowMs = Date.now();
const clock = { now: () => new Date(nowMs) };
const OWNER = {
  username: "tables_owner",
  password: "Owner-password-2026",
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};
const WRITER = {
  username: "tables_writer",
  password: "Writer-password-2026",
  totpSecret: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU",
};
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

describe("live tables on the platform", () => {
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

  it("lists the tables under PNL and in the room list, launched at /rgs/tables", async () => {
    await seedLiveTableGames(t.database.db, t.config);
    expect(await seedLiveTableGames(t.database.db, t.config)).toBe(0);
    const rows = await t.database.db.select().from(games).where(eq(games.vendor, "PNL"));
    expect(rows.map((g) => g.gameCode).sort()).toEqual(
      ["baccarat-1", "baccarat-nc-1", "dragon-tiger-1", "roulette-1", "sicbo-1"].sort(),
    );
    const m = await registerMember(t.app, "Tables001");
    const auth = { authorization: `Bearer ${m.token}` };
    const guest = await t.app.inject({ method: "POST", url: "/wps/relay/GLS2_roomList", payload: {} });
    expect(guest.statusCode).toBe(401);
    const list = await t.app.inject({
      method: "POST",
      url: "/wps/relay/GLS2_roomList",
      headers: auth,
      payload: {},
    });
    expect(list.statusCode, list.body).toBe(200);
    const bac = list.json().value.find((r: { tableId: string }) => r.tableId === "baccarat-1");
    expect(bac).toMatchObject({
      game: "baccarat",
      minBet: "10.00",
      maxBet: "50000.00",
      players: 0,
      open: true,
    });
    const launch = await t.app.inject({
      method: "POST",
      url: "/wps/game/launchGame",
      headers: auth,
      payload: { nodeId: bac.nodeId },
    });
    expect(launch.json().value.url).toMatch(/^\/rgs\/tables\/baccarat-1\?token=/);
  });

  it("lists the fish game per stake level under PNF, its seas in the room list, launched at /rgs/fish", async () => {
    await seedLiveTableGames(t.database.db, t.config);
    expect(await seedFishGames(t.database.db, t.config)).toBe(3);
    expect(await seedFishGames(t.database.db, t.config)).toBe(0);
    const rows = await t.database.db.select().from(games).where(eq(games.vendor, "PNF"));
    expect(rows.map((g) => [g.gameCode, g.gameClassify]).sort()).toEqual([
      ["high", "FISH"],
      ["low", "FISH"],
      ["mid", "FISH"],
    ]);
    const m = await registerMember(t.app, "Fisher001");
    const auth = { authorization: `Bearer ${m.token}` };
    const list = await t.app.inject({
      method: "POST",
      url: "/wps/relay/GLS2_roomList",
      headers: auth,
      payload: {},
    });
    expect(list.statusCode, list.body).toBe(200);
    const value = list.json().value as Array<Record<string, unknown>>;
    // The tables are still there, the fish seas beside them.
    expect(value.some((r) => r.tableId === "baccarat-1")).toBe(true);
    const seas = value.filter((r) => r.game === "fish");
    expect(seas.map((r) => r.tableId)).toEqual(["low-1", "mid-1", "high-1"]);
    expect(seas[0]).toMatchObject({
      vendor: "PNF",
      level: "low",
      minBet: "0.10",
      maxBet: "1.00",
      seats: 4,
      seatsFree: 4,
      players: 0,
    });
    const launch = await t.app.inject({
      method: "POST",
      url: "/wps/game/launchGame",
      headers: auth,
      payload: { nodeId: seas[1]?.nodeId },
    });
    expect(launch.json().value.url).toMatch(/^\/rgs\/fish\/mid\?token=/);
    // A room the operator switched off takes no new seat: players are not shown it.
    await t.database.db.execute(sql`UPDATE rgs.fish_rooms SET enabled = false WHERE id = 'mid-1'`);
    const after = await t.app.inject({
      method: "POST",
      url: "/wps/relay/GLS2_roomList",
      headers: auth,
      payload: {},
    });
    const open = (after.json().value as Array<Record<string, unknown>>).filter((r) => r.game === "fish");
    expect(open.map((r) => r.tableId)).toEqual(["low-1", "high-1"]);
  });

  it("lists the PVP card tables under PNP with stakes, buy-ins and seats, filtered by game and stake", async () => {
    expect(await seedCardGames(t.database.db, t.config)).toBe(4);
    expect(await seedCardGames(t.database.db, t.config)).toBe(0);
    const m = await registerMember(t.app, "Cards001");
    const auth = { authorization: `Bearer ${m.token}` };
    const list = async (payload: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/wps/relay/GLS2_roomList",
        headers: auth,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as Array<Record<string, unknown>>;
    };
    const holdem = await list({ game: "holdem" });
    expect(holdem.map((r) => r.tableId)).toEqual(["holdem-1", "holdem-2"]);
    expect(holdem[0]).toMatchObject({
      vendor: "PNP",
      game: "holdem",
      smallBlind: "1.00",
      bigBlind: "2.00",
      stake: null,
      minBuyIn: "40.00",
      maxBuyIn: "200.00",
      seats: 6,
      seatsTaken: 0,
    });
    expect((await list({ game: "tongits", stake: "20" })).map((r) => r.tableId)).toEqual(["tongits-2"]);
    expect((await list({ stake: "10.00" })).map((r) => r.tableId)).toEqual(["holdem-2"]);
    // Without a filter every room is listed, the card tables beside the others.
    const all = await list({});
    expect(all.some((r) => r.tableId === "baccarat-1") && all.some((r) => r.tableId === "tongits-1")).toBe(
      true,
    );
    // A table switched off is not listed.
    await t.database.db.execute(sql`UPDATE rgs.card_tables SET enabled = false WHERE id = 'holdem-2'`);
    expect((await list({ game: "holdem" })).map((r) => r.tableId)).toEqual(["holdem-1"]);
    const launch = await t.app.inject({
      method: "POST",
      url: "/wps/game/launchGame",
      headers: auth,
      payload: { nodeId: holdem[0]?.nodeId },
    });
    expect(launch.json().value.url).toMatch(/^\/rgs\/cards\/holdem-1\?token=/);
  });

  it("lets the back office change a table, audited and permission-checked", async () => {
    const owner = await login(OWNER);
    const list = await t.app.inject({ method: "GET", url: "/api/admin/tables", headers: { cookie: owner } });
    expect(list.statusCode, list.body).toBe(200);
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/admin/tables",
      headers: { ...H, cookie: owner },
      payload: {
        id: "sicbo-1",
        bettingMs: 20_000,
        chips: ["5.00", "20.00"],
        opensAt: "10:00",
        closesAt: "02:00",
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().value).toMatchObject({ bettingMs: 20_000, chips: ["5.00", "20.00"] });
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/admin/tables",
      headers: { ...H, cookie: owner },
      payload: { id: "sicbo-1", minBet: "100.00", maxBet: "10.00" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual({
      path: "maxBet",
      message: "Must not be below the table's minimum bet",
    });
    // Each problem names its field: a repeated chip, a limit for a bet the game does not have
    // (checked by the game server against the maths), one opening time without the other.
    const paths = async (payload: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/admin/tables",
        headers: { ...H, cookie: owner },
        payload: { id: "sicbo-1", ...payload },
      });
      expect(res.statusCode, res.body).toBe(400);
      return (res.json().details as Array<{ path: string }>).map((d) => d.path);
    };
    expect(await paths({ chips: ["5.00", "5"] })).toEqual(["chips.1"]);
    expect(await paths({ limits: { straight: { min: "1.00", max: "2.00" } } })).toEqual(["limits.straight"]);
    expect(await paths({ opensAt: "10:00", closesAt: null })).toEqual(["closesAt"]);
    expect(await paths({ bettingMs: 500 })).toEqual(["bettingMs"]);
    // Nothing of those was written.
    const after = (
      await t.app.inject({ method: "GET", url: "/api/admin/tables", headers: { cookie: owner } })
    ).json().value as Array<{ id: string; chips: string[]; limits: Record<string, unknown> }>;
    const sicbo = after.find((x) => x.id === "sicbo-1");
    expect(sicbo?.chips).toEqual(["5.00", "20.00"]);
    expect(sicbo?.limits.straight).toBeUndefined();
    const audit = await t.app.inject({
      method: "GET",
      url: "/api/admin/audit?entityType=live_table",
      headers: { cookie: owner },
    });
    expect(JSON.stringify(audit.json().value)).toContain("20000");
    const report = await t.app.inject({
      method: "GET",
      url: "/api/admin/tables/report?from=2026-01-01&to=2026-12-31",
      headers: { cookie: owner },
    });
    expect(report.statusCode, report.body).toBe(200);
    const rounds = await t.app.inject({
      method: "GET",
      url: "/api/admin/tables/rounds?tableId=sicbo-1",
      headers: { cookie: owner },
    });
    expect(rounds.statusCode, rounds.body).toBe(200);
    const writer = await login(WRITER);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/tables", headers: { cookie: writer } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/rgs/admin/tables" })).statusCode).toBe(401);
  });
});
