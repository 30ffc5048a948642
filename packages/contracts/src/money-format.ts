/**
 * The one money formatter of the platform: server messages, the site, the back office and the
 * game client show amounts with it. Money is integer minor units (centavos) as bigint, or the
 * API's decimal string ("1234.50"); it becomes text only here, never through a float.
 *
 * This module imports nothing (no zod), so a small bundle (the game client) may take it whole.
 * The convention is the Philippine one in every language (spec §9): two decimals, a comma
 * between thousands, the sign before the currency: "-₱1,234.50".
 */

/** 123450n → "1234.50" (the API's decimal string); -5n → "-0.05". */
export function formatMinor(minor: bigint): string {
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  return `${neg ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

const AMOUNT = /^(-?)(\d+)\.(\d{2})$/;

/**
 * An amount shown to a person: bigint minor units or the API's decimal string, with thousands
 * separated and `symbol` ("₱", "PHP ", "") after the sign: 123450n → "₱1,234.50" with "₱". A
 * string that is not an amount is answered as given (a placeholder such as "—").
 */
export function formatMoney(amount: bigint | string, symbol = ""): string {
  const m = AMOUNT.exec(typeof amount === "bigint" ? formatMinor(amount) : amount);
  if (!m) return String(amount);
  const whole = (m[2] ?? "0").replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+$)/g, ",");
  return `${m[1]}${symbol}${whole}.${m[3]}`;
}

/** 123450n → "₱1,234.50": an amount in pesos, as a message to the player states it. */
export function formatPeso(minor: bigint | string): string {
  return formatMoney(minor, "₱");
}
