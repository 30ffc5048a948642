import { createHash, createHmac } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) for the test operator's known secret. */
export function totp(base32Secret: string, at = Date.now()): string {
  const key = base32Decode(base32Secret);
  const counter = Math.floor(at / 1000 / 30);
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const h = createHmac("sha1", key).update(msg).digest();
  const offset = (h[h.length - 1] ?? 0) & 0xf;
  const code = (h.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, "0");
}

function base32Decode(s: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of s.replace(/=+$/, "").toUpperCase()) {
    const v = alphabet.indexOf(c);
    if (v < 0) throw new Error(`bad base32 character ${c}`);
    bits += v.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

// The last step used per secret, kept in the run's data folder too: Playwright starts a new worker
// process after a failed test, and a login in the next file must still not replay the code just
// used. Each operator's codes are their own: one operator's sign-in never waits for another's.
const dataDir = process.env.E2E_DATA_DIR ?? null;
const lastSteps = new Map<string, number>();
const stepFileOf = (secret: string) =>
  dataDir
    ? join(dataDir, `totp-last-step-${createHash("sha256").update(secret).digest("hex").slice(0, 12)}`)
    : null;
function storedStep(secret: string): number {
  const file = stepFileOf(secret);
  const mine = lastSteps.get(secret) ?? -1;
  if (!file || !existsSync(file)) return mine;
  return Math.max(mine, Number(readFileSync(file, "utf8")) || -1);
}
/**
 * A code the server has not seen yet: the back office accepts each code once (replay
 * protection), so a second login of the same operator within the same 30 s step waits for the
 * next step.
 */
export async function freshTotp(secret: string): Promise<string> {
  let step = Math.floor(Date.now() / 30_000);
  const last = storedStep(secret);
  if (step <= last) {
    const waitMs = (last + 1) * 30_000 - Date.now() + 200;
    await new Promise((r) => setTimeout(r, waitMs));
    step = Math.floor(Date.now() / 30_000);
  }
  lastSteps.set(secret, step);
  const file = stepFileOf(secret);
  if (file) writeFileSync(file, String(step));
  return totp(secret, step * 30_000 + 1);
}
