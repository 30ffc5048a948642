/**
 * Odds formats. The book keeps decimal odds as integers in thousandths
 * (1.950 → 1950): stakes and returns stay integer arithmetic. The player chooses how they are
 * shown: decimal, Hong Kong, Malay or Indonesian. Conversions here are exact on numbers; the
 * display rounds (formatOdds) and parsing a shown price back gives the decimal price again.
 */
export type OddsFormat = "decimal" | "hk" | "malay" | "indo";
export const ODDS_FORMATS: readonly OddsFormat[] = ["decimal", "hk", "malay", "indo"];

/** Decimal odds as thousandths, the smallest price the book takes: 1.001. */
export const ODDS_SCALE = 1000;
export const MIN_ODDS = 1001;
/** A limit on everything: no price above 1,000.00. */
export const MAX_ODDS = 1_000_000;

export function assertOdds(odds: number): void {
  if (!Number.isInteger(odds) || odds < MIN_ODDS || odds > MAX_ODDS) throw new RangeError(`odds ${odds}`);
}

/** Decimal price (as a number, 1.95) to the format's number. */
export function fromDecimal(decimal: number, format: OddsFormat): number {
  if (!(decimal > 1)) throw new RangeError(`decimal odds ${decimal}`);
  const hk = decimal - 1;
  switch (format) {
    case "decimal":
      return decimal;
    case "hk":
      return hk;
    // Malay: the Hong Kong price up to 1.00; above, minus the stake to win 1 (−1 / HK).
    case "malay":
      return hk <= 1 ? hk : -1 / hk;
    // Indonesian: the Hong Kong price from 1.00 up; below, minus the stake to win 1 (−1 / HK).
    case "indo":
      return hk >= 1 ? hk : -1 / hk;
  }
}

/** The format's number back to a decimal price. */
export function toDecimal(value: number, format: OddsFormat): number {
  switch (format) {
    case "decimal":
      if (!(value > 1)) throw new RangeError(`decimal odds ${value}`);
      return value;
    case "hk":
      if (!(value > 0)) throw new RangeError(`hk odds ${value}`);
      return 1 + value;
    case "malay":
      if (value > 0 && value <= 1) return 1 + value;
      if (value >= -1 && value < 0) return 1 - 1 / value;
      throw new RangeError(`malay odds ${value}`);
    case "indo":
      if (value >= 1) return 1 + value;
      if (value < -1) return 1 - 1 / value;
      if (value === -1) return 2;
      throw new RangeError(`indonesian odds ${value}`);
  }
}

/** How the page shows a price: decimal and Hong Kong with 2 places, Malay and Indonesian 3. */
export function formatOdds(odds: number, format: OddsFormat): string {
  const v = fromDecimal(odds / ODDS_SCALE, format);
  return v.toFixed(format === "decimal" || format === "hk" ? 2 : 3);
}

/** A shown price back to thousandths (rounded to the book's grid). */
export function parseOdds(shown: string, format: OddsFormat): number {
  const v = Number(shown);
  if (!Number.isFinite(v)) throw new RangeError(`odds ${shown}`);
  return Math.round(toDecimal(v, format) * ODDS_SCALE);
}

/**
 * A market's fair probabilities from its prices: each outcome's 1/odds over the sum (the
 * overround, the book's margin, taken out). Exact rationals as [numerator, denominator].
 */
export function fairProbabilities(odds: readonly number[]): Array<[bigint, bigint]> {
  for (const o of odds) assertOdds(o);
  const product = odds.reduce((p, o) => p * BigInt(o), 1n);
  const parts = odds.map((o) => product / BigInt(o));
  const sum = parts.reduce((s, p) => s + p, 0n);
  return parts.map((p) => [p, sum]);
}

/** Prices with a margin from fair probabilities: odds = 1 / (p × (1 + margin)), in thousandths. */
export function pricesWithMargin(probabilities: readonly number[], marginBp: number): number[] {
  const total = probabilities.reduce((s, p) => s + p, 0);
  return probabilities.map((p) => {
    const o = Math.floor((ODDS_SCALE * total * 10_000) / (p * (10_000 + marginBp)));
    return Math.min(MAX_ODDS, Math.max(MIN_ODDS, o));
  });
}
