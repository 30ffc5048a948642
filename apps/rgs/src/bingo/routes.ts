import {
  BingoBuyRequest,
  BingoGamesQuery,
  BingoMyTicketsQuery,
  type BingoRoomInfo,
  BingoSessionRequest,
  BingoVerifyRequest,
} from "@panalo/contracts/bingo";
import { RgsReplayQuery } from "@panalo/contracts/rgs";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { RgsError } from "../context.ts";
import { roundSeedHash } from "../rounds/engine.ts";
import { latestByRoom, playerStakes, recalledStake, recentRounds, roundById } from "../rounds/reads.ts";
import { checkReplayLink, ok, openRoomSession, parse, roomSocketRoute } from "../rounds/routes.ts";
import { liveSession } from "../session.ts";
import { BINGO, type BingoContext, latestGame } from "./engine.ts";
import {
  BINGO_SESSION_PREFIX,
  gameDraw,
  gameView,
  loadRoom,
  loadRooms,
  roomInfo,
  roomLeaseKey,
  stripOrCard,
} from "./model.ts";
import { buyTickets, purchaseRow, purchaseView } from "./purchases.ts";

export async function roomInfos(ctx: BingoContext): Promise<BingoRoomInfo[]> {
  const rooms = await loadRooms(ctx.db);
  const byRoom = await latestByRoom(ctx, BINGO);
  return rooms.map((r) =>
    roomInfo(r, ctx.now(), ctx.hub.players(roomLeaseKey(r.id)), byRoom.get(r.id) ?? null),
  );
}

/**
 * The bingo rooms' API under /rgs (contracts: packages/contracts/src/bingo.ts) and the players'
 * socket /rgs/ws/bingo/:roomId (first message {"type":"auth","sessionId":"…"} to receive one's
 * own result; without it, the public game events only).
 */
export function bingoRoutes(
  app: FastifyInstance,
  ctx: BingoContext,
  secretOf: (vendor: string) => string,
): void {
  app.get("/api/bingo/rooms", async () => ok(await roomInfos(ctx)));

  app.post("/api/bingo/session", async (req) => {
    const b = parse(BingoSessionRequest, req.body);
    const room = await loadRoom(ctx.db, b.roomId);
    if (!room) throw new RgsError("ROOM_NOT_FOUND", 404);
    const opened = await openRoomSession(ctx, {
      vendor: room.vendor,
      gameId: `${BINGO_SESSION_PREFIX}${room.id}`,
      token: b.token,
      lang: b.lang === "EN" ? "EN" : "TY",
    });
    const game = await latestGame(ctx, room.id);
    return ok({
      ...opened,
      room: roomInfo(room, ctx.now(), ctx.hub.players(roomLeaseKey(room.id)), game),
    });
  });

  app.get("/api/bingo/rooms/:roomId", async (req) => {
    const { roomId } = parse(z.object({ roomId: z.string().min(1).max(64) }), req.params);
    const room = await loadRoom(ctx.db, roomId);
    if (!room) throw new RgsError("ROOM_NOT_FOUND", 404);
    const game = await latestGame(ctx, room.id);
    return ok(roomInfo(room, ctx.now(), ctx.hub.players(roomLeaseKey(room.id)), game));
  });

  app.get("/api/bingo/games", async (req) => {
    const q = parse(BingoGamesQuery, req.query);
    return ok((await recentRounds(ctx, BINGO, q.roomId, ["settled", "void"], q.limit)).map(gameView));
  });

  app.get("/api/bingo/games/:gameId", async (req) => {
    const { gameId } = parse(z.object({ gameId: z.string().uuid() }), req.params);
    return ok(gameView(await roundById(ctx, BINGO, gameId)));
  });

  app.post("/api/bingo/buy", async (req) => {
    const b = parse(BingoBuyRequest, req.body);
    const session = await liveSession(ctx, b.sessionId);
    return ok(await buyTickets(ctx, session, b));
  });

  /** The player's tickets in a game (a page reloaded mid-game shows them again). */
  app.get("/api/bingo/my-tickets", async (req) => {
    const q = parse(BingoMyTicketsQuery, req.query);
    const session = await liveSession(ctx, q.sessionId);
    const list = (await playerStakes(ctx, BINGO, q.gameId, session.playerId)).map((p) => purchaseRow(p.row));
    return ok(list.map(purchaseView));
  });

  /** Game recall from the betting record (the signed link of docs/provider-protocol.md). */
  app.get("/api/bingo/replay/:purchaseId", async (req, reply) => {
    const { purchaseId } = parse(z.object({ purchaseId: z.string().uuid() }), req.params);
    const q = parse(RgsReplayQuery, req.query);
    checkReplayLink(ctx, secretOf, purchaseId, q);
    const { stake, round: g, room } = await recalledStake(ctx, BINGO, purchaseId, q);
    const p = purchaseRow(stake.row);
    reply.header("cache-control", "no-store");
    return ok({
      room: { id: room.id, kind: room.kind, name: room.name },
      game: gameView(g),
      purchase: purchaseView(p),
      currency: String(stake.row.currency ?? ""),
    });
  });

  /**
   * Anyone can recompute a game from its revealed seed (the verify page): the seed's hash, the
   * whole draw order and the strips (90-ball) or cards (75-ball) numbered from..from+count-1.
   */
  app.post("/api/bingo/verify", async (req) => {
    const b = parse(BingoVerifyRequest, req.body);
    const deals = Array.from({ length: b.count }, (_, i) => ({
      n: b.from + i,
      tickets: stripOrCard(b.kind, b.seed, b.from + i),
    }));
    return ok({ seedHash: roundSeedHash(b.seed), draw: gameDraw(b.kind, b.seed), deals });
  });

  roomSocketRoute(app, ctx, {
    path: "/ws/bingo/:roomId",
    key: roomLeaseKey,
    gameId: (id) => `${BINGO_SESSION_PREFIX}${id}`,
    hello: (roomId, send) => {
      latestGame(ctx, roomId).then(
        (g) =>
          send(
            JSON.stringify({
              type: "hello",
              tableId: roomLeaseKey(roomId),
              game: g ? gameView(g) : null,
              players: ctx.hub.players(roomLeaseKey(roomId)),
            }),
          ),
        () => undefined,
      );
    },
  });
}
