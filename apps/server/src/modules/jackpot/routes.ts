import { findNul } from "@panalo/contracts/input";
import { formatMinor, PositiveAmount } from "@panalo/contracts/money";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { HUB_TOPIC_CHANNEL, registerHubHandler } from "../../realtime/bus.ts";
import { memberCurrency } from "../members/service.ts";
import { ensureInHouseClient, issueLaunchToken, verifyProviderSignature } from "../providers/service.ts";
import { JACKPOT_TOPIC, PoolStreams, poolView, stopPoolPusher } from "./push.ts";
import { currentPool, JACKPOT_VENDOR, jackpotCall } from "./service.ts";

// A signed-in home page asks to hear of the pool: it gets {"type":"jackpot", …} (the figure of
// GET /lgw/jackpot) after each change, at most once a second (push.ts).
registerHubHandler("jackpot.subscribe", (_ctx, conn) => {
  conn.subscribe(JACKPOT_TOPIC);
});

const Id = z.string().min(1).max(100);
/**
 * The protocol's `jackpot` call (docs/provider-protocol.md): a vendor reports one spin of an
 * opted-in slot with its stake and its fair draw; the answer says whether it won the pool.
 */
const JackpotCall = z.object({
  requestId: Id,
  playerId: z.number().int().positive(),
  roundId: Id,
  gameCode: z.string().min(1).max(100).optional(),
  stake: PositiveAmount,
  draw: z.string().regex(/^[0-9a-f]{13}$/),
  serverSeedHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  clientSeed: z.string().min(1).max(64).optional(),
  nonce: z.number().int().nonnegative().optional(),
});

/** Open live streams of the pool a process serves at most (each is one idle connection). */
const LIVE_STREAMS_MAX = 10_000;

/** How long the public pool figure may be cached: the counter never shows more than the pool. */
const POOL_CACHE_MS = 2000;

export async function jackpotRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addHook("onClose", async () => stopPoolPusher(ctx));
  await app.register(async (scope) => {
    // The signature is over the raw body, as on every provider call.
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post("/provider/:vendor/jackpot", async (req: FastifyRequest) => {
      const vendor = z
        .string()
        .regex(/^[A-Za-z0-9_]{2,30}$/)
        .safeParse((req.params as { vendor?: string }).vendor);
      if (!vendor.success) throw Errors.notFound("vendor");
      const raw = typeof req.body === "string" ? req.body : "";
      const sig = req.headers["x-signature"];
      await verifyProviderSignature(ctx, vendor.data, Array.isArray(sig) ? sig[0] : sig, raw);
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw Errors.validation([{ path: "", message: "invalid JSON" }]);
      }
      const nulAt = findNul(json);
      if (nulAt !== null) throw Errors.validation([{ path: nulAt, message: "nul_char" }]);
      const parsed = JackpotCall.safeParse(json);
      if (!parsed.success)
        throw Errors.validation(
          parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        );
      const b = parsed.data;
      const currency = await memberCurrency(ctx.db, b.playerId);
      if (currency === undefined) throw Errors.notFoundCode("PLAYER_NOT_FOUND");
      const r = await jackpotCall(ctx, { ...b, vendor: vendor.data, currency });
      // A win is paid by the jackpot vendor PNJ through the protocol (a 0.00 debit opening the
      // jackpot's round, then its credit). The in-house game server sends them: the answer carries
      // the PNJ launch token for that debit. An outside vendor's win the platform pays itself
      // (service.payWin): the answer says so and carries no token.
      let win: Record<string, unknown> | null = null;
      if (r.win?.payer === "platform") {
        win = {
          id: r.win.id,
          amount: formatMinor(r.win.amount),
          roundId: r.win.roundId,
          vendor: JACKPOT_VENDOR,
          paidBy: "platform",
        };
      } else if (r.win) {
        await ensureInHouseClient(ctx, JACKPOT_VENDOR);
        win = {
          id: r.win.id,
          amount: formatMinor(r.win.amount),
          roundId: r.win.roundId,
          vendor: JACKPOT_VENDOR,
          paidBy: "rgs",
          token: await issueLaunchToken(ctx, b.playerId, JACKPOT_VENDOR),
        };
      }
      return {
        success: true,
        value: {
          requestId: b.requestId,
          contributing: r.contributing,
          contribution: formatMinor(r.contribution),
          pool: formatMinor(r.pool),
          win,
        },
      };
    });
  });

  // A guest's home counter (no hub socket: the hub is for signed-in pages) hears the same pushes
  // as server-sent events: each `data:` line is the figure the hub sends ({"type":"jackpot", …}).
  // The process listens once to the hub's topic channel and writes to every open stream; a
  // comment line every 25 s keeps proxies from closing an idle stream. Past LIVE_STREAMS_MAX
  // streams in a process, a page is told 503 and keeps asking GET /lgw/jackpot instead.
  const streams = new PoolStreams();
  await ctx.store.subscribe(HUB_TOPIC_CHANNEL, (message) => {
    if (streams.size === 0) return;
    try {
      const { topic, payload } = JSON.parse(message) as { topic: string; payload: unknown };
      if (topic !== JACKPOT_TOPIC) return;
      const text = `data: ${JSON.stringify(payload)}\n\n`;
      streams.write(text);
    } catch (err) {
      app.log.error(err);
    }
  });
  const keepAlive = setInterval(() => {
    streams.write(": keep-alive\n\n");
  }, 25_000);
  keepAlive.unref();
  app.addHook("onClose", async () => {
    clearInterval(keepAlive);
    streams.endAll();
  });
  app.get("/lgw/jackpot/live", (_req, reply) => {
    if (streams.size >= LIVE_STREAMS_MAX) {
      reply.code(503).header("retry-after", "60").send({ success: false, code: "SERVICE_UNAVAILABLE" });
      return;
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
      "x-content-type-options": "nosniff",
    });
    res.write("retry: 5000\n\n");
    streams.add(res);
  });

  // The home counter's figure: the pool as it stands (cached briefly per process).
  let cached: { at: number; value: unknown } | null = null;
  route(app, { method: "GET", url: "/lgw/jackpot" }, async () => {
    const now = ctx.clock.now().getTime();
    if (cached && now - cached.at < POOL_CACHE_MS) return cached.value;
    const pool = await currentPool(ctx);
    // The winners of the jackpot are on the winners board (GCSGAME_getRankList), marked so.
    const value = poolView(pool);
    cached = { at: now, value };
    return value;
  });
}
