import type { AdminCardHand, AdminCardTable } from "@panalo/contracts/cards-admin";
import { enumLabelsOf } from "../../lib/enum-labels.ts";

/** A card table's game and a hand's state in the operator's language. */
export const cardGameLabel = enumLabelsOf<AdminCardTable["game"]>({
  holdem: "cards.game_holdem",
  tongits: "cards.game_tongits",
});
export const handStatusLabel = enumLabelsOf<AdminCardHand["status"]>({
  playing: "cards.status_playing",
  complete: "cards.status_complete",
  void: "cards.status_void",
});
