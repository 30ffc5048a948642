import { join } from "node:path";
import { findNul } from "@panalo/contracts/input";
import {
  RgsReplayQuery,
  RgsRoundQuery,
  RgsRoundsQuery,
  RgsSeedRequest,
  RgsSessionRequest,
  RgsSpinRequest,
  RgsVerifyRequest,
} from "@panalo/contracts/rgs";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { bingoAdminRoutes } from "./bingo/admin.ts";
import { seedBingoRooms } from "./bingo/catalog.ts";
import { BINGO } from "./bingo/engine.ts";
import { bingoRoutes } from "./bingo/routes.ts";
import { cardAdminRoutes } from "./cards/admin.ts";
import { seedCardTables, startCards } from "./cards/engine.ts";
import { cardRoutes } from "./cards/routes.ts";
import { startCockfightSweep } from "./cockfight/operate.ts";
import { cockfightAdminRoutes, cockfightRoutes } from "./cockfight/routes.ts";
import { type RgsCode, type RgsContext, RgsError, rgsMessage } from "./context.ts";
import { seedCrashRooms } from "./crashgame/catalog.ts";
import { CRASH } from "./crashgame/engine.ts";
import { crashRoutes } from "./crashgame/routes.ts";
import { isConnectionLost, migrateRgs, type RgsDb } from "./db.ts";
import { fishAdminRoutes } from "./fish/admin.ts";
import { FISH, seedFishRooms } from "./fish/engine.ts";
import { fishRoutes } from "./fish/routes.ts";
import { freeSpinAdminRoutes, usableGrants } from "./free-spins.ts";
import { getRound, listRounds, replayRound, verifyRound } from "./history.ts";
import { seedLotteryGames } from "./lottery/catalog.ts";
import { type LotteryContext, type LotteryRelay, lotteryContext } from "./lottery/context.ts";
import { lotteryAdminRoutes, lotteryGatewayRoutes, lotteryRoutes } from "./lottery/routes.ts";
import { announceSettlements } from "./lottery/settle.ts";
import { startLotteryWorker } from "./lottery/worker.ts";
import { protocolClient, type Transport } from "./protocol-client.ts";
import { startSeats } from "./rounds/continuous.ts";
import {
  type AnyRoundGame,
  latest,
  type RoundsContext,
  roundsContext,
  startRounds,
} from "./rounds/engine.ts";
import { RoundHub } from "./rounds/hub.ts";
import { liveSession, openSession, rotateSeed } from "./session.ts";
import { startRetryLoop } from "./settle.ts";
import { spin } from "./spin.ts";
import { tableAdminRoutes } from "./tables/admin.ts";
import { seedLiveTables } from "./tables/catalog.ts";
import { TABLES } from "./tables/engine.ts";
import { tableRoutes } from "./tables/routes.ts";
import { transferRoutes, transferWalletClient } from "./transfer-wallet.ts";
import { uiRoutes } from "./ui-files.ts";

