import { z } from "zod";

/**
 * Money is integer minor units (centavos) as bigint in code and a decimal string with exactly
 * two decimals in JSON ("1234.50"). Never a float (ARCHITECTURE.md "Money").
 */
export const MAX_MINOR = 10n ** 15n; // ₱10 trillion: far above any real amount, far below 2^63

/** "1234.5" or "1234.50" or "1,234.50" → 123450n; null when not a valid positive-or-zero amount. */
export function parseMoney(text: string): bigint | null {
  const clean = text.trim().replace(/,/g, "");
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!m) return null;
  const minor = BigInt(m[1] ?? "0") * 100n + BigInt((m[2] ?? "").padEnd(2, "0"));
  return minor < MAX_MINOR ? minor : null;
}

/** 123450n → "1234.50"; -5n → "-0.05". */
export function formatMinor(minor: bigint): string {
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  return `${neg ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/** A positive amount in a request: at most two decimals, above zero, below MAX_MINOR. */
export const PositiveAmount = z
  .string()
  .trim()
  .max(20)
  .transform((s, ctx) => {
    const v = parseMoney(s);
    if (v === null || v <= 0n) {
      ctx.addIssue({ code: "custom", message: "amount_invalid" });
      return z.NEVER;
    }
    return v;
  });
