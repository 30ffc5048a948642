import type { SlotGame } from "../slots.ts";
import { panaloGold } from "./panalo-gold.ts";

/** Every slot game's maths by id (joined with `SLOT_GAME_INFO` of `catalog.ts` on `id`). */
export const SLOT_GAMES: Readonly<Record<string, SlotGame>> = {
  [panaloGold.id]: panaloGold,
};
