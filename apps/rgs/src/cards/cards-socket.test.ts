import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type WebSocket from "ws";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import { roomTestContext } from "../rounds/testing.ts";
import { api, fundedPlayer, registerInHouseVendors } from "../test-platform.ts";
import { CARDS_VENDOR, type HandView, type SeatPush, stepTable, withMine } from "./engine.ts";

// The table's socket through the test platform's RGS: each change comes with the public view and,
// to a socket signed in as a seated player, only that player's part (their cards, their moves);
// a move over the signed-in socket is answered with the mover's view, and refused before `auth`.
describe("card table socket", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
  });
  afterAll(async () => t.close());

  type Msg = {
    type: string;
    id?: string;
    success?: boolean;
    code?: string;
    value?: HandView;
    game?: { view?: HandView };
    mine?: SeatPush | null;
  };
  const listen = async (tableId: string) => {
    const heard: Msg[] = [];
    const waiting: Array<{ match: (m: Msg) => boolean; resolve: (m: Msg) => void }> = [];
    const ws: WebSocket = await t.app.injectWS(
      `/rgs/ws/cards/${tableId}`,
      {},
      {
        onInit: (w: WebSocket) =>
          w.on("message", (raw: Buffer) => {
            const m = JSON.parse(raw.toString()) as Msg;
            heard.push(m);
            for (const x of [...waiting])
              if (x.match(m)) {
                waiting.splice(waiting.indexOf(x), 1);
                x.resolve(m);
              }
          }),
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
  type Player = { seat: number; sessionId: string };
  const sit = async (tableId: string): Promise<Player> => {
    const p = await fundedPlayer(t, 1_000_00n, CARDS_VENDOR);
    const s = await api<{ value: { sessionId: string } }>(t, "POST", "/rgs/api/cards/session", {
      token: p.token,
      tableId,
    });
    const sessionId = s.json.value.sessionId;
    const j = await api<{ value: { seat: number } }>(t, "POST", "/rgs/api/cards/join", {
      sessionId,
      requestId: "join",
      buyIn: "100.00",
    });
    expect(j.status).toBe(200);
    return { seat: j.json.value.seat, sessionId };
  };
  const holes = (v: HandView | undefined) =>
    (
      (v?.hand?.game ?? { players: [] }) as { players: Array<{ seat: number; hole: string[] | null }> }
    ).players
      .filter((x) => x.hole !== null)
      .map((x) => ({ seat: x.seat, hole: x.hole as string[] }));

  it("tells each seat its own view, a spectator the public one, and takes moves once signed in", async () => {
    const tableId = `socket-${randomUUID().slice(0, 8)}`;
    await t.database.db.execute(
      sql`INSERT INTO rgs.card_tables (id, game, name, small_blind, big_blind, seats, min_buy_in, max_buy_in,
            rake_ppm, rake_cap, action_ms, time_bank_ms, pause_ms)
          VALUES (${tableId}, 'holdem', 'Socket', 100, 200, 6, 4000, 20000, 50000, 3000, 20000, 0, 0)`,
    );
    const a = await sit(tableId);
    const b = await sit(tableId);
    const sa = await listen(tableId);
    const sb = await listen(tableId);
    const spectator = await listen(tableId);
    // Before `auth` a move on the socket is refused and changes nothing.
    sa.ws.send(JSON.stringify({ type: "act", id: "early", requestId: "x", action: { type: "call" } }));
    expect(await sa.until((m) => m.type === "acted" && m.id === "early")).toMatchObject({
      success: false,
      code: "SESSION_EXPIRED",
    });
    for (const [s, p] of [
      [sa, a],
      [sb, b],
    ] as const) {
      s.ws.send(JSON.stringify({ type: "auth", sessionId: p.sessionId }));
      await s.until((m) => m.type === "authed");
    }
    // The leader deals (the test's own context holds the table's lease).
    await stepTable(
      roomTestContext(t, () => new Date(), { holder: "socket-test", leaseTtlMs: 60_000 }),
      tableId,
    );
    const state = await api<{ value: HandView }>(t, "GET", `/rgs/api/cards/state?sessionId=${a.sessionId}`);
    const acting = state.json.value.hand?.actingSeat;
    const [mover, moverSocket] = acting === a.seat ? [a, sa] : [b, sb];
    moverSocket.ws.send(
      JSON.stringify({
        type: "act",
        id: "m1",
        requestId: "r1",
        action: { type: "call" },
        sessionId: "ignored",
      }),
    );
    const answer = await moverSocket.until((m) => m.type === "acted" && m.id === "m1");
    expect(answer.success).toBe(true);
    expect(answer.value?.hand?.seq).toBe(1);
    expect(answer.value?.seat?.seat).toBe(mover.seat);
    // Every socket hears the move; each seat's view is its /state, with its own cards only.
    const moved = (m: Msg) => m.type === "cards.changed" && m.game?.view?.hand?.seq === 1;
    const toA = await sa.until(moved);
    const toB = await sb.until(moved);
    const toNobody = await spectator.until(moved);
    const aView = withMine(toA.game?.view as HandView, toA.mine);
    const bView = withMine(toB.game?.view as HandView, toB.mine);
    const aRead = (await api<{ value: HandView }>(t, "GET", `/rgs/api/cards/state?sessionId=${a.sessionId}`))
      .json.value;
    expect({ ...aView, now: null }).toEqual({ ...aRead, now: null });
    expect(holes(aView).map((x) => x.seat)).toEqual([a.seat]);
    expect(holes(bView).map((x) => x.seat)).toEqual([b.seat]);
    expect(toNobody.mine).toBeNull();
    expect(holes(toNobody.game?.view)).toEqual([]);
    const bCards = holes(bView)[0]?.hole ?? [];
    expect(bCards).toHaveLength(2);
    for (const c of bCards) expect(JSON.stringify([...sa.heard, ...spectator.heard])).not.toContain(`"${c}"`);
    // The same request again: answered, nothing changes.
    moverSocket.ws.send(JSON.stringify({ type: "act", id: "m2", requestId: "r1", action: { type: "call" } }));
    const again = await moverSocket.until((m) => m.type === "acted" && m.id === "m2");
    expect(again.success).toBe(true);
    expect(again.value?.hand?.seq).toBe(1);
    for (const s of [sa, sb, spectator]) s.ws.terminate();
  });
});
