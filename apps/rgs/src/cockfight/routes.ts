import {
  AdminCockfightDeclare,
  AdminCockfightEventCreate,
  AdminCockfightEventsQuery,
  AdminCockfightFightCreate,
  AdminCockfightFightRef,
  AdminCockfightOpen,
  COCKFIGHT_GAME_CODE,
  COCKFIGHT_VENDOR,
  CockfightBetRequest,
  CockfightMyBetsQuery,
  CockfightSessionRequest,
} from "@panalo/contracts/cockfight";
import { formatMinor } from "@panalo/contracts/money";
import { RgsReplayQuery } from "@panalo/contracts/rgs";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import type { RoundsContext } from "../rounds/engine.ts";
import {
  checkReplayLink,
  ok,
  openRoomSession,
  parse,
  roomSocketRoute,
  signedAdminRoutes,
} from "../rounds/routes.ts";
import { liveSession } from "../session.ts";
import { placeBet } from "./bets.ts";
import {
  arenaKey,
  betRow,
  betView,
  COCKFIGHT_SESSION_PREFIX,
  currentEvent,
  eventFights,
  eventRow,
  fightAdminView,
  fightRow,
  loadFight,
} from "./model.ts";
import {
  addFight,
  closeFight,
  confirmResult,
  createEvent,
  declareResult,
  openFight,
  rejectResult,
} from "./operate.ts";

/**
 * The cockfight API under /rgs (contracts: packages/contracts/src/cockfight.ts): the player's
 * session, the current event, bets, the player's bets with results and odds paid, the betting
 * record's recall, and the arena's socket /rgs/ws/cockfight/:roomId (every fight change and
 * its live odds; one's own result after {"type":"auth","sessionId":"…"}).
 */
export function cockfightRoutes(
  app: FastifyInstance,
  ctx: RoundsContext,
  secretOf: (vendor: string) => string,
): void {
  app.post("/api/cockfight/session", async (req) => {
    const b = parse(CockfightSessionRequest, req.body);
    if (b.gameCode !== COCKFIGHT_GAME_CODE) throw new RgsError("GAME_NOT_FOUND", 404);
    const opened = await openRoomSession(ctx, {
      vendor: COCKFIGHT_VENDOR,
      gameId: `${COCKFIGHT_SESSION_PREFIX}${b.gameCode}`,
      token: b.token,
      lang: b.lang === "EN" ? "EN" : "TY",
    });
    return ok({ ...opened, event: await currentEvent(ctx) });
  });

  app.get("/api/cockfight/current", async () => ok(await currentEvent(ctx)));

  app.post("/api/cockfight/bet", async (req) => {
    const b = parse(CockfightBetRequest, req.body);
    const session = await liveSession(ctx, b.sessionId);
    return ok((await placeBet(ctx, session, b)).bet);
  });

  /** The player's bets (latest 50), each with its fight's result and the odds it paid. */
  app.get("/api/cockfight/my-bets", async (req) => {
    const q = parse(CockfightMyBetsQuery, req.query);
    const session = await liveSession(ctx, q.sessionId);
    const found = await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT b.*, to_jsonb(f) AS fight FROM rgs.cockfight_bets b JOIN rgs.cockfight_fights f ON f.id = b.fight_id
          WHERE b.player_id = ${session.playerId} AND b.vendor = ${session.vendor}
            AND b.status IN ('placed', 'credit_pending', 'settled')
          ORDER BY b.created_at DESC LIMIT 50`,
    );
    return ok(found.map((r) => betView(betRow(r), fightRow(r.fight as Record<string, unknown>))));
  });

  /** Game recall from the betting record (the signed link): the fight, its result and odds paid. */
  app.get("/api/cockfight/replay/:betId", async (req, reply) => {
    const { betId } = parse(z.object({ betId: z.string().uuid() }), req.params);
    const q = parse(RgsReplayQuery, req.query);
    checkReplayLink(ctx, secretOf, betId, q);
    const [r] = await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.cockfight_bets WHERE id = ${betId}`,
    );
    if (!r || Number(r.player_id) !== q.player || r.vendor !== q.vendor)
      throw new RgsError("ROUND_NOT_FOUND", 404);
    const fight = await loadFight(ctx.db, String(r.fight_id));
    reply.header("cache-control", "no-store");
    return ok({
      bet: betView(betRow(r), fight),
      fight: fight ? fightAdminView(fight) : null,
      currency: String(r.currency),
    });
  });

  roomSocketRoute(app, ctx, {
    path: "/ws/cockfight/:roomId",
    key: arenaKey,
    gameId: (id) => `${COCKFIGHT_SESSION_PREFIX}${id}`,
    hello: (_roomId, send) => {
      currentEvent(ctx).then(
        (event) => send(JSON.stringify({ type: "hello", event })),
        () => undefined,
      );
    },
  });
}

