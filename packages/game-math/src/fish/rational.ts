/**
 * Exact non-negative rationals over bigint, always in lowest terms with a positive denominator,
 * so two equal values have equal fields and a probability is compared without floating point.
 */
export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function rational(num: bigint | number, den: bigint | number = 1n): Rational {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError("denominator must not be zero");
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { num: n / g, den: d / g };
}

export const add = (a: Rational, b: Rational): Rational =>
  rational(a.num * b.den + b.num * a.den, a.den * b.den);
export const mul = (a: Rational, b: Rational): Rational => rational(a.num * b.num, a.den * b.den);
export const div = (a: Rational, b: Rational): Rational => rational(a.num * b.den, a.den * b.num);
export const equals = (a: Rational, b: Rational): boolean => a.num === b.num && a.den === b.den;
/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export const compare = (a: Rational, b: Rational): number => {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
};
/** For display only: never decide an outcome on this. */
export const toNumber = (a: Rational): number => Number(a.num) / Number(a.den);
