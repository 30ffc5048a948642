import type { BingoGameView } from "@panalo/contracts/bingo";
import { enumLabels, everyCode } from "../../lib/enum-labels.ts";

/** A bingo game's state in the operator's language. */
export const bingoGameStatusLabel = enumLabels(
  "bingo.statusOf",
  everyCode<BingoGameView["status"]>({ selling: true, drawing: true, settled: true, void: true }),
);