/** The back office under /rgs/admin/cockfight (signed by the platform; the operator named). */
export async function cockfightAdminRoutes(
  app: FastifyInstance,
  ctx: RoundsContext,
  secret: string,
): Promise<void> {
  await signedAdminRoutes(app, secret, (scope, operatorOf, bodyOf) => {
    scope.get("/admin/cockfight/events", async (req) => {
      operatorOf(req);
      const q = parse(AdminCockfightEventsQuery, req.query);
      const evs = await rows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT * FROM rgs.cockfight_events ORDER BY event_date DESC, created_at DESC
            LIMIT 20 OFFSET ${(q.page - 1) * 20}`,
      );
      const out = [];
      for (const r of evs) {
        const e = eventRow(r);
        out.push({
          eventId: e.id,
          arena: e.arena,
          date: e.date,
          videoUrl: e.videoUrl,
          plasadaBp: e.plasadaBp,
          drawPaysX100: e.drawPaysX100,
          minBet: formatMinor(e.minBet),
          maxBet: formatMinor(e.maxBet),
          createdBy: e.createdBy,
          fights: (await eventFights(ctx.db, e.id)).map(fightAdminView),
        });
      }
      return ok(out);
    });
    scope.post("/admin/cockfight/events", async (req) => {
      const operator = operatorOf(req);
      const e = await createEvent(ctx, operator, parse(AdminCockfightEventCreate, bodyOf(req)));
      return ok({ eventId: e.id, arena: e.arena, date: e.date, videoUrl: e.videoUrl });
    });
    scope.post("/admin/cockfight/fights", async (req) => {
      operatorOf(req);
      return ok(fightAdminView(await addFight(ctx, parse(AdminCockfightFightCreate, bodyOf(req)))));
    });
    scope.post("/admin/cockfight/open", async (req) => {
      operatorOf(req);
      const b = parse(AdminCockfightOpen, bodyOf(req));
      return ok(fightAdminView(await openFight(ctx, b.fightId, b.closeAfterSeconds)));
    });
    scope.post("/admin/cockfight/close", async (req) => {
      operatorOf(req);
      const b = parse(AdminCockfightFightRef, bodyOf(req));
      return ok(fightAdminView(await closeFight(ctx, b.fightId)));
    });
    scope.post("/admin/cockfight/declare", async (req) => {
      const operator = operatorOf(req);
      const b = parse(AdminCockfightDeclare, bodyOf(req));
      return ok(fightAdminView(await declareResult(ctx, operator, b.fightId, b.result)));
    });
    scope.post("/admin/cockfight/reject", async (req) => {
      const operator = operatorOf(req);
      const b = parse(AdminCockfightFightRef, bodyOf(req));
      return ok(fightAdminView(await rejectResult(ctx, operator, b.fightId)));
    });
    scope.post("/admin/cockfight/confirm", async (req) => {
      const operator = operatorOf(req);
      const b = parse(AdminCockfightDeclare, bodyOf(req));
      return ok(fightAdminView(await confirmResult(ctx, operator, b.fightId, b.result)));
    });
  });
}
