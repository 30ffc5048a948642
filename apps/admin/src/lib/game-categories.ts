import { GameCategories } from "@panalo/contracts/content";
import { enumLabels } from "./enum-labels.ts";

/**
 * A game category code (RNG, LIVE, …) by the name the site's menu gives it, wherever a screen
 * shows one: the catalogue, loyalty and rebate rates, sportsbook sports, lottery games.
 */
export const gameCategoryLabel = enumLabels("nav.cat", GameCategories);
