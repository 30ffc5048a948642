import { HALF_LOSE, HALF_WIN, type LegResult, LOSE, VOID, WIN } from "./bets.ts";

/**
 * Settling the book's markets from a final score: 1X2, moneyline,
 * handicaps with Asian quarter lines, totals, correct score, and their first-half versions.
 * Lines are kept in quarters (−0.25 → −1, 2.5 → 10) so nothing is a float.
 */
export type MarketKind = "1x2" | "moneyline" | "handicap" | "total" | "correct_score";
export type Period = "ft" | "1h";

export interface Score {
  home: number;
  away: number;
}

/** A half-line (in quarters, even) against a margin: win, void on a push, lose. */
function halfLine(marginQ: number): LegResult {
  return marginQ > 0 ? WIN : marginQ < 0 ? LOSE : VOID;
}

/**
 * A line in quarters against a margin in goals. A quarter line (odd in quarters) is two bets of
 * half the stake on the lines either side: one pushing and one winning is a half-win.
 */
export function lineResult(marginGoals: number, lineQ: number): LegResult {
  if (!Number.isInteger(lineQ) || !Number.isInteger(marginGoals)) throw new RangeError("line");
  const m = marginGoals * 4;
  if (lineQ % 2 === 0) return halfLine(m + lineQ);
  const a = halfLine(m + lineQ - 1);
  const b = halfLine(m + lineQ + 1);
  return combineHalves(a, b);
}

function combineHalves(a: LegResult, b: LegResult): LegResult {
  const pts = (r: LegResult) => (r.voidPermille === 1000 ? 1 : r.won ? 2 : 0);
  const sum = pts(a) + pts(b);
  return [LOSE, HALF_LOSE, VOID, HALF_WIN, WIN][sum] ?? VOID;
}

/** The result of one outcome of a market, given the period's score. */
export function settleOutcome(
  kind: MarketKind,
  lineQ: number | null,
  outcome: string,
  score: Score,
): LegResult {
  const diff = score.home - score.away;
  switch (kind) {
    case "1x2":
      return (outcome === "home" && diff > 0) ||
        (outcome === "draw" && diff === 0) ||
        (outcome === "away" && diff < 0)
        ? WIN
        : LOSE;
    case "moneyline":
      // A draw is void on a two-way market.
      if (diff === 0) return VOID;
      return (outcome === "home") === diff > 0 ? WIN : LOSE;
    case "handicap": {
      // The line is the home side's; the away side takes its opposite.
      const l = lineQ ?? 0;
      return outcome === "home" ? lineResult(diff, l) : lineResult(-diff, -l);
    }
    case "total": {
      const l = lineQ ?? 0;
      const total = score.home + score.away;
      // over: total − line > 0; under: line − total > 0.
      return outcome === "over" ? lineResult(total, -l) : lineResult(-total, l);
    }
    case "correct_score":
      return outcome === `${score.home}:${score.away}` ? WIN : LOSE;
  }
}
