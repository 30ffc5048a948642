import { fishKind, swimmingAt } from "@panalo/game-math/fish/index";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type WebSocket from "ws";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import { sweepSeats } from "../rounds/continuous.ts";
import { roundsContext } from "../rounds/engine.ts";
import { RoundHub } from "../rounds/hub.ts";
import { api, fundedPlayer, registerInHouseVendors, testContext } from "../test-platform.ts";
import { FISH, type FishRoom, type ShotDetail } from "./engine.ts";

// The fish room's live socket through the test platform's RGS: a second player at the same sea
// hears the first one's seat, cannon, shots and kill, each published once through the hub.
describe("fish room socket", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
  });
  afterAll(async () => t.close());

  type Msg = { type: string; [k: string]: unknown };
  /** A socket in a room, keeping every message it heard; `until` waits for one that matches. */
  const listen = async (roomId: string) => {
    const heard: Msg[] = [];
    const waiting: Array<{ match: (m: Msg) => boolean; resolve: (m: Msg) => void }> = [];
    const onMessage = (raw: Buffer) => {
      const m = JSON.parse(raw.toString()) as Msg;
      heard.push(m);
      for (const w of [...waiting])
        if (w.match(m)) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve(m);
        }
    };
    // Listening from before the socket opens: its hello may come in the same turn.
    const ws: WebSocket = await t.app.injectWS(
      `/rgs/ws/fish/${roomId}`,
      {},
      {
        onInit: (w: WebSocket) => w.on("message", onMessage),
      },
    );
    const until = (match: (m: Msg) => boolean) =>
      new Promise<Msg>((resolve) => {
        const seen = heard.find(match);
        if (seen) resolve(seen);
        else waiting.push({ match, resolve });
      });
    return { ws, heard, until };
  };

  const seated = async () => {
    const p = await fundedPlayer(t, 500_00n, "PNF");
    const s = await api<{ value: { sessionId: string; playerId: number } }>(
      t,
      "POST",
      "/rgs/api/fish/session",
      {
        token: p.token,
        level: "low",
      },
    );
    const sessionId = s.json.value.sessionId;
    const joined = await api<{
      value: {
        sitting: { sittingId: string; roomId: string; seat: number };
        magazine: { magazineId: string };
        room: FishRoom;
      };
    }>(t, "POST", "/rgs/api/fish/join", { sessionId, requestId: "j", shots: 1000, cannon: 1 });
    expect(joined.status).toBe(200);
    return { id: p.id, sessionId, ...joined.json.value };
  };

  it("tells a second player at the sea the first one's seat, cannon, shots and kill", async () => {
    const a = await seated();
    const watcher = await listen(a.sitting.roomId);
    const hello = await watcher.until((m) => m.type === "hello");
    expect(hello.seats).toEqual([{ seat: a.sitting.seat, playerId: a.id, cannon: 1 }]);

    const b = await seated();
    expect(b.sitting.roomId).toBe(a.sitting.roomId);
    // B's own socket, authenticated as B: the room's events reach it too.
    const bs = await listen(b.sitting.roomId);
    bs.ws.send(JSON.stringify({ type: "auth", sessionId: b.sessionId }));
    await bs.until((m) => m.type === "authed");
    const seats = await watcher.until(
      (m) => m.type === "fish.seats" && ((m.game as { seats: unknown[] }).seats?.length ?? 0) === 2,
    );
    expect((seats.game as { seats: Array<{ seat: number }> }).seats.map((s) => s.seat)).toEqual([
      a.sitting.seat,
      b.sitting.seat,
    ]);

    const cannon = await api(t, "POST", "/rgs/api/fish/cannon", {
      sessionId: a.sessionId,
      sittingId: a.sitting.sittingId,
      cannon: 4,
    });
    expect(cannon.status).toBe(200);
    expect((await bs.until((m) => m.type === "fish.cannon")).game).toEqual({
      seat: a.sitting.seat,
      cannon: 4,
    });

    // A fires at the smallest fish swimming until one dies; B hears every fired shot and the kill.
    const room = a.room;
    const dead = new Set<number>();
    let kill: ShotDetail | null = null;
    let shotsFired = 0;
    for (let n = 0; !kill && n < 400; n++) {
      const at = Date.now() - Date.parse(room.startedAt);
      const aim = swimmingAt(room.seaSeed, at, (i) => !dead.has(i))
        .filter((s) => fishKind(s.kindId).type === "normal")
        .sort((x, y) => fishKind(x.kindId).multiplier - fishKind(y.kindId).multiplier)[0];
      if (!aim) {
        // The sea has just opened: nothing swims yet. Ask the server again.
        await api(t, "GET", "/rgs/api/fish/rooms");
        continue;
      }
      const r = await api<{ value: { results: Array<{ detail: ShotDetail }> } }>(
        t,
        "POST",
        "/rgs/api/fish/fire",
        {
          sessionId: a.sessionId,
          magazineId: a.magazine.magazineId,
          shots: [{ requestId: `s${n}`, fish: aim.index, cannon: 1 }],
        },
      );
      const d = r.json.value.results[0]?.detail;
      if (!d?.fired) {
        dead.add(aim.index);
        continue;
      }
      shotsFired++;
      if (d.hit) {
        kill = d;
        for (const v of [d.fish, ...(d.victims ?? [])]) dead.add(v);
      }
    }
    expect(kill).not.toBeNull();
    const killed = kill as ShotDetail;
    const heard = await bs.until(
      (m) =>
        m.type === "fish.shots" &&
        (m.game as { shots: Array<{ fish: number; hit: boolean }> }).shots.some(
          (s) => s.fish === killed.fish && s.hit,
        ),
    );
    const shot = (heard.game as { seat: number; shots: Array<Record<string, unknown>> }).shots[0];
    expect((heard.game as { seat: number }).seat).toBe(a.sitting.seat);
    expect(shot).toMatchObject({ fish: killed.fish, cannon: 1, hit: true, total: killed.total });
    expect(shot?.win).toBe((0.1 * (killed.paid ?? 0)).toFixed(2));
    // Every fired shot was told once to the watcher (a shot not fired is not news); the kill was
    // the last shot, so once the watcher heard it, it heard all.
    await watcher.until(
      (m) =>
        m.type === "fish.shots" &&
        (m.game as { shots: Array<{ fish: number; hit: boolean }> }).shots.some(
          (s) => s.fish === killed.fish && s.hit,
        ),
    );
    const told = watcher.heard.filter((m) => m.type === "fish.shots").length;
    expect(told).toBe(shotsFired);

    // A third socket joining now hears the kill in its hello: the dead fish is not drawn.
    const late = await listen(a.sitting.roomId);
    const lateHello = await late.until((m) => m.type === "hello");
    expect(lateHello.kills).toContain(killed.fish);
    expect(
      (lateHello.seats as Array<{ seat: number; cannon: number }>).find((s) => s.seat === a.sitting.seat)
        ?.cannon,
    ).toBe(1);

    // B leaves: the room hears one seat left.
    await api(t, "POST", "/rgs/api/fish/leave", { sessionId: b.sessionId, sittingId: b.sitting.sittingId });
    const after = await watcher.until(
      (m) => m.type === "fish.seats" && (m.game as { seats: unknown[] }).seats.length === 1,
    );
    expect((after.game as { seats: Array<{ playerId: number }> }).seats[0]?.playerId).toBe(a.id);
    for (const s of [watcher, bs, late]) s.ws.terminate();
  });

  it("tells the others at the sea when the idle sweep frees a seat, and the room list shows it free", async () => {
    const a = await seated();
    const b = await seated();
    expect(b.sitting.roomId).toBe(a.sitting.roomId);
    const watcher = await listen(a.sitting.roomId);
    const hello = await watcher.until((m) => m.type === "hello");
    expect((hello.seats as Array<{ playerId: number }>).map((s) => s.playerId)).toContain(b.id);
    const freeBefore = (await api<{ value: FishRoom[] }>(t, "GET", "/rgs/api/fish/rooms")).json.value.find(
      (r) => r.roomId === a.sitting.roomId,
    )?.seatsFree;

    // B has not fired for ten minutes (A sat down just now): the sweep, in the process holding
    // the game's lease — a hub of its own on the shared store, as another process's — stands B up.
    await t.database.db.execute(
      sql`UPDATE rgs.room_sittings SET last_action_at = now() - interval '10 minutes' WHERE id = ${b.sitting.sittingId}`,
    );
    await t.database.db.execute(
      sql`UPDATE rgs.room_seats SET last_action_at = now() - interval '10 minutes' WHERE id = ${b.magazine.magazineId}`,
    );
    const hub = new RoundHub();
    await hub.connect(t.store);
    const sweeper = roundsContext(testContext(t), hub, { holder: "fish-sweep" });
    expect(await sweepSeats(sweeper, FISH)).toBeGreaterThan(0);

    const after = await watcher.until(
      (m) =>
        m.type === "fish.seats" &&
        !(m.game as { seats: Array<{ playerId: number }> }).seats.some((s) => s.playerId === b.id),
    );
    // B's cannon is gone from every screen; A (and whoever else sits there) stays.
    const left = (after.game as { seats: Array<{ playerId: number }> }).seats.map((s) => s.playerId);
    expect(left).toContain(a.id);
    expect(left).toHaveLength((hello.seats as unknown[]).length - 1);
    const freeAfter = (await api<{ value: FishRoom[] }>(t, "GET", "/rgs/api/fish/rooms")).json.value.find(
      (r) => r.roomId === a.sitting.roomId,
    )?.seatsFree;
    expect(freeAfter).toBe((freeBefore ?? 0) + 1);
    // B's magazine was closed and paid: its one credit gave back its unfired stake.
    const [mag] = await t.database.db
      .execute(sql`SELECT status FROM rgs.room_seats WHERE id = ${b.magazine.magazineId}`)
      .then((r) => (r as unknown as { rows: Array<{ status: string }> }).rows);
    expect(mag?.status).toBe("settled");
    watcher.ws.terminate();
    await hub.stop();
  });
  /**
   * A fish swimming in the room now (the largest time left), for a shot that fires. A fish the
   * server said was not there (killed earlier by another shot in this room) is passed over:
   * the sea's path alone cannot tell that, and aiming at it again would never fire.
   */
  const aimAt = (room: FishRoom, gone: ReadonlySet<number> = new Set()) => {
    const at = Date.now() - Date.parse(room.startedAt);
    return swimmingAt(room.seaSeed, at, (i) => !gone.has(i)).sort(
      (x, y) => y.at + y.duration - (x.at + x.duration),
    )[0];
  };
  type Fired = {
    type: string;
    id: unknown;
    success: boolean;
    code?: string;
    value?: {
      onRound: string;
      results: Array<{ requestId: string; seq: number; win: string; detail: ShotDetail }>;
    };
  };

  it("answers a shot over the room's socket once, even when the message is repeated", async () => {
    const a = await seated();
    const s = await listen(a.sitting.roomId);
    // Before its auth the socket is nobody's: a shot is refused.
    s.ws.send(JSON.stringify({ type: "fire", id: 0, magazineId: a.magazine.magazineId, shots: [] }));
    expect((await s.until((m) => m.type === "fired" && m.id === 0)).code).toBe("SESSION_EXPIRED");
    s.ws.send(JSON.stringify({ type: "auth", sessionId: a.sessionId }));
    await s.until((m) => m.type === "authed");
    // A malformed burst (cannon 0) is refused by the socket's check, nothing staked.
    s.ws.send(
      JSON.stringify({
        type: "fire",
        id: "bad",
        magazineId: a.magazine.magazineId,
        shots: [{ requestId: "x", fish: 1, cannon: 0 }],
      }),
    );
    expect((await s.until((m) => m.type === "fired" && m.id === "bad")).code).toBe("VALIDATION_ERROR");

    let fired: Fired | null = null;
    const gone = new Set<number>();
    for (let n = 0; !fired && n < 50; n++) {
      const aim = aimAt(a.room, gone);
      if (!aim) {
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      const msg = JSON.stringify({
        type: "fire",
        id: `f${n}`,
        magazineId: a.magazine.magazineId,
        shots: [{ requestId: `ws-${n}`, fish: aim.index, cannon: 2 }],
      });
      // The same message three times at once (a client resending after a doubt).
      for (let i = 0; i < 3; i++) s.ws.send(msg);
      const answers: Fired[] = [];
      while (answers.length < 3) {
        const m = (await s.until(
          (x) => x.type === "fired" && x.id === `f${n}` && !answers.includes(x as unknown as Fired),
        )) as unknown as Fired;
        answers.push(m);
      }
      for (const r of answers) expect(r.success).toBe(true);
      // One answer, three times: the same shot, the same nonce, the same balance.
      expect(new Set(answers.map((r) => JSON.stringify(r.value))).size).toBe(1);
      if (answers[0]?.value?.results[0]?.detail.fired) fired = answers[0];
      else gone.add(aim.index);
    }
    expect(fired).not.toBeNull();
    const shot = (fired as Fired).value?.results[0];
    // The magazine took the shot's stake once: one logged shot, its balance 100.00 − 0.20 (+ win).
    const rows = await t.database.db
      .execute(
        sql`SELECT count(*)::int AS n FROM rgs.room_actions WHERE seat_id = ${a.magazine.magazineId} AND request_id = ${shot?.requestId}`,
      )
      .then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows);
    expect(rows[0]?.n).toBe(1);
    const [mag] = await t.database.db
      .execute(
        sql`SELECT on_round::text AS on_round, seq FROM rgs.room_seats WHERE id = ${a.magazine.magazineId}`,
      )
      .then((r) => (r as unknown as { rows: Array<{ on_round: string; seq: number }> }).rows);
    const win = Math.round(Number(shot?.win) * 100);
    expect(Number(mag?.on_round)).toBe(100_00 - 20 + win);
    expect((fired as Fired).value?.onRound).toBe(((100_00 - 20 + win) / 100).toFixed(2));
    // The HTTP call with the same request id answers the same shot again.
    const again = await api<{ value: { results: Array<{ seq: number }> } }>(t, "POST", "/rgs/api/fish/fire", {
      sessionId: a.sessionId,
      magazineId: a.magazine.magazineId,
      shots: [{ requestId: shot?.requestId, fish: shot?.detail.fish, cannon: 2 }],
    });
    expect(again.json.value.results[0]?.seq).toBe(shot?.seq);
    s.ws.terminate();
  });

  it("refuses a shot over the socket at a magazine that is not the socket's player's", async () => {
    const a = await seated();
    const b = await seated();
    const s = await listen(b.sitting.roomId);
    s.ws.send(JSON.stringify({ type: "auth", sessionId: b.sessionId }));
    await s.until((m) => m.type === "authed");
    const aim = aimAt(a.room);
    s.ws.send(
      JSON.stringify({
        type: "fire",
        id: 1,
        magazineId: a.magazine.magazineId,
        shots: [{ requestId: "theft", fish: aim?.index ?? 0, cannon: 1 }],
      }),
    );
    const r = (await s.until((m) => m.type === "fired" && m.id === 1)) as unknown as Fired;
    expect(r.success).toBe(false);
    expect(r.code).toBe("ROUND_NOT_FOUND");
    // A's magazine is untouched: nothing fired, nothing staked.
    const [mag] = await t.database.db
      .execute(
        sql`SELECT on_round::text AS on_round, seq FROM rgs.room_seats WHERE id = ${a.magazine.magazineId}`,
      )
      .then((x) => (x as unknown as { rows: Array<{ on_round: string; seq: number }> }).rows);
    expect(Number(mag?.seq)).toBe(0);
    expect(Number(mag?.on_round)).toBe(100_00);
    s.ws.terminate();
  });
});
