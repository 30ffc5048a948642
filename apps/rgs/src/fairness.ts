import { createHash, createHmac, randomBytes } from "node:crypto";
import type { WordSource } from "@panalo/game-math/uniform";

/**
 * Provably fair draws. Before play the player sees SHA-256(serverSeed); the
 * player may set the client seed; the nonce counts the rounds on the seed pair. A round's
 * random words are the HMAC-SHA256 blocks keyed by the server seed (its 64 hex characters as
 * text) over `${clientSeed}:${nonce}:${counter}`, counter 0, 1, 2, … each block giving eight
 * big-endian 32-bit words. Once the seed is rotated it is revealed and anyone can recompute.
 */
export function newServerSeed(): string {
  return randomBytes(32).toString("hex");
}

export function newClientSeed(): string {
  return randomBytes(8).toString("hex");
}

export function seedHash(serverSeed: string): string {
  return createHash("sha256").update(serverSeed).digest("hex");
}

export function fairWords(serverSeed: string, clientSeed: string, nonce: number): WordSource {
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset >= block.length) {
      block = createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}:${counter}`).digest();
      counter++;
      offset = 0;
    }
    const word = block.readUInt32BE(offset);
    offset += 4;
    return word;
  };
}

/**
 * The spin's jackpot draw (docs/jackpot.md): the first 13 hex digits (52 bits) of
 * HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:jackpot`). Its own message, so it is
 * independent of the reels' words yet fixed by the same committed seed pair and nonce; once the
 * seed is revealed anyone can recompute it and check the verdict.
 */
export function jackpotDraw(serverSeed: string, clientSeed: string, nonce: number): string {
  return createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}:jackpot`).digest("hex").slice(0, 13);
}
