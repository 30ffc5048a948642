import type { ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import type { TestApp } from "../../../server/src/testing/test-app.ts";
import { rows } from "../db.ts";
import type { RoundsContext } from "../rounds/engine.ts";
import { openRoomSession } from "../rounds/routes.ts";
import { crashPlatform, roomTestContext } from "../rounds/testing.ts";
import { liveSession } from "../session.ts";
import { fundedPlayer, mainBalance, providerRows } from "../test-platform.ts";
import { actOnHand, CARDS_VENDOR, joinTable, leaveTable, stepTable, tableStacks } from "./engine.ts";

// The leader of a card table is SIGKILLed mid-hand (after a raise moved chips in the hand): the
// next leader voids the hand, every stack is its value at the hand's start, and a player who
// asked to leave during the hand is paid that stack exactly once. Child processes need a
// database server.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const APP_SECRET = "cards-crash-secret-cards-crash-secret-c1";

describe.runIf(onServer)("a card table whose leader is SIGKILLed mid-hand", () => {
  let t: TestApp;
  let startLeader: Awaited<ReturnType<typeof crashPlatform>>["startLeader"];
  let close: (() => Promise<void>) | undefined;
  let ctx: RoundsContext;
  beforeAll(async () => {
    ({ t, startLeader, close } = await crashPlatform("cards", APP_SECRET));
    ctx = roomTestContext(t, () => new Date(), { holder: "cards-test", leaseTtlMs: 1500 });
  });
  afterAll(async () => close?.());

  const exited = (c: ChildProcess) =>
    new Promise<string | null>((resolve) => c.on("exit", (code, sig) => resolve(sig ?? String(code))));
  /** Until `test` answers a value (the test's own deadline, not a timing margin). */
  const until = async <T>(what: string, test: () => Promise<T | null | undefined>): Promise<T> => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const v = await test();
      if (v !== null && v !== undefined) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const handOf = async (tableId: string) =>
    (
      await rows<Record<string, unknown>>(
        t.database.db,
        sql`SELECT * FROM rgs.card_hands WHERE table_id = ${tableId} ORDER BY no DESC LIMIT 1`,
      )
    )[0];

  it("voids the hand and returns every stack once", async () => {
    const tableId = "holdem-crash";
    // Long turns: nothing times out while the test looks.
    await t.database.db.execute(
      sql`INSERT INTO rgs.card_tables (id, game, name, small_blind, big_blind, seats, min_buy_in, max_buy_in,
            rake_ppm, rake_cap, action_ms, time_bank_ms, pause_ms)
          VALUES (${tableId}, 'holdem', 'Crash', 100, 200, 6, 4000, 20000, 50000, 3000, 600000, 0, 0)`,
    );
    const seated = [];
    for (let i = 0; i < 2; i++) {
      const p = await fundedPlayer(t, 1_000_00n, CARDS_VENDOR);
      const opened = await openRoomSession(ctx, {
        vendor: CARDS_VENDOR,
        gameId: `cards:${tableId}`,
        token: p.token,
        lang: "EN",
      });
      const session = await liveSession(ctx, opened.sessionId);
      seated.push({ p, session, seat: await joinTable(ctx, session, { requestId: "join", buyIn: 100_00n }) });
    }
    const [a, b] = seated as [(typeof seated)[0], (typeof seated)[0]];
    const first = startLeader("cards-leader-1", null);
    const hand = await until("the first leader's hand", async () => {
      const h = await handOf(tableId);
      return h?.status === "playing" && h.holder === "cards-leader-1" ? h : null;
    });
    // Chips move inside the hand: the player to act raises to 10.00.
    const actor = Number(hand.acting_seat) === a.seat.seat ? a : b;
    await actOnHand(ctx, actor.session, { requestId: "raise", action: { type: "raise", to: 1000 } });
    // A leave during the hand only marks the seat.
    await leaveTable(ctx, a.seat.seatId, a.session);
    expect(await mainBalance(t, a.p.id)).toBe(900_00n);
    first.kill("SIGKILL");
    expect(await exited(first)).toBe("SIGKILL");

    const second = startLeader("cards-leader-2", null);
    try {
      await until("the void", async () => ((await handOf(tableId))?.status === "void" ? true : null));
      await until("the leaver's credit", async () => {
        const s = await rows<{ status: string }>(
          t.database.db,
          sql`SELECT status FROM rgs.room_seats WHERE id = ${a.seat.seatId}`,
        );
        return s[0]?.status === "settled" ? true : null;
      });
    } finally {
      second.kill("SIGTERM");
      await exited(second);
    }
    // The hand's start stacks: 100.00 each; the leaver paid it once (one bet, one win).
    expect(await mainBalance(t, a.p.id)).toBe(1_000_00n);
    expect((await tableStacks(t.database.db, tableId)).get(b.seat.seat)).toBe(100_00n);
    expect((await providerRows(t, a.p.id)).map((m) => m.kind).sort()).toEqual(["bet", "win"]);
    // Another leader's pass (and a repeated leave) pays nothing twice.
    await stepTable({ ...ctx, holder: "cards-leader-3" }, tableId);
    await leaveTable(ctx, a.seat.seatId, a.session);
    expect(await mainBalance(t, a.p.id)).toBe(1_000_00n);
    expect((await providerRows(t, a.p.id)).length).toBe(2);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
