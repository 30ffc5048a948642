/**
 * The one money parser of the platform (see money.ts, which re-exports it beside the schemas):
 * digits, an optional point and one or two decimals; a comma, a space, an exponent, a sign, a
 * third decimal or a JSON number is refused, never rewritten. Kept free of zod so the site's
 * wallet forms can read an amount without loading it.
 */
export const MAX_MINOR = 10n ** 15n; // ₱10 trillion: far above any real amount, far below 2^63

/** Digits (at most 15 before the point), an optional point followed by one or two decimals. */
export const MONEY_TEXT = /^(\d{1,15})(?:\.(\d{1,2}))?$/;

/** "1234.5" or "1234.50" → 123450n; null when not exactly that form or not below MAX_MINOR. */
export function parseMoney(text: string): bigint | null {
  if (typeof text !== "string") return null;
  const m = MONEY_TEXT.exec(text);
  if (!m) return null;
  const minor = BigInt(m[1] ?? "0") * 100n + BigInt((m[2] ?? "").padEnd(2, "0"));
  return minor < MAX_MINOR ? minor : null;
}
