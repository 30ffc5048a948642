import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games } from "../../db/schema/games.ts";
import { seedCockfightGame } from "../../seed/cockfight.ts";
import { seedDemoContent } from "../../seed/content.ts";
import { registerMember } from "../../testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";

// Cockfight on the platform: off by default (region), turned on by the operator, the launch
// refused where it is off, and the back office's calls forwarded to the game server with the
// operator's name (the game server's four eyes).
let nowMs = Date.now();
const clock = { now: () => new Date(nowMs) };
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const ops = ["cf_ana", "cf_ben"].map((username) => ({
  username,
  password: "Owner-password-2026",
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
}));

describe("cockfight on the platform", () => {
  let t: TestApp;
  const cookies: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    await seedDemoContent(t.database.db, t.config);
    for (const o of ops) await createOperator(t.database.db, { ...o, role: "owner" });
    await seedCockfightGame(t.database.db, t.config);
    for (const o of ops) {
      nowMs += 30_000;
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        headers: H,
        payload: {
          username: o.username,
          password: o.password,
          totp: totpAt(o.totpSecret, Math.floor(nowMs / 30_000)),
        },
      });
      cookies.push(`panalo_admin=${res.cookies.find((x) => x.name === "panalo_admin")?.value}`);
    }
  });
  afterAll(async () => t.close());

  const admin = (i: number, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...H, cookie: cookies[i] ?? "" },
      ...(payload ? { payload } : {}),
    });

  it("is off until the operator turns it on for the region; the launch obeys", async () => {
    const [game] = await t.database.db.select().from(games).where(eq(games.vendor, "SV3"));
    expect(game).toMatchObject({ gameCode: "sabong", gameType: "COCKFIGHT" });
    const m = await registerMember(t.app, "Sabong0001");
    const auth = { authorization: `Bearer ${m.token}` };
    const launch = () =>
      t.app.inject({
        method: "POST",
        url: "/wps/game/launchGame",
        headers: auth,
        payload: { nodeId: game?.nodeId },
      });
    const avail = await t.app.inject({ method: "GET", url: "/wps/cockfight/availability" });
    expect(avail.json().value).toEqual({ available: false, countryCode: null });
    const off = await launch();
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe("COCKFIGHT_REGION");
    const put = await admin(0, "PUT", "/api/admin/settings/cockfight", {
      countries: ["SG"],
      unlocated: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/wps/cockfight/availability" })).json().value.available,
    ).toBe(true);
    expect((await launch()).json().value.url).toMatch(/^\/rgs\/cockfight\/sabong\?token=/);
  });

  it("forwards the operators' calls; the one who declared cannot confirm", async () => {
    const ev = await admin(0, "POST", "/api/admin/cockfight/events", {
      arena: "Platform Arena",
      date: "2026-11-29",
      videoUrl: "/rgs/test/stream.m3u8",
    });
    expect(ev.statusCode, ev.body).toBe(200);
    const fight = await admin(0, "POST", "/api/admin/cockfight/fights", {
      eventId: ev.json().value.eventId,
      fightNo: 1,
      meron: { owner: "A", weight: "2.0 kg", record: "1-0" },
      wala: { owner: "B", weight: "2.1 kg", record: "0-1" },
    });
    const fightId = fight.json().value.fightId;
    for (const step of ["open", "close"])
      expect((await admin(0, "POST", `/api/admin/cockfight/${step}`, { fightId })).statusCode).toBe(200);
    expect(
      (await admin(0, "POST", "/api/admin/cockfight/declare", { fightId, result: "wala" })).statusCode,
    ).toBe(200);
    const self = await admin(0, "POST", "/api/admin/cockfight/confirm", { fightId, result: "wala" });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe("FOUR_EYES");
    const second = await admin(1, "POST", "/api/admin/cockfight/confirm", { fightId, result: "wala" });
    expect(second.json().value).toMatchObject({
      status: "settled",
      declaredBy: "cf_ana",
      confirmedBy: "cf_ben",
    });
    const list = await admin(1, "GET", "/api/admin/cockfight/events");
    expect(list.json().value[0].fights[0]).toMatchObject({ result: "wala" });
    expect((await t.app.inject({ method: "GET", url: "/rgs/admin/cockfight/events" })).statusCode).toBe(401);
  });
});
