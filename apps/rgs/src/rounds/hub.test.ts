import { describe, expect, it } from "vitest";
import type { LotteryRelay } from "../lottery/context.ts";
import { type RoomEvent, RoundHub, textFrame } from "./hub.ts";

/** An in-memory relay (what Redis pub/sub is between processes) that can go down. */
function relay() {
  const subs = new Map<string, Array<(m: string) => void>>();
  let down = false;
  const r: LotteryRelay & { setDown(v: boolean): void } = {
    async publish(channel, message) {
      if (down) throw new Error("relay down");
      for (const f of subs.get(channel) ?? []) f(message);
    },
    async subscribe(channel, onMessage) {
      subs.set(channel, [...(subs.get(channel) ?? []), onMessage]);
    },
    setDown(v) {
      down = v;
    },
  };
  return r;
}

describe("the rooms' hub", () => {
  it("resyncs a process's sockets from the database after it missed events in an outage", async () => {
    const shared = relay();
    const leader = new RoundHub();
    const other = new RoundHub();
    await leader.connect(shared);
    await other.connect(shared);
    leader.stop();
    other.stop();
    const seen: Array<{ type: string; round?: { roundNo: number } }> = [];
    other.join("t1", { playerId: null, send: (s) => seen.push(JSON.parse(s)) });
    const round = (roundNo: number): RoomEvent => ({
      type: "round",
      tableId: "t1",
      round: { roundId: `r${roundNo}`, roundNo },
    });
    leader.publish(round(1));
    expect(seen.map((e) => e.round?.roundNo)).toEqual([1]);
    // The relay is down while round 2 opens: only the leader's own process hears it.
    shared.setDown(true);
    leader.publish(round(2));
    await new Promise((r) => setImmediate(r));
    expect(seen).toHaveLength(1);
    // Back up: the leader's announcement shows a newer event; the other process reads the room.
    shared.setDown(false);
    let loaded: () => void = () => undefined;
    const resynced = new Promise<void>((r) => {
      loaded = r;
    });
    other.onResync("", async (room) => {
      loaded();
      return room === "t1" ? round(2) : null;
    });
    leader.announce();
    await resynced;
    await new Promise((r) => setImmediate(r));
    expect(seen.map((e) => e.round?.roundNo)).toEqual([1, 2]);
    expect(other.currentRound("t1")?.roundNo).toBe(2);
    // Nothing newer: a further announcement changes nothing.
    leader.announce();
    await new Promise((r) => setImmediate(r));
    expect(seen).toHaveLength(2);
  });
  it("encodes an event once for every socket of the room, each player's own part once per player", () => {
    const hub = new RoundHub();
    const got: Array<{ who: string; bytes: Buffer }> = [];
    const socket = (who: string, playerId: number | null) =>
      hub.join("t2", {
        playerId,
        send: () => {
          throw new Error("the encoded bytes go to sockets that take them");
        },
        sendEncoded: (bytes) => got.push({ who, bytes }),
      });
    socket("a", null);
    socket("b", null);
    socket("c", 7);
    socket("c2", 7);
    hub.publish({
      type: "crash.feed",
      tableId: "t2",
      game: { items: ["ñ"] },
      results: { 7: { bet: "1.00", win: "2.00" } },
    });
    const of = (who: string) => got.find((g) => g.who === who)?.bytes as Buffer;
    // The same Buffer object, not equal copies.
    expect(of("a")).toBe(of("b"));
    expect(of("c")).toBe(of("c2"));
    expect(JSON.parse(of("a").toString("utf8"))).toMatchObject({
      type: "crash.feed",
      game: { items: ["ñ"] },
      mine: null,
    });
    expect(JSON.parse(of("c").toString("utf8")).mine).toEqual({ bet: "1.00", win: "2.00" });
  });

  it("frames each event once: every socket writes the same complete text frame", async () => {
    const hub = new RoundHub();
    const got: Array<{ who: string; frame: Buffer }> = [];
    for (const who of ["a", "b"])
      hub.join("t3", {
        playerId: null,
        send: () => {
          throw new Error("the frame goes to sockets that take it");
        },
        sendFrame: (frame) => got.push({ who, frame }),
      });
    const items = Array.from({ length: 40 }, (_, i) => `cash-out ${i} ñ`);
    hub.publish({ type: "crash.feed", tableId: "t3", game: { items } });
    expect(got[0]?.frame).toBe(got[1]?.frame);
    // Any WebSocket client reads it: a real ws server's socket sends it and a client parses it.
    const { default: WebSocket } = await import("ws");
    // The root `ws` is 7.x (its server is `WebSocket.Server`); the types describe 8.x.
    const Server = (WebSocket as unknown as { Server: typeof import("ws").WebSocketServer }).Server;
    const wss = new Server({ port: 0 });
    await new Promise((r) => wss.once("listening", r));
    const port = (wss.address() as { port: number }).port;
    wss.on("connection", (s) => {
      const raw = (s as unknown as { _socket: { write(b: Buffer): void } })._socket;
      for (const f of [textFrame("short"), got[0]?.frame as Buffer, textFrame("x".repeat(70_000))])
        raw.write(f);
    });
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    const texts = await new Promise<string[]>((resolve) => {
      const t: string[] = [];
      // ws 7 hands a text frame's message as a string (a binary one as a Buffer).
      client.on("message", (m) => {
        t.push(typeof m === "string" ? m : "(binary)");
        if (t.length === 3) resolve(t);
      });
    });
    client.close();
    wss.close();
    expect(texts[0]).toBe("short");
    expect(JSON.parse(texts[1] as string)).toMatchObject({ type: "crash.feed", game: { items }, mine: null });
    expect(texts[2]).toHaveLength(70_000);
    expect(hub.sendCostMs("t3")).toBeGreaterThanOrEqual(0);
  });
});
