import type { Executor } from "../../db/client.ts";
import type { PostInput } from "../ledger/service.ts";
import { loyaltySettingsRow, pointsAccountBalance, pointsRateRows } from "./repo/points.ts";

/**
 * Points are a currency of the ledger: 'PTS', one unit a point, in the
 * member's 'points' account against the house account 'loyalty'. A points balance is therefore
 * the sum of the account's entries, and every change is a keyed ledger transaction:
 *   points_earn      valid bets (accrue.ts), deposits, mission prizes — one key per source
 *   points_redeem    a mall redemption or a conversion to cash
 *   points_refund    a rejected redemption's points returned
 *   points_expire    points past the operator's period, oldest first (expiry.ts)
 *   points_adjust    an operator's correction
 */
export const PTS = "PTS";
export const POINTS_HOUSE = "loyalty";
export const PPM = 1_000_000n;

/** The legs of `points` moving house → member (negative: member → house). */
export function pointsLegs(memberId: number, points: bigint): PostInput["legs"] {
  return [
    { account: { house: POINTS_HOUSE, currency: PTS }, amount: -points },
    { account: { member: memberId, kind: "points", currency: PTS }, amount: points },
  ];
}

/**
 * Whole points of a running total in millionths, with what is left over: a member's points are
 * floor(Σ rate × valid bet) however the rounds are batched, because the remainder is carried.
 */
export function splitPpm(carryPpm: bigint, addPpm: bigint): { points: bigint; carryPpm: bigint } {
  const total = carryPpm + addPpm;
  return { points: total / PPM, carryPpm: total % PPM };
}

/** Points of a single amount at a rate (deposits: each deposit is its own source). */
export const pointsOf = (amountMinor: bigint, ratePpm: number): bigint =>
  amountMinor <= 0n || ratePpm <= 0 ? 0n : (amountMinor * BigInt(ratePpm)) / PPM;

/**
 * A member's points balance (the ledger's account row, which is the sum of its entries), read
 * through the ledger's published view ledger_balances.
 */
export async function pointsBalance(exec: Executor, memberId: number): Promise<bigint> {
  const balance = await pointsAccountBalance(exec, memberId, PTS);
  return balance !== undefined ? BigInt(balance) : 0n;
}

export interface LoyaltySettings {
  depositRatePpm: number;
  expiryDays: number;
  convertPoints: number;
  convertMinor: bigint;
  convertMinPoints: number;
  vipWindowDays: number;
  vipReviewDays: number;
  rankDays: number;
}

export async function loyaltySettings(exec: Executor): Promise<LoyaltySettings> {
  const s = await loyaltySettingsRow(exec);
  if (!s) throw new Error("loyalty_settings row missing (migration 1300)");
  return {
    depositRatePpm: s.deposit_rate_ppm,
    expiryDays: s.expiry_days,
    convertPoints: s.convert_points,
    convertMinor: BigInt(s.convert_minor),
    convertMinPoints: s.convert_min_points,
    vipWindowDays: s.vip_window_days,
    vipReviewDays: s.vip_review_days,
    rankDays: s.rank_days,
  };
}

/** Points rates: per category, per VIP level (a level without a row earns level 0's). */
export async function pointsRates(exec: Executor) {
  const rows = await pointsRateRows(exec);
  return rows.map((r) => ({ gameType: r.game_type, vipLevel: r.vip_level, ratePpm: r.rate_ppm }));
}

/** The rate a member of `level` earns on `gameType` (level 0's when the level has none). */
export function rateFor(
  rates: { gameType: string; vipLevel: number; ratePpm: number }[],
  gameType: string,
  level: number,
): number {
  const own = rates.find((r) => r.gameType === gameType && r.vipLevel === level);
  if (own) return own.ratePpm;
  return rates.find((r) => r.gameType === gameType && r.vipLevel === 0)?.ratePpm ?? 0;
}
