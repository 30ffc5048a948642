import { RgsReplayQuery } from "@panalo/contracts/rgs";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { RgsError, rgsMessage } from "../context.ts";
import type { RoundsContext } from "../rounds/engine.ts";
import {
  checkReplayLink,
  ok,
  openRoomSession,
  parse,
  type RoomSocketConn,
  roomSocketRoute,
} from "../rounds/routes.ts";
import { liveSession } from "../session.ts";
import {
  CANNON_LEVELS,
  closeMagazine,
  FISH_GAME,
  FISH_VENDOR,
  fireAt,
  fishLevel,
  fishRooms,
  joinFish,
  leaveFish,
  loadMagazine,
  MAGAZINE_SHOTS,
  magazineRecall,
  sittingShots,
} from "./engine.ts";
import {
  fishKey,
  fishResync,
  fishRoomLive,
  magazineSeat,
  publishCannon,
  publishSeats,
  publishShots,
  seatedSitting,
} from "./live.ts";

const requestId = z.string().min(1).max(64);
const sessionId = z.string().uuid();
const cannon = z.number().int().min(1).max(CANNON_LEVELS);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type FireShot = { requestId: string; fish: number; cannon: number };
const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

/**
 * The socket's burst checked by hand (the same rules as the HTTP call's zod schema, without a
 * zod parse per shot: a shot is the hot path): a magazine id, 1–50 shots of a request id
 * (1–64 characters), a fish (spawn index) and a cannon level. Null when anything is off.
 */
export function fireMessage(msg: Record<string, unknown>): { magazineId: string; shots: FireShot[] } | null {
  const { magazineId, shots } = msg;
  if (typeof magazineId !== "string" || !UUID.test(magazineId)) return null;
  if (!Array.isArray(shots) || shots.length < 1 || shots.length > 50) return null;
  const out: FireShot[] = [];
  for (const s of shots as unknown[]) {
    if (typeof s !== "object" || s === null) return null;
    const { requestId, fish, cannon } = s as Record<string, unknown>;
    if (typeof requestId !== "string" || requestId.length < 1 || requestId.length > 64) return null;
    if (!isInt(fish, 0, Number.MAX_SAFE_INTEGER) || !isInt(cannon, 1, CANNON_LEVELS)) return null;
    out.push({ requestId, fish, cannon });
  }
  return { magazineId, shots: out };
}

const shots = z.number().int().min(MAGAZINE_SHOTS.min).max(MAGAZINE_SHOTS.max);

/**
 * The fish game's API under /rgs (docs/fish.md "Rooms and magazines"), the room list the
 * platform's GLS2_roomList reads, and the room's socket (fish/live.ts): a join, a leave, a cannon
 * change and each burst are published to every seat at the sea.
 */
