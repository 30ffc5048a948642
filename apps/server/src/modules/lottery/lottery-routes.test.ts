import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games } from "../../db/schema/games.ts";
import { seedDemoContent } from "../../seed/content.ts";
import { seedLotteryGames } from "../../seed/lottery.ts";
import { registerMember } from "../../testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";

// Near the real time: the RGS signs its protocol calls with the wall clock the platform checks.
let nowMs = Date.now();
const clock = { now: () => new Date(nowMs) };
const OWNER = {
  username: "lotto_owner",
  password: "Owner-password-2026",
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};
const WRITER = {
  username: "lotto_writer",
  password: "Writer-password-2026",
  totpSecret: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU",
};
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

describe("lottery on the platform: catalog, session, back office", () => {
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

  it("lists every lottery game under TCG_SEA (LOTT and ELOTT), seeded once", async () => {
    expect(await seedLotteryGames(t.database.db, t.config)).toBe(11);
    expect(await seedLotteryGames(t.database.db, t.config)).toBe(0);
    const rows = await t.database.db.select().from(games).where(eq(games.vendor, "TCG_SEA"));
    const byCode = Object.fromEntries(rows.map((g) => [g.gameCode, g.gameType]));
    for (const c of ["2D", "3D", "4D", "6/42", "6/45", "6/49", "6/55", "6/58"])
      expect(byCode[c]).toBe("LOTT");
    for (const c of ["E3D-1", "E3D-3", "E3D-5"]) expect(byCode[c]).toBe("ELOTT");
  });

  it("gives a member a one-time TCG_SEA token that opens an RGS lottery session; refuses a trial account", async () => {
    const m = await registerMember(t.app, "Lotto001", 50_00n);
    const guest = await t.app.inject({ method: "POST", url: "/lotto/lgw/session" });
    expect(guest.statusCode).toBe(401);
    const res = await t.app.inject({
      method: "POST",
      url: "/lotto/lgw/session",
      headers: { authorization: `Bearer ${m.token}` },
    });
    const v = res.json().value;
    expect(v.rgsBase).toBe("/rgs");
    const s = await t.app.inject({
      method: "POST",
      url: "/rgs/lottery/session",
      payload: { token: v.token },
    });
    expect(s.json().value.balance).toBe("50.00");
    const trial = (
      await t.app.inject({
        method: "POST",
        url: "/wps/session/login/freeplay",
        payload: { os: "web", platform: "W" },
      })
    ).json();
    if (trial.success) {
      const r = await t.app.inject({
        method: "POST",
        url: "/lotto/lgw/session",
        headers: { authorization: `Bearer ${trial.value.token}` },
      });
      expect(r.json().code).toBe("IN_NEED_TRUE_ACCOUNT");
    }
  });

  it("lets the back office edit a game through the signed RGS API, with audit rows and permissions", async () => {
    const owner = await login(OWNER);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/admin/lottery/games",
      headers: { cookie: owner },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().value.find((g: { code: string }) => g.code === "3D").prizeTable.straight).toBe(450);
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/admin/lottery/games",
      headers: { ...H, cookie: owner },
      payload: {
        code: "3D",
        prizeTable: { straight: 500 },
        liabilityLimit: "150000.00",
        cancelAllowed: false,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().value).toMatchObject({
      prizeTable: { straight: 500 },
      liabilityLimit: "150000.00",
      updatedBy: "lotto_owner",
    });
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/admin/lottery/games",
      headers: { ...H, cookie: owner },
      payload: { code: "3D", minStake: "100.00", maxStake: "10.00" },
    });
    expect(bad.statusCode).toBe(400);
    const audit = await t.app.inject({
      method: "GET",
      url: "/api/admin/audit?entityType=lottery_game",
      headers: { cookie: owner },
    });
    expect(JSON.stringify(audit.json().value)).toContain("150000.00");
    // A content operator has no lottery permission.
    const writer = await login(WRITER);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/lottery/games", headers: { cookie: writer } }))
        .statusCode,
    ).toBe(403);
    // The RGS's admin API refuses calls the platform did not sign.
    const direct = await t.app.inject({ method: "GET", url: "/rgs/admin/lottery/games" });
    expect(direct.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: "PUT",
      url: "/rgs/admin/lottery/games",
      headers: {
        "content-type": "application/json",
        "x-rgs-operator": "x",
        "x-rgs-admin-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
      },
      payload: JSON.stringify({ code: "3D", enabled: false }),
    });
    expect(forged.statusCode).toBe(401);
    const draws = await t.app.inject({
      method: "GET",
      url: "/api/admin/lottery/draws?gameCode=3D&pageSize=5",
      headers: { cookie: owner },
    });
    expect(draws.statusCode, draws.body).toBe(200);
    const report = await t.app.inject({
      method: "GET",
      url: "/api/admin/lottery/report?from=2020-01-01T00:00:00Z&to=2040-01-01T00:00:00Z&groupBy=game",
      headers: { cookie: owner },
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().value.totals.bets).toBeGreaterThanOrEqual(0);
  });
});
