import { formatMinor } from "@panalo/contracts/money";
import {
  CashoutRequest,
  MyBetsQuery,
  PlaceBetRequest,
  SportsMatchesQuery,
  SportsMenuQuery,
} from "@panalo/contracts/sports";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { memberOf, requireMember } from "../members/service.ts";
import { verifyProviderSignature } from "../providers/service.ts";
import {
  applyFeedMessage,
  cashout,
  cashoutQuote,
  matchesWhere,
  menu,
  myBets,
  ODDS_CHANNEL,
  tabWhere,
} from "./book.ts";
import { FeedMessageSchema } from "./feed-schema.ts";
import { placeBet } from "./place.ts";

const IdParams = z.object({ id: z.coerce.number().int().positive() });
/** The real feed's vendor row in provider_clients (its secret signs what it posts). */
export const FEED_VENDOR = "UOF";
/** A viewer watches at most this many matches at once (a list page's worth). */
const WATCH_MAX = 300;

/**
 * The sportsbook's player calls (contracts/sports.ts), the public odds socket and the real
 * feed's receiver. Lists are open (guests see odds); bets need the member's token.
 */
export async function sportsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, { method: "GET", url: "/api/sports/menu", query: SportsMenuQuery }, async ({ query }) => ({
    sports: await menu(ctx.db, query.gameType),
  }));
  route(app, { method: "GET", url: "/api/sports/matches", query: SportsMatchesQuery }, async ({ query }) => {
    const where = sql`s.category = ${query.gameType} AND ${tabWhere(query.tab, ctx.clock.now())}
      AND (${query.sport ?? null}::text IS NULL OR s.code = ${query.sport ?? null})
      AND (${query.league ?? null}::bigint IS NULL OR l.id = ${query.league ?? null})`;
    return { matches: await matchesWhere(ctx.db, where, false) };
  });
  route(app, { method: "GET", url: "/api/sports/hot", query: SportsMenuQuery }, async ({ query }) => ({
    matches: await matchesWhere(
      ctx.db,
      sql`s.category = ${query.gameType} AND m.hot AND m.status IN ('not_started', 'live')`,
      false,
      12,
    ),
  }));
  route(app, { method: "GET", url: "/api/sports/matches/:id", params: IdParams }, async ({ params }) => {
    const [m] = await matchesWhere(ctx.db, sql`m.id = ${params.id}`, true);
    if (!m) throw Errors.notFound("match");
    return m;
  });

  const member = [requireMember(ctx)];
  route(
    app,
    { method: "POST", url: "/api/sports/bets", body: PlaceBetRequest, guards: member },
    async ({ body, req }) => {
      const m = memberOf(req);
      const placed = await placeBet(ctx, m.id, body);
      const [bet] = (await myBets(ctx.db, m.id, "open", 50)).filter((b) => b.id === placed.id);
      return bet ?? { id: placed.id };
    },
  );
  route(
    app,
    { method: "GET", url: "/api/sports/bets", query: MyBetsQuery, guards: member },
    async ({ query, req }) => ({
      bets: await myBets(ctx.db, memberOf(req).id, query.state),
    }),
  );
  route(
    app,
    { method: "POST", url: "/api/sports/bets/:id/cashout-quote", params: IdParams, guards: member },
    async ({ params, req }) => {
      const q = await cashoutQuote(ctx.db, memberOf(req).id, params.id);
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
      paid: formatMinor(await cashout(ctx, memberOf(req).id, params.id, body.amount)),
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
      await verifyProviderSignature(ctx, FEED_VENDOR, Array.isArray(sig) ? sig[0] : sig, raw);
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
  const watchers = new Map<number, Set<WebSocket>>();
  await ctx.store.subscribe(ODDS_CHANNEL, (message) => {
    const m = /"matchId":(\d+)/.exec(message);
    const set = m ? watchers.get(Number(m[1])) : undefined;
    if (!set) return;
    for (const ws of set) if (ws.readyState === ws.OPEN) ws.send(message);
  });
  app.get("/api/sports/live", { websocket: true }, (socket) => {
    const mine = new Set<number>();
    const drop = () => {
      for (const id of mine) {
        const set = watchers.get(id);
        set?.delete(socket);
        if (set && !set.size) watchers.delete(id);
      }
      mine.clear();
    };
    socket.on("message", (raw: Buffer) => {
      let ids: number[] = [];
      try {
        const msg = JSON.parse(raw.toString()) as { type?: string; matches?: unknown };
        if (msg.type !== "watch" || !Array.isArray(msg.matches)) return;
        ids = msg.matches.filter((x): x is number => Number.isInteger(x) && x > 0).slice(0, WATCH_MAX);
      } catch {
        return;
      }
      drop();
      for (const id of ids) {
        mine.add(id);
        const set = watchers.get(id) ?? new Set();
        set.add(socket);
        watchers.set(id, set);
      }
    });
    socket.on("close", drop);
  });
}
