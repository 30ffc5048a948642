import { formatMinor } from "@panalo/contracts/money";
import {
  CashoutRequest,
  MyBetsQuery,
  PlaceBetRequest,
  SportsMatchesQuery,
  SportsMenuQuery,
} from "@panalo/contracts/sports";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { SportsContext } from "./context.ts";
import { Errors } from "./errors.ts";
import { FeedMessageSchema } from "./feed-schema.ts";
import { OddsWatchers } from "./odds-watchers.ts";
import { route } from "./route.ts";
import {
  applyFeedMessage,
  cashout,
  cashoutQuote,
  currentPushes,
  hotMatches,
  matchWithMarkets,
  menu,
  myBets,
  ODDS_CHANNEL,
  placeAndShow,
  tabMatches,
} from "./service.ts";

const IdParams = z.object({ id: z.coerce.number().int().positive() });
/** The real feed's vendor row in provider_clients (its secret signs what it posts). */
export const FEED_VENDOR = "UOF";
/** A viewer watches at most this many matches at once (a list page's worth). */
const WATCH_MAX = 300;

/**
 * The sportsbook's player calls (contracts/sports.ts), the public odds socket and the real
 * feed's receiver. Lists are open (guests see odds); bets need the member's token.
 */
export async function sportsRoutes(app: FastifyInstance, ctx: SportsContext): Promise<void> {
  route(app, { method: "GET", url: "/api/sports/menu", query: SportsMenuQuery }, async ({ query }) => ({
    sports: await menu(ctx.db, query.gameType),
  }));
  route(app, { method: "GET", url: "/api/sports/matches", query: SportsMatchesQuery }, async ({ query }) => ({
    matches: await tabMatches(ctx.db, {
      category: query.gameType,
      tab: query.tab,
      now: ctx.clock.now(),
      sport: query.sport,
      league: query.league,
    }),
  }));
  route(app, { method: "GET", url: "/api/sports/hot", query: SportsMenuQuery }, async ({ query }) => ({
    matches: await hotMatches(ctx.db, query.gameType),
  }));
  route(app, { method: "GET", url: "/api/sports/matches/:id", params: IdParams }, async ({ params }) => {
    const m = await matchWithMarkets(ctx.db, params.id);
    if (!m) throw Errors.notFound("match");
    return m;
  });

  const member = [ctx.host.requireMember];
  route(
    app,
    { method: "POST", url: "/api/sports/bets", body: PlaceBetRequest, guards: member },
    async ({ body, req }) => placeAndShow(ctx, ctx.host.memberOf(req).id, body),
  );
  route(
    app,
    { method: "GET", url: "/api/sports/bets", query: MyBetsQuery, guards: member },
    async ({ query, req }) => ({
      bets: await myBets(ctx.db, ctx.host.memberOf(req).id, query.state),
    }),
  );
  route(
    app,
    { method: "POST", url: "/api/sports/bets/:id/cashout-quote", params: IdParams, guards: member },
    async ({ params, req }) => {
      const q = await cashoutQuote(ctx.db, ctx.host.memberOf(req).id, params.id);
      return {
        amount: q?.amount == null ? null : formatMinor(q.amount),
        value: q === null ? null : formatMinor(q.value),
        debt: formatMinor(q?.debt ?? 0n),
      };
    },
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/sports/bets/:id/cashout",
      params: IdParams,
      body: CashoutRequest,
      guards: member,
    },
    async ({ params, body, req }) => ({
      paid: formatMinor(await cashout(ctx, ctx.host.memberOf(req).id, params.id, body.amount)),
    }),
  );

  // The real feed (Sportradar-UOF-shaped messages as JSON), signed like the provider protocol.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post("/api/sports/feed", async (req) => {
      const raw = typeof req.body === "string" ? req.body : "";
      const sig = req.headers["x-signature"];
      await ctx.host.verifyFeedSignature(FEED_VENDOR, Array.isArray(sig) ? sig[0] : sig, raw);
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw Errors.validation([{ path: "", message: "invalid JSON" }]);
      }
      const parsed = FeedMessageSchema.safeParse(json);
      if (!parsed.success) {
        throw Errors.validation(
          parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        );
      }
      const applied = await applyFeedMessage(ctx, FEED_VENDOR, parsed.data);
      return { success: true, value: { duplicate: applied.duplicate } };
    });
  });

  // The public odds socket: guests watch prices too, so it needs no sign-in (the member hub does).
  const watchers = new OddsWatchers();
  await ctx.store.subscribe(ODDS_CHANNEL, (message) => watchers.fanOut(message));
  app.get("/api/sports/live", { websocket: true }, (socket) => {
    const viewer = watchers.viewer(socket);
    let watched = new Set<number>();
    socket.on("message", (raw: Buffer) => {
      let ids: number[] = [];
      try {
        const msg = JSON.parse(raw.toString()) as { type?: string; matches?: unknown };
        if (msg.type !== "watch" || !Array.isArray(msg.matches)) return;
        ids = msg.matches.filter((x): x is number => Number.isInteger(x) && x > 0).slice(0, WATCH_MAX);
      } catch {
        return;
      }
      viewer.watch(ids);
      // Matches newly watched get where they stand now, read after the watch is in place: a
      // change between the viewer's list and its watch would otherwise never reach it.
      const fresh = ids.filter((id) => !watched.has(id));
      watched = new Set(ids);
      if (!fresh.length) return;
      currentPushes(ctx, fresh)
        .then((pushes) => {
          for (const p of pushes) if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(p));
        })
        .catch((err: unknown) => app.log.warn({ err }, "sports watch: current state not sent"));
    });
    socket.on("close", viewer.drop);
  });
}
