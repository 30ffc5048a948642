import { formatMinor } from "@panalo/contracts/money";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HUB_TOPIC_CHANNEL } from "../../realtime/bus.ts";
import { registerPlayer } from "../../testing/bonus-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { JACKPOT_TOPIC, PoolPusher, PUSH_EVERY_MS } from "./push.ts";
import { currentPool, jackpotCall } from "./service.ts";

/** A pusher on a hand-driven clock and timer queue, with the claims of a shared store. */
function rig(failing = false) {
  let now = 10_000;
  const timers: { at: number; fn: () => void; live: boolean }[] = [];
  const claimed = new Set<number>();
  const sent: number[] = [];
  let pool = 0;
  let errors = 0;
  const p = new PoolPusher({
    now: () => now,
    claim: async (w) => !claimed.has(w) && claimed.add(w) !== undefined,
    send: async () => {
      if (failing) throw new Error("store gone");
      sent.push(pool);
    },
    setTimer: (fn, ms) => {
      const t = { at: now + ms, fn, live: true };
      timers.push(t);
      return { cancel: () => (t.live = false) };
    },
    onError: () => {
      errors++;
    },
  });
  /** Run every timer due by `to`, in order, letting each one's promises settle. */
  const advance = async (to: number) => {
    for (;;) {
      const due = timers.filter((t) => t.live && t.at <= to).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      due.live = false;
      now = Math.max(now, due.at);
      due.fn();
      for (let i = 0; i < 10; i++) await Promise.resolve();
    }
    now = to;
  };
  return {
    p,
    sent,
    claimed,
    advance,
    at: () => now,
    errors: () => errors,
    change(to: number) {
      pool = to;
      p.changed();
    },
  };
}

describe("the pool's push throttle", () => {
  it("pushes a change at once, then at most once per window, and always the last change", async () => {
    const r = rig();
    r.change(1);
    await r.advance(r.at());
    expect(r.sent).toEqual([1]);
    // Three changes within the same window: one push, in the next window, of the last figure.
    r.change(2);
    r.change(3);
    await r.advance(r.at() + 300);
    r.change(4);
    await r.advance(r.at() + 200);
    expect(r.sent).toEqual([1]);
    await r.advance(r.at() + PUSH_EVERY_MS);
    expect(r.sent).toEqual([1, 4]);
    // Nothing changed since: nothing more.
    await r.advance(r.at() + 5 * PUSH_EVERY_MS);
    expect(r.sent).toEqual([1, 4]);
  });

  it("leaves a window another process pushed in and pushes in the next one", async () => {
    const r = rig();
    r.claimed.add(Math.floor(r.at() / PUSH_EVERY_MS));
    r.change(7);
    await r.advance(r.at());
    expect(r.sent).toEqual([]);
    await r.advance(r.at() + PUSH_EVERY_MS);
    expect(r.sent).toEqual([7]);
  });
});

describe("a push that fails", () => {
  it("is tried again in the next windows a few times, then waits for the next change", async () => {
    const r = rig(true);
    r.change(1);
    await r.advance(r.at() + 60 * PUSH_EVERY_MS);
    expect(r.errors()).toBe(5);
    r.change(2);
    await r.advance(r.at());
    expect(r.errors()).toBe(6);
  });
});

describe("a contribution's push", () => {
  let t: TestApp;
  let player: { id: number };
  beforeAll(async () => {
    t = await createTestApp();
    player = await registerPlayer(t, "jppush");
  });
  afterAll(async () => t?.close());

  it("tells the hub's jackpot topic the new pool", async () => {
    const before = await currentPool(t.app.ctx);
    const heard = new Promise<Record<string, unknown>>((resolve) => {
      void t.app.ctx.store.subscribe(HUB_TOPIC_CHANNEL, (m) => {
        const { topic, payload } = JSON.parse(m) as { topic: string; payload: Record<string, unknown> };
        if (topic === JACKPOT_TOPIC) resolve(payload);
      });
    });
    const r = await jackpotCall(t.app.ctx, {
      vendor: "PNS",
      roundId: "push-1",
      playerId: player.id,
      currency: "PHP",
      stake: 100_000n,
      draw: "fffffffffffff",
    });
    expect(r.pool).toBe(before.amount + 1000n);
    expect(await heard).toMatchObject({
      type: "jackpot",
      amount: formatMinor(before.amount + 1000n),
      cycle: before.cycle,
    });
  });

  it("streams the same figure to a guest's page as server-sent events", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const abort = new AbortController();
    const res = await fetch(`${address}/lgw/jackpot/live`, { signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    // The stream opens with its retry line before anything is pushed.
    while (!text.includes("retry:")) text += decoder.decode((await reader.read()).value);
    const before = await currentPool(t.app.ctx);
    await jackpotCall(t.app.ctx, {
      vendor: "PNS",
      roundId: "push-2",
      playerId: player.id,
      currency: "PHP",
      stake: 100_000n,
      draw: "fffffffffffff",
    });
    while (!/data: .*\n\n/.test(text)) text += decoder.decode((await reader.read()).value);
    const event = JSON.parse(/data: (.*)\n\n/.exec(text)?.[1] ?? "{}") as Record<string, unknown>;
    expect(event).toMatchObject({
      type: "jackpot",
      amount: formatMinor(before.amount + 1000n),
      cycle: before.cycle,
    });
    abort.abort();
  });
});
