import { type Fraction, type LegResult, legMultiplier } from "./bets.ts";
import { fairProbabilities } from "./odds.ts";

/**
 * Cash-out: what an open bet is worth now. A settled leg counts its result; an
 * open leg its price at the bet times the fair chance of its outcome from the market's current
 * prices (the overround taken out). The offer is the fair value less the operator's margin,
 * rounded down: never above the fair value.
 */
export type CashoutLeg =
  | { state: "settled"; odds: number; result: LegResult }
  | { state: "open"; odds: number; outcome: number; marketOdds: readonly number[] };

export function fairValue(stake: bigint, legs: readonly CashoutLeg[]): Fraction {
  let num = stake;
  let den = 1n;
  for (const l of legs) {
    if (l.state === "settled") {
      const [n, d] = legMultiplier(l.odds, l.result);
      num *= n;
      den *= d;
    } else {
      const p = fairProbabilities(l.marketOdds)[l.outcome];
      if (!p) throw new RangeError("cash-out outcome");
      num *= BigInt(l.odds) * p[0];
      den *= 1000n * p[1];
    }
  }
  return [num, den];
}

/** The offer in minor units; marginBp of 0..10,000 (5% = 500). */
export function cashoutOffer(stake: bigint, legs: readonly CashoutLeg[], marginBp: number): bigint {
  if (!Number.isInteger(marginBp) || marginBp < 0 || marginBp > 10_000) throw new RangeError("margin");
  const [num, den] = fairValue(stake, legs);
  return (num * BigInt(10_000 - marginBp)) / (den * 10_000n);
}
