import { createHmac } from "node:crypto";
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

// The last step used, kept in the run's data folder too: Playwright starts a new worker process
// after a failed test, and a login in the next file must still not replay the code just used.
const stepFile = process.env.E2E_DATA_DIR ? join(process.env.E2E_DATA_DIR, "totp-last-step") : null;
let lastStep = -1;
function storedStep(): number {
  if (!stepFile || !existsSync(stepFile)) return lastStep;
  return Math.max(lastStep, Number(readFileSync(stepFile, "utf8")) || -1);
}
/**
 * A code the server has not seen yet: the back office accepts each code once (replay
 * protection), so a second login within the same 30 s step waits for the next step.
 */
export async function freshTotp(secret: string): Promise<string> {
  let step = Math.floor(Date.now() / 30_000);
  lastStep = storedStep();
  if (step <= lastStep) {
    const waitMs = (lastStep + 1) * 30_000 - Date.now() + 200;
    await new Promise((r) => setTimeout(r, waitMs));
    step = Math.floor(Date.now() / 30_000);
  }
  lastStep = step;
  if (stepFile) writeFileSync(stepFile, String(step));
  return totp(secret, step * 30_000 + 1);
}
