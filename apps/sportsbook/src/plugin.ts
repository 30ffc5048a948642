import type { Transport } from "@panalo/rgs/protocol-client";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { sportsAdminRoutes } from "./admin-routes.ts";
import type { ApiDoc, SportsConfig, SportsContext, SportsHost, SportsRelay } from "./context.ts";
import { type Db, isConnectionLost, migrateSportsbook } from "./db.ts";
import { isCoded } from "./errors.ts";
import { type JobRun, settleSweepJob, simulatorJob } from "./jobs.ts";
import { listRoutesIn } from "./route.ts";
import { sportsRoutes } from "./routes.ts";

/** The book's scheduled work: the simulator feed's ticks and the settle sweep. */
export interface SportsWorkers {
  simulate(run: JobRun): Promise<unknown>;
  settleSweep(): Promise<unknown>;
}

export interface SportsbookOptions {
  /** The database holding the sb_* tables (the platform's connection in one-process mode). */
  db: Db;
  config: SportsConfig;
  /** Odds pushes between processes (the platform's shared store in one-process mode). */
  store: SportsRelay;
  clock?: { now(): Date };
  /** What the book asks of the platform (members, launch tokens, guards, audit, messages). */
  host: SportsHost;
  /** How the book's provider-protocol calls reach the platform (in memory or over HTTP). */
  transport: Transport;
  /** Where declared routes are listed (the platform's OpenAPI document). */
  apiDocs?: ApiDoc[];
  /**
   * The book's context and workers, once made: the platform schedules the workers as its jobs
   * (sports.simulator, sports.settle-sweep) in one-process mode; tests call the book directly.
   */
  onContext?: (ctx: SportsContext, workers: SportsWorkers) => void;
  /**
   * A refusal's answer carries its message's values (`params`): in its own process the book has
   * no message catalogue, and the platform's proxy writes the text from the code and the values.
   */
  exposeParams?: boolean;
}

/**
 * The sportsbook (vendors PNSB and PNES), mounted at the root of the platform in the
 * one-process set-up (its paths are /api/sports/* and /api/admin/sports/*, as the web and the
 * back office call them), or alone in its own process (main.ts). It keeps its own tables and
 * moves money only through the signed provider protocol (money.ts).
 */
export const sportsbookPlugin: FastifyPluginAsync<SportsbookOptions> = async (app, opts) => {
  // The book's tables first (its own migrations; nothing to do where they are up to date).
  await migrateSportsbook(opts.db);
  const ctx: SportsContext = {
    config: opts.config,
    db: opts.db,
    store: opts.store,
    clock: opts.clock ?? { now: () => new Date() },
    host: opts.host,
    transport: opts.transport,
    apiDocs: opts.apiDocs ?? [],
  };
  app.setErrorHandler(sportsErrorHandler(opts.host, opts.exposeParams ?? false));
  listRoutesIn(app, ctx.apiDocs);
  await sportsRoutes(app, ctx);
  await sportsAdminRoutes(app, ctx);
  opts.onContext?.(ctx, {
    simulate: (run) => simulatorJob(ctx, run),
    settleSweep: () => settleSweepJob(ctx),
  });
};

/**
 * The book's answer to an error, in the platform's envelope: a refusal with a code (the book's
 * own, or one a host function threw) gets its message in the caller's language (X-Lang); a lost
 * database connection is a retryable 503; anything else hides its details.
 */
export function sportsErrorHandler(host: Pick<SportsHost, "message">, exposeParams = false) {
  return (err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) => {
    const header = req.headers["x-lang"];
    const lang = (Array.isArray(header) ? header[0] : header) ?? "";
    if (isCoded(err)) {
      const params = err.params ?? {};
      if (err.code === "RATE_LIMITED") reply.header("retry-after", String(params.retryAfterS ?? 60));
      return reply.status(err.httpStatus).send({
        success: false,
        code: err.code,
        message: host.message(err.code, lang, params),
        ...(err.details ? { details: err.details } : {}),
        ...(err.extra ?? {}),
        ...(exposeParams && Object.keys(params).length ? { params } : {}),
      });
    }
    if (isConnectionLost(err)) {
      req.log.warn({ err }, "database connection lost during a call");
      reply.header("retry-after", "1");
      return reply.status(503).send({
        success: false,
        code: "SERVICE_UNAVAILABLE",
        message: host.message("SERVICE_UNAVAILABLE", lang),
        retryable: true,
      });
    }
    const sc = (err as { statusCode?: unknown }).statusCode;
    const status = typeof sc === "number" ? sc : 500;
    if (status >= 500) req.log.error(err);
    const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status < 500 ? "VALIDATION_ERROR" : "INTERNAL_ERROR";
    return reply.status(status).send({ success: false, code, message: host.message(code, lang) });
  };
}
