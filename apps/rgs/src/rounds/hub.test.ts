import { describe, expect, it } from "vitest";
import type { LotteryRelay } from "../lottery/context.ts";
import { type RoomEvent, RoundHub } from "./hub.ts";

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
});
