import { createHash, createHmac } from "node:crypto";
import { uniformInt } from "./uniform.ts";

/**
 * Raffle draws, commit-reveal like the lottery's: the seed's SHA-256 is
 * published when the raffle opens, the seed itself after the draw; anyone can then check the
 * hash and redo the draw. Pure and deterministic given the seed, the raffle id, the ticket count
 * and the number of prizes.
 */
export function raffleCommitment(seedHex: string): string {
  return createHash("sha256").update(Buffer.from(seedHex, "hex")).digest("hex");
}

/**
 * The winning tickets (1..totalTickets, distinct), prize rank 1 first: a partial Fisher–Yates
 * over the tickets driven by HMAC-SHA256(seed, "raffle:<id>:<counter>") words, unbiased
 * (uniformInt). Only swapped positions are stored, so a million tickets cost nothing.
 */
export function drawRaffle(
  seedHex: string,
  raffleId: number,
  totalTickets: number,
  prizes: number,
): number[] {
  if (!Number.isInteger(totalTickets) || totalTickets < 0) throw new RangeError("totalTickets");
  if (!Number.isInteger(prizes) || prizes < 0) throw new RangeError("prizes");
  const key = Buffer.from(seedHex, "hex");
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  const next = () => {
    if (offset + 4 > block.length) {
      block = createHmac("sha256", key).update(`raffle:${raffleId}:${counter++}`).digest();
      offset = 0;
    }
    const w = block.readUInt32BE(offset);
    offset += 4;
    return w;
  };
  const swapped = new Map<number, number>();
  const at = (i: number) => swapped.get(i) ?? i + 1;
  const out: number[] = [];
  const n = Math.min(prizes, totalTickets);
  for (let i = 0; i < n; i++) {
    const j = i + uniformInt(next, totalTickets - i);
    const picked = at(j);
    swapped.set(j, at(i));
    out.push(picked);
  }
  return out;
}

/** Anyone's check of a published draw. */
export function verifyRaffle(
  seedHex: string,
  raffleId: number,
  published: { seedHash: string; totalTickets: number; winners: number[] },
): boolean {
  if (raffleCommitment(seedHex) !== published.seedHash) return false;
  const again = drawRaffle(seedHex, raffleId, published.totalTickets, published.winners.length);
  return again.length === published.winners.length && again.every((t, i) => t === published.winners[i]);
}
