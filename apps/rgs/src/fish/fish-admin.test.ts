import type { AdminFishReportRow, AdminFishRoom, AdminFishShot } from "@panalo/contracts/fish-admin";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { fishKind, swimmingAt } from "@panalo/game-math/fish/index";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "../../../server/src/modules/admin/operators.ts";
import { totpAt } from "../../../server/src/modules/admin/totp.ts";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import { rows } from "../db.ts";
import { type RoundsContext, roundsContext } from "../rounds/engine.ts";
import { RoundHub } from "../rounds/hub.ts";
import { openRoomSession } from "../rounds/routes.ts";
import { liveSession } from "../session.ts";
import {
  fundedPlayer,
  injectTransport,
  mainBalance,
  providerRows,
  registerInHouseVendors,
  testContext,
} from "../test-platform.ts";
import { closeMagazine, type FishRoom, fire, fishRooms, joinFish, type ShotDetail } from "./engine.ts";

// The fish rooms' back office through the platform (/api/admin/fish*, permission-guarded,
// audited, signed to the RGS): settings and live state, a room switched off, the report and a
// player's verifiable shots. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
const OWNER = {
  username: "fish_owner",
  password: "Owner-password-2026",
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

describe("the fish rooms' back office", () => {
  let t: TestApp;
  let ctx: RoundsContext;
  let cookie = "";
  // A minute into the seas, so fish are swimming.
  let clock = new Date(Date.now() + 60_000);

  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
    clock = new Date(Date.now() + 60_000);
    ctx = roundsContext(
      testContext(t, injectTransport(t), () => clock),
      new RoundHub(),
      { holder: "fish-admin" },
    );
    await createOperator(t.database.db, { ...OWNER, role: "owner" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: {
        username: OWNER.username,
        password: OWNER.password,
        totp: totpAt(OWNER.totpSecret, Math.floor(Date.now() / 30_000)),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    cookie = `panalo_admin=${res.cookies.find((x) => x.name === "panalo_admin")?.value}`;
  });
  afterAll(async () => t.close());

  const admin = async <T>(method: "GET" | "PUT", url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...H, cookie },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, json: res.json() as { value: T; code?: string } };
  };
  const rooms = async () => (await admin<AdminFishRoom[]>("GET", "/api/admin/fish/rooms")).json.value;
  const room = async (id: string) => (await rooms()).find((r) => r.roomId === id) as AdminFishRoom;
  const player = async (level: string, funds = 1_000_00n) => {
    const p = await fundedPlayer(t, funds, "PNF");
    const opened = await openRoomSession(ctx, {
      vendor: "PNF",
      gameId: `fish:${level}`,
      token: p.token,
      lang: "EN",
    });
    return { p, session: await liveSession(ctx, opened.sessionId) };
  };
  const targets = async (roomId: string): Promise<number[]> => {
    const r = (await fishRooms(ctx)).find((x) => x.roomId === roomId) as FishRoom;
    const dead = new Set(
      (
        await rows<{ fish: unknown }>(
          t.database.db,
          sql`SELECT fish FROM rgs.fish_kills WHERE room_id = ${roomId}`,
        )
      ).map((k) => Number(k.fish)),
    );
    return swimmingAt(r.seaSeed, clock.getTime() - new Date(r.startedAt).getTime(), (i) => !dead.has(i))
      .filter((s) => fishKind(s.kindId).type === "normal")
      .map((s) => s.index);
  };
  const shoot = async (
    session: Awaited<ReturnType<typeof player>>["session"],
    magazineId: string,
    roomId: string,
    n: number,
  ) => {
    let staked = 0n;
    let won = 0n;
    for (let i = 0; i < n; i++) {
      const [fish] = await targets(roomId);
      expect(fish).toBeDefined();
      const r = await fire(ctx, session, magazineId, [
        { requestId: `s${i}`, fish: fish as number, cannon: 1 },
      ]);
      const res = r.results[0] as (typeof r.results)[number];
      expect((res.detail as ShotDetail).fired).toBe(true);
      staked += parseMoney(res.stake) as bigint;
      won += parseMoney(res.win) as bigint;
      clock = new Date(clock.getTime() + 300);
    }
    return { staked, won };
  };

  it("shows each room's settings and live state, refuses what is not allowed", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/fish/rooms" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/rgs/admin/fish/rooms" })).statusCode).toBe(401);
    const list = await rooms();
    expect(list.map((r) => [r.roomId, r.minBet, r.maxBet, r.seats, r.rtpBp, r.enabled])).toEqual([
      ["low-1", "0.10", "1.00", 4, 9650, true],
      ["mid-1", "1.00", "10.00", 4, 9650, true],
      ["high-1", "10.00", "100.00", 4, 9650, true],
    ]);
    expect(list[0]?.certifiedRtpBp).toEqual([9500, 9650, 9700]);
    expect(list[0]?.live).toEqual({
      seatsTaken: 0,
      openMagazines: 0,
      shotsLastMinute: 0,
      killsLastMinute: 0,
      onMagazines: "0.00",
    });
    const notCertified = await admin("PUT", "/api/admin/fish/rooms", { roomId: "mid-1", rtpBp: 9400 });
    expect(notCertified.status).toBe(400);
    const upsideDown = await admin("PUT", "/api/admin/fish/rooms", { roomId: "mid-1", maxBet: "0.50" });
    expect(upsideDown.status).toBe(400);
    expect((await admin("PUT", "/api/admin/fish/rooms", { roomId: "mid-9", seats: 2 })).status).toBe(404);
    expect((await room("mid-1")).rtpBp).toBe(9650);
  });

  it("refuses a change of a room to an operator who may only read the tables, and changes nothing", async () => {
    const role = await t.app.inject({
      method: "POST",
      url: "/api/admin/roles",
      headers: { ...H, cookie },
      payload: { name: "tables-viewer", label: "Tables viewer", permissions: ["tables.read"] },
    });
    expect(role.statusCode, role.body).toBe(200);
    const viewer = {
      username: "fish_viewer",
      password: "Viewer-password-2026",
      totpSecret: OWNER.totpSecret,
    };
    await createOperator(t.database.db, { ...viewer, role: "tables-viewer" });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: {
        username: viewer.username,
        password: viewer.password,
        totp: totpAt(viewer.totpSecret, Math.floor(Date.now() / 30_000)),
      },
    });
    expect(login.statusCode, login.body).toBe(200);
    const viewerCookie = `panalo_admin=${login.cookies.find((x) => x.name === "panalo_admin")?.value}`;
    const before = await room("low-1");
    const as = (method: "GET" | "PUT", payload?: unknown) =>
      t.app.inject({
        method,
        url: "/api/admin/fish/rooms",
        headers: { ...H, cookie: viewerCookie },
        ...(payload ? { payload } : {}),
      });
    // Reading is allowed; every change is refused FORBIDDEN: stake, seats, RTP, off.
    expect((await as("GET")).statusCode).toBe(200);
    for (const change of [{ minBet: "0.20" }, { seats: 2 }, { rtpBp: 9700 }, { enabled: false }]) {
      const res = await as("PUT", { roomId: "low-1", ...change });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: "FORBIDDEN" });
    }
    const after = await room("low-1");
    expect([after.minBet, after.maxBet, after.seats, after.rtpBp, after.enabled]).toEqual([
      before.minBet,
      before.maxBet,
      before.seats,
      before.rtpBp,
      before.enabled,
    ]);
    const audited = await rows<{ n: unknown }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM audit_log WHERE entity_type = 'fish_room'`,
    );
    expect(Number(audited[0]?.n)).toBe(0);
  });

  it("an off room refuses a join, and its open magazine is closed and paid once", async () => {
    const a = await player("low");
    const b = await player("low");
    const ja = await joinFish(ctx, a.session, { requestId: "j", shots: 20, cannon: 1 });
    const jb = await joinFish(ctx, b.session, { requestId: "j", shots: 10, cannon: 2 });
    expect([ja.sitting.roomId, jb.sitting.roomId]).toEqual(["low-1", "low-1"]);
    const fa = await shoot(a.session, ja.magazine.magazineId, "low-1", 6);
    const live = (await room("low-1")).live;
    expect(live).toMatchObject({ seatsTaken: 2, openMagazines: 2, shotsLastMinute: 6 });
    expect(live.onMagazines).toBe(formatMinor(2_00n - fa.staked + fa.won + 2_00n));

    // Switched off while b closes their own magazine and a second switch-off comes in.
    const [off, , offAgain] = await Promise.all([
      admin<AdminFishRoom>("PUT", "/api/admin/fish/rooms", { roomId: "low-1", enabled: false }),
      closeMagazine(ctx, b.session, jb.magazine.magazineId),
      admin<AdminFishRoom>("PUT", "/api/admin/fish/rooms", { roomId: "low-1", enabled: false }),
    ]);
    expect(off.status).toBe(200);
    expect(offAgain.status).toBe(200);
    expect(off.json.value.enabled).toBe(false);
    expect((await room("low-1")).live).toMatchObject({ seatsTaken: 0, openMagazines: 0 });
    // Each magazine paid once: its wins plus its unfired stake.
    expect(await mainBalance(t, a.p.id)).toBe(1_000_00n - fa.staked + fa.won);
    expect(await mainBalance(t, b.p.id)).toBe(1_000_00n);
    for (const x of [a, b])
      expect((await providerRows(t, x.p.id)).map((c) => c.kind).sort()).toEqual(["bet", "win"]);
    // The players were stood up: a shot after the switch is refused and takes nothing.
    const [late] = await targets("low-1");
    await expect(
      fire(ctx, a.session, ja.magazine.magazineId, [{ requestId: "late", fish: late as number, cannon: 1 }]),
    ).rejects.toMatchObject({ code: "MAGAZINE_CLOSED" });
    // No new seat: the level's only room is off, so a join is refused and takes nothing.
    const c = await player("low");
    await expect(joinFish(ctx, c.session, { requestId: "j", shots: 5, cannon: 1 })).rejects.toMatchObject({
      code: "ROOM_CLOSED",
    });
    expect(await mainBalance(t, c.p.id)).toBe(1_000_00n);
    expect(await providerRows(t, c.p.id)).toHaveLength(0);
    expect((await fishRooms(ctx)).filter((r) => r.level === "low").map((r) => r.roomId)).toEqual(["low-1"]);
    expect((await reconcile(t.database.db)).ok).toBe(true);

    // The player's shots, revealed by the stand-up, each verify on the game server.
    const shots = await admin<AdminFishShot[]>("GET", `/api/admin/fish/shots?playerId=${a.p.id}`);
    expect(shots.status).toBe(200);
    expect(shots.json.value).toHaveLength(6);
    expect(shots.json.value.every((s) => s.verified === true && s.verifyUrl !== null)).toBe(true);
    const first = shots.json.value[0] as AdminFishShot;
    const check = await t.app.inject({ method: "GET", url: first.verifyUrl as string });
    expect(check.json().value).toMatchObject({ ok: true, hit: first.hit });
    // A tampered link does not verify.
    const tampered = await t.app.inject({
      method: "GET",
      url: (first.verifyUrl as string).replace(`hit=${first.hit}`, `hit=${!first.hit}`),
    });
    expect(tampered.json().value.ok).toBe(false);
    // A link naming another kind than the sea's fish at that index does not verify either.
    const otherKind = first.kindId === 20 ? 19 : 20;
    const misnamed = await t.app.inject({
      method: "GET",
      url: (first.verifyUrl as string).replace(`kindId=${first.kindId}`, `kindId=${otherKind}`),
    });
    expect(misnamed.json().value).toMatchObject({ ok: false });
    expect(misnamed.json().value.problems).toContain("target differs from the sea's fish");
  });

  it("changes a room's stake, seats and RTP (audited); new rooms of the level take them", async () => {
    const on = await admin<AdminFishRoom>("PUT", "/api/admin/fish/rooms", {
      roomId: "low-1",
      enabled: true,
      minBet: "0.20",
      maxBet: "1.00",
      seats: 1,
      rtpBp: 9700,
    });
    expect(on.status, JSON.stringify(on.json)).toBe(200);
    expect(on.json.value).toMatchObject({
      minBet: "0.20",
      maxBet: "1.00",
      seats: 1,
      rtpBp: 9700,
      enabled: true,
    });
    const a = await player("low");
    // A cannon whose bet (6 × 0.20) is above the room's largest shot is refused; no seat kept.
    await expect(joinFish(ctx, a.session, { requestId: "big", shots: 5, cannon: 6 })).rejects.toMatchObject({
      code: "BET_INVALID",
    });
    expect(await mainBalance(t, a.p.id)).toBe(1_000_00n);
    const ja = await joinFish(ctx, a.session, { requestId: "j", shots: 10, cannon: 2 });
    expect(ja.magazine.amount).toBe("4.00"); // 10 shots at 0.40
    const fa = await shoot(a.session, ja.magazine.magazineId, "low-1", 3);
    expect(fa.staked).toBe(60n); // cannon 1 at 0.20
    // One seat: the next player opens low-2 with low-1's settings.
    const b = await player("low");
    const jb = await joinFish(ctx, b.session, { requestId: "j", shots: 1, cannon: 1 });
    expect(jb.sitting.roomId).toBe("low-2");
    expect(await room("low-2")).toMatchObject({ minBet: "0.20", seats: 1, rtpBp: 9700, enabled: true });
    await closeMagazine(ctx, a.session, ja.magazine.magazineId);

    const audit = await t.app.inject({
      method: "GET",
      url: "/api/admin/audit?entityType=fish_room",
      headers: { cookie },
    });
    const entries = JSON.stringify(audit.json().value);
    expect(entries).toContain("low-1");
    expect(entries).toContain("0.20");
  });

  it("reports shots, stake, wins and margin against the stated RTP by day and room", async () => {
    const day = new Date(clock.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const res = await admin<AdminFishReportRow[]>("GET", `/api/admin/fish/report?from=${day}&to=${day}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [logged] = await rows<{ shots: unknown; stake: unknown; wins: unknown }>(
      t.database.db,
      sql`SELECT count(*) AS shots, sum(a.stake) AS stake, sum(a.win) AS wins FROM rgs.room_actions a
          JOIN rgs.room_seats m ON m.id = a.seat_id WHERE m.room_id = 'low-1' AND a.stake > 0`,
    );
    const total = res.json.value.find((r) => r.day === null && r.roomId === "low-1") as AdminFishReportRow;
    expect(total.shots).toBe(Number(logged?.shots));
    expect(total.shots).toBe(9);
    expect(Math.round(Number(total.stake) * 100)).toBe(Number(logged?.stake));
    expect(Math.round(Number(total.wins) * 100)).toBe(Number(logged?.wins));
    // 6 shots at 0.10 decided at 96.5 %, 3 at 0.20 at 97 %: the stated RTP weighs them by stake.
    expect(total.statedRtpPercent).toBe(((0.6 * 96.5 + 0.6 * 97) / 1.2).toFixed(4));
    const byDay = res.json.value.filter((r) => r.day === day && r.roomId === "low-1");
    expect(byDay).toHaveLength(1);
    expect(byDay[0]?.shots).toBe(9);
    const bad = await admin("GET", "/api/admin/fish/report?from=yesterday&to=today");
    expect(bad.status).toBe(400);
  });
});
