import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import fastifyWebsocket from "@fastify/websocket";
import { isSitePath } from "@panalo/contracts/site-routes";
import { rgsAdminSecret } from "@panalo/rgs/lottery/admin-auth";
import { lotteryGatewayPlugin, type RgsPluginOptions, rgsPlugin } from "@panalo/rgs/plugin";
import { fetchTransport, type Transport } from "@panalo/rgs/protocol-client";
import { rejectNul } from "@panalo/service-kit/input";
import type { SportsContext } from "@panalo/sportsbook/context";
import { sportsbookPlugin } from "@panalo/sportsbook/plugin";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import type { Config } from "./config.ts";
import { type Database, isConnectionLost, openDatabase } from "./db/client.ts";
import { createJobQueue, jobRoutes } from "./jobs/routes.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import type { AppContext } from "./lib/context.ts";
import { AppError } from "./lib/errors.ts";
import { messageFor } from "./lib/messages.ts";
import { openApiDocument, openApiHtml } from "./lib/openapi.ts";
import { proxyGuard, trustedProxies } from "./lib/proxy-guard.ts";
import { redisTarget } from "./lib/redis-target.ts";
import { requestLang } from "./lib/route.ts";
import { securityHeaders } from "./lib/security-headers.ts";
import { memoryStore, redisStore, type SharedStore } from "./lib/shared-store.ts";
import { rewriteSpecAlias } from "./lib/spec-aliases.ts";
import { adminRoutes } from "./modules/admin/routes.ts";
import { agentAdminRoutes } from "./modules/agents/admin-routes.ts";
import { agentContractRoutes } from "./modules/agents/contract-routes.ts";
import { agentRoutes } from "./modules/agents/routes.ts";
import { bingoRoutes } from "./modules/bingo/routes.ts";
import { bonusAdminRoutes } from "./modules/bonus/admin-routes.ts";
import { bonusRoutes } from "./modules/bonus/routes.ts";
import { cardsAdminRoutes } from "./modules/cards-admin/routes.ts";
import { chatAdminRoutes } from "./modules/chat/admin-routes.ts";
import { chatRoutes } from "./modules/chat/routes.ts";
import { cockfightRoutes } from "./modules/cockfight/routes.ts";
import { contentRoutes } from "./modules/content/routes.ts";
import { fishAdminRoutes } from "./modules/fish-admin/routes.ts";
import { partnerLogoAdminRoutes } from "./modules/games/partner-logos.ts";
import { gameRoutes } from "./modules/games/routes.ts";
import { jackpotAdminRoutes } from "./modules/jackpot/admin-routes.ts";
import { jackpotRoutes } from "./modules/jackpot/routes.ts";
import { liveTableRoutes } from "./modules/live-tables/routes.ts";
import { lotteryRoutes } from "./modules/lottery/routes.ts";
import { loyaltyRoutes } from "./modules/loyalty/routes.ts";
import { memberRoutes } from "./modules/members/routes.ts";
import { messageRoutes } from "./modules/messages/routes.ts";
import { paymentRoutes } from "./modules/payments/routes.ts";
import { payoutAccountCount, WITHDRAWAL_LIMITS } from "./modules/payments/service.ts";
import { promotionRoutes } from "./modules/promotions/routes.ts";
import { providerRoutes } from "./modules/providers/routes.ts";
import { inHouseProviderSecret } from "./modules/providers/service.ts";
import { setLocalTransferTransport } from "./modules/providers/transfer-wallet.ts";
import { transferWalletRoutes } from "./modules/providers/transfer-wallet-routes.ts";
import { winReviewAdminRoutes } from "./modules/providers/win-reviews.ts";
import { reportRoutes } from "./modules/reports/routes.ts";
import { responsibleGamingRoutes } from "./modules/responsible-gaming/routes.ts";
import { rewardRoutes } from "./modules/rewards/routes.ts";
import { walletRoutes } from "./modules/wallet/routes.ts";
import { adminHub } from "./realtime/admin-hub.ts";
import { realtimeHub } from "./realtime/hub.ts";
import { setSportsWorkers, sportsHost } from "./sportsbook.ts";
import { externalSportsbook } from "./sportsbook-external.ts";

export interface BuildOptions {
  config: Config;
  database: Database;
  store?: SharedStore;
  clock?: Clock;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
    /** The sportsbook mounted in this process (null when it runs in its own, SPORTSBOOK_MODE=external). */
    sportsbook: SportsContext | null;
  }
}

