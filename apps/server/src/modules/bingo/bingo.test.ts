import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games } from "../../db/schema/games.ts";
import { seedBingoGames } from "../../seed/bingo.ts";
import { seedDemoContent } from "../../seed/content.ts";
import { registerMember } from "../../testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";

// Bingo on the platform: the bingo rooms in the catalog (category BINGO),
// GLS2_bingoRoomList for /bingo, the launch, and the back office's settings and report.
let nowMs = Date.now();
const clock = { now: () => new Date(nowMs) };
const OWNER = {
  username: "bingo_owner",
  password: "Owner-password-2026",
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

describe("bingo rooms on the platform", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    await seedDemoContent(t.database.db, t.config);
    await createOperator(t.database.db, { ...OWNER, role: "owner" });
  });
  afterAll(async () => t.close());

  it("lists the rooms under PNB (BINGO) with price and pool, launched at /rgs/bingo", async () => {
    await seedBingoGames(t.database.db, t.config);
    expect(await seedBingoGames(t.database.db, t.config)).toBe(0);
    const rows = await t.database.db.select().from(games).where(eq(games.vendor, "PNB"));
    expect(rows.map((g) => [g.gameCode, g.gameClassify]).sort()).toEqual([
      ["bingo75-1", "BINGO"],
      ["bingo90-1", "BINGO"],
    ]);
    const m = await registerMember(t.app, "Bingo0001");
    const auth = { authorization: `Bearer ${m.token}` };
    const guest = await t.app.inject({ method: "POST", url: "/wps/relay/GLS2_bingoRoomList", payload: {} });
    expect(guest.statusCode).toBe(401);
    const list = await t.app.inject({
      method: "POST",
      url: "/wps/relay/GLS2_bingoRoomList",
      headers: auth,
      payload: {},
    });
    expect(list.statusCode, list.body).toBe(200);
    const room = list.json().value.find((r: { roomId: string }) => r.roomId === "bingo90-1");
    expect(room).toMatchObject({ kind: "bingo90", ticketPrice: "10.00", open: true, players: 0 });
    const launch = await t.app.inject({
      method: "POST",
      url: "/wps/game/launchGame",
      headers: auth,
      payload: { nodeId: room.nodeId },
    });
    expect(launch.json().value.url).toMatch(/^\/rgs\/bingo\/bingo90-1\?token=/);
  });

  it("lets the back office change a room (audited), refuses a bad split, and reports", async () => {
    nowMs += 30_000;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: {
        username: OWNER.username,
        password: OWNER.password,
        totp: totpAt(OWNER.totpSecret, Math.floor(nowMs / 30_000)),
      },
    });
    const cookie = `panalo_admin=${res.cookies.find((x) => x.name === "panalo_admin")?.value}`;
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/admin/bingo/rooms",
      headers: { ...H, cookie },
      payload: {
        id: "bingo75-1",
        ticketPrice: "20.00",
        poolBp: 7500,
        split: { pattern: 2500, blackout: 7500 },
        ballMs: 2000,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().value).toMatchObject({ ticketPrice: "20.00", poolPercent: "75.00", ballMs: 2000 });
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/admin/bingo/rooms",
      headers: { ...H, cookie },
      payload: { id: "bingo75-1", split: { pattern: 2500, blackout: 7000 } },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: "PUT",
      url: "/api/admin/bingo/rooms",
      headers: { ...H, cookie },
      payload: { id: "nope" },
    });
    expect(missing.statusCode).toBe(404);
    const audit = await t.app.inject({
      method: "GET",
      url: "/api/admin/audit?entityType=bingo_room",
      headers: { cookie },
    });
    expect(JSON.stringify(audit.json().value)).toContain("20.00");
    const report = await t.app.inject({
      method: "GET",
      url: "/api/admin/bingo/report?from=2026-01-01&to=2026-12-31",
      headers: { cookie },
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().value.map((r: { roomId: string }) => r.roomId)).toContain("bingo90-1");
    const gamesList = await t.app.inject({
      method: "GET",
      url: "/api/admin/bingo/games?roomId=bingo90-1",
      headers: { cookie },
    });
    expect(gamesList.statusCode, gamesList.body).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/rgs/admin/bingo/rooms" })).statusCode).toBe(401);
  });
});
