import { createHash, randomBytes, randomInt } from "node:crypto";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { sign, verifySignature } from "../../lib/server-key.ts";

/**
 * The human check: a self-hosted proof of work in the manner of ALTCHA. The server gives a
 * salt and the SHA-256 of salt + a secret number below `maxNumber`; the browser finds the
 * number by trying them all (a fraction of a second for a person, costly at bot scale) and
 * sends it back with the signed challenge. Each solution is accepted once.
 */
const TTL_MS = 10 * 60_000;

export interface Challenge {
  algorithm: "SHA-256";
  challenge: string;
  salt: string;
  maxNumber: number;
  signature: string;
}

export async function newChallenge(ctx: AppContext): Promise<Challenge> {
  const expires = ctx.clock.now().getTime() + TTL_MS;
  const salt = `${randomBytes(12).toString("hex")}?expires=${expires}`;
  // HUMAN_CHECK_MAX_NUMBER: the product's default; a test server sets a smaller one so a
  // browser on a loaded test machine is never the bottleneck.
  const maxNumber = ctx.config.HUMAN_CHECK_MAX_NUMBER;
  const secret = randomInt(0, maxNumber);
  const challenge = createHash("sha256").update(`${salt}${secret}`).digest("hex");
  return {
    algorithm: "SHA-256",
    challenge,
    salt,
    maxNumber,
    signature: await sign(ctx, challenge),
  };
}

/** Solve a challenge (what the browser does; also used by tests and the benchmark). */
export function solveChallenge(c: Pick<Challenge, "challenge" | "salt" | "maxNumber">): number | null {
  for (let n = 0; n <= c.maxNumber; n++) {
    if (createHash("sha256").update(`${c.salt}${n}`).digest("hex") === c.challenge) return n;
  }
  return null;
}

export interface HumanCheckPayload {
  challenge: string;
  salt: string;
  number: number;
  signature: string;
}

export async function verifyHumanCheck(ctx: AppContext, p: HumanCheckPayload | undefined): Promise<void> {
  if (!p) throw Errors.bad("HUMAN_CHECK_FAILED");
  const expires = Number(/[?&]expires=(\d+)/.exec(p.salt)?.[1] ?? 0);
  const fresh = expires > ctx.clock.now().getTime();
  const solved = createHash("sha256").update(`${p.salt}${p.number}`).digest("hex") === p.challenge;
  if (!fresh || !solved || !(await verifySignature(ctx, p.challenge, p.signature)))
    throw Errors.bad("HUMAN_CHECK_FAILED");
  // Spend it: the same solution twice is a replay.
  const first = await ctx.store.incr(`human-check:${p.challenge}`, TTL_MS);
  if (first > 1) throw Errors.bad("HUMAN_CHECK_FAILED");
}