/** Build the platform: the same function serves production, `npm start` and every test. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: config.NODE_ENV === "test" ? false : { level: config.LOG_LEVEL },
    // spec §2 region rules need the visitor's IP; X-Forwarded-For is believed only from the
    // operator's own proxies, so a visitor cannot claim another address.
    trustProxy: trustedProxies(config),
    bodyLimit: 6 * 1024 * 1024,
    // A plugin that has not started in two minutes is hung; Fastify's 10 s default is shorter
    // than the game server's start (its schema and rooms) on a busy two-core machine.
    pluginTimeout: 120_000,
    // spec §7 names served under another name (lib/spec-aliases.ts).
    rewriteUrl: (req) => rewriteSpecAlias(req.url ?? "/"),
  });
  const redis = redisTarget(config);
  const store = opts.store ?? (redis ? redisStore(redis, config.REDIS_PREFIX) : memoryStore());
  // Reads that may lag (reports, dashboard, team figures, exports) on a pool of their own to
  // DATABASE_URL_READ; the embedded database has one connection and no replica.
  const reads =
    config.DATABASE_URL_READ && database.kind === "postgres"
      ? await openDatabase({
          url: config.DATABASE_URL_READ,
          max: config.DATABASE_READ_POOL_MAX,
          // A replica's address may have led to the primary for a while (a balancer with no
          // replica up): connections are renewed each minute and so return to the replica.
          maxLifetimeSeconds: 60,
        })
      : undefined;
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    ...(reads ? { reads } : {}),
    store,
    clock: opts.clock ?? systemClock,
    apiDocs: [],
  };
  app.decorate("ctx", ctx);
  // In production, a forwarding header with no TRUSTED_PROXIES is a set-up error (README).
  proxyGuard(app, config);
  // A transfer-wallet vendor at a path (the in-house game server's "/rgs/transfer/…") is called
  // in this process; one at a URL over HTTP.
  // With the RGS in a process of its own (RGS_MODE=external) its paths are at RGS_URL.
  const rgsBase = config.RGS_MODE === "external" ? config.RGS_URL.replace(/\/+$/, "") : "";
  setLocalTransferTransport(ctx, async (url, payload, headers) => {
    if (rgsBase) {
      const res = await fetch(`${rgsBase}${url}`, {
        method: "POST",
        headers,
        body: payload,
        signal: AbortSignal.timeout(config.RGS_CALL_TIMEOUT_MS),
      });
      return { status: res.status, body: await res.text() };
    }
    const res = await app.inject({ method: "POST", url, payload, headers });
    return { status: res.statusCode, body: res.body };
  });
  app.addHook("onClose", async () => {
    if (!opts.store) await store.close();
    await reads?.close();
  });

  app.setErrorHandler((err, req, reply) => {
    const lang = requestLang(req);
    if (err instanceof AppError) {
      if (err.code === "RATE_LIMITED") reply.header("retry-after", String(err.params.retryAfterS ?? 60));
      return reply.status(err.httpStatus).send({
        success: false,
        code: err.code,
        message: messageFor(err.code, lang, err.params),
        ...(err.details ? { details: err.details } : {}),
        ...(err.extra ?? {}),
      });
    }
    if (isConnectionLost(err)) {
      // The database connection dropped under this call: nothing of it was committed (or, if
      // the commit itself was cut, a retry answers what was stored). The caller may retry.
      req.log.warn({ err }, "database connection lost during a call");
      reply.header("retry-after", "1");
      return reply.status(503).send({
        success: false,
        code: "SERVICE_UNAVAILABLE",
        message: messageFor("SERVICE_UNAVAILABLE", lang),
        retryable: true,
      });
    }
    const status =
      typeof (err as { statusCode?: unknown }).statusCode === "number"
        ? (err as { statusCode: number }).statusCode
        : 500;
    if (status >= 500) req.log.error(err);
    // Fastify's own 4xx (bad JSON, body too large) become a validation error; 5xx hide details.
    const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status < 500 ? "VALIDATION_ERROR" : "INTERNAL_ERROR";
    return reply.status(status).send({ success: false, code, message: messageFor(code, lang) });
  });

  // CSP (strict script-src), HSTS over HTTPS, no-store on API answers: lib/security-headers.ts.
  app.addHook("onSend", securityHeaders(ctx));
  app.addHook("preHandler", rejectNul);
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  await app.register(async (api) => contentRoutes(api, ctx));
  await app.register(async (api) => adminRoutes(api, ctx));
  // The player page shows payout facts of payments, which depends on members: handed over here.
  await app.register(async (api) =>
    memberRoutes(api, ctx, { payouts: { payoutAccountCount, withdrawalLimits: WITHDRAWAL_LIMITS } }),
  );
  await app.register(async (api) => walletRoutes(api, ctx));
  await app.register(async (api) => paymentRoutes(api, ctx));
  await app.register(async (api) => bonusRoutes(api, ctx));
  await app.register(async (api) => bonusAdminRoutes(api, ctx));
  await app.register(async (api) => providerRoutes(api, ctx));
  // The progressive jackpot: the protocol's `jackpot` call, the home counter, the back office.
  await app.register(async (api) => jackpotRoutes(api, ctx));
  await app.register(async (api) => jackpotAdminRoutes(api, ctx));
  await app.register(async (api) => transferWalletRoutes(api, ctx));
  await app.register(async (api) => winReviewAdminRoutes(api, ctx));
  await app.register(async (api) => gameRoutes(api, ctx));
  // Agent contracts and their settlement runs.
  await app.register(async (api) => agentContractRoutes(api, ctx));
  // Back office → Partner logos.
  await app.register(async (api) => partnerLogoAdminRoutes(api, ctx));
  await app.register(async (api) => lotteryRoutes(api, ctx));
  await app.register(async (api) => agentRoutes(api, ctx));
  await app.register(async (api) => agentAdminRoutes(api, ctx));
  await app.register(async (api) => realtimeHub(api, ctx));
  // Customer-service chat and the back office's own socket (/admin/ws).
  await app.register(async (api) => chatRoutes(api, ctx));
  await app.register(async (api) => chatAdminRoutes(api, ctx));
  await app.register(async (api) => adminHub(api, ctx));
  await app.register(async (api) => reportRoutes(api, ctx));
  await app.register(async (api) => promotionRoutes(api, ctx));
  await app.register(async (api) => rewardRoutes(api, ctx));
  // Member messages, their badge and feedback.
  await app.register(async (api) => messageRoutes(api, ctx));
  await app.register(async (api) => responsibleGamingRoutes(api, ctx));
  await app.register(async (api) => loyaltyRoutes(api, ctx));
  await app.register(async (api) => liveTableRoutes(api, ctx));
  await app.register(async (api) => bingoRoutes(api, ctx));
  await app.register(async (api) => cockfightRoutes(api, ctx));
  await app.register(async (api) => fishAdminRoutes(api, ctx));
  await app.register(async (api) => cardsAdminRoutes(api, ctx));
  // The sportsbook (apps/sportsbook, vendors PNSB and PNES) at its own paths (/api/sports/*,
  // /api/admin/sports/*): its provider-protocol calls reach this app in memory, or
  // RGS_PLATFORM_URL as the in-house game server's do.
  let sportsbook: SportsContext | null = null;
  if (config.SPORTSBOOK_MODE === "external") {
    // The book in its own process: its paths forwarded there, its host API answered here.
    await externalSportsbook(app, ctx, config.SPORTSBOOK_URL, config.SPORTSBOOK_CALL_TIMEOUT_MS);
  } else {
    await app.register(sportsbookPlugin, {
      db: database.db,
      config,
      store,
      clock: ctx.clock,
      host: sportsHost(ctx),
      transport: config.RGS_PLATFORM_URL
        ? fetchTransport(config.RGS_PLATFORM_URL, config.RGS_CALL_TIMEOUT_MS)
        : async (url, payload, headers) => {
            const res = await app.inject({ method: "POST", url, payload, headers });
            return { status: res.statusCode, body: res.body };
          },
      apiDocs: ctx.apiDocs,
      onContext: (sb, workers) => {
        sportsbook = sb;
        setSportsWorkers(ctx, workers);
      },
    });
  }
  app.decorate("sportsbook", sportsbook);
  // The job queue (jobs/queue.ts): main.ts starts it; closing the app stops it.
  const jobs = createJobQueue(app, ctx);
  await app.register(async (api) => jobRoutes(api, ctx, jobs));
  if (config.RGS_MODE === "embedded") {
    // The RGS in this process, its workers too. External: the proxy routes /rgs/*, /lgw/vn/*
    // and /lotto/lgw/* to the RGS's own process, and nothing of it runs here.
    const rgs = rgsOptions(app, config, database);
    let closeEngineDb: (() => Promise<void>) | null = null;
    // The live tables' leader on its own few connections (PostgreSQL): a round's close and
    // settlement never wait for a pooled connection behind a thousand players' requests.
    if (rgs.tablesEngine && database.kind === "postgres" && config.DATABASE_URL) {
      const engine = await openDatabase({ url: config.DATABASE_URL, max: 4 });
      rgs.engineDb = engine.db;
      closeEngineDb = () => engine.close();
    }
    // Live lottery results and settlements reach the pages of every process (shared store).
    await app.register(rgsPlugin, { prefix: "/rgs", ...rgs, relay: store });
    // After the plugin's own close (its engine stops first), the engine's connections.
    app.addHook("onClose", async () => closeEngineDb?.());
    // The lottery's spec §7 paths (/lgw/vn/*, /lotto/lgw/*) are the RGS's too, at the root.
    await app.register(lotteryGatewayPlugin, { ...rgs, lotteryIntervalMs: 0 });
  }

  app.get("/docs/openapi.json", async () => openApiDocument(ctx.apiDocs));
  app.get("/docs", async (_req, reply) => reply.type("text/html").send(openApiHtml(ctx.apiDocs)));
  app.get("/healthz", async () => ({ success: true, value: { status: "ok", db: database.kind } }));

  registerStaticSites(app, config);
  return app;
}

/**
 * The in-house game server in this process: its tables in the platform's database (schema
 * `rgs`, never the platform's tables), its protocol calls to RGS_PLATFORM_URL or, by default,
 * to this same app in memory; the in-house vendors' secrets derived from APP_SECRET.
 */
