import type {
  LotteryBets,
  LotteryDraw,
  LotteryLaunch,
  LotteryMenu,
  LotteryOpenDraws,
  LotteryRecent,
  LotteryResults,
  LotterySession,
  LotterySlip,
  LotterySlipRequest,
  LotteryVerify,
} from "@panalo/contracts/lottery";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError, api, requestEnvelope } from "../../lib/api.ts";
import { MEMBER_QUERY_ROOT, useSession } from "../session/session-store.ts";
import { syncServerClock } from "./clock.ts";

/**
 * The lottery's calls (packages/contracts/src/lottery.ts). The lottery lives in the in-house
 * game server (RGS): open calls need nothing; betting calls carry the RGS lottery session id
 * (never the platform token), opened from a one-time launch token the platform issues. The
 * answers are the platform's envelope, read by the same `requestEnvelope` as the platform's calls.
 */
const RGS = "/rgs";

interface CallInit {
  method?: "GET" | "POST";
  body?: unknown;
  sessionId?: string;
  signal?: AbortSignal;
}

async function lotteryCall<T>(path: string, init: CallInit = {}, lang = "TY"): Promise<T> {
  return requestEnvelope<T>(path, init, lang, init.sessionId);
}

const qs = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  return q.toString();
};

/** The query keys of the lottery's public data. */
export const lotteryKeys = {
  menu: (lang: string) => ["lottery", "menu", lang] as const,
  results: (gameCode: string) => ["lottery", "results", gameCode] as const,
  open: (gameCode: string) => ["lottery", "open", gameCode] as const,
  draw: (drawNo: string) => ["lottery", "draw", drawNo] as const,
  session: (token: string | null) => [MEMBER_QUERY_ROOT, "lottery-session", token] as const,
  bets: (token: string | null, status: string) => [MEMBER_QUERY_ROOT, "lottery-bets", token, status] as const,
  recent: (token: string | null) => [MEMBER_QUERY_ROOT, "lottery-recent", token] as const,
};

const menuLang = (lang: string) => (lang === "EN" ? "EN" : "TY");

/** spec §7 /lgw/vn/games/game_menu (O): every game with its draw on sale and last result. */
export function useLotteryMenu() {
  const { i18n } = useTranslation();
  const lang = menuLang(i18n.language);
  return useQuery({
    queryKey: lotteryKeys.menu(lang),
    queryFn: async ({ signal }) => {
      const menu = await lotteryCall<LotteryMenu>(
        `/lgw/vn/games/game_menu?${qs({ prizeMode: "SEA", device: "WEB", lang })}`,
        { signal },
        lang,
      );
      syncServerClock(menu.serverTime);
      return menu;
    },
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/** spec §7/§9 /lgw/vn/numeros/opened/game, count 100: the game's last results, newest first. */
export function useLotteryResults(gameCode: string | null) {
  return useQuery({
    queryKey: lotteryKeys.results(gameCode ?? ""),
    queryFn: ({ signal }) =>
      lotteryCall<LotteryResults>(
        `/lgw/vn/numeros/opened/game?${qs({ gameCode: gameCode ?? "", count: 100 })}`,
        {
          signal,
        },
      ),
    enabled: gameCode !== null,
    staleTime: 30_000,
  });
}

/** The game's open draws, soonest first (the one on sale, then the next ones to bet ahead on). */
export function useOpenDraws(gameCode: string | null) {
  return useQuery({
    queryKey: lotteryKeys.open(gameCode ?? ""),
    queryFn: async ({ signal }) => {
      const open = await lotteryCall<LotteryOpenDraws>(
        `${RGS}/lottery/draws/open?${qs({ gameCode: gameCode ?? "", count: 10 })}`,
        { signal },
      );
      syncServerClock(open.serverTime);
      return open;
    },
    enabled: gameCode !== null,
    staleTime: 15_000,
    refetchInterval: 30_000,
  });
}

/** One draw by its number (the verify page). */
export function fetchDraw(drawNo: string, signal?: AbortSignal): Promise<LotteryDraw> {
  return lotteryCall<LotteryDraw>(`${RGS}/lottery/draw?${qs({ drawNo })}`, { signal });
}

/** The server's own recomputation (the verify page shows it beside the browser's). */
export function serverVerify(drawNo: string, seed: string): Promise<LotteryVerify> {
  return lotteryCall<LotteryVerify>(`${RGS}/lottery/verify`, { method: "POST", body: { drawNo, seed } });
}

/**
 * The RGS lottery session of the logged-in member: a launch token from the platform, then the
 * RGS opens a session with it. Refused for trial accounts by the platform (IN_NEED_TRUE_ACCOUNT),
 * which the page shows when the player tries to bet.
 */
async function openLotterySession(lang: string): Promise<LotterySession & { rgsBase: string }> {
  const launch = await api<LotteryLaunch>("/lotto/lgw/session", { method: "POST", body: {} });
  const base = launch.rgsBase.startsWith("/") ? launch.rgsBase.replace(/\/$/, "") : RGS;
  const session = await lotteryCall<LotterySession>(
    `${base}/lottery/session`,
    { method: "POST", body: { token: launch.token, lang: menuLang(lang) } },
    lang,
  );
  return { ...session, rgsBase: base };
}

export function useLotterySession() {
  const { i18n } = useTranslation();
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: lotteryKeys.session(token),
    queryFn: () => openLotterySession(i18n.language),
    // Trial accounts ask too: the platform's refusal (or its play-money answer) is what they see.
    enabled: token !== null,
    // A session lasts until its expiry; the page opens a new one after that.
    staleTime: 10 * 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 1,
    placeholderData: undefined,
  });
}

export type OpenSession = LotterySession & { rgsBase: string };

export function placeSlip(
  session: OpenSession,
  request: LotterySlipRequest,
  lang: string,
): Promise<LotterySlip> {
  return lotteryCall<LotterySlip>(
    `${session.rgsBase}/lottery/slips`,
    { method: "POST", body: request, sessionId: session.sessionId },
    lang,
  );
}

export function cancelSlip(session: OpenSession, slipId: string, lang: string): Promise<LotterySlip> {
  return lotteryCall<LotterySlip>(
    `${session.rgsBase}/lottery/slips/cancel`,
    { method: "POST", body: { slipId }, sessionId: session.sessionId },
    lang,
  );
}

export function useMyBets(session: OpenSession | undefined, status: "open" | "settled") {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: lotteryKeys.bets(token, status),
    queryFn: ({ signal }) =>
      lotteryCall<LotteryBets>(`${session?.rgsBase ?? RGS}/lottery/bets?${qs({ status, pageSize: 50 })}`, {
        signal,
        sessionId: session?.sessionId,
      }),
    enabled: session !== undefined,
    staleTime: 10_000,
    placeholderData: undefined,
  });
}

/** spec §7 /lgw/vn/games/game_menu/recent (S): the games the player bet on lately. */
export function useRecentLottery(session: OpenSession | undefined) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: lotteryKeys.recent(token),
    queryFn: ({ signal }) =>
      lotteryCall<LotteryRecent>("/lgw/vn/games/game_menu/recent", { signal, sessionId: session?.sessionId }),
    enabled: session !== undefined,
    staleTime: 60_000,
    placeholderData: undefined,
  });
}

/** The address of the live stream: public events, plus the session's own when one is open. */
export function eventsUrl(session: OpenSession | undefined): string {
  const base = session?.rgsBase ?? RGS;
  return session
    ? `${base}/lottery/events?${qs({ sessionId: session.sessionId })}`
    : `${base}/lottery/events`;
}
