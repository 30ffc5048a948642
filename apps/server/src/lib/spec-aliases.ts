/**
 * The spec's names for calls the platform serves under another name (spec §7): each alias is
 * rewritten to the existing call before routing, so it runs the same guards, validation and
 * handler and answers the same envelope. One table, kept apart from the modules' route files.
 * The query string is kept; the method must be the existing call's.
 */
export const SPEC_ALIASES: Readonly<Record<string, string>> = {
  // Points mall (spec §7 loyalty calls, served without the service prefix).
  "/wps/relay/MCS2_getPointReward": "/wps/relay/getPointReward",
  "/wps/relay/MCS2_getRedeemPointList": "/wps/relay/getRedeemPointList",
  "/wps/relay/MCS2_getPointConfig": "/wps/relay/getPointConfig",
  // Missions.
  "/wps/relay/MCSFE_getMissionLeaderboard": "/wps/relay/getMissionLeaderboard",
  // Games: the vendor list and favourites (the V2 names take the same body).
  "/wps/relay/GCSGAME_newGameVendor": "/wps/relay/GCSGAME_gameVendor",
  "/wps/relay/MCSFE_addFavoriteGameV2": "/wps/relay/MCSFE_addFavoriteGame",
  "/wps/relay/MCSFE_removeFavoriteGameV2": "/wps/relay/MCSFE_removeFavoriteGame",
  // The winner board (spec §2 home page) is the games' rank list.
  "/wps/relay/ODSFE2_getWinnerBoard": "/wps/relay/GCSGAME_getRankList",
  // Customer-service chat: the chat's address.
  "/wps/relay/CBS_launchChat": "/wps/relay/CSP_chatUrl",
};

/** The URL to route: an alias's existing call (with the query kept), or the URL unchanged. */
export function rewriteSpecAlias(url: string): string {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  const target = SPEC_ALIASES[path];
  return target === undefined ? url : target + (q === -1 ? "" : url.slice(q));
}
