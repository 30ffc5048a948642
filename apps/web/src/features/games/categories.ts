import type { GameCategory } from "@panalo/contracts/content";

/**
 * Where each game category lives on the site (spec §2 route table and header nav). Cockfight
 * launches its game directly from /cockfight (which says so where the region has it off); lottery and e-lottery open the lottery page.
 */
export const CATEGORY_PATH: Record<GameCategory, string> = {
  RNG: "/rng",
  LIVE: "/live",
  SPORTS: "/sports",
  COCKFIGHT: "/cockfight",
  LOTT: "/lottery",
  ESPORTS: "/esports",
  ELOTT: "/lottery?gameType=ELOTT",
  FISH: "/fish",
  PVP: "/pvp",
  BINGO: "/bingo",
};

/** The games-list routes (spec §2 "/{games}") and the category each lists. */
export const GAMES_ROUTES = {
  rng: "RNG",
  pp: "RNG",
  jili: "RNG",
  fc: "RNG",
  fish: "FISH",
  pvp: "PVP",
} as const satisfies Record<string, GameCategory>;
export type GamesParam = keyof typeof GAMES_ROUTES;

export function isGamesParam(value: string | undefined): value is GamesParam {
  return value !== undefined && Object.hasOwn(GAMES_ROUTES, value);
}

/** Vendors preselected by the vendor-named routes (/pp, /jili, /fc). */
export const ROUTE_VENDOR: Partial<Record<GamesParam, string>> = { pp: "PP", jili: "JILI", fc: "FC" };

/** A vendor's page: the games list filtered to it, or the category page with the vendor chosen. */
export function vendorPath(category: GameCategory, vassalage: string): string {
  const code = encodeURIComponent(vassalage);
  if (category === "RNG") return `/rng/vassalage/${code}`;
  if (category === "FISH") return `/fish/vassalage/${code}`;
  if (category === "PVP") return `/pvp/vassalage/${code}`;
  // Cockfight is one arena: /cockfight says where it is not offered, else opens it.
  if (category === "COCKFIGHT") return "/cockfight";
  const base = CATEGORY_PATH[category];
  return `${base}${base.includes("?") ? "&" : "?"}vendor=${code}`;
}
