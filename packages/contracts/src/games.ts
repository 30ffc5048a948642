import { z } from "zod";
import { GameCategory } from "./content.ts";
import { LangCode } from "./envelope.ts";
import { Id, intInput } from "./input.ts";

/**
 * Game catalog, favourites, recent games, winner board and launch (spec §2 games routes and
 * /game, §3 game/vendor/launch input, §4 games page, §7 "Games", §9 sizes).
 * Names come back in the caller's language (X-Lang header or `language`; fallback EN then TY).
 */

// ---------- spec §9 constants ----------
export const GAME_PAGE_SIZE = 15;
export const POPULAR_COUNT = 20;
export const WINNER_BOARD_SIZE = 20;
/** spec §9: the min-bet filter options ("all" = no filter). Per line, in major units. */
export const MinBetOptions = ["all", "0.01", "0.05", "0.1", "0.5", "0.75"] as const;
export const MinBetOption = z.enum(MinBetOptions);
export type MinBetOption = z.infer<typeof MinBetOption>;
export const GameVolatility = z.enum(["low", "medium", "high"]);
export type GameVolatility = z.infer<typeof GameVolatility>;

// ---------- the game (spec §3) ----------
export const Game = z.object({
  nodeId: z.number().int(),
  /** The vendor code (PNS, PNG, ...). */
  vassalage: z.string(),
  /** The provider's own game id. */
  gameCode: z.string(),
  gameType: GameCategory,
  /** The vendor's sub-category ("SLOT", "TABLE", ...). */
  gameClassify: z.string(),
  /** In the caller's language. */
  gameName: z.string(),
  /** Minimum bet per line, decimal string "0.01". */
  minBet: z.string(),
  minLineNum: z.number().int(),
  thumbnail: z.string(),
  /** "96.12" or null when the vendor does not publish it. */
  rtp: z.string().nullable(),
  volatility: GameVolatility.nullable(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** Always false for guests. */
  isFavorite: z.boolean(),
});
export type Game = z.infer<typeof Game>;

const PageNo = intInput(1, 100_000);
const PageSize = intInput(1, 50).default(GAME_PAGE_SIZE);
const Vassalage = z.string().trim().min(1).max(20);

// ---------- POST /wps/relay/GCSGAME_gameList (open; personalised with a token) ----------
export const GameListRequest = z.object({
  clientType: z.string().max(20).optional(),
  platform: z.string().max(20).optional(),
  gameType: GameCategory,
  vassalage: Vassalage.optional(),
  gameClassify: z.string().trim().max(40).optional(),
  /** Search: case- and accent-insensitive "contains". */
  gameName: z.string().trim().max(50).optional(),
  minBet: MinBetOption.optional(),
  minLineNum: intInput(1, 1000).optional(),
  language: LangCode.optional(),
  pageNo: PageNo,
  pageSize: PageSize,
});
export type GameListRequest = z.input<typeof GameListRequest>;
export const GameListValue = z.object({
  games: z.array(Game),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type GameListValue = z.infer<typeof GameListValue>;

// ---------- POST /wps/relay/GCSGAME_hotGamesV2 → Game[] (one page) ----------
export const HotGamesRequest = z.object({
  vassalage: Vassalage.optional(),
  gameType: GameCategory.optional(),
  language: LangCode.optional(),
});
export type HotGamesRequest = z.input<typeof HotGamesRequest>;
export const HotGamesValue = z.array(Game);

// ---------- GET /lgw/games/popular?count=20&language= → Game[] ----------
export const PopularGamesQuery = z.object({
  count: intInput(1, 50).default(POPULAR_COUNT),
  language: LangCode.optional(),
});
export type PopularGamesQuery = z.input<typeof PopularGamesQuery>;
export const PopularGamesValue = z.array(Game);

// ---------- POST /wps/relay/GCSGAME_getVassGameType ----------
/** One vendor's classifies, or a whole category's when every vendor is shown. */
export const VassGameTypeRequest = z
  .object({ vassalage: Vassalage.optional(), gameType: GameCategory.optional() })
  .refine((v) => v.vassalage !== undefined || v.gameType !== undefined, {
    path: ["vassalage"],
    message: "required",
  });
export type VassGameTypeRequest = z.input<typeof VassGameTypeRequest>;
export const VassGameTypeEntry = z.object({ gameClassify: z.string(), count: z.number().int() });
export type VassGameTypeEntry = z.infer<typeof VassGameTypeEntry>;
export const VassGameTypeValue = z.array(VassGameTypeEntry);

// ---------- POST /wps/relay/GCSGAME_gameVendor → Vendor[] (content.ts Vendor) ----------
export const GameVendorRequest = z.object({ gameType: GameCategory });
export type GameVendorRequest = z.input<typeof GameVendorRequest>;

// ---------- POST /wps/relay/GCS_recentGame (token) ----------
export const RecentGamesRequest = z.object({
  vassalage: Vassalage.optional(),
  gameType: GameCategory.optional(),
  pageNo: PageNo,
  pageSize: PageSize,
});
export type RecentGamesRequest = z.input<typeof RecentGamesRequest>;
export const RecentGamesValue = z.object({ list: z.array(Game), totalPages: z.number().int() });
export type RecentGamesValue = z.infer<typeof RecentGamesValue>;

// ---------- favourites (token) ----------
/** POST /wps/relay/MCSFE_getFavoriteGames */
export const FavoriteGamesRequest = z.object({
  gameType: GameCategory.optional(),
  pageNo: PageNo,
  pageSize: PageSize,
});
export type FavoriteGamesRequest = z.input<typeof FavoriteGamesRequest>;
export const FavoriteGamesValue = z.object({ content: z.array(Game), totalPages: z.number().int() });
export type FavoriteGamesValue = z.infer<typeof FavoriteGamesValue>;
/** POST /wps/relay/MCSFE_addFavoriteGame and MCSFE_removeFavoriteGame */
export const FavoriteToggleRequest = z.object({ nodeId: Id });
export type FavoriteToggleRequest = z.input<typeof FavoriteToggleRequest>;
export const FavoriteToggleValue = z.object({ nodeId: z.number().int(), isFavorite: z.boolean() });
export type FavoriteToggleValue = z.infer<typeof FavoriteToggleValue>;

// ---------- GET /wps/relay/GCSGAME_getRankList (winner board) ----------
export const RankListQuery = z.object({
  gameCategory: z.union([z.literal("ALL"), GameCategory]).default("ALL"),
  language: LangCode.optional(),
  limitNum: intInput(1, 50).default(WINNER_BOARD_SIZE),
});
export type RankListQuery = z.input<typeof RankListQuery>;
export const RankEntry = z.object({
  vo: z.object({
    iconUrl: z.string(),
    /** Masked, e.g. "ma***ia". */
    customerName: z.string(),
    gameName: z.string(),
    /** Decimal string "1250.00". */
    winAmount: z.string(),
    nodeId: z.number().int(),
    /** A win of the progressive jackpot (vendor PNJ) in this game. */
    jackpot: z.boolean().optional(),
  }),
});
export type RankEntry = z.infer<typeof RankEntry>;
export const RankListValue = z.object({ list: z.array(RankEntry) });
export type RankListValue = z.infer<typeof RankListValue>;

// ---------- POST /wps/game/launchGame (token) ----------
export const LaunchGameRequest = z.object({ nodeId: Id });
export type LaunchGameRequest = z.input<typeof LaunchGameRequest>;
export const LaunchMode = z.enum(["iframe", "lottery", "popup"]);
export type LaunchMode = z.infer<typeof LaunchMode>;
export const LaunchGameValue = z.object({ mode: LaunchMode, url: z.string() });
export type LaunchGameValue = z.infer<typeof LaunchGameValue>;
/** Stable error codes of launchGame (messages TY/EN on the server). */
export const LaunchErrorCodes = ["GAME_NOT_FOUND", "GAME_MAINTENANCE", "IN_NEED_TRUE_ACCOUNT"] as const;
