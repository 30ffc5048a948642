import type { HumanCheck as HumanCheckSchema } from "@panalo/contracts/members";
import type { z } from "zod";
import { api } from "../../lib/api.ts";

export type HumanCheck = z.infer<typeof HumanCheckSchema>;

/** The answer of GET /wps/human-check (no contract of its own yet): a proof-of-work puzzle. */
interface Challenge {
  algorithm: string;
  challenge: string;
  salt: string;
  maxNumber: number;
  signature: string;
}

/** Digests in flight at once while searching. */
const BATCH = 500;
/** The search gives the page a turn (paint, input) at least this often. */
const SLICE_MS = 40;

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function hex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The human check sent with registration (spec §4 "human check"): fetch a puzzle and find the
 * number whose SHA-256 with the salt is the challenge. A fraction of a second for a person;
 * costly for bots at scale. Used with registration, both SMS sends and trial play; each
 * solution is accepted once, so every call solves a fresh puzzle.
 */
export async function solveHumanCheck(): Promise<HumanCheck> {
  const c = await api<Challenge>("/wps/human-check");
  const encoder = new TextEncoder();
  let sliceStart = performance.now();
  for (let start = 0; start <= c.maxNumber; start += BATCH) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToPage();
      sliceStart = performance.now();
    }
    const numbers = Array.from({ length: Math.min(BATCH, c.maxNumber - start + 1) }, (_, i) => start + i);
    const digests = await Promise.all(
      numbers.map((n) => crypto.subtle.digest("SHA-256", encoder.encode(`${c.salt}${n}`))),
    );
    const found = digests.findIndex((d) => hex(d) === c.challenge);
    const number = numbers[found];
    if (number !== undefined) {
      return { challenge: c.challenge, salt: c.salt, number, signature: c.signature };
    }
  }
  throw new Error("human check: no solution");
}
