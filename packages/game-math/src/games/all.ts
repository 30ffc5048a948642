import type { SlotGame } from "../slots.ts";
import { jeepneyRush } from "./jeepney-rush.ts";
import { mangoMania } from "./mango-mania.ts";
import { panaloGold } from "./panalo-gold.ts";
import { perlasNgSilangan } from "./perlas-ng-silangan.ts";
import { sampaguitaFortune } from "./sampaguita-fortune.ts";
import { tarsierTreasure } from "./tarsier-treasure.ts";

/** Every slot game's maths by id (joined with `SLOT_GAME_INFO` of `catalog.ts` on `id`). */
export const SLOT_GAMES: Readonly<Record<string, SlotGame>> = Object.fromEntries(
  [panaloGold, jeepneyRush, mangoMania, sampaguitaFortune, perlasNgSilangan, tarsierTreasure].map((g) => [
    g.id,
    g,
  ]),
);
