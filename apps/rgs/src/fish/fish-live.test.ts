import { fishKind, swimmingAt } from "@panalo/game-math/fish/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type WebSocket from "ws";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import { api, fundedPlayer, registerInHouseVendors } from "../test-platform.ts";
import type { FishRoom, ShotDetail } from "./engine.ts";

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
});
