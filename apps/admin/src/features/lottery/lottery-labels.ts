import { LotteryDrawStatus } from "@panalo/contracts/lottery";
import { enumLabels } from "../../lib/enum-labels.ts";

/** A draw's state in the operator's language. */
export const drawStatusLabel = enumLabels("draws.statusOf", LotteryDrawStatus.options);