function rgsOptions(app: FastifyInstance, config: Config, database: Database): RgsPluginOptions {
  const transport: Transport = config.RGS_PLATFORM_URL
    ? fetchTransport(config.RGS_PLATFORM_URL, config.RGS_CALL_TIMEOUT_MS)
    : async (url, payload, headers) => {
        const res = await app.inject({ method: "POST", url, payload, headers });
        return { status: res.statusCode, body: res.body };
      };
  const appSecret = config.APP_SECRET ?? "";
  if (!appSecret) app.log.warn("APP_SECRET is not set: the in-house games cannot sign their calls");
  return {
    db: database.db,
    transport,
    secretOf: (vendor) => inHouseProviderSecret(appSecret, vendor),
    retryIntervalMs: config.RGS_RETRY_INTERVAL_MS,
    lotteryIntervalMs: config.RGS_LOTTERY_INTERVAL_MS,
    tablesEngine: config.RGS_TABLES_ENGINE ? config.RGS_TABLES_ENGINE === "on" : config.NODE_ENV !== "test",
    adminSecret: appSecret ? rgsAdminSecret(appSecret) : "",
  };
}

/**
 * The built player site at `/` and back office at `/admin`. Unknown paths that are not API
 * calls fall back to the site's index.html, so history-mode routes answer on a direct visit.
 */
