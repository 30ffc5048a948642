import { formatMinor, formatMoney } from "@panalo/contracts/money-format";
import { INTL_LOCALE, type Lang } from "./i18n.ts";

/**
 * Money in the client is bigint minor units, as everywhere in Panalo (ARCHITECTURE.md "Money").
 * `@panalo/contracts/money` has the same two conversions, but importing it pulls zod (its
 * module also builds a schema) into the game's bundle; these two stay in step with it and are
 * tested against the same cases.
 */

const MAX_MINOR = 10n ** 15n;

/** "1234.5" or "1234.50" → 123450n; null when not a valid amount ≥ 0 (strict, as the contracts). */
export function parseMoney(text: string): bigint | null {
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const minor = BigInt(m[1] ?? "0") * 100n + BigInt((m[2] ?? "").padEnd(2, "0"));
  return minor < MAX_MINOR ? minor : null;
}

/** 123450n → "1234.50" (the API's decimal string): the platform's one formatter. */
export { formatMinor };

/** 123456789n → "₱1,234,567.89": money is shown from minor units, never from a float. */
/** The money sign of this session: ₱ for pesos, the currency's code for anything else (play money FUN). */
let moneySign = "₱";
export function useCurrency(code: string): void {
  moneySign = code === "PHP" ? "₱" : `${code} `;
}

export function formatPeso(minor: bigint): string {
  return formatMoney(minor, moneySign);
}

/** A decimal string from the API ("12.50", "-0.05") → minor units; 0n when unreadable. */
export function toMinor(amount: string): bigint {
  const neg = amount.trim().startsWith("-");
  const minor = parseMoney(neg ? amount.trim().slice(1) : amount) ?? 0n;
  return neg ? -minor : minor;
}

/** The value shown by a count-up animation at `progress` (0..1), eased, in whole minor units. */
export function countUpAt(targetMinor: bigint, progress: number): bigint {
  const p = Math.min(1, Math.max(0, progress));
  // Ease-out cubic, applied on a 0..10000 integer scale so the money maths stays in bigint.
  const eased = BigInt(Math.round((1 - (1 - p) ** 3) * 10_000));
  return (targetMinor * eased) / 10_000n;
}

/** "x3" for a free-spin multiplier; an integer multiplier drops the decimals. */
export function formatMultiplier(m: number): string {
  return `×${Number.isInteger(m) ? m : m.toFixed(1)}`;
}

/** A short, stable date-time for history rows (local time). */
export function formatWhen(iso: string, lang: Lang): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(INTL_LOCALE[lang], {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** Long hex strings (seeds, hashes) are shortened in tight places: "ab12cd…9f0e". */
export function shortHex(hex: string, keep = 6): string {
  return hex.length <= keep * 2 + 1 ? hex : `${hex.slice(0, keep)}…${hex.slice(-keep)}`;
}
