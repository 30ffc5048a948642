import {
  AdminLiabilityQuery,
  AdminLotteryDrawsQuery,
  AdminLotteryGameUpdate,
  AdminLotteryReportQuery,
  LotteryBetsQuery,
  LotteryCancelRequest,
  LotteryDrawQuery,
  type LotteryEvent,
  LotteryMenuQuery,
  LotteryOpenDrawsQuery,
  LotteryResultsQuery,
  LotterySessionRequest,
  LotterySlipRequest,
  LotteryVerifyRequest,
} from "@panalo/contracts/lottery";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { RgsError } from "../context.ts";
import { adminDraws, adminGames, adminLiability, adminReport, updateGame } from "./admin.ts";
import { ADMIN_OPERATOR_HEADER, ADMIN_SIGNATURE_HEADER, verifyAdminCall } from "./admin-auth.ts";
import type { LotteryContext } from "./context.ts";
import { drawByNo, drawDto, lastDraws, lotteryMenu, openDraws, verifyDraw } from "./draws.ts";
import {
  cancelSlip,
  listBets,
  lotterySession,
  openLotterySession,
  placeSlip,
  readerSession,
  recentGames,
} from "./slips.ts";

export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data ?? {});
  if (!r.success) {
    throw new RgsError(
      "VALIDATION_ERROR",
      400,
      null,
      r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  }
  return r.data;
}

const ok = <T>(value: T) => ({ success: true as const, value });
const Uuid = z.string().uuid();

/** The session id of `Authorization: Bearer <sessionId>` (SESSION_EXPIRED when missing). */
function bearer(req: FastifyRequest): string {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  const id = Uuid.safeParse(m?.[1]);
  if (!id.success) throw new RgsError("SESSION_EXPIRED", 401);
  return id.data;
}

/** Public reads shared by /rgs/lottery/* and the spec §7 gateway paths. */
async function results(ctx: LotteryContext, query: unknown) {
  const q = parse(LotteryResultsQuery, query);
  const now = ctx.now();
  return ok({ items: (await lastDraws(ctx, q.gameCode, q.count)).map((d) => drawDto(d, now)) });
}
async function opened(ctx: LotteryContext, query: unknown) {
  const q = parse(LotteryOpenDrawsQuery, query);
  const now = ctx.now();
  const list = await openDraws(ctx.db, q.gameCode, now, q.count);
  return ok({ serverTime: now.toISOString(), items: list.map((d) => drawDto(d, now)) });
}

/** The player's lottery API, under the RGS prefix (/rgs/lottery/*), and its live events. */
export function lotteryRoutes(app: FastifyInstance, ctx: LotteryContext): void {
  app.get("/lottery/games", async (req) => {
    parse(LotteryMenuQuery, req.query);
    return ok(await lotteryMenu(ctx));
  });
  app.get("/lottery/results", async (req) => results(ctx, req.query));
  app.get("/lottery/draws/open", async (req) => opened(ctx, req.query));
  app.get("/lottery/draw", async (req) => {
    const q = parse(LotteryDrawQuery, req.query);
    const d = await drawByNo(ctx.db, q.drawNo);
    if (!d) throw new RgsError("DRAW_NOT_FOUND", 404);
    return ok(drawDto(d, ctx.now()));
  });
  app.post("/lottery/verify", async (req) => {
    const b = parse(LotteryVerifyRequest, req.body);
    return ok(await verifyDraw(ctx, b.drawNo, b.seed));
  });
  app.post("/lottery/session", async (req) =>
    ok(await openLotterySession(ctx, parse(LotterySessionRequest, req.body))),
  );
  app.post("/lottery/slips", async (req) => {
    const session = await lotterySession(ctx, bearer(req));
    return ok(await placeSlip(ctx, session, parse(LotterySlipRequest, req.body)));
  });
  app.post("/lottery/slips/cancel", async (req) => {
    const session = await lotterySession(ctx, bearer(req));
    return ok(await cancelSlip(ctx, session, parse(LotteryCancelRequest, req.body).slipId));
  });
  app.get("/lottery/bets", async (req) => {
    const session = await readerSession(ctx, bearer(req));
    return ok(await listBets(ctx, session.playerId, parse(LotteryBetsQuery, req.query)));
  });
  app.get("/lottery/recent", async (req) => {
    const session = await readerSession(ctx, bearer(req));
    return ok(await recentGames(ctx, session.playerId));
  });

  // Server-sent events: public results for everyone, the player's settlements with a session.
  app.get("/lottery/events", async (req, reply) => {
    const q = parse(z.object({ sessionId: Uuid.optional() }), req.query);
    const playerId = q.sessionId ? (await readerSession(ctx, q.sessionId)).playerId : null;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
      "x-content-type-options": "nosniff",
    });
    const send = (e: LotteryEvent) => res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
    res.write("retry: 3000\n\n");
    send({ type: "hello", serverTime: ctx.now().toISOString(), private: playerId !== null });
    const unsubscribe = ctx.bus.subscribe(playerId, send);
    const ping = setInterval(() => res.write(": ping\n\n"), 15_000);
    ping.unref();
    const end = () => {
      clearInterval(ping);
      unsubscribe();
    };
    req.raw.on("close", end);
    res.on("close", end);
  });
}

