/**
 * Exact fractions for table-game payouts and RTPs. A payout is a RETURN per unit staked (stake
 * included): a lost bet returns 0/1, a push 1/1, an even-money win 2/1, banker at 0.95 returns
 * 39/20. Money is integer minor units; a return is rounded down to the minor unit.
 */
export interface Ratio {
  num: bigint;
  den: bigint;
}

export const r = (num: bigint | number, den: bigint | number = 1n): Ratio => {
  const n = BigInt(num);
  const d = BigInt(den);
  if (d <= 0n) throw new RangeError("denominator must be positive");
  const g = gcd(n < 0n ? -n : n, d);
  return { num: n / g, den: d / g };
};

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

export const LOSE = r(0);
export const PUSH = r(1);

export function ratioValue(x: Ratio): number {
  // Exact enough for display: 15 significant digits of the quotient.
  const scale = 10n ** 15n;
  return Number((x.num * scale) / x.den) / 1e15;
}

/** The amount returned for a stake (minor units), rounded down. */
export function returnOf(stake: bigint, ratio: Ratio): bigint {
  return (stake * ratio.num) / ratio.den;
}

/** Σ weight·ratio / Σ weight, exactly. */
export function expectation(parts: Array<{ weight: bigint; ratio: Ratio }>): Ratio {
  let num = 0n;
  let den = 1n;
  let total = 0n;
  for (const p of parts) {
    total += p.weight;
    // num/den + weight·ratio
    num = num * p.ratio.den + p.weight * p.ratio.num * den;
    den = den * p.ratio.den;
    const g = gcd(num < 0n ? -num : num, den);
    num /= g;
    den /= g;
  }
  return r(num, den * total);
}