export interface RgsPluginOptions {
  /** The database holding the `rgs` schema (the platform's connection in one-process mode). */
  db: RgsDb;
  /** How calls reach the platform's /provider/<VENDOR>/<call> (fetch or app.inject). */
  transport: Transport;
  /** The protocol secret of each vendor the games are sold under (PNS, PNG, PNX). */
  secretOf: (vendor: string) => string;
  /** How often unsettled rounds are retried; 0 turns the worker off. */
  retryIntervalMs: number;
  leaseMs?: number;
  now?: () => Date;
  /** The built game client (default apps/rgs/dist/ui). */
  uiDist?: string;
  /** How often the lottery worker runs (draws, settlement, credits); 0 or unset turns it off. */
  lotteryIntervalMs?: number;
  /** The key of the back-office API's signatures: rgsAdminSecret(APP_SECRET) (lottery/admin-auth.ts). */
  adminSecret?: string;
  /** A lottery context to share (tests); made from the options otherwise. */
  lottery?: LotteryContext;
  /**
   * Live lottery events between processes (the platform's shared store: Redis pub/sub with
   * several processes); without it, a page hears only the draws of the process it is on.
   */
  relay?: LotteryRelay;
  /** Whether this process runs the live tables' engine (it leads a table only while it holds its lease). */
  tablesEngine?: boolean;
  /** The engine's own connections (the same database), apart from the players' requests. */
  engineDb?: RgsDb;
  /** Options of the live tables' engine (tests: short leases). */
  tables?: Partial<Pick<RoundsContext, "holder" | "leaseTtlMs" | "closeGraceMs" | "voidAfterMs">>;
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

/**
 * No path parameter, query value or body string of any RGS call may hold a NUL: PostgreSQL
 * refuses NUL in text, and a refused value must answer 400 VALIDATION_ERROR, never 500.
 */
export async function rejectNul(req: FastifyRequest): Promise<void> {
  for (const part of [req.params, req.query, req.body]) {
    const at = findNul(part);
    if (at !== null) throw new RgsError("VALIDATION_ERROR", 400, null, [{ path: at, message: "nul_char" }]);
  }
}

const ok = <T>(value: T) => ({ success: true as const, value });

/**
 * The remote game server (the in-house game provider), mounted under /rgs in the one-process
 * set-up. It keeps its own tables (schema `rgs`) and reaches the platform only through the
 * provider protocol. Its JSON API is described in packages/contracts/src/rgs.ts.
 */
export const rgsPlugin: FastifyPluginAsync<RgsPluginOptions> = async (app, opts) => {
  await migrateRgs(opts.db);
  await seedLotteryGames(opts.db);
  await seedLiveTables(opts.db);
  await seedBingoRooms(opts.db);
  await seedFishRooms(opts.db);
  await seedCardTables(opts.db);
  await seedCrashRooms(opts.db);
  const now = opts.now ?? (() => new Date());
  const ctx: RgsContext = {
    db: opts.db,
    // A transfer vendor's (PNX) bets and wins stay here, in its wallet; the rest reach the platform.
    client: transferWalletClient(opts.db, protocolClient(opts.transport, opts.secretOf, now)),
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

  app.setErrorHandler(rgsErrorHandler);
  app.addHook("preHandler", rejectNul);

  app.get("/health", async () => ok({ status: "ok", service: "rgs" }));
  app.post("/api/session", async (req) => ok(await openSession(ctx, parse(RgsSessionRequest, req.body))));
  app.post("/api/spin", async (req) => ok(await spin(ctx, parse(RgsSpinRequest, req.body))));
  // Free spins: the player's grants on the session's game.
  app.get("/api/freespins", async (req) => {
    const q = parse(z.object({ sessionId: z.string().uuid() }), req.query);
    const session = await liveSession(ctx, q.sessionId);
    return ok(await usableGrants(ctx, session.playerId, session.gameId, session.currency));
  });
  await freeSpinAdminRoutes(app, opts.db, opts.adminSecret ?? "");
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
  // Game recall from the platform's betting record: a link the platform signed, no session.
  app.get("/api/replay/:roundId", async (req, reply) => {
    const { roundId } = parse(z.object({ roundId: z.string().uuid() }), req.params);
    const q = parse(RgsReplayQuery, req.query);
    reply.header("cache-control", "no-store");
    return ok(await replayRound(ctx, opts.secretOf, roundId, q, langOf(req)));
  });
  app.post("/api/verify", async (req) => ok(verifyRound(parse(RgsVerifyRequest, req.body), langOf(req))));
  // The platform moving money in and out of a transfer vendor's wallet (signed like the protocol).
  await transferRoutes(app, ctx, opts.secretOf);

  const lottery = opts.lottery ?? lotteryContext(ctx);
  if (opts.relay) {
    await lottery.bus.connect(opts.relay, (d) => {
      announceSettlements(lottery, d).catch((err: unknown) =>
        app.log.error({ err }, "lottery settlements not announced"),
      );
    });
  }
  lotteryRoutes(app, lottery);
  await lotteryAdminRoutes(app, lottery, opts.adminSecret ?? "");
  if ((opts.lotteryIntervalMs ?? 0) > 0) {
    let stop: (() => Promise<void>) | null = null;
    app.addHook("onReady", async () => {
      stop = startLotteryWorker(lottery, opts.lotteryIntervalMs ?? 0, (err) =>
        app.log.error({ err }, "lottery worker pass failed"),
      );
    });
    app.addHook("onClose", async () => {
      await stop?.();
    });
  }

  // The round engine's games (live tables, bingo, crash): their APIs, the players' sockets, and in
  // processes that run it, one engine leading the rooms whose leases this process holds.
  const hub = new RoundHub();
  if (opts.relay) await hub.connect(opts.relay);
  const rounds = roundsContext(ctx, hub, opts.tables);
  const games: AnyRoundGame[] = [TABLES, BINGO, CRASH];
  // A process that missed a room's events (the relay was down) reads the room back from its game.
  for (const game of games)
    hub.onResync(game.key(""), async (key) => {
      const round = await latest(rounds, game, key.slice(game.key("").length));
      return round ? game.event(round) : null;
    });
  tableRoutes(app, rounds, opts.secretOf);
  await tableAdminRoutes(app, rounds, opts.adminSecret ?? "");
  bingoRoutes(app, rounds, opts.secretOf);
  crashRoutes(app, rounds);
  fishRoutes(app, rounds, opts.secretOf);
  cardRoutes(app, rounds);
  await fishAdminRoutes(app, rounds, opts.adminSecret ?? "");
  await cardAdminRoutes(app, rounds, opts.adminSecret ?? "");
  await bingoAdminRoutes(app, rounds, opts.adminSecret ?? "");
  // Cockfight pools: operator-driven fights (no leader clock), on the engine's stake rows.
  cockfightRoutes(app, rounds, opts.secretOf);
  await cockfightAdminRoutes(app, rounds, opts.adminSecret ?? "");
  if (opts.tablesEngine) {
    let stop: (() => Promise<void>) | null = null;
    let stopSeats: (() => Promise<void>) | null = null;
    let stopCockfight: (() => Promise<void>) | null = null;
    let stopCards: (() => Promise<void>) | null = null;
    app.addHook("onReady", async () => {
      stop = startRounds({ ...rounds, db: opts.engineDb ?? rounds.db }, games, (err, game) =>
        app.log.error({ err, game }, "round engine step failed"),
      );
      // The continuous games' sweep: idle magazines and seats closed and paid, owed credits
      // and dead senders' debits settled by the retry pass (in the holder of its lease).
      stopSeats = startSeats({ ...rounds, db: opts.engineDb ?? rounds.db }, [FISH], (err, game) =>
        app.log.error({ err, game }, "continuous rooms' sweep failed"),
      );
      // Fights past their set closing time closed; owed cockfight credits and rollbacks sent.
      stopCockfight = startCockfightSweep({ ...rounds, db: opts.engineDb ?? rounds.db }, 1000, (err) =>
        app.log.error({ err }, "cockfight sweep failed"),
      );
      // The card tables: timers, voids of hands whose leader died, dealing (docs/cards.md).
      stopCards = startCards({ ...rounds, db: opts.engineDb ?? rounds.db }, (err) =>
        app.log.error({ err }, "card tables' step failed"),
      );
    });
    app.addHook("onClose", async () => {
      await stop?.();
      await stopSeats?.();
      await stopCockfight?.();
      await stopCards?.();
    });
  }
  app.addHook("onClose", async () => hub.stop());

  uiRoutes(app, opts.uiDist ?? join(import.meta.dirname, "../dist/ui"));
};

/** The RGS's answer to an error: its envelope, the message in the player's language. */
export function rgsErrorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  const lang = langOf(req);
  if (err instanceof RgsError) {
    return reply.status(err.httpStatus).send({
      success: false,
      code: err.code,
      message: rgsMessage(err.code, lang, err.params),
      ...(err.balance !== null ? { balance: err.balance } : {}),
      ...(err.details ? { details: err.details } : {}),
      // The message's named values (a table's limit: spot, min, max), for a client in a
      // language the server's messages do not have.
      ...(err.params ? { params: err.params } : {}),
    });
  }
  if (isConnectionLost(err)) {
    // The database connection dropped under this call (db.ts): retryable, the process lives on.
    req.log.warn({ err }, "database connection lost during a call");
    reply.header("retry-after", "1");
    return reply.status(503).send({
      success: false,
      code: "SERVICE_UNAVAILABLE",
      message: rgsMessage("SERVICE_UNAVAILABLE", lang),
      retryable: true,
    });
  }
  const sc = (err as { statusCode?: unknown } | null)?.statusCode; // Fastify's own errors carry one
  const status = typeof sc === "number" ? sc : 500;
  if (status >= 500) req.log.error(err);
  const code: RgsCode = status < 500 ? "VALIDATION_ERROR" : "INTERNAL_ERROR";
  return reply.status(status).send({ success: false, code, message: rgsMessage(code, lang) });
}

/**
 * The spec §7 lottery paths (/lgw/vn/*, /lotto/lgw/*), registered at the ROOT prefix next to
 * the RGS plugin (after it: its migrations have run). Split deployments route those prefixes
 * to the RGS at the proxy.
 */
export const lotteryGatewayPlugin: FastifyPluginAsync<RgsPluginOptions> = async (app, opts) => {
  const now = opts.now ?? (() => new Date());
  const lottery =
    opts.lottery ??
    lotteryContext({
      db: opts.db,
      client: protocolClient(opts.transport, opts.secretOf, now),
      now,
      leaseMs: opts.leaseMs ?? 30_000,
    });
  app.setErrorHandler(rgsErrorHandler);
  app.addHook("preHandler", rejectNul);
  lotteryGatewayRoutes(app, lottery);
};
