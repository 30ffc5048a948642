import type { RaffleView } from "@panalo/contracts/rewards";
import { enumLabels, enumLabelsOf, everyCode } from "../../lib/enum-labels.ts";

/** A raffle's state in the operator's language. */
export const raffleStatusLabel = enumLabels(
  "rewards.raffleStatusOf",
  everyCode<RaffleView["status"]>({ open: true, drawn: true, cancelled: true }),
);

/** How rebates are paid, as the rebate settings name it. */
export const rebateModeLabel = enumLabelsOf<"auto" | "manual">({
  auto: "rewards.modeAuto",
  manual: "rewards.modeManual",
});
/** A day's rebate run (the DB's check on rebate_runs.status). */
export const rebateRunStatusLabel = enumLabels("rewards.runStatusOf", ["running", "done"] as const);
