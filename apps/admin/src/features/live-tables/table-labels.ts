import { TABLE_LIMIT_KINDS, TableGame, type TableRoundView } from "@panalo/contracts/live-tables";
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

/** A bet spot's kind a table's limits name (every game's TABLE_LIMIT_KINDS). */
export const betKindLabel = enumLabels("liveTables.betKindOf", [
  ...new Set(Object.values(TABLE_LIMIT_KINDS).flat()),
]);
