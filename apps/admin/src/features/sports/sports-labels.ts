import { enumLabels } from "../../lib/enum-labels.ts";

/** A match's state (the DB's check on sb_matches.status), as the status filter names it. */
export const matchStatusLabel = enumLabels("sports.statusOf", [
  "not_started",
  "live",
  "ended",
  "closed",
  "cancelled",
] as const);

/** A market's kind (the DB's check on sb_markets.kind). */
export const marketKindLabel = enumLabels("sports.marketOf", [
  "1x2",
  "moneyline",
  "handicap",
  "total",
  "correct_score",
] as const);

/**
 * A market as the server names it, "<kind>[ 1H][ line]" (sports/service.ts), with its kind in
 * the operator's language and the rest as it came.
 */
export function marketLabel(market: string): string {
  const space = market.indexOf(" ");
  if (space < 0) return marketKindLabel(market);
  return `${marketKindLabel(market.slice(0, space))}${market.slice(space)}`;
}

/** A manual settlement's kind and state (the DB's checks on sb_manual_actions). */
export const manualKindLabel = enumLabels("sports.manualKindOf", ["settle", "void"] as const);
export const manualStatusLabel = enumLabels("sports.manualStatusOf", [
  "pending",
  "approved",
  "rejected",
] as const);
