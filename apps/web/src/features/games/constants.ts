/**
 * The games constants of spec §9, as packages/contracts/src/games.ts defines them. Kept here as
 * plain values because importing a value from the contracts module runs its zod schemas, which
 * would pull zod into the home page's chunk; constants.test.ts checks they stay equal.
 */

/** spec §9: games page size 15. */
export const GAMES_PAGE_SIZE = 15;
/** spec §9: popular games count 20. */
export const POPULAR_COUNT = 20;
/** spec §9: winner board limit 20. */
export const WINNER_BOARD_SIZE = 20;
/** spec §2 min-bet filter options ("all" is no filter). */
export const MIN_BETS = ["all", "0.01", "0.05", "0.1", "0.5", "0.75"] as const;
export type MinBet = (typeof MIN_BETS)[number];
