import { BetRoundStatus } from "@panalo/contracts/betting-record";
import { enumLabels } from "../../lib/enum-labels.ts";

/** A game round's state on the player's latest rounds. */
export const roundStatusLabel = enumLabels("player.roundStatusOf", BetRoundStatus.options);

/** Why a sign-in failed (members/service.ts: no such member, the wrong password, locked after it). */
export const loginFailureLabel = enumLabels("playerDetail.loginFailureOf", [
  "unknown",
  "password",
  "locked",
] as const);

/** A member's account state (the DB's check on members.status), as the players list names it. */
export const memberStatusLabel = enumLabels("players.statusOf", ["active", "locked", "closed"] as const);
