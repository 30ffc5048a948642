import { timingSafeEqual } from "node:crypto";
import { createGuardrails, generateSecret, generateSync, ScureBase32Plugin } from "otplib";

/**
 * RFC 6238 time-based one-time passwords (HMAC-SHA1, 6 digits, 30-second steps), computed by
 * otplib. A step is the TOTP counter: the code of step n is the HOTP code of counter n, so the
 * caller can accept each step once (matchTotp answers which step a code belongs to).
 */
const STEP_S = 30;
const base32 = new ScureBase32Plugin();
/** Secrets of 10 bytes (16 base32 letters, as older authenticator set-ups give) are accepted. */
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

/** Base32 without padding, as authenticator apps show a secret. */
export function base32Encode(bytes: Buffer): string {
  return base32.encode(bytes).replace(/=+$/, "");
}

/** Base32 as a person may type it: any case, spaces, with or without padding. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  return Buffer.from(base32.decode(clean.padEnd(Math.ceil(clean.length / 8) * 8, "=")));
}

/** A new secret: 20 random bytes (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 }).replace(/=+$/, "");
}

export function isValidTotpSecret(secret: string): boolean {
  return /^[A-Z2-7]{16,64}$/.test(secret);
}

export function totpAt(secret: string, step: number): string {
  return generateSync({ secret, strategy: "hotp", counter: step, digits: 6, algorithm: "sha1", guardrails });
}

export function stepOf(nowMs: number): number {
  return Math.floor(nowMs / 1000 / STEP_S);
}

/**
 * The step a code belongs to, looking one step back and one ahead for clock drift, or null.
 * The caller refuses any step at or before the last one accepted, so a code works once.
 */
export function matchTotp(secret: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = stepOf(nowMs);
  for (const step of [now - 1, now, now + 1]) {
    const expected = Buffer.from(totpAt(secret, step));
    if (timingSafeEqual(expected, Buffer.from(code))) return step;
  }
  return null;
}

export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
}
