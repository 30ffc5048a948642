import { enumLabels } from "../../lib/enum-labels.ts";

/** A fish room's stake level (the game server's FISH_LEVELS, rgs fish/game.ts). */
export const fishLevelLabel = enumLabels("fish.levelOf", ["low", "mid", "high"] as const);
