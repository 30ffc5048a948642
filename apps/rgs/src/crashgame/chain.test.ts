import { describe, expect, it } from "vitest";
import { crashPointOf, hashAt, linksTo, roundHash, roundHmac, sha256Hex, terminatingHash } from "./chain.ts";

// A chain from a known seed, worked out once by hand with node:crypto (SHA-256 over the bytes,
// HMAC-SHA256 keyed by the hash over the salt) and written down here.
const SEED = `${"00".repeat(31)}01`;
const SALT = "panalo-crash-salt";
const LINKS = [
  SEED,
  "ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5",
  "32ba476771d01e37807990ead8719f08af494723de1d228f2c2c07cc0aa40bac",
  "4decd6e387a1dfb3e54c485ee6f3a898d3dd4bb7c28eb2650d8419a3bead0160",
  "72de9e22509ad5e1530da627418e867c7c61a645e1f7c85181729eec808d2c52",
  "e3dbd2fee19c714f923cac2ecd0b9be2c62a1b1a2411501e56e2887b0385c695",
];

describe("the crash hash chain", () => {
  it("hashes the 32 bytes, link after link", () => {
    for (let i = 1; i < LINKS.length; i++) expect(sha256Hex(LINKS[i - 1] as string)).toBe(LINKS[i]);
    expect(hashAt(SEED, 5)).toBe(LINKS[5]);
  });

  it("plays the chain backwards from the terminating hash", () => {
    // A chain of 5 rounds: terminating = h5; round 1 = h4 … round 5 = h0 (the seed).
    expect(terminatingHash(SEED, 5)).toBe(LINKS[5]);
    for (let n = 1; n <= 5; n++) expect(roundHash(SEED, 5, n)).toBe(LINKS[5 - n]);
    expect(linksTo(roundHash(SEED, 5, 1), terminatingHash(SEED, 5))).toBe(true);
    for (let n = 2; n <= 5; n++) expect(linksTo(roundHash(SEED, 5, n), roundHash(SEED, 5, n - 1))).toBe(true);
    expect(linksTo(roundHash(SEED, 5, 3), roundHash(SEED, 5, 1))).toBe(false);
    expect(() => roundHash(SEED, 5, 6)).toThrow();
    expect(() => roundHash(SEED, 5, 0)).toThrow();
  });

  it("finds a round far down a long chain from the checkpoints", () => {
    const length = 3000;
    for (const n of [1, 977, 1024, 1977, 2999, 3000]) {
      expect(roundHash(SEED, length, n)).toBe(hashAt(SEED, length - n));
    }
  });

  it("decides each round's crash point from its hash and the salt", () => {
    // HMAC first 13 hex digits → r → ⌊99·2^52 / (2^52 − r)⌋ (float check: 120.71, 385.39, …).
    expect(roundHmac(LINKS[0] as string, SALT).slice(0, 13)).toBe("2e0b25b3a1149");
    expect(LINKS.map((h) => crashPointOf(h, SALT))).toEqual([120, 385, 334, 258, 679, 394]);
    // Another salt, another round.
    expect(crashPointOf(LINKS[0] as string, "other")).not.toBe(120);
  });
});
