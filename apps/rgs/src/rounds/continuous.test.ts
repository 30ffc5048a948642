import { parseMoney } from "@panalo/contracts/money";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import { rows } from "../db.ts";
import type { Transport } from "../protocol-client.ts";
import { liveSession } from "../session.ts";
import {
  fundedPlayer,
  injectTransport,
  mainBalance,
  providerRows,
  registerInHouseVendors,
  testContext,
} from "../test-platform.ts";
import { actOnSeat, type ContinuousGame, joinRoom, leaveMySeat, sweepSeats } from "./continuous.ts";
import { type RoundsContext, roundsContext, seedWords } from "./engine.ts";
import { RoundHub } from "./hub.ts";
import { openRoomSession } from "./routes.ts";

/**
 * A tiny continuous game proving the engine's seats: each action calls a coin for a stake and
 * wins twice the stake when the seat's seed says so. Fish and cards are this, with more rules.
 */
type Flip = { call: "heads" | "tails"; amount: bigint };
const COIN: ContinuousGame<Flip, { flips: number }> = {
  name: "coin",
  seats: 2,
  minBuyIn: 10_00n,
  maxBuyIn: 500_00n,
  idleMs: 60_000,
  initial: () => ({ flips: 0 }),
  parse: (raw) => {
    const r = raw as { call?: unknown; amount?: unknown } | null;
    const amount = typeof r?.amount === "string" ? parseMoney(r.amount) : null;
    if ((r?.call !== "heads" && r?.call !== "tails") || amount === null || amount <= 0n) return null;
    return { call: r.call, amount };
  },
  act: (state, a, words) => {
    const side = words() % 2 === 0 ? "heads" : "tails";
    return { stake: a.amount, win: side === a.call ? 2n * a.amount : 0n, state: { flips: state.flips + 1 } };
  },
};

