/**
 * Unbiased integers from a stream of random 32-bit words (rejection sampling). Game maths draws
 * reel stops and ball numbers through this, so no outcome is favoured by a modulo remainder.
 */
export type WordSource = () => number;

const RANGE = 0x1_0000_0000; // 2^32 distinct words

/** An integer in [0, n) for 1 ≤ n ≤ 2^32, drawing words from `next` until one is unbiased. */
export function uniformInt(next: WordSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > RANGE)
    throw new RangeError(`n must be an integer in [1, 2^32], got ${n}`);
  // Words at or above `limit` would make the low residues more likely; draw again.
  const limit = RANGE - (RANGE % n);
  for (;;) {
    const word = next();
    if (!Number.isInteger(word) || word < 0 || word >= RANGE)
      throw new RangeError(`word out of range: ${word}`);
    if (word < limit) return word % n;
  }
}
