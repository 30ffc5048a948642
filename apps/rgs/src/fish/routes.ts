import { RgsReplayQuery } from "@panalo/contracts/rgs";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { RoundsContext } from "../rounds/engine.ts";
import { checkReplayLink, ok, openRoomSession, parse, roomSocketRoute } from "../rounds/routes.ts";
import { liveSession } from "../session.ts";
import {
  CANNON_LEVELS,
  closeMagazine,
  FISH_GAME,
  FISH_VENDOR,
  fire,
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
    const fired = await fire(ctx, await liveSession(ctx, b.sessionId), b.magazineId, b.shots);
    await tell(
      magazineSeat(ctx, b.magazineId).then((at) => {
        if (at) publishShots(ctx, at, fired.results);
      }),
    );
    return ok(fired);
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
  });

  /** An ended sitting's shots with its revealed seed: each one recomputable with verifyShot. */
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

  app.get("/api/fish/shots", async (req) => {
    const q = parse(z.object({ sessionId, sittingId: z.string().uuid() }), req.query);
    return ok(await sittingShots(ctx, await liveSession(ctx, q.sessionId), q.sittingId));
  });
}
