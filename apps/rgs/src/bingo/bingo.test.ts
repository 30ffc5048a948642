import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerClients } from "../../../server/src/db/schema/providers.ts";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { replaySignature } from "../history.ts";
import { inHouseProviderSecret } from "../protocol-client.ts";
import { roomTestContext } from "../rounds/testing.ts";
import type { SessionRow } from "../schema.ts";
import { liveSession } from "../session.ts";
import { tableSeedHash } from "../tables/model.ts";
import { fundedPlayer, mainBalance, providerRows, registerInHouseVendors } from "../test-platform.ts";
import { type BingoContext, latestGame, stepRoom, voidGame } from "./engine.ts";
import { type BingoGame, type BingoRoom, gameDraw, loadRoom, purchaseTickets } from "./model.ts";
import { buyTickets } from "./purchases.ts";

// Bingo games end to end through the provider protocol, on PGlite by default
// and on PostgreSQL with TEST_DATABASE_URL. The clock is the test's; steps are driven by hand.
describe("bingo rooms", () => {
  let t: TestApp;
  let clock = new Date();
  const now = () => clock;
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const events: Array<{ type: string; game?: { status: string; balls: number[] }; mine?: unknown }> = [];
  const ctxOf = (holder: string, roomKey?: string): BingoContext =>
    roomTestContext(
      t,
      now,
      { holder, leaseTtlMs: 3000, closeGraceMs: 100 },
      roomKey ? { room: roomKey, into: events } : undefined,
    );
  let a: BingoContext;

  const makeRoom = async (id: string, kind: "bingo90" | "bingo75", extra = sql``) => {
    const split =
      kind === "bingo90"
        ? { line: 1500, two_lines: 2500, full_house: 6000 }
        : { pattern: 3000, blackout: 7000 };
    await t.database.db.execute(
      sql`INSERT INTO rgs.bingo_rooms (id, kind, name, ticket_price, pool_bp, split, sales_ms, ball_ms, max_tickets, game_tickets)
          VALUES (${id}, ${kind}, '{"EN":"Test","TY":"Test"}', 1000, 7000, ${JSON.stringify(split)}::jsonb, 10000, 1000, 12, 30)`,
    );
    if (extra.queryChunks.length) await t.database.db.execute(extra);
    return (await loadRoom(t.database.db, id)) as BingoRoom;
  };

  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
    await t.database.db
      .insert(providerClients)
      .values({ vendor: "PNB", secret: inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNB") })
      .onConflictDoNothing();
    a = ctxOf("proc-a", "bingo:b90");
  });
  afterAll(async () => t.close());

  const seat = async (roomId: string, minor = 1_000_00n): Promise<{ id: number; session: SessionRow }> => {
    const p = await fundedPlayer(t, minor, "PNB");
    const res = await t.app.inject({
      method: "POST",
      url: "/rgs/api/bingo/session",
      payload: { token: p.token, roomId },
    });
    expect(res.statusCode).toBe(200);
    return { id: p.id, session: await liveSession(a, res.json().value.sessionId) };
  };
  const selling = async (room: BingoRoom, ctx = a): Promise<BingoGame> => {
    for (let i = 0; i < 5; i++) {
      const g = await latestGame(ctx, room.id);
      if (g?.status === "selling") return g;
      await stepRoom(ctx, room);
    }
    throw new Error("no game on sale");
  };
  /** Step the room through the draw (one ball a second) until the game settles. */
  const drawToEnd = async (room: BingoRoom, game: BingoGame, ctx = a) => {
    for (let i = 0; i < 200; i++) {
      const g = await latestGame(ctx, room.id);
      if (g?.id === game.id && g.status === "settled") return g;
      await stepRoom(ctx, room);
      advance(room.ballMs);
    }
    throw new Error("game did not settle");
  };

  it("sells tickets with one debit per purchase, draws, shares the prizes and credits each purchase once", async () => {
    const room = await makeRoom("b90", "bingo90");
    const p1 = await seat(room.id);
    const p2 = await seat(room.id);
    const game = await selling(room);
    expect(game.seedHash).toBe(tableSeedHash(game.seed));
    const pub = await t.app.inject({ method: "GET", url: `/rgs/api/bingo/games/${game.id}` });
    expect(pub.json().value.seed).toBeNull(); // committed, not revealed while selling
    const b1 = await buyTickets(a, p1.session, {
      sessionId: p1.session.id,
      gameId: game.id,
      requestId: "r1",
      count: 6,
    });
    expect(b1.tickets.map((x) => x.ticketNo)).toEqual([1, 2, 3, 4, 5, 6]);
    // The same request again: the same tickets, no second debit.
    const again = await buyTickets(a, p1.session, {
      sessionId: p1.session.id,
      gameId: game.id,
      requestId: "r1",
      count: 6,
    });
    expect(again.purchaseId).toBe(b1.purchaseId);
    const b2 = await buyTickets(a, p2.session, {
      sessionId: p2.session.id,
      gameId: game.id,
      requestId: "r1",
      count: 8,
    });
    expect(b2.tickets[0]?.ticketNo).toBe(7);
    expect(await mainBalance(t, p1.id)).toBe(1_000_00n - 60_00n);
    expect(await mainBalance(t, p2.id)).toBe(1_000_00n - 80_00n);
    // The first strip is the seed's strip 0: together its six tickets cover 1–90.
    expect(new Set(b1.tickets.flatMap((x) => x.numbers.flat()).filter(Boolean)).size).toBe(90);
    const listed = await t.app.inject({ method: "GET", url: `/rgs/api/bingo/rooms/${room.id}` });
    expect(listed.json().value.game).toMatchObject({ ticketsSold: 14, pool: "98.00" });

    advance(room.salesMs);
    const done = await drawToEnd(room, game);
    expect(done.sales).toBe(140_00n);
    expect(done.pool).toBe(98_00n);
    const prizes = done.result ?? [];
    expect(prizes.map((p) => p.prize)).toEqual(["line", "two_lines", "full_house"]);
    let paid = 0n;
    for (const p of prizes) {
      expect(p.at).not.toBeNull();
      const shares = p.winners.map((w) => BigInt(w.share.replace(".", "")));
      expect(shares.reduce((x, y) => x + y, 0n)).toBe(BigInt(p.amount.replace(".", "")));
      paid += shares.reduce((x, y) => x + y, 0n);
    }
    expect(paid).toBe(98_00n);
    expect(done.winsTotal).toBe(98_00n);
    expect(done.ballsTotal).toBe(prizes[2]?.at);
    // Balances: each player got the shares of their tickets.
    const shareOf = (from: number, to: number) =>
      prizes
        .flatMap((p) => p.winners)
        .filter((w) => w.ticketNo >= from && w.ticketNo <= to)
        .reduce((x, w) => x + BigInt(w.share.replace(".", "")), 0n);
    expect(await mainBalance(t, p1.id)).toBe(1_000_00n - 60_00n + shareOf(1, 6));
    expect(await mainBalance(t, p2.id)).toBe(1_000_00n - 80_00n + shareOf(7, 14));
    for (const p of [p1, p2]) {
      const calls = await providerRows(t, p.id);
      expect(calls.filter((c) => c.kind === "bet")).toHaveLength(1);
      expect(calls.filter((c) => c.kind === "win")).toHaveLength(1);
    }
    // Stepping again pays nothing twice; the next game opens.
    await stepRoom(a, room);
    await stepRoom(a, room);
    expect(await providerRows(t, p1.id)).toHaveLength(2);
    expect(events.some((e) => e.type === "bingo" && e.game?.status === "drawing")).toBe(true);
    // The verify page recomputes the draw and the strips from the revealed seed.
    const view = (await t.app.inject({ method: "GET", url: `/rgs/api/bingo/games/${game.id}` })).json().value;
    expect(view.seed).toBe(game.seed);
    const v = await t.app.inject({
      method: "POST",
      url: "/rgs/api/bingo/verify",
      payload: { kind: "bingo90", seed: game.seed, from: 0, count: 3 },
    });
    const verified = v.json().value;
    expect(verified.seedHash).toBe(game.seedHash);
    expect(verified.draw.slice(0, view.balls.length)).toEqual(view.balls);
    expect(verified.deals[0].tickets).toEqual(b1.tickets.map((x) => x.numbers));
    expect(verified.deals[1].tickets.concat(verified.deals[2].tickets).slice(0, 8)).toEqual(
      b2.tickets.map((x) => x.numbers),
    );
    expect(view.balls).toEqual(gameDraw("bingo90", game.seed).slice(0, done.ballsTotal ?? 0));
    // Game recall from the betting record: the signed link shows the tickets, balls and win.
    const secret = inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNB");
    const exp = Math.floor(clock.getTime() / 1000) + 600;
    const sig = replaySignature(secret, "PNB", b2.purchaseId, p2.id, exp);
    const url = `/rgs/api/bingo/replay/${b2.purchaseId}?vendor=PNB&player=${p2.id}&exp=${exp}&sig=${sig}`;
    const recall = (await t.app.inject({ method: "GET", url })).json().value;
    expect(recall.purchase.tickets).toEqual(b2.tickets);
    expect(recall.game.balls).toEqual(view.balls);
    expect(recall.purchase.win).toBe((Number(shareOf(7, 14)) / 100).toFixed(2));
    const forged = await t.app.inject({
      method: "GET",
      url: url.replace(`player=${p2.id}`, `player=${p1.id}`),
    });
    expect(forged.json().code).toBe("REPLAY_LINK_INVALID");
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("closes sales exactly at the start, and enforces the ticket limits", async () => {
    const room = await makeRoom("b75", "bingo75");
    const p = await seat(room.id);
    const q = await seat(room.id);
    const game = await selling(room);
    clock = new Date(game.startsAt.getTime() - 1);
    const got = await buyTickets(a, p.session, {
      sessionId: p.session.id,
      gameId: game.id,
      requestId: "last",
      count: 2,
    });
    expect(got.tickets[0]?.numbers[2]?.[2]).toBe(0); // the free centre
    expect(got.tickets).toEqual(
      purchaseTickets("bingo75", game.seed, 0, 2).map((numbers, i) => ({ ticketNo: i + 1, numbers })),
    );
    await expect(
      buyTickets(a, p.session, { sessionId: p.session.id, gameId: game.id, requestId: "many", count: 11 }),
    ).rejects.toMatchObject({ code: "TICKET_LIMIT" });
    clock = new Date(game.startsAt.getTime());
    const late = await buyTickets(a, q.session, {
      sessionId: q.session.id,
      gameId: game.id,
      requestId: "late",
      count: 1,
    }).catch((e: RgsError) => e);
    expect(late).toBeInstanceOf(RgsError);
    expect((late as RgsError).code).toBe("GAME_SALES_CLOSED");
    expect(await mainBalance(t, q.id)).toBe(1_000_00n);
    // Validation answers in the envelope with the fields named.
    const bad = await t.app.inject({
      method: "POST",
      url: "/rgs/api/bingo/buy",
      payload: { sessionId: "x", count: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    const done = await drawToEnd(room, game);
    expect(done.result?.map((r) => r.prize)).toEqual(["pattern", "blackout"]);
    expect(await mainBalance(t, p.id)).toBe(1_000_00n - 20_00n + done.winsTotal);
  });

  it("voids a game found stuck after a crash and rolls every purchase back", async () => {
    const room = await makeRoom("b90v", "bingo90");
    const p = await seat(room.id);
    const game = await selling(room);
    await buyTickets(a, p.session, { sessionId: p.session.id, gameId: game.id, requestId: "v", count: 3 });
    expect(await mainBalance(t, p.id)).toBe(1_000_00n - 30_00n);
    // Nobody ran the room for longer than voidAfterMs past the start.
    advance(room.salesMs + a.voidAfterMs + 1);
    await stepRoom(a, room);
    const g = await rows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM rgs.bingo_games WHERE id = ${game.id}`,
    );
    expect(g[0]?.status).toBe("void");
    expect(await mainBalance(t, p.id)).toBe(1_000_00n);
    const calls = await providerRows(t, p.id);
    expect(calls.map((c) => c.kind).sort()).toEqual(["bet", "rollback"]);
    // A void game cannot be voided or paid again.
    expect(await voidGame(a, { ...game, status: "void" }, true)).toBe(false);
  });

  it("a new leader takes over mid-draw after the lease expires, drawing on and paying once", async () => {
    const room = await makeRoom("b90l", "bingo90");
    const p = await seat(room.id);
    const game = await selling(room);
    await buyTickets(a, p.session, { sessionId: p.session.id, gameId: game.id, requestId: "l", count: 12 });
    advance(room.salesMs);
    for (let i = 0; i < 5; i++) {
      await stepRoom(a, room);
      advance(room.ballMs);
    }
    const mid = (await latestGame(a, room.id)) as BingoGame;
    expect(mid.status).toBe("drawing");
    expect(mid.ballsDrawn).toBeGreaterThan(0);
    // proc-a dies; proc-b waits while the lease is alive, then leads.
    const b = ctxOf("proc-b");
    await stepRoom(b, room);
    expect((await latestGame(b, room.id))?.ballsDrawn).toBe(mid.ballsDrawn);
    advance(a.leaseTtlMs + 1);
    const done = await drawToEnd(room, game, b);
    expect(done.ballsTotal).toBe(done.result?.[2]?.at);
    // proc-a comes back with its stale view: the lease is b's, nothing moves.
    await stepRoom(a, room);
    const calls = await providerRows(t, p.id);
    expect(calls.filter((c) => c.kind === "bet")).toHaveLength(1);
    expect(calls.filter((c) => c.kind === "win")).toHaveLength(1);
    // 12 tickets of one player: every prize is theirs.
    expect(await mainBalance(t, p.id)).toBe(1_000_00n - 120_00n + 84_00n);
  });

  it("settles 200 players in one game: one debit and one credit each, prizes adding up to the pool", async () => {
    const room = await makeRoom(
      "b75big",
      "bingo75",
      sql`UPDATE rgs.bingo_rooms SET game_tickets = 2000 WHERE id = 'b75big'`,
    );
    const seats = await Promise.all(Array.from({ length: 200 }, () => seat(room.id, 100_00n)));
    const game = await selling(room);
    for (let i = 0; i < seats.length; i += 20)
      await Promise.all(
        seats.slice(i, i + 20).map((p, k) =>
          buyTickets(a, p.session, {
            sessionId: p.session.id,
            gameId: game.id,
            requestId: "big",
            count: 1 + ((i + k) % 6),
          }),
        ),
      );
    advance(room.salesMs);
    const started = performance.now();
    const done = await drawToEnd(room, game);
    const ms = performance.now() - started;
    expect(done.sales).toBe(BigInt(seats.reduce((x, _, i) => x + 1 + (i % 6), 0)) * 10_00n);
    expect(done.winsTotal).toBe(done.pool);
    const [n] = await rows<{ bets: unknown; wins: unknown }>(
      t.database.db,
      sql`SELECT count(*) FILTER (WHERE kind = 'bet') AS bets, count(*) FILTER (WHERE kind = 'win') AS wins
          FROM provider_transactions WHERE vendor = 'PNB' AND round_id IN (SELECT id::text FROM rgs.bingo_purchases WHERE game_id = ${game.id})`,
    );
    expect(Number(n?.bets)).toBe(200);
    expect(Number(n?.wins)).toBe(200);
    console.info(
      `bingo: 200 players, ${done.ticketsSold} tickets, ${done.ballsTotal} balls — close to last credit ${ms.toFixed(0)} ms`,
    );
  }, 120_000);
});
