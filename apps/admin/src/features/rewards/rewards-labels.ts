import type { RaffleView } from "@panalo/contracts/rewards";
import { enumLabels, everyCode } from "../../lib/enum-labels.ts";

/** A raffle's state in the operator's language. */
export const raffleStatusLabel = enumLabels(
  "rewards.raffleStatusOf",
  everyCode<RaffleView["status"]>({ open: true, drawn: true, cancelled: true }),
);
