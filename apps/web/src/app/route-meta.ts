import type { BannerGroup } from "@panalo/contracts/content";

/**
 * What the shell needs to know about a path: its banner group (spec §2 "Banner groups by
 * path"), whether the head nav shows, and the catalog key of its fallback title.
 */
const BANNER_GROUP: Record<string, BannerGroup> = {
  "/": "home",
  "/index": "home",
  "/index.html": "home",
  "/home": "home",
  "/rng": "rng",
  "/pp": "rng",
  "/live": "live",
  "/fish": "fish",
  "/pvp": "pvp",
  "/sports": "sports",
  "/esports": "esports",
  "/elott": "lottery",
  "/down": "download",
  "/download": "download",
  "/promotions": "promotions",
  "/pointMall": "shop",
  "/help": "help",
  "/ybg": "ybg",
  "/pg": "pg",
  "/deposit-rank": "w_deposit20",
  "/bet-rank": "w_bet20",
};

/** spec §2: "Lottery and seamless pages hide the head nav." */
const NO_NAV = new Set(["/lottery", "/seamless"]);

/** spec §2 redirect rule: the paths a visitor without a session may still open. */
export const OPEN_PATHS: ReadonlySet<string> = new Set([
  "/login",
  "/agent",
  "/register",
  "/register.html",
  "/helpmc",
  "/download",
]);

const TITLE_KEY: Record<string, string> = {
  "/": "home",
  "/register": "register",
  "/noticePage": "notices",
  "/pointMall": "pointMall",
  "/deposit-rank": "depositRank",
  "/bet-rank": "betRank",
  "/lottery": "lottery",
  "/rng": "rng",
  "/pp": "rng",
  "/jili": "rng",
  "/fc": "rng",
  "/fish": "fish",
  "/pvp": "pvp",
  "/bingo": "bingo",
  "/live": "live",
  "/sports": "sports",
  "/esports": "esports",
  "/promotions": "promotions",
  "/promoDetail": "promoDetail",
  "/seamless": "seamless",
  "/help": "help",
  "/helpmc": "help",
  "/down": "download",
  "/join": "join",
  "/game": "game",
  "/login": "login",
  "/agent": "agentLogin",
  "/responsibleGaming": "responsibleGaming",
};

/** Home's aliases and register.html answer as their canonical path. */
export function canonicalPath(pathname: string): string {
  if (pathname === "/index" || pathname === "/index.html" || pathname === "/home") return "/";
  if (pathname === "/register.html") return "/register";
  if (pathname === "/download") return "/down";
  return pathname;
}

export interface RouteMeta {
  group: BannerGroup | null;
  showNav: boolean;
  titleKey: string;
}

export function routeMeta(pathname: string): RouteMeta {
  // Vendor pages of a games list (/rng/vassalage/JILI) share the list's banner and title.
  const first = `/${pathname.split("/")[1] ?? ""}`;
  const path = canonicalPath(pathname);
  return {
    group: BANNER_GROUP[pathname] ?? BANNER_GROUP[first] ?? null,
    showNav: !NO_NAV.has(pathname),
    titleKey: TITLE_KEY[path] ?? TITLE_KEY[first] ?? "notFound",
  };
}
