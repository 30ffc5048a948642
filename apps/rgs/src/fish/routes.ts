import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { RoundsContext } from "../rounds/engine.ts";
import { ok, openRoomSession, parse } from "../rounds/routes.ts";
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
  sittingShots,
} from "./engine.ts";

const requestId = z.string().min(1).max(64);
const sessionId = z.string().uuid();
const cannon = z.number().int().min(1).max(CANNON_LEVELS);
const shots = z.number().int().min(MAGAZINE_SHOTS.min).max(MAGAZINE_SHOTS.max);

/**
 * The fish game's API under /rgs (docs/fish.md "Rooms and magazines"). Not in the catalogue yet:
 * the canvas client comes later; the room list is what the platform's GLS2_roomList will read.
 */
export function fishRoutes(app: FastifyInstance, ctx: RoundsContext): void {
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
    return ok(await joinFish(ctx, await liveSession(ctx, b.sessionId), b));
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
    return ok(await fire(ctx, await liveSession(ctx, b.sessionId), b.magazineId, b.shots));
  });

  app.post("/api/fish/magazine/close", async (req) => {
    const b = parse(z.object({ sessionId, magazineId: z.string().uuid() }), req.body);
    return ok(await closeMagazine(ctx, await liveSession(ctx, b.sessionId), b.magazineId));
  });

  app.post("/api/fish/leave", async (req) => {
    const b = parse(z.object({ sessionId, sittingId: z.string().uuid() }), req.body);
    return ok(await leaveFish(ctx, await liveSession(ctx, b.sessionId), b.sittingId));
  });

  /** An ended sitting's shots with its revealed seed: each one recomputable with verifyShot. */
  app.get("/api/fish/shots", async (req) => {
    const q = parse(z.object({ sessionId, sittingId: z.string().uuid() }), req.query);
    return ok(await sittingShots(ctx, await liveSession(ctx, q.sessionId), q.sittingId));
  });
}
