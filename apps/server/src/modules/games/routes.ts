import { ProfitQuery } from "@panalo/contracts/account";
import { BetRecordRequest, BetReplayRequest } from "@panalo/contracts/betting-record";
import type { LangCode } from "@panalo/contracts/envelope";
import {
  FavoriteGamesRequest,
  FavoriteToggleRequest,
  GameListRequest,
  GameVendorRequest,
  HotGamesRequest,
  LaunchGameRequest,
  PopularGamesQuery,
  RankListQuery,
  RecentGamesRequest,
  VassGameTypeRequest,
} from "@panalo/contracts/games";
import { parseMoney } from "@panalo/contracts/money";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import type { Lang } from "../../lib/messages.ts";
import { route } from "../../lib/route.ts";
import { siteOrigin } from "../../lib/site-origin.ts";
import { bearerToken, memberOf, requireMember, sessionMember } from "../members/service.ts";
import { gameAdminRoutes } from "./admin-routes.ts";
import { bettingRecord, replayLink } from "./betting-record.ts";
import { personalProfit } from "./personal-profit.ts";
import {
  classifyCounts,
  enabledVendors,
  favoriteList,
  gamesByIds,
  listGames,
  recentList,
  setFavorite,
} from "./repo.ts";
import { gameMenus, launchGame, popularGames, rankList, toGame, toVendor } from "./service.ts";

/** spec §4: hot games come back in one page; this bounds it. */
const HOT_PAGE = 50;

const pageOf = (pageNo: number, pageSize: number) => ({ offset: (pageNo - 1) * pageSize, limit: pageSize });
const pagesOf = (total: number, pageSize: number) => Math.ceil(total / pageSize);

/**
 * The game catalog calls (spec §7 "Games"). Lists are open and personalised (isFavorite) when
 * the caller sends a live session token; favourites, recent games and launch need one.
 */
export async function gameRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db;
  await gameAdminRoutes(app, ctx);
  // A guest, or a token that is no longer valid, sees the open list (isFavorite false).
  const viewer = async (req: FastifyRequest): Promise<number | null> => {
    const token = bearerToken(req);
    const m = token ? await sessionMember(ctx, token) : null;
    return m?.id ?? null;
  };
  const langOf = (asked: LangCode | undefined, header: Lang): Lang => asked ?? header;
  const member = requireMember(ctx);

  route(app, { method: "GET", url: "/lgw/games/game_menus" }, async () => gameMenus(db));

  // The member's profit and loss per day and per game category (spec §2 personalProfit).
  route(
    app,
    {
      method: "GET",
      url: "/wps/member/personalProfit",
      query: ProfitQuery,
      guards: [requireMember(ctx, { realOnly: true })],
    },
    async ({ req, query }) => personalProfit(db, memberOf(req).id, query),
  );

  route(app, { method: "POST", url: "/wps/relay/GCSGAME_gameList", body: GameListRequest }, async (i) => {
    const b = i.body;
    const lang = langOf(b.language, i.lang);
    const minBet = b.minBet && b.minBet !== "all" ? (parseMoney(b.minBet) ?? undefined) : undefined;
    const { rows, total } = await listGames(
      db,
      {
        gameType: b.gameType,
        vendor: b.vassalage,
        gameClassify: b.gameClassify || undefined,
        search: b.gameName || undefined,
        minBet,
        minLineNum: b.minLineNum,
      },
      pageOf(b.pageNo, b.pageSize),
      await viewer(i.req),
    );
    return { games: rows.map((r) => toGame(r, lang)), totalPages: pagesOf(total, b.pageSize), total };
  });

  route(app, { method: "POST", url: "/wps/relay/GCSGAME_hotGamesV2", body: HotGamesRequest }, async (i) => {
    const { rows } = await listGames(
      db,
      { hotOnly: true, vendor: i.body.vassalage, gameType: i.body.gameType },
      { offset: 0, limit: HOT_PAGE },
      await viewer(i.req),
    );
    return rows.map((r) => toGame(r, langOf(i.body.language, i.lang)));
  });

  route(app, { method: "GET", url: "/lgw/games/popular", query: PopularGamesQuery }, async (i) => {
    const rows = await popularGames(ctx, i.query.count, await viewer(i.req));
    return rows.map((r) => toGame(r, langOf(i.query.language, i.lang)));
  });

  route(
    app,
    { method: "POST", url: "/wps/relay/GCSGAME_getVassGameType", body: VassGameTypeRequest },
    async ({ body }) => classifyCounts(db, body.vassalage, body.gameType),
  );

  route(
    app,
    { method: "POST", url: "/wps/relay/GCSGAME_gameVendor", body: GameVendorRequest },
    async ({ body }) => (await enabledVendors(db, body.gameType)).map(toVendor),
  );

  route(
    app,
    { method: "POST", url: "/wps/relay/GCS_recentGame", body: RecentGamesRequest, guards: [member] },
    async (i) => {
      const b = i.body;
      const { rows, total } = await recentList(
        db,
        memberOf(i.req).id,
        { vendor: b.vassalage, gameType: b.gameType },
        pageOf(b.pageNo, b.pageSize),
      );
      return { list: rows.map((r) => toGame(r, i.lang)), totalPages: pagesOf(total, b.pageSize) };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/wps/relay/MCSFE_getFavoriteGames",
      body: FavoriteGamesRequest,
      guards: [member],
    },
    async (i) => {
      const b = i.body;
      const { rows, total } = await favoriteList(
        db,
        memberOf(i.req).id,
        { gameType: b.gameType },
        pageOf(b.pageNo, b.pageSize),
      );
      return { content: rows.map((r) => toGame(r, i.lang)), totalPages: pagesOf(total, b.pageSize) };
    },
  );

  // spec §4: the toggle adds or removes by nodeId; only listed games can be favoured.
  for (const [url, on] of [
    ["/wps/relay/MCSFE_addFavoriteGame", true],
    ["/wps/relay/MCSFE_removeFavoriteGame", false],
  ] as const) {
    route(app, { method: "POST", url, body: FavoriteToggleRequest, guards: [member] }, async (i) => {
      const who = memberOf(i.req).id;
      const [game] = await gamesByIds(db, [i.body.nodeId], who);
      if (!game) throw new AppError("GAME_NOT_FOUND", 404);
      await setFavorite(db, who, game.nodeId, on);
      return { nodeId: game.nodeId, isFavorite: on };
    });
  }

  route(app, { method: "GET", url: "/wps/relay/GCSGAME_getRankList", query: RankListQuery }, async (i) => ({
    list: await rankList(ctx, i.query.gameCategory, i.query.limitNum, langOf(i.query.language, i.lang)),
  }));

  // spec §2 personalHistoryCopy: the member's own rounds, and a signed link to replay one.
  route(
    app,
    { method: "POST", url: "/wps/relay/GCS_betRecord", body: BetRecordRequest, guards: [member] },
    async (i) => bettingRecord(ctx, memberOf(i.req).id, i.body, i.lang),
  );
  route(
    app,
    { method: "POST", url: "/wps/relay/GCS_betReplay", body: BetReplayRequest, guards: [member] },
    async (i) => replayLink(ctx, memberOf(i.req).id, i.body, i.lang),
  );

  route(
    app,
    { method: "POST", url: "/wps/game/launchGame", body: LaunchGameRequest, guards: [member] },
    async (i) => {
      const m = memberOf(i.req);
      return launchGame(
        ctx,
        { id: m.id, isAgent: m.isAgent },
        i.body.nodeId,
        i.lang,
        siteOrigin(ctx.config, i.req),
        i.ip,
      );
    },
  );
}
