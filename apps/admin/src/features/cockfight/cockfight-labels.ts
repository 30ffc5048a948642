import type { CockfightFightView } from "@panalo/contracts/cockfight";
import { enumLabels, everyCode } from "../../lib/enum-labels.ts";

/** A fight's state in the operator's language. */
export const fightStatusLabel = enumLabels(
  "cockfight.state",
  everyCode<CockfightFightView["status"]>({ scheduled: true, open: true, closed: true, settled: true }),
);
