import type { WordSource } from "./uniform.ts";

/**
 * xoshiro128** (Blackman & Vigna): a fast, well-distributed 32-bit generator for simulations
 * and tests only — never for live outcomes, which draw from the server's secure source. The
 * seed string is spread over the 128-bit state by splitmix32, so equal seeds give equal streams.
 */
export function xoshiro128(seed: string): WordSource {
  let h = 0x9e3779b9;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x85ebca6b) ^ (h >>> 13);
  const splitmix = (): number => {
    h = (h + 0x9e3779b9) | 0;
    let z = h;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  return xoshiro128FromState(splitmix(), splitmix(), splitmix(), splitmix());
}

/** The generator from an explicit 128-bit state (four 32-bit words, not all zero). */
export function xoshiro128FromState(s0: number, s1: number, s2: number, s3: number): WordSource {
  let a = s0 | 0;
  let b = s1 | 0;
  let c = s2 | 0;
  let d = s3 | 0;
  if ((a | b | c | d) === 0) a = 1; // the all-zero state is a fixed point
  return () => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
