import { parseMoney } from "@panalo/contracts/money";
import { fishKind, swimmingAt } from "@panalo/game-math/fish/index";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import { rows } from "../db.ts";
import { sweepSeats } from "../rounds/continuous.ts";
import { type RoundsContext, roundsContext } from "../rounds/engine.ts";
import { RoundHub } from "../rounds/hub.ts";
import { openRoomSession } from "../rounds/routes.ts";
import { liveSession } from "../session.ts";
import {
  fundedPlayer,
  mainBalance,
  providerRows,
  registerInHouseVendors,
  testContext,
} from "../test-platform.ts";
import {
  closeMagazine,
  FISH,
  type FishRoom,
  fire,
  fishRooms,
  joinFish,
  leaveFish,
  loadMagazine,
  type ShotDetail,
} from "./engine.ts";

// Fish races on PostgreSQL (row locks across connections): a magazine's close racing its own
// last shot, closes racing each other, and four players at one sea.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("fish races on PostgreSQL", () => {
  let t: TestApp;
  let clock = new Date(Date.now() + 60_000);
  let ctx: RoundsContext;
  const minor = (s: string) => parseMoney(s) as bigint;

  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
    ctx = roundsContext(
      testContext(t, undefined, () => clock),
      new RoundHub(),
      { holder: "fish-race" },
    );
  });
  afterAll(async () => t.close());

  const player = async (level: string) => {
    const p = await fundedPlayer(t, 1_000_00n, "PNF");
    const opened = await openRoomSession(ctx, {
      vendor: "PNF",
      gameId: `fish:${level}`,
      token: p.token,
      lang: "EN",
    });
    return { p, session: await liveSession(ctx, opened.sessionId) };
  };
  const targets = async (roomId: string): Promise<number[]> => {
    const room = (await fishRooms(ctx)).find((r) => r.roomId === roomId) as FishRoom;
    const dead = new Set(
      (
        await rows<{ fish: unknown }>(
          t.database.db,
          sql`SELECT fish FROM rgs.fish_kills WHERE room_id = ${roomId}`,
        )
      ).map((k) => Number(k.fish)),
    );
    return swimmingAt(room.seaSeed, clock.getTime() - new Date(room.startedAt).getTime(), (i) => !dead.has(i))
      .filter((s) => fishKind(s.kindId).type === "normal")
      .map((s) => s.index);
  };
  const magazine = async (id: string) =>
    (
      await rows<{ status: string; win: unknown; total: unknown }>(
        t.database.db,
        sql`SELECT status, win, total FROM rgs.room_seats WHERE id = ${id}`,
      )
    )[0];
  /** What a magazine's log says it owes: its amount, minus each fired shot's stake, plus its wins. */
  const owedByLog = async (id: string, amount: bigint) => {
    const log = await rows<{ stake: unknown; win: unknown }>(
      t.database.db,
      sql`SELECT stake, win FROM rgs.room_actions WHERE seat_id = ${id}`,
    );
    return log.reduce((s, a) => s - BigInt(String(a.stake)) + BigInt(String(a.win)), amount);
  };

  it("a magazine's close racing its own last shot: the shot is in the credit or refused, paid once", async () => {
    const { p, session } = await player("low");
    const joined = await joinFish(ctx, session, { requestId: "j", shots: 1, cannon: 1 });
    let magId = joined.magazine.magazineId;
    const outcomes = new Set<string>();
    let expected = 1_000_00n;
    for (let i = 0; i < 12; i++) {
      if (i > 0)
        magId = (
          await loadMagazine(ctx, session, joined.sitting.sittingId, {
            requestId: `m${i}`,
            shots: 1,
            cannon: 1,
          })
        ).magazineId;
      const [aim] = await targets(joined.sitting.roomId);
      const [shot] = await Promise.all([
        fire(ctx, session, magId, [{ requestId: `last${i}`, fish: aim as number, cannon: 1 }]).then(
          (r) => ((r.results[0]?.detail as ShotDetail | undefined)?.fired ? "fired" : "not fired"),
          (e: { code?: string }) => e.code ?? "error",
        ),
        closeMagazine(ctx, session, magId),
      ]);
      outcomes.add(shot);
      expect(["fired", "MAGAZINE_CLOSED"]).toContain(shot);
      const row = await magazine(magId);
      expect(row?.status).toBe("settled");
      // The credit is what the magazine's log says: the shot's stake and win are in it, or the
      // shot was refused and its stake came back unfired.
      const owed = await owedByLog(magId, 10n);
      expect(BigInt(String(row?.win))).toBe(owed);
      if (shot === "MAGAZINE_CLOSED") expect(owed).toBe(10n);
      expected += owed - 10n;
      expect(await mainBalance(t, p.id)).toBe(expected);
    }
    const kinds = (await providerRows(t, p.id)).map((c) => c.kind);
    expect(kinds.filter((k) => k === "bet")).toHaveLength(12);
    expect(kinds.filter((k) => k === "win")).toHaveLength(12);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("closes racing each other (the player's, the leave's, the idle sweep's) pay a magazine once", async () => {
    const players = await Promise.all([player("low"), player("low"), player("low")]);
    const joined = await Promise.all(
      players.map((x) => joinFish(ctx, x.session, { requestId: "j", shots: 20, cannon: 2 })),
    );
    for (const [n, x] of players.entries()) {
      const j = joined[n] as (typeof joined)[number];
      const aims = (await targets(j.sitting.roomId)).slice(0, 3);
      await fire(
        ctx,
        x.session,
        j.magazine.magazineId,
        aims.map((fish, i) => ({ requestId: `s${i}`, fish, cannon: 2 })),
      );
    }
    clock = new Date(clock.getTime() + FISH.idleMs + 1);
    await Promise.all(
      players.flatMap((x, n) => {
        const j = joined[n] as (typeof joined)[number];
        return [
          closeMagazine(ctx, x.session, j.magazine.magazineId),
          closeMagazine(ctx, x.session, j.magazine.magazineId),
          leaveFish(ctx, x.session, j.sitting.sittingId),
          sweepSeats(ctx, FISH),
        ];
      }),
    );
    for (const [n, x] of players.entries()) {
      const j = joined[n] as (typeof joined)[number];
      const row = await magazine(j.magazine.magazineId);
      expect(row?.status).toBe("settled");
      const owed = await owedByLog(j.magazine.magazineId, 4_00n);
      expect(BigInt(String(row?.win))).toBe(owed);
      expect(await mainBalance(t, x.p.id)).toBe(1_000_00n - 4_00n + owed);
      const kinds = (await providerRows(t, x.p.id)).map((c) => c.kind).sort();
      expect(kinds).toEqual(["bet", "win"]);
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("four players at one sea: six joining at once fill one room and open the next, and share its fish", async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => player("mid")));
    const joined = await Promise.all(
      players.map((x, i) => joinFish(ctx, x.session, { requestId: `j${i}`, shots: 30, cannon: 1 })),
    );
    const byRoom = new Map<string, number[]>();
    for (const j of joined)
      byRoom.set(j.sitting.roomId, [...(byRoom.get(j.sitting.roomId) ?? []), j.sitting.seat]);
    expect([...byRoom.keys()].sort()).toEqual(["mid-1", "mid-2"]);
    expect(byRoom.get("mid-1")?.sort()).toEqual([1, 2, 3, 4]);
    expect(byRoom.get("mid-2")?.sort()).toEqual([1, 2]);
    expect((await fishRooms(ctx)).find((r) => r.roomId === "mid-1")?.seatsFree).toBe(0);

    // The four of mid-1 fire at the same fish at once, volley after volley.
    const sea = joined.map((j, n) => ({ j, x: players[n] })).filter((s) => s.j.sitting.roomId === "mid-1");
    for (let v = 0; v < 6; v++) {
      const [aim] = await targets("mid-1");
      await Promise.all(
        sea.map((s) =>
          fire(ctx, s.x?.session as never, s.j.magazine.magazineId, [
            { requestId: `v${v}`, fish: aim as number, cannon: 1 },
          ]),
        ),
      );
      clock = new Date(clock.getTime() + 200);
    }
    // A fish killed is dead for everyone at the sea: a later shot at it is not fired.
    const [killed] = await rows<{ fish: unknown }>(
      t.database.db,
      sql`SELECT fish FROM rgs.fish_kills WHERE room_id = 'mid-1' ORDER BY killed_at DESC LIMIT 1`,
    );
    if (killed) {
      const late = sea[0] as (typeof sea)[number];
      const r = await fire(ctx, late.x?.session as never, late.j.magazine.magazineId, [
        { requestId: "late", fish: Number(killed.fish), cannon: 1 },
      ]);
      expect(r.results[0]).toMatchObject({ stake: "0.00", win: "0.00" });
    }
    for (const s of sea) await leaveFish(ctx, s.x?.session as never, s.j.sitting.sittingId);
    for (const s of sea) {
      const owed = await owedByLog(s.j.magazine.magazineId, minor(s.j.magazine.amount));
      expect(BigInt(String((await magazine(s.j.magazine.magazineId))?.win))).toBe(owed);
      expect(await mainBalance(t, s.x?.p.id as number)).toBe(1_000_00n - 30_00n + owed);
    }
    expect((await fishRooms(ctx)).find((r) => r.roomId === "mid-1")?.seatsFree).toBe(4);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
