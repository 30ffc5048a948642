import {
  CrashBetRequest,
  CrashCashoutRequest,
  CrashMyBetsQuery,
  CrashRoundsQuery,
  CrashSessionRequest,
  CrashVerifyRequest,
} from "@panalo/contracts/crash";
import { formatX } from "@panalo/game-math/crash/index";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { latest } from "../rounds/engine.ts";
import { recentRounds, roundById } from "../rounds/reads.ts";
import { ok, openRoomSession, parse, roomSocketRoute } from "../rounds/routes.ts";
import { liveSession } from "../session.ts";
import { cashOut, myBets, placeBet, roundBets } from "./bets.ts";
import { crashPointOf, roundHmac, sha256Hex } from "./chain.ts";
import { CRASH, type CrashContext } from "./engine.ts";
import {
  CRASH_SESSION_PREFIX,
  crashKey,
  loadRoom,
  loadRooms,
  publicBet,
  roomInfo,
  roundRow,
  roundView,
} from "./model.ts";

/**
 * The crash game's API under /rgs (contracts: packages/contracts/src/crash.ts) and the room's
 * socket /rgs/ws/crash/:roomId (rounds, crashes, the batched feed of bets and cash-outs; after
 * {"type":"auth","sessionId":"…"} also one's own result).
 */
export function crashRoutes(app: FastifyInstance, ctx: CrashContext): void {
  const info = async (roomId: string) => {
    const room = await loadRoom(ctx.db, roomId);
    if (!room) throw new RgsError("ROOM_NOT_FOUND", 404);
    return roomInfo(room, await latest(ctx, CRASH, room.id), ctx.hub.players(crashKey(room.id)), ctx.now());
  };

  app.get("/api/crash/rooms", async () =>
    ok(await Promise.all((await loadRooms(ctx.db)).map((r) => info(r.id)))),
  );

  app.get("/api/crash/rooms/:roomId", async (req) => {
    const { roomId } = parse(z.object({ roomId: z.string().min(1).max(64) }), req.params);
    return ok(await info(roomId));
  });

  app.post("/api/crash/session", async (req) => {
    const b = parse(CrashSessionRequest, req.body);
    const room = await loadRoom(ctx.db, b.roomId);
    if (!room) throw new RgsError("ROOM_NOT_FOUND", 404);
    const opened = await openRoomSession(ctx, {
      vendor: room.vendor,
      gameId: `${CRASH_SESSION_PREFIX}${room.id}`,
      token: b.token,
      lang: b.lang === "EN" ? "EN" : "TY",
    });
    return ok({ ...opened, room: await info(room.id) });
  });

  app.post("/api/crash/bet", async (req) => {
    const b = parse(CrashBetRequest, req.body);
    return ok(await placeBet(ctx, await liveSession(ctx, b.sessionId), b));
  });

  app.post("/api/crash/cashout", async (req) => {
    // The instant the request reached this server decides the cash-out.
    const arrived = ctx.now();
    const b = parse(CrashCashoutRequest, req.body);
    return ok(await cashOut(ctx, await liveSession(ctx, b.sessionId), b.roundId, arrived));
  });

  /** The history strip: the room's last crashed rounds (crash point and hash). */
  app.get("/api/crash/rounds", async (req) => {
    const q = parse(CrashRoundsQuery, req.query);
    const list = await recentRounds(ctx, CRASH, q.roomId, ["settled"], q.limit);
    return ok(list.map((g) => roundView(g, ctx.now())));
  });

  /** A round and everyone's bets in it (the players' list; cash-outs as they happened). */
  app.get("/api/crash/rounds/:roundId", async (req) => {
    const { roundId } = parse(z.object({ roundId: z.string().uuid() }), req.params);
    const g = await roundById(ctx, CRASH, roundId);
    return ok({ round: roundView(g, ctx.now()), bets: (await roundBets(ctx, roundId)).map(publicBet) });
  });

  app.get("/api/crash/my-bets", async (req) => {
    const q = parse(CrashMyBetsQuery, req.query);
    return ok(await myBets(ctx, await liveSession(ctx, q.sessionId), q.limit));
  });

  /**
   * The verify page's check: the crash point of a hash on a salt (the formula of docs/crash.md),
   * SHA-256(hash) — the previous round's hash — and, when the hash is a round of this server,
   * that round and whether its neighbours link to it.
   */
  app.post("/api/crash/verify", async (req) => {
    const b = parse(CrashVerifyRequest, req.body);
    const x100 = crashPointOf(b.hash, b.salt);
    const previousHash = sha256Hex(b.hash);
    const [found] = await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.crash_rounds WHERE seed = ${b.hash} AND status = 'settled' LIMIT 1`,
    );
    let round = null;
    if (found) {
      const g = roundRow(found);
      const [before] = await rows<{ seed: string; status: string }>(
        ctx.db,
        sql`SELECT seed, status FROM rgs.crash_rounds WHERE room_id = ${g.roomId} AND round_no = ${g.roundNo - 1}`,
      );
      const [after] = await rows<{ seed: string; status: string; chain_id: string }>(
        ctx.db,
        sql`SELECT seed, status, chain_id FROM rgs.crash_rounds WHERE room_id = ${g.roomId} AND round_no = ${g.roundNo + 1}`,
      );
      const [chain] = await rows<{ terminating_hash: string; first_round: unknown }>(
        ctx.db,
        sql`SELECT terminating_hash, first_round FROM rgs.crash_chains WHERE id = ${g.chainId}`,
      );
      const first = Number(chain?.first_round ?? 1);
      round = {
        roundNo: g.roundNo,
        roomId: g.roomId,
        crash: g.crashX100 === null ? null : formatX(g.crashX100),
        // A chain's first round links to its terminating hash; any other to the round before's
        // hash. The round after links here only on the same chain (a new chain starts afresh).
        linksToPrevious:
          g.roundNo === first
            ? previousHash === chain?.terminating_hash
            : before
              ? previousHash === before.seed
              : null,
        nextLinksHere:
          after && after.status === "settled" && after.chain_id === g.chainId
            ? sha256Hex(after.seed) === b.hash
            : null,
      };
    }
    return ok({
      hmac: roundHmac(b.hash, b.salt),
      crashX100: x100,
      crash: formatX(x100),
      previousHash,
      round,
    });
  });

  roomSocketRoute(app, ctx, {
    path: "/ws/crash/:roomId",
    key: crashKey,
    gameId: (id) => `${CRASH_SESSION_PREFIX}${id}`,
    hello: (roomId, send) => {
      latest(ctx, CRASH, roomId).then(
        (g) =>
          send(
            JSON.stringify({
              type: "hello",
              tableId: crashKey(roomId),
              game: g ? roundView(g, ctx.now()) : null,
              players: ctx.hub.players(crashKey(roomId)),
            }),
          ),
        () => undefined,
      );
    },
  });
}
