import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerClients } from "../../../server/src/db/schema/providers.ts";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import type { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { inHouseProviderSecret } from "../protocol-client.ts";
import { roomTestContext } from "../rounds/testing.ts";
import type { SessionRow } from "../schema.ts";
import { liveSession } from "../session.ts";
import { fundedPlayer, mainBalance, providerRows, registerInHouseVendors } from "../test-platform.ts";
import { type BingoContext, latestGame, stepRoom, voidGame } from "./engine.ts";
import { type BingoGame, type BingoRoom, gameRow, loadRoom } from "./model.ts";
import { buyTickets } from "./purchases.ts";

// Bingo races on PostgreSQL (row locks across connections): players buying the last
// tickets, purchases racing the sales close, a prize payout racing a void.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("bingo races on PostgreSQL", () => {
  let t: TestApp;
  let clock = new Date();
  const ctxAt = (holder: string, at: () => Date): BingoContext =>
    roomTestContext(t, at, { holder, leaseTtlMs: 60_000, closeGraceMs: 2000 });
  let leader: BingoContext;

  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
    await t.database.db
      .insert(providerClients)
      .values({ vendor: "PNB", secret: inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNB") })
      .onConflictDoNothing();
    leader = ctxAt("race-leader", () => clock);
  });
  afterAll(async () => t.close());

  const makeRoom = async (id: string, gameTickets: number) => {
    await t.database.db.execute(
      sql`INSERT INTO rgs.bingo_rooms (id, kind, name, ticket_price, pool_bp, split, sales_ms, ball_ms, max_tickets, game_tickets)
          VALUES (${id}, 'bingo90', '{"EN":"Race","TY":"Race"}', 1000, 7000,
            '{"line": 1500, "two_lines": 2500, "full_house": 6000}', 10000, 1000, 12, ${gameTickets})`,
    );
    return (await loadRoom(t.database.db, id)) as BingoRoom;
  };
  const seat = async (roomId: string): Promise<{ id: number; session: SessionRow }> => {
    const p = await fundedPlayer(t, 1_000_00n, "PNB");
    const res = await t.app.inject({
      method: "POST",
      url: "/rgs/api/bingo/session",
      payload: { token: p.token, roomId },
    });
    return { id: p.id, session: await liveSession(leader, res.json().value.sessionId) };
  };
  const open = async (room: BingoRoom): Promise<BingoGame> => {
    await stepRoom(leader, room);
    const g = await latestGame(leader, room.id);
    if (g?.status !== "selling") throw new Error("no game on sale");
    return g;
  };
  const finish = async (room: BingoRoom, game: BingoGame) => {
    for (let i = 0; i < 200; i++) {
      const [r] = await rows<Record<string, unknown>>(
        t.database.db,
        sql`SELECT * FROM rgs.bingo_games WHERE id = ${game.id}`,
      );
      const g = gameRow(r as Record<string, unknown>);
      if (g.status === "settled" || g.status === "void") return g;
      await stepRoom(leader, room);
      clock = new Date(clock.getTime() + room.ballMs);
    }
    throw new Error("game did not end");
  };

  it("ten players buying the last 12 tickets: exactly 12 are sold, the others refused and not charged", async () => {
    const room = await makeRoom("race-last", 12);
    const players = await Promise.all(Array.from({ length: 10 }, () => seat(room.id)));
    const game = await open(room);
    const results = await Promise.all(
      players.map((p) =>
        buyTickets(leader, p.session, {
          sessionId: p.session.id,
          gameId: game.id,
          requestId: "x",
          count: 3,
        }).then(
          () => "ok",
          (e: RgsError) => e.code,
        ),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(4);
    expect(results.filter((r) => r === "TICKETS_SOLD_OUT")).toHaveLength(6);
    const [sold] = await rows<{ n: unknown }>(
      t.database.db,
      sql`SELECT sum(count) AS n FROM rgs.bingo_purchases WHERE game_id = ${game.id} AND status = 'placed'`,
    );
    expect(Number(sold?.n)).toBe(12);
    for (const [i, p] of players.entries())
      expect(await mainBalance(t, p.id)).toBe(results[i] === "ok" ? 1_000_00n - 30_00n : 1_000_00n);
    clock = new Date(game.startsAt.getTime());
    const done = await finish(room, game);
    expect(done.ticketsSold).toBe(12);
    expect(done.winsTotal).toBe(84_00n);
  });

  it("purchases racing the sales close are each either in the game or not charged", async () => {
    const room = await makeRoom("race-close", 3000);
    const players = await Promise.all(Array.from({ length: 12 }, () => seat(room.id)));
    const game = await open(room);
    const buyer = ctxAt("buyer", () => new Date(game.startsAt.getTime() - 1));
    clock = new Date(game.startsAt.getTime());
    const [results] = await Promise.all([
      Promise.all(
        players.map((p) =>
          buyTickets(buyer, p.session, {
            sessionId: p.session.id,
            gameId: game.id,
            requestId: "c",
            count: 2,
          }).then(
            () => "ok",
            (e: RgsError) => e.code,
          ),
        ),
      ),
      stepRoom(leader, room),
    ]);
    for (const r of results) expect(["ok", "GAME_SALES_CLOSED"]).toContain(r);
    const done = await finish(room, game);
    const okCount = results.filter((r) => r === "ok").length;
    expect(done.ticketsSold).toBe(okCount * 2);
    for (const [i, p] of players.entries()) {
      const kinds = (await providerRows(t, p.id)).map((c) => c.kind).sort();
      if (results[i] === "ok") expect(kinds).toEqual(["bet", "win"]);
      else expect(await mainBalance(t, p.id)).toBe(1_000_00n);
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("a void racing the first ball: either every purchase is refunded or the game pays, never both", async () => {
    for (let k = 0; k < 4; k++) {
      const room = await makeRoom(`race-void-${k}`, 3000);
      const players = await Promise.all(Array.from({ length: 4 }, () => seat(room.id)));
      const game = await open(room);
      for (const p of players)
        await buyTickets(leader, p.session, {
          sessionId: p.session.id,
          gameId: game.id,
          requestId: "v",
          count: 6,
        });
      clock = new Date(game.startsAt.getTime());
      await stepRoom(leader, room); // sales close, the game is decided (drawing, no ball shown)
      const drawing = (await latestGame(leader, room.id)) as BingoGame;
      expect(drawing.status).toBe("drawing");
      const [voided] = await Promise.all([voidGame(leader, drawing, true), stepRoom(leader, room)]);
      const end = await finish(room, game);
      expect(end.status).toBe(voided ? "void" : "settled");
      for (const p of players) {
        const kinds = (await providerRows(t, p.id)).map((c) => c.kind).sort();
        expect(kinds).toEqual(voided ? ["bet", "rollback"] : ["bet", "win"]);
        if (voided) expect(await mainBalance(t, p.id)).toBe(1_000_00n);
      }
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
