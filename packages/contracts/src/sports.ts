import { z } from "zod";
import { PositiveAmount } from "./money.ts";

/**
 * The sportsbook. Amounts travel as decimal strings ("10.00"), odds as decimal
 * thousandths (1950 = 1.95; the page shows the player's format), times as ISO-8601 UTC.
 *
 * Auth: O = open; T = the member's token; A = back-office operator cookie + permission.
 *  GET  /api/sports/menu           O  SportsMenuQuery   sports with leagues and counts
 *  GET  /api/sports/matches        O  SportsMatchesQuery matches with their main markets
 *  GET  /api/sports/hot            O  SportsMenuQuery   hot matches (the carousel)
 *  GET  /api/sports/matches/:id    O  —                 a match with all its markets
 *  GET  /api/sports/live (ws)      O  {type:"watch",matches:[ids]} → {type:"odds",…}
 *  POST /api/sports/bets           T  PlaceBetRequest   the bet
 *  GET  /api/sports/bets           T  MyBetsQuery       the member's bets with legs
 *  POST /api/sports/bets/:id/cashout-quote T —          { amount, value, debt }: value less
 *                                          the bet's debt (null: none, or debt ≥ value)
 *  POST /api/sports/bets/:id/cashout       T CashoutRequest the bet
 */
export const GameCategory = z.enum(["SPORTS", "ESPORTS"]);
export const SportsMenuQuery = z.object({ gameType: GameCategory.default("SPORTS") });
export const SportsTab = z.enum(["today", "early", "live"]);
export const SportsMatchesQuery = z.object({
  gameType: GameCategory.default("SPORTS"),
  tab: SportsTab.default("today"),
  sport: z.string().max(20).optional(),
  league: z.coerce.number().int().positive().optional(),
});
export const OddsPolicy = z.enum(["any", "higher", "none"]);
export const PlaceBetRequest = z.object({
  kind: z.enum(["single", "parlay", "system"]),
  systemCode: z.string().max(12).optional(),
  legs: z
    .array(
      z.object({ outcomeId: z.number().int().positive(), odds: z.number().int().min(1001).max(1_000_000) }),
    )
    .min(1)
    .max(20),
  /** Per line for a system bet. */
  stake: PositiveAmount,
  oddsPolicy: OddsPolicy.default("none"),
  idempotencyKey: z.string().min(8).max(64),
});
export type PlaceBetRequest = z.infer<typeof PlaceBetRequest>;
/**
 * A bet refused over its prices (SB_ODDS_CHANGED, SB_PRICE_FLOOR) answers, beside the code and
 * message, `odds`: each leg's price of now, in the slip's order. `offered` false: the price is
 * under the book's floor and not on sale at any stake.
 */
export interface SportsPriceNow {
  outcomeId: number;
  odds: number;
  offered: boolean;
}
export const MyBetsQuery = z.object({ state: z.enum(["open", "settled"]).default("open") });
export const CashoutRequest = z.object({ amount: PositiveAmount });

export interface SportsOutcome {
  id: number;
  code: string;
  name: string;
  odds: number;
  active: boolean;
}
export interface SportsMarket {
  id: number;
  kind: "1x2" | "moneyline" | "handicap" | "total" | "correct_score";
  period: "ft" | "1h";
  line: number | null;
  status: string;
  outcomes: SportsOutcome[];
}
export interface SportsMatch {
  id: number;
  sport: string;
  category: "SPORTS" | "ESPORTS";
  league: { id: number; name: string };
  home: string;
  away: string;
  startAt: string;
  status: string;
  score: [number, number];
  minute: number | null;
  period: string;
  hot: boolean;
  markets: SportsMarket[];
}
export interface SportsOddsPush {
  type: "odds";
  matchId: number;
  status: string;
  score: [number, number];
  minute: number | null;
  markets: Array<{
    id: number;
    status: string;
    outcomes: Array<{ id: number; odds: number; active: boolean }>;
  }>;
}
export interface SportsBetLeg {
  outcomeId: number;
  matchId: number;
  match: string;
  market: string;
  line: number | null;
  outcome: string;
  odds: number;
  state: "open" | "won" | "lost" | "void" | "half_won" | "half_lost";
}
export interface SportsBet {
  id: number;
  kind: "single" | "parlay" | "system";
  systemCode: string | null;
  stake: string;
  potential: string;
  payout: string | null;
  status: "open" | "settled" | "void" | "cashed_out";
  placedAt: string;
  settledAt: string | null;
  legs: SportsBetLeg[];
}
