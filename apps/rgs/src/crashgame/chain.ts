import { createHash, createHmac, randomBytes } from "node:crypto";
import { crashPointFromHmac } from "@panalo/game-math/crash/index";

/**
 * The crash rounds' hash chain (docs/crash.md). Made in advance from a secret seed h0:
 * h(i+1) = SHA-256(h(i)) over the 32 bytes, i = 0 … length − 1. The last one made, h(length),
 * is the chain's terminating hash, published before the first round. Rounds use the chain
 * backwards: round n's hash is h(length − n), so SHA-256(round n's hash) = round n − 1's hash
 * (the terminating hash for round 1). Each round's hash is the pre-image of the hash before it:
 * no one can compute a coming round's hash from the published ones, and once a round is shown
 * anyone can check it links to every earlier round and to the terminating hash.
 */

export const sha256Hex = (hex: string): string =>
  createHash("sha256").update(Buffer.from(hex, "hex")).digest("hex");

/** The round's HMAC: key = the round's hash (32 bytes), message = the chain's salt (UTF-8). */
export const roundHmac = (hashHex: string, salt: string): string =>
  createHmac("sha256", Buffer.from(hashHex, "hex")).update(salt, "utf8").digest("hex");

/** The crash point (x100) of a round's hash on a chain with this salt. */
export const crashPointOf = (hashHex: string, salt: string): number =>
  crashPointFromHmac(roundHmac(hashHex, salt));

/** A new chain's secret seed and public salt. */
export function newChain(): { seed: string; salt: string } {
  return { seed: randomBytes(32).toString("hex"), salt: randomBytes(16).toString("hex") };
}

/** h(i) of the chain from `seed`, by hashing i times. */
export function hashAt(seed: string, i: number): string {
  let h = seed;
  for (let k = 0; k < i; k++) h = sha256Hex(h);
  return h;
}

/** The terminating hash of a chain of `length` rounds from `seed`. */
export const terminatingHash = (seed: string, length: number): string => hashAt(seed, length);

/**
 * Round n's hash on a chain (1 ≤ n ≤ length). A process keeps a checkpoint every 1024 links per
 * chain, so a round costs at most 1024 hashes after the first (which walks the chain once).
 */
const STEP = 1024;
const checkpoints = new Map<string, string[]>();
export function roundHash(seed: string, length: number, n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > length) throw new Error(`crash: round ${n} is outside the chain`);
  const key = `${seed}:${length}`;
  let marks = checkpoints.get(key);
  if (!marks) {
    marks = [];
    let h = seed;
    for (let i = 0; i <= length; i++) {
      if (i % STEP === 0) marks.push(h);
      h = sha256Hex(h);
    }
    checkpoints.set(key, marks);
  }
  const i = length - n;
  const base = Math.floor(i / STEP);
  return hashAt(marks[base] as string, i - base * STEP);
}

/** Whether `hash` links to `previous` (round n − 1's hash, or the terminating hash for round 1). */
export const linksTo = (hash: string, previous: string): boolean => sha256Hex(hash) === previous;