// The seats on the database (PGlite by default, PostgreSQL with TEST_DATABASE_URL); the clock
// is the test's.
describe("continuous rooms (a coin game on the round engine)", () => {
  let t: TestApp;
  let clock = new Date();
  const ctxWith = (transport?: Transport): RoundsContext =>
    roundsContext(
      testContext(t, transport ?? injectTransport(t), () => clock),
      new RoundHub(),
      {
        holder: "coin-a",
      },
    );
  let ctx: RoundsContext;

  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
    ctx = ctxWith();
  });
  afterAll(async () => t.close());

  const sitDown = async (roomId: string, buyIn = 100_00n) => {
    const p = await fundedPlayer(t, 1_000_00n, "PNL");
    const opened = await openRoomSession(ctx, {
      vendor: "PNL",
      gameId: `coin:${roomId}`,
      token: p.token,
      lang: "EN",
    });
    const session = await liveSession(ctx, opened.sessionId);
    const seat = await joinRoom(ctx, COIN, session, { requestId: "join", buyIn });
    return { p, session, seat };
  };
  /** What a seat's seed decides for its actions, recomputed from the revealed seed. */
  const replay = (seed: string, calls: Flip[]) =>
    calls.reduce((on, a, i) => {
      const r = COIN.act({ flips: i }, a, seedWords(seed, `act:${i + 1}`));
      return on + r.win - r.stake;
    }, 100_00n);

  it("joins with one debit, plays on the round's balance, leaves with one credit of what is left", async () => {
    const { p, session, seat } = await sitDown("r1");
    expect(seat.seat).toBe(1);
    expect(seat.seed).toBeNull(); // committed: only the hash while seated
    expect(await mainBalance(t, p.id)).toBe(900_00n);
    const flips: Flip[] = [
      { call: "heads", amount: 5_00n },
      { call: "tails", amount: 5_00n },
      ...Array.from({ length: 8 }, (_, i) => ({ call: i % 2 ? "heads" : "tails", amount: 1_00n }) as Flip),
    ];
    const wire = (f: Flip) => ({ call: f.call, amount: (Number(f.amount) / 100).toFixed(2) });
    await actOnSeat(ctx, COIN, session, seat.seatId, [{ requestId: "a1", action: wire(flips[0] as Flip) }]);
    await actOnSeat(ctx, COIN, session, seat.seatId, [{ requestId: "a2", action: wire(flips[1] as Flip) }]);
    // A burst of shots is one batch; a repeated request answers its first result, applied once.
    const burst = flips.slice(2).map((f, i) => ({ requestId: `b${i}`, action: wire(f) }));
    const first = await actOnSeat(ctx, COIN, session, seat.seatId, burst);
    const again = await actOnSeat(ctx, COIN, session, seat.seatId, burst);
    expect(again).toEqual(first);
    // The platform moved nothing while the player played.
    expect(await mainBalance(t, p.id)).toBe(900_00n);
    const left = await leaveMySeat(ctx, session, seat.seatId);
    expect(left.status).toBe("settled");
    expect(left.seed).not.toBeNull();
    const onRound = replay(left.seed as string, flips);
    expect(left.onRound).toBe((Number(onRound) / 100).toFixed(2));
    expect(await mainBalance(t, p.id)).toBe(900_00n + onRound);
    // Leaving twice pays nothing twice; no action after the leave.
    await leaveMySeat(ctx, session, seat.seatId);
    await expect(
      actOnSeat(ctx, COIN, session, seat.seatId, [{ requestId: "late", action: wire(flips[0] as Flip) }]),
    ).rejects.toMatchObject({ code: "SEAT_CLOSED" });
    const calls = await providerRows(t, p.id);
    expect(calls.map((c) => c.kind).sort()).toEqual(["bet", "win"]);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("gives each player a free seat, refuses a full room, and never lets the round go below zero", async () => {
    const a = await sitDown("r2", 10_00n);
    const b = await sitDown("r2");
    expect([a.seat.seat, b.seat.seat]).toEqual([1, 2]);
    const p = await fundedPlayer(t, 1_000_00n, "PNL");
    const opened = await openRoomSession(ctx, {
      vendor: "PNL",
      gameId: "coin:r2",
      token: p.token,
      lang: "EN",
    });
    const third = await liveSession(ctx, opened.sessionId);
    await expect(joinRoom(ctx, COIN, third, { requestId: "j", buyIn: 10_00n })).rejects.toMatchObject({
      code: "ROOM_FULL",
    });
    expect(await mainBalance(t, p.id)).toBe(1_000_00n);
    // A stake above what is on the round: refused, the round unchanged.
    await expect(
      actOnSeat(ctx, COIN, a.session, a.seat.seatId, [
        { requestId: "big", action: { call: "heads", amount: "10.01" } },
      ]),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    // Another player cannot act on or leave someone's seat.
    await expect(
      actOnSeat(ctx, COIN, b.session, a.seat.seatId, [
        { requestId: "x", action: { call: "heads", amount: "1.00" } },
      ]),
    ).rejects.toMatchObject({ code: "ROUND_NOT_FOUND" });
    await expect(leaveMySeat(ctx, b.session, a.seat.seatId)).rejects.toMatchObject({
      code: "ROUND_NOT_FOUND",
    });
    // Once a seat is left it frees for the next player.
    await leaveMySeat(ctx, a.session, a.seat.seatId);
    expect((await joinRoom(ctx, COIN, third, { requestId: "j2", buyIn: 10_00n })).seat).toBe(1);
  });

  it("pays a leave whose credit answer was lost exactly once, through the retry pass", async () => {
    // The platform applies the credit, then the answer is lost (the process died there).
    let lose = true;
    const lossy: Transport = async (url, payload, headers) => {
      const res = await injectTransport(t)(url, payload, headers);
      if (lose && url.endsWith("/credit")) throw new Error("connection reset");
      return res;
    };
    const crashing = ctxWith(lossy);
    const { p, session, seat } = await sitDown("r3");
    await actOnSeat(crashing, COIN, session, seat.seatId, [
      { requestId: "c1", action: { call: "heads", amount: "3.00" } },
    ]);
    const left = await leaveMySeat(crashing, session, seat.seatId);
    expect(left.status).toBe("credit_pending");
    lose = false;
    clock = new Date(clock.getTime() + ctx.leaseMs + 1);
    await sweepSeats(ctx, COIN);
    const [row] = await rows<{ status: string; win: unknown }>(
      t.database.db,
      sql`SELECT status, win FROM rgs.room_seats WHERE id = ${seat.seatId}`,
    );
    expect(row?.status).toBe("settled");
    expect(await mainBalance(t, p.id)).toBe(900_00n + BigInt(String(row?.win)));
    const wins = (await providerRows(t, p.id)).filter((c) => c.kind === "win");
    expect(wins).toHaveLength(1);
  });

  it("stands up a player idle past the room's limit and pays the round out", async () => {
    const { p, seat } = await sitDown("r4", 50_00n);
    clock = new Date(clock.getTime() + COIN.idleMs + 1);
    expect(await sweepSeats(ctx, COIN)).toBeGreaterThanOrEqual(1);
    expect(await mainBalance(t, p.id)).toBe(1_000_00n);
    const [row] = await rows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM rgs.room_seats WHERE id = ${seat.seatId}`,
    );
    expect(row?.status).toBe("settled");
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
  it("pays a seat once when its leave, the idle sweep and a burst of actions race", async () => {
    // Different calls on one balance: whichever order the database gives them, the round is
    // paid out once, of what its log says is left, and a refused action moves nothing.
    const players = await Promise.all([sitDown("r5", 40_00n), sitDown("r5", 40_00n)]);
    clock = new Date(clock.getTime() + COIN.idleMs + 1);
    const acts = (x: (typeof players)[number], tag: string) =>
      actOnSeat(
        ctx,
        COIN,
        x.session,
        x.seat.seatId,
        Array.from({ length: 4 }, (_, i) => ({
          requestId: `${tag}${i}`,
          action: { call: i % 2 ? "heads" : "tails", amount: "2.00" },
        })),
      ).then(
        () => "played",
        (e: { code?: string }) => e.code ?? "error",
      );
    const results = await Promise.all(
      players.flatMap((x, n) => [
        acts(x, `race${n}-`),
        leaveMySeat(ctx, x.session, x.seat.seatId).then(() => "left"),
        sweepSeats(ctx, COIN).then(() => "swept"),
      ]),
    );
    for (const r of results) expect(["played", "left", "swept", "SEAT_CLOSED"]).toContain(r);
    for (const x of players) {
      const [row] = await rows<{ status: string; win: unknown }>(
        t.database.db,
        sql`SELECT status, win FROM rgs.room_seats WHERE id = ${x.seat.seatId}`,
      );
      expect(row?.status).toBe("settled");
      expect(await mainBalance(t, x.p.id)).toBe(960_00n + BigInt(String(row?.win)));
      const kinds = (await providerRows(t, x.p.id)).map((c) => c.kind).sort();
      expect(kinds).toEqual(["bet", "win"]);
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