/**
 * The RGS's back-office API (/rgs/admin/lottery/*): only calls the platform signed
 * (admin-auth.ts), carrying the operator's name for the RGS's own audit rows.
 */
export async function lotteryAdminRoutes(
  app: FastifyInstance,
  ctx: LotteryContext,
  secret: string,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    const operatorOf = (req: FastifyRequest): string => {
      const raw = typeof req.body === "string" ? req.body : "";
      const name = verifyAdminCall(secret, {
        method: req.method,
        path: req.url,
        body: raw,
        signature: req.headers[ADMIN_SIGNATURE_HEADER] as string | undefined,
        operator: req.headers[ADMIN_OPERATOR_HEADER] as string | undefined,
      });
      if (!name) throw new RgsError("UNAUTHORIZED", 401);
      return name;
    };
    const json = (req: FastifyRequest): unknown => {
      try {
        return typeof req.body === "string" && req.body ? JSON.parse(req.body) : {};
      } catch {
        throw new RgsError("VALIDATION_ERROR", 400);
      }
    };
    scope.get("/admin/lottery/games", async (req) => {
      operatorOf(req);
      return ok(await adminGames(ctx));
    });
    scope.put("/admin/lottery/games", async (req) => {
      const operator = operatorOf(req);
      return ok(await updateGame(ctx, operator, parse(AdminLotteryGameUpdate, json(req))));
    });
    scope.get("/admin/lottery/draws", async (req) => {
      operatorOf(req);
      return ok(await adminDraws(ctx, parse(AdminLotteryDrawsQuery, req.query)));
    });
    scope.get("/admin/lottery/liability", async (req) => {
      operatorOf(req);
      const q = parse(AdminLiabilityQuery, req.query);
      return ok(await adminLiability(ctx, q.drawNo, q.limit));
    });
    scope.get("/admin/lottery/report", async (req) => {
      operatorOf(req);
      return ok(await adminReport(ctx, parse(AdminLotteryReportQuery, req.query)));
    });
  });
}

/**
 * The spec §7 lottery paths at the site's root (/lgw/vn/*, /lotto/lgw/*), served by the RGS: in
 * one process the platform registers this next to the RGS plugin; split, the proxy routes
 * these prefixes to the RGS (docs/lottery.md). T there is the RGS lottery session id.
 */
export function lotteryGatewayRoutes(app: FastifyInstance, ctx: LotteryContext): void {
  app.get("/lgw/vn/games/game_menu", async (req) => {
    parse(LotteryMenuQuery, req.query);
    return ok(await lotteryMenu(ctx));
  });
  app.get("/lgw/vn/games/game_menu/recent", async (req) => {
    const session = await readerSession(ctx, bearer(req));
    return ok(await recentGames(ctx, session.playerId));
  });
  app.get("/lgw/vn/numeros/opened/game", async (req) => results(ctx, req.query));
  app.get("/lotto/lgw/games/opened/numero", async (req) => {
    await readerSession(ctx, bearer(req));
    return opened(ctx, req.query);
  });
}