export function fishRoutes(
  app: FastifyInstance,
  ctx: RoundsContext,
  secretOf: (vendor: string) => string,
): void {
  /** An event that could not be published changes nothing: the next one, or a resync, catches up. */
  const tell = (p: Promise<unknown>) =>
    p.catch((err: unknown) => app.log.warn({ err }, "fish event not published"));
  ctx.hub.onResync(fishKey(""), fishResync(ctx));
  /** A burst fired (HTTP or the socket: one path), its fired shots told to the room. */
  const fire = async (session: string, magazineId: string, burst: FireShot[]) => {
    const fired = await fireAt(ctx, session, magazineId, burst);
    await tell(
      (fired.at ? Promise.resolve(fired.at) : magazineSeat(ctx, magazineId)).then((at) => {
        if (at) publishShots(ctx, at, fired.results);
      }),
    );
    return { onRound: fired.onRound, results: fired.results };
  };
  /**
   * A burst over the room's socket: {"type":"fire", id, magazineId, shots} answered
   * {"type":"fired", id, ...the HTTP call's envelope}. The socket's session (its auth) is the
   * caller: no session id in the message, the magazine must be that player's (else the
   * transactional path refuses it, ROUND_NOT_FOUND).
   */
  const fireOnSocket = (msg: Record<string, unknown>, conn: RoomSocketConn) => {
    if (msg.type !== "fire") return;
    const id = typeof msg.id === "string" || typeof msg.id === "number" ? msg.id : null;
    const answer = (body: Record<string, unknown>) =>
      conn.send(JSON.stringify({ type: "fired", id, ...body }));
    const refuse = (err: unknown) => {
      if (err instanceof RgsError) {
        const lang = conn.session?.lang === "EN" ? "EN" : "TY";
        answer({
          success: false,
          code: err.code,
          message: rgsMessage(err.code, lang, err.params),
          ...(err.balance !== null ? { balance: err.balance } : {}),
        });
      } else {
        app.log.error({ err }, "fish shot over the socket failed");
        answer({ success: false, code: "INTERNAL_ERROR", message: rgsMessage("INTERNAL_ERROR", "TY") });
      }
    };
    if (!conn.session || conn.session.expiresAt.getTime() <= ctx.now().getTime())
      return refuse(new RgsError("SESSION_EXPIRED", 401));
    const b = fireMessage(msg);
    if (!b) return refuse(new RgsError("VALIDATION_ERROR", 400));
    fire(conn.session.id, b.magazineId, b.shots).then((value) => answer({ success: true, value }), refuse);
  };
  /** The rooms for the platform's room list: game, stake range, seats free. */
  app.get("/api/fish/rooms", async () => ok(await fishRooms(ctx)));

  app.post("/api/fish/session", async (req) => {
    const b = parse(
      z.object({
        token: z.string().min(1).max(512),
        level: z.string().min(1).max(16),
        lang: z.enum(["EN", "TY"]).optional(),
      }),
      req.body,
    );
    const level = fishLevel(b.level);
    return ok(
      await openRoomSession(ctx, {
        vendor: FISH_VENDOR,
        gameId: `${FISH_GAME}:${level.id}`,
        token: b.token,
        lang: b.lang ?? "TY",
      }),
    );
  });

  app.post("/api/fish/join", async (req) => {
    const b = parse(
      z.object({ sessionId, requestId, clientSeed: z.string().min(1).max(64).optional(), shots, cannon }),
      req.body,
    );
    const joined = await joinFish(ctx, await liveSession(ctx, b.sessionId), b);
    await tell(publishSeats(ctx, joined.sitting.roomId));
    return ok(joined);
  });

  app.post("/api/fish/magazine", async (req) => {
    const b = parse(
      z.object({ sessionId, sittingId: z.string().uuid(), requestId, shots, cannon }),
      req.body,
    );
    return ok(await loadMagazine(ctx, await liveSession(ctx, b.sessionId), b.sittingId, b));
  });

  app.post("/api/fish/fire", async (req) => {
    const b = parse(
      z.object({
        sessionId,
        magazineId: z.string().uuid(),
        shots: z
          .array(z.object({ requestId, fish: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), cannon }))
          .min(1)
          .max(50),
      }),
      req.body,
    );
    // The session is read once and kept a while (each shot's write checks it has not expired).
    return ok(await fire(b.sessionId, b.magazineId, b.shots));
  });

  app.post("/api/fish/magazine/close", async (req) => {
    const b = parse(z.object({ sessionId, magazineId: z.string().uuid() }), req.body);
    return ok(await closeMagazine(ctx, await liveSession(ctx, b.sessionId), b.magazineId));
  });

  app.post("/api/fish/leave", async (req) => {
    const b = parse(z.object({ sessionId, sittingId: z.string().uuid() }), req.body);
    const left = await leaveFish(ctx, await liveSession(ctx, b.sessionId), b.sittingId);
    await tell(publishSeats(ctx, left.roomId));
    return ok(left);
  });

  /** The player's cannon level, told to the room (no money moves: each shot names its level). */
  app.post("/api/fish/cannon", async (req) => {
    const b = parse(z.object({ sessionId, sittingId: z.string().uuid(), cannon }), req.body);
    const sitting = await seatedSitting(ctx, await liveSession(ctx, b.sessionId), b.sittingId);
    publishCannon(ctx, sitting.roomId, sitting.seat, b.cannon);
    return ok({ cannon: b.cannon });
  });

  /**
   * The room's socket: {"type":"hello", roomId, seats, kills, now} on connect, then
   * fish.seats / fish.cannon / fish.shots events (fish/live.ts).
   */
  roomSocketRoute(app, ctx, {
    path: "/ws/fish/:roomId",
    key: fishKey,
    gameId: (roomId) => `${FISH_GAME}:${roomId.slice(0, Math.max(0, roomId.lastIndexOf("-")))}`,
    hello: (roomId, send) => {
      fishRoomLive(ctx, roomId).then(
        (live) =>
          send(
            JSON.stringify({
              type: "hello",
              roomId,
              seats: live?.seats ?? [],
              kills: live?.kills ?? [],
              now: ctx.now().getTime(),
            }),
          ),
        () => undefined,
      );
    },
    message: fireOnSocket,
  });

  /**
   * Game recall of one magazine from the platform's betting record (the signed link every
   * in-house game's recall uses, docs/provider-protocol.md "Game recall"): its stake, what it paid
   * back and its shots; a bad or expired link answers REPLAY_LINK_INVALID.
   */
  app.get("/api/fish/replay/:magazineId", async (req, reply) => {
    const { magazineId } = parse(z.object({ magazineId: z.string().uuid() }), req.params);
    const q = parse(RgsReplayQuery, req.query);
    checkReplayLink(ctx, secretOf, magazineId, q);
    reply.header("cache-control", "no-store");
    return ok(await magazineRecall(ctx, magazineId, q));
  });

  /** An ended sitting's shots with its revealed seed: each one recomputable with verifyShot. */
  app.get("/api/fish/shots", async (req) => {
    const q = parse(z.object({ sessionId, sittingId: z.string().uuid() }), req.query);
    return ok(await sittingShots(ctx, await liveSession(ctx, q.sessionId), q.sittingId));
  });
}
