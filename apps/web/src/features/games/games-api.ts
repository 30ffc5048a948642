import type { GameCategory } from "@panalo/contracts/content";
import type {
  FavoriteGamesValue,
  Game,
  GameListValue,
  RankListValue,
  RecentGamesValue,
  VassGameTypeEntry,
} from "@panalo/contracts/games";
import { type InfiniteData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { usePrefs } from "../prefs/prefs-store.ts";
import { useSession } from "../session/session-store.ts";
import { GAMES_PAGE_SIZE, POPULAR_COUNT, WINNER_BOARD_SIZE } from "./constants.ts";
import { type ListState, nextPageNo } from "./list-state.ts";

/** One page of any games list, whichever call it came from. */
export interface GamePage {
  games: Game[];
  pageNo: number;
  totalPages: number;
}

/** The query-key root of every games list (favourite toggles patch them all). */
export const GAMES_KEY = "games";

const relay = <T>(name: string, body: unknown, signal?: AbortSignal) =>
  api<T>(`/wps/relay/${name}`, { method: "POST", body, signal });

/** The request of one page of the list the state describes (spec §7 game list, hot, fav, recent). */
async function loadPage(
  gameType: GameCategory,
  s: ListState,
  pageNo: number,
  signal: AbortSignal,
): Promise<GamePage> {
  const vassalage = s.vendor === "all" ? undefined : s.vendor;
  const paging = { pageNo, pageSize: GAMES_PAGE_SIZE };
  switch (s.listType) {
    case "hot": {
      // spec §4: hot shows the vendor's hot games in one page.
      const games = await relay<Game[]>("GCSGAME_hotGamesV2", { gameType, vassalage }, signal);
      return { games, pageNo: 1, totalPages: 1 };
    }
    case "fav": {
      const v = await relay<FavoriteGamesValue>(
        "MCSFE_getFavoriteGames",
        {
          gameType,
          ...paging,
        },
        signal,
      );
      return { games: v.content, pageNo, totalPages: v.totalPages };
    }
    case "recent": {
      const v = await relay<RecentGamesValue>(
        "GCS_recentGame",
        {
          gameType,
          vassalage,
          ...paging,
        },
        signal,
      );
      return { games: v.list, pageNo, totalPages: v.totalPages };
    }
    case "none": {
      const v = await relay<GameListValue>(
        "GCSGAME_gameList",
        {
          gameType,
          vassalage,
          gameClassify: s.classify || undefined,
          gameName: s.search || undefined,
          minBet: s.minBet === "all" ? undefined : s.minBet,
          ...paging,
        },
        signal,
      );
      return { games: v.games, pageNo, totalPages: v.totalPages };
    }
  }
}

/**
 * The games list of the page, 15 at a time (spec §4). A new list state is a new query that
 * starts at page 1; the next page is only asked for once the last one has arrived (one list
 * load at a time).
 */
export function useGamesList(gameType: GameCategory, state: ListState) {
  const token = useSession((s) => s.token);
  const lang = usePrefs((s) => s.lang);
  return useInfiniteQuery<GamePage, Error, InfiniteData<GamePage>, readonly unknown[], number>({
    queryKey: [GAMES_KEY, "list", gameType, state, token, lang],
    // The signal lets a list nobody shows any more (the filters changed) stop loading:
    // spec §4 "only one list load at a time".
    queryFn: ({ pageParam, signal }) => loadPage(gameType, state, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageNo(state.listType, last.pageNo, last.totalPages) ?? undefined,
    staleTime: 30_000,
  });
}

/** The classify filter's choices for a vendor, with their game counts (GCSGAME_getVassGameType). */
/** The classifies with listed games: of one vendor, or of the whole category ("all"). */
export function useVendorClassifies(vendor: string, gameType: GameCategory) {
  return useQuery({
    queryKey: [GAMES_KEY, "classifies", vendor, gameType],
    queryFn: () =>
      relay<VassGameTypeEntry[]>(
        "GCSGAME_getVassGameType",
        vendor === "all" ? { gameType } : { vassalage: vendor },
      ),
    staleTime: 300_000,
  });
}

/** The home page's hot slots row (GCSGAME_hotGamesV2 for the RNG category). */
export function useHotGames(gameType: GameCategory = "RNG") {
  const token = useSession((s) => s.token);
  const lang = usePrefs((s) => s.lang);
  return useQuery({
    queryKey: [GAMES_KEY, "hot", gameType, token, lang],
    queryFn: () => relay<Game[]>("GCSGAME_hotGamesV2", { gameType }),
    staleTime: 60_000,
  });
}

/** spec §7: /lgw/games/popular, count 20 — the most played games. */
export function usePopularGames() {
  const token = useSession((s) => s.token);
  const lang = usePrefs((s) => s.lang);
  return useQuery({
    queryKey: [GAMES_KEY, "popular", token, lang],
    queryFn: () => api<Game[]>(`/lgw/games/popular?count=${POPULAR_COUNT}`),
    staleTime: 60_000,
  });
}

/** spec §2: the winner board, refetched when the language changes (its game names are translated). */
export function useWinners() {
  const lang = usePrefs((s) => s.lang);
  return useQuery({
    queryKey: ["winners", lang],
    queryFn: () =>
      api<RankListValue>(`/wps/relay/GCSGAME_getRankList?gameCategory=ALL&limitNum=${WINNER_BOARD_SIZE}`),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/** The most games a vendor lobby lists at once (live tables, bingo rooms, sports books). */
const LOBBY_GAMES = 50;

/**
 * The listed games of one category (first LOBBY_GAMES), for the vendor lobbies of categories
 * without a games page (live, bingo, sports): which vendors have something to open.
 */
export function useCategoryGames(gameType: GameCategory) {
  const token = useSession((s) => s.token);
  const lang = usePrefs((s) => s.lang);
  return useQuery({
    queryKey: [GAMES_KEY, "category", gameType, token, lang],
    queryFn: ({ signal }) =>
      relay<GameListValue>("GCSGAME_gameList", { gameType, pageNo: 1, pageSize: LOBBY_GAMES }, signal),
    staleTime: 60_000,
  });
}
