import { enumLabels } from "../../lib/enum-labels.ts";

/** A movement of the jackpot pool's ledger account (the types jackpot/service.ts writes). */
export const jackpotMovementLabel = enumLabels("jackpot.movementOf", [
  "jackpot_seed",
  "jackpot_contribution",
  "jackpot_win",
] as const);
