import { TableGame, type TableRoundView } from "@panalo/contracts/live-tables";
import { enumLabels, everyCode } from "../../lib/enum-labels.ts";

/** A live table's game and a round's state in the operator's language. */
export const tableGameLabel = enumLabels("liveTables.gameOf", TableGame.options);
export const tableRoundStatusLabel = enumLabels(
  "liveTables.roundStatusOf",
  everyCode<TableRoundView["status"]>({
    betting: true,
    closed: true,
    settling: true,
    settled: true,
    void: true,
  }),
);
