import { join } from "node:path";
import {
  RgsRoundQuery,
  RgsRoundsQuery,
  RgsSeedRequest,
  RgsSessionRequest,
  RgsSpinRequest,
  RgsVerifyRequest,
} from "@panalo/contracts/rgs";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { type RgsCode, type RgsContext, RgsError, rgsMessage } from "./context.ts";
import { migrateRgs, type RgsDb } from "./db.ts";
import { getRound, listRounds, verifyRound } from "./history.ts";
import { protocolClient, type Transport } from "./protocol-client.ts";
import { openSession, rotateSeed } from "./session.ts";
import { startRetryLoop } from "./settle.ts";
import { spin } from "./spin.ts";
import { uiRoutes } from "./ui-files.ts";

export interface RgsPluginOptions {
  /** The database holding the `rgs` schema (the platform's connection in one-process mode). */
  db: RgsDb;
  /** How calls reach the platform's /provider/<VENDOR>/<call> (fetch or app.inject). */
  transport: Transport;
  /** The protocol secret of each vendor the games are sold under (PNS, PNG). */
  secretOf: (vendor: string) => string;
  /** How often unsettled rounds are retried; 0 turns the worker off. */
  retryIntervalMs: number;
  leaseMs?: number;
  now?: () => Date;
  /** The built game client (default apps/rgs/dist/ui). */
  uiDist?: string;
}

function langOf(req: FastifyRequest): "TY" | "EN" {
  const q = (req.query as { lang?: unknown } | undefined)?.lang;
  const h = req.headers["x-lang"];
  return q === "EN" || h === "EN" ? "EN" : "TY";
}

function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
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

/**
 * The remote game server (the in-house game provider), mounted under /rgs in the one-process
 * set-up. It keeps its own tables (schema `rgs`) and reaches the platform only through the
 * provider protocol. Its JSON API is described in packages/contracts/src/rgs.ts.
 */
export const rgsPlugin: FastifyPluginAsync<RgsPluginOptions> = async (app, opts) => {
  await migrateRgs(opts.db);
  const now = opts.now ?? (() => new Date());
  const ctx: RgsContext = {
    db: opts.db,
    client: protocolClient(opts.transport, opts.secretOf, now),
    now,
    leaseMs: opts.leaseMs ?? 30_000,
  };
  if (opts.retryIntervalMs > 0) {
    let stop: (() => Promise<void>) | null = null;
    app.addHook("onReady", async () => {
      stop = startRetryLoop(ctx, opts.retryIntervalMs, (err) =>
        app.log.error({ err }, "rgs retry pass failed"),
      );
    });
    app.addHook("onClose", async () => {
      await stop?.();
    });
  }

  app.setErrorHandler((err, req, reply) => {
    const lang = langOf(req);
    if (err instanceof RgsError) {
      return reply.status(err.httpStatus).send({
        success: false,
        code: err.code,
        message: rgsMessage(err.code, lang),
        ...(err.balance !== null ? { balance: err.balance } : {}),
        ...(err.details ? { details: err.details } : {}),
      });
    }
    const sc = (err as { statusCode?: unknown } | null)?.statusCode; // Fastify's own errors carry one
    const status = typeof sc === "number" ? sc : 500;
    if (status >= 500) req.log.error(err);
    const code: RgsCode = status < 500 ? "VALIDATION_ERROR" : "INTERNAL_ERROR";
    return reply.status(status).send({ success: false, code, message: rgsMessage(code, lang) });
  });

  app.get("/health", async () => ok({ status: "ok", service: "rgs" }));
  app.post("/api/session", async (req) => ok(await openSession(ctx, parse(RgsSessionRequest, req.body))));
  app.post("/api/spin", async (req) => ok(await spin(ctx, parse(RgsSpinRequest, req.body))));
  app.post("/api/seed", async (req) => {
    const b = parse(RgsSeedRequest, req.body);
    return ok(await rotateSeed(ctx, b.sessionId, b.clientSeed));
  });
  app.get("/api/rounds", async (req) => {
    const q = parse(RgsRoundsQuery, req.query);
    return ok(await listRounds(ctx, q.sessionId, q.page));
  });
  app.get("/api/rounds/:roundId", async (req) => {
    const { roundId } = parse(z.object({ roundId: z.string().uuid() }), req.params);
    const q = parse(RgsRoundQuery, req.query);
    return ok(await getRound(ctx, q.sessionId, roundId));
  });
  app.post("/api/verify", async (req) => ok(verifyRound(parse(RgsVerifyRequest, req.body))));

  uiRoutes(app, opts.uiDist ?? join(import.meta.dirname, "../dist/ui"));
};
