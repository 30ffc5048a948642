/**
 * The player site's route table (spec §2), shared by the site's router (apps/web
 * src/app/routes.tsx) and the server's history-mode fallback: a path the site has
 * no screen for is answered with the not-found page *and* HTTP 404, so search engines and
 * link checkers see it missing. A screen added to the router is added here too
 * (apps/web/src/app/routes.test.ts compares them).
 */
export const HOME_PATHS = ["/", "/index", "/index.html", "/home"] as const;

/** The games-list routes (spec §2 "/{games}"): the category lists and the vendor-named routes. */
export const GAMES_PATHS = ["/rng", "/fish", "/pvp", "/pp", "/fc", "/jili"] as const;

/** Every fixed path of the site. */
export const SITE_PATHS: readonly string[] = [
  ...HOME_PATHS,
  "/helpmc",
  "/register",
  "/register.html",
  "/login",
  "/noticePage",
  "/pointMall",
  "/deposit-rank",
  "/bet-rank",
  "/lottery",
  "/lottery/verify",
  ...GAMES_PATHS,
  "/bingo",
  "/live",
  "/sports",
  "/esports",
  // cockfight follows sports in the nav; where it is off, the page says it is not offered
  "/cockfight",
  "/promotions",
  "/promoDetail",
  "/seamless",
  "/help",
  "/down",
  "/download",
  "/join",
  "/game",
  // a payment gateway's return address: the member centre's deposit page
  "/depositv2",
  // the password-reset e-mail's link
  "/resetPassword",
  // the agent login path
  "/agent",
  // responsible gaming, linked from every page's footer
  "/responsibleGaming",
];

/**
 * Routes with a parameter: an agent's invitation short link, the agent centre's pages
 * (/agent/<slug>) and the contract pages' earlier addresses (sent on to the agent centre).
 */
const PARAM_PATHS = [
  /^\/a\/[A-Za-z0-9]{1,32}$/,
  /^\/agent\/[a-z-]{1,32}$/,
  /^\/agentContracts\/[A-Za-z]{1,32}$/,
];

/** The named route 'games': /{games}/{type: hot | vassalage}/{vassalage}. */
const NAMED_GAMES = new RegExp(
  `^/(?:${GAMES_PATHS.map((p) => p.slice(1)).join("|")})/(?:hot|vassalage)(?:/[^/]+)?/?$`,
);

/** Whether the site has a screen at this path (no query string; a trailing slash is allowed). */
export function isSitePath(path: string): boolean {
  const p = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return SITE_PATHS.includes(p) || NAMED_GAMES.test(p) || PARAM_PATHS.some((r) => r.test(p));
}