function registerStaticSites(app: FastifyInstance, config: Config): void {
  const root = join(import.meta.dirname, "../../..");
  const webDist = config.WEB_DIST || join(root, "apps/web/dist");
  const adminDist = config.ADMIN_DIST || join(root, "apps/admin/dist");
  const apiPrefixes = [
    "/wps/",
    "/lgw/",
    "/lotto/",
    "/api/",
    "/provider/",
    "/rgs/",
    "/docs",
    "/media/",
    "/payments/",
    "/sandbox-gateway/",
    "/ws",
  ];
  if (existsSync(adminDist)) {
    app.register(fastifyStatic, {
      root: adminDist,
      prefix: "/admin/",
      decorateReply: false,
      wildcard: false,
      index: false,
      maxAge: "1y",
      immutable: true,
      serveDotFiles: false,
      preCompressed: true,
      setHeaders: noCacheHtml,
    });
  }
  if (existsSync(webDist)) {
    app.register(fastifyStatic, {
      root: webDist,
      prefix: "/",
      wildcard: false,
      index: false,
      maxAge: "1y",
      immutable: true,
      preCompressed: true,
      setHeaders: noCacheHtml,
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    const isApi = apiPrefixes.some((p) => path.startsWith(p));
    if (req.method === "GET" && !isApi && !/\.[a-z0-9]+$/i.test(path)) {
      const inAdmin = path === "/admin" || path.startsWith("/admin/");
      const dist = inAdmin ? adminDist : webDist;
      const html = indexHtml(join(dist, "index.html"));
      if (html) {
        reply.header("cache-control", "no-cache");
        // A path the site has no screen for still gets the site (it shows the
        // not-found page) but answers 404, so it is not taken for a page that exists.
        let path404 = path;
        try {
          path404 = decodeURIComponent(path);
        } catch {}
        if (!inAdmin && !isSitePath(path404)) reply.status(404);
        return reply.type("text/html; charset=utf-8").send(html);
      }
    }
    const lang = requestLang(req);
    return reply
      .status(404)
      .send({ success: false, code: "NOT_FOUND", message: messageFor("NOT_FOUND", lang, { what: "page" }) });
  });
}

/** Each site's index.html, read once (like the static files, which are listed at start-up). */
const indexCache = new Map<string, Buffer | null>();
function indexHtml(path: string): Buffer | null {
  if (!indexCache.has(path)) indexCache.set(path, existsSync(path) ? readFileSync(path) : null);
  return indexCache.get(path) ?? null;
}

/**
 * Hashed assets are cached for a year; every file with a fixed name (index.html, the service
 * worker, the web app manifest, the icons, the offline page) must be revalidated so releases
 * show at once: a year-old sw.js would keep an old worker in charge of the site.
 */
function noCacheHtml(reply: FastifyReply, path: string): void {
  if (path.endsWith(".html") || !/[\\/]assets[\\/]/.test(path)) reply.header("cache-control", "no-cache");
}
