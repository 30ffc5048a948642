import { randomUUID, timingSafeEqual } from "node:crypto";
import {
  BingoBuyRequest,
  BingoGamesQuery,
  BingoMyTicketsQuery,
  type BingoRoomInfo,
  BingoSessionRequest,
  BingoVerifyRequest,
} from "@panalo/contracts/bingo";
import { RgsReplayQuery } from "@panalo/contracts/rgs";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { replaySignature } from "../history.ts";
import { sessions } from "../schema.ts";
import { liveSession } from "../session.ts";
import { tableSeedHash } from "../tables/model.ts";
import { type BingoContext, latestGame } from "./engine.ts";
import {
  BINGO_SESSION_PREFIX,
  gameDraw,
  gameRow,
  gameView,
  loadRoom,
  loadRooms,
  roomInfo,
  roomLeaseKey,
  stripOrCard,
} from "./model.ts";
import { buyTickets, purchaseRow, purchaseView } from "./purchases.ts";

const SESSION_TTL_MS = 12 * 3600_000;
const ok = <T>(value: T) => ({ success: true as const, value });

export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data ?? {});
  if (!r.success)
    throw new RgsError(
      "VALIDATION_ERROR",
      400,
      null,
      r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  return r.data;
}

export async function roomInfos(ctx: BingoContext): Promise<BingoRoomInfo[]> {
  const rooms = await loadRooms(ctx.db);
  const latest = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT g.* FROM rgs.bingo_rooms r CROSS JOIN LATERAL (
          SELECT * FROM rgs.bingo_games WHERE room_id = r.id ORDER BY game_no DESC LIMIT 1) g`,
  );
  const byRoom = new Map(latest.map((r) => [String(r.room_id), gameRow(r)]));
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
    const auth = await ctx.client.call(room.vendor, "authenticate", { token: b.token });
    if (auth.kind === "unknown") throw new RgsError("PLATFORM_UNAVAILABLE", 503);
    if (auth.kind === "refused") {
      if (["INVALID_TOKEN", "PLAYER_NOT_FOUND", "ACCOUNT_LOCKED"].includes(auth.code))
        throw new RgsError("TOKEN_INVALID", 401, auth.balance);
      throw new RgsError("PLATFORM_UNAVAILABLE", 503);
    }
    const playerId = Number(auth.value.playerId);
    if (!Number.isSafeInteger(playerId) || playerId <= 0) throw new RgsError("PLATFORM_UNAVAILABLE", 503);
    const id = randomUUID();
    await ctx.db.insert(sessions).values({
      id,
      playerId,
      vendor: room.vendor,
      gameId: `${BINGO_SESSION_PREFIX}${room.id}`,
      currency: String(auth.value.currency),
      token: b.token,
      lang: b.lang === "EN" ? "EN" : "TY",
      expiresAt: new Date(ctx.now().getTime() + SESSION_TTL_MS),
    });
    const game = await latestGame(ctx, room.id);
    return ok({
      sessionId: id,
      playerId,
      currency: String(auth.value.currency),
      balance: String(auth.value.balance),
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
    const rs = await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.bingo_games WHERE room_id = ${q.roomId} AND status IN ('settled', 'void')
          ORDER BY game_no DESC LIMIT ${q.limit}`,
    );
    return ok(rs.map((r) => gameView(gameRow(r))));
  });

  app.get("/api/bingo/games/:gameId", async (req) => {
    const { gameId } = parse(z.object({ gameId: z.string().uuid() }), req.params);
    const [r] = await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.bingo_games WHERE id = ${gameId}`,
    );
    if (!r) throw new RgsError("ROUND_NOT_FOUND", 404);
    return ok(gameView(gameRow(r)));
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
    const list = (
      await rows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT * FROM rgs.bingo_purchases WHERE game_id = ${q.gameId} AND player_id = ${session.playerId}
            AND status IN ('placed', 'credit_pending', 'settled') ORDER BY first_ticket`,
      )
    ).map(purchaseRow);
    return ok(list.map(purchaseView));
  });

  /** Game recall from the betting record (the signed link of docs/provider-protocol.md). */
  app.get("/api/bingo/replay/:purchaseId", async (req, reply) => {
    const { purchaseId } = parse(z.object({ purchaseId: z.string().uuid() }), req.params);
    const q = parse(RgsReplayQuery, req.query);
    const now = Math.floor(ctx.now().getTime() / 1000);
    const expected = Buffer.from(
      replaySignature(secretOf(q.vendor), q.vendor, purchaseId, q.player, q.exp),
      "hex",
    );
    const given = Buffer.from(q.sig, "hex");
    if (
      q.exp < now ||
      q.exp > now + 3600 ||
      expected.length !== given.length ||
      !timingSafeEqual(expected, given)
    )
      throw new RgsError("REPLAY_LINK_INVALID", 401);
    const [row] = await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.bingo_purchases WHERE id = ${purchaseId}`,
    );
    const p = row ? purchaseRow(row) : null;
    if (!p || p.playerId !== q.player || p.vendor !== q.vendor) throw new RgsError("ROUND_NOT_FOUND", 404);
    const [g] = await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.bingo_games WHERE id = ${p.gameId}`,
    );
    const room = await loadRoom(ctx.db, p.roomId);
    if (!g || !room) throw new RgsError("ROUND_NOT_FOUND", 404);
    reply.header("cache-control", "no-store");
    return ok({
      room: { id: room.id, kind: room.kind, name: room.name },
      game: gameView(gameRow(g)),
      purchase: purchaseView(p),
      currency: String(row?.currency ?? ""),
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
    return ok({ seedHash: tableSeedHash(b.seed), draw: gameDraw(b.kind, b.seed), deals });
  });

  app.get("/ws/bingo/:roomId", { websocket: true }, (socket, req) => {
    const roomId = String((req.params as { roomId?: unknown }).roomId ?? "").slice(0, 64);
    const conn = {
      playerId: null as number | null,
      send: (text: string) => {
        if (socket.readyState === socket.OPEN) socket.send(text);
      },
    };
    const leave = ctx.hub.join(roomLeaseKey(roomId), conn);
    socket.on("close", leave);
    socket.on("message", (raw: Buffer) => {
      let msg: { type?: unknown; sessionId?: unknown } | null = null;
      try {
        msg = JSON.parse(raw.toString());
      } catch {
        return;
      }
      if (
        msg?.type === "auth" &&
        typeof msg.sessionId === "string" &&
        /^[0-9a-f-]{36}$/i.test(msg.sessionId)
      ) {
        liveSession(ctx, msg.sessionId).then(
          (s) => {
            if (s.gameId !== `${BINGO_SESSION_PREFIX}${roomId}`) return;
            conn.playerId = s.playerId;
            conn.send(JSON.stringify({ type: "authed" }));
          },
          () => conn.send(JSON.stringify({ type: "error", code: "SESSION_EXPIRED" })),
        );
      }
    });
    latestGame(ctx, roomId).then(
      (g) =>
        conn.send(
          JSON.stringify({
            type: "hello",
            tableId: roomLeaseKey(roomId),
            game: g ? gameView(g) : null,
            players: ctx.hub.players(roomLeaseKey(roomId)),
          }),
        ),
      () => undefined,
    );
  });
}
