import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { formatMoney } from "@panalo/contracts/money-format";
import { z } from "zod";
import { type AmountProblem, readPesos } from "../../lib/amounts.ts";
import { type TextKey, t } from "../../lib/i18n.ts";

/**
 * Amounts in the back office are decimal strings ("1234.50"), as on the wire, and never floats:
 * they are read by the back office's one reader of typed pesos (lib/amounts.ts).
 */
// Catalogue keys of the refusals, looked up while checking, in the operator's language then.
const REFUSAL: Record<AmountProblem, TextKey> = {
  empty: "wins.enterAmount",
  negative: "amount.negative",
  decimals: "amount.decimals",
  zero: "amount.zero",
  format: "money.err.format",
  too_large: "money.err.format",
};

/**
 * What an operator may type as an amount: pesos with at most two decimals, above zero. Commas
 * as thousands separators and a peso sign are allowed and dropped. Answers the canonical "1234.50".
 */
export const AmountInput = z
  .string()
  .trim()
  .transform((text, ctx) => {
    // Thirteen digits before the point at most: far above any amount one request may carry.
    const r = readPesos(text, { maxMinor: 10n ** 15n });
    if (!r.ok) {
      ctx.addIssue({ code: "custom", message: t(REFUSAL[r.problem]) });
      return z.NEVER;
    }
    return formatMinor(r.value);
  });

/** Centavos of an amount string from the server ("-1234.50"); null when it is not one. */
export function toMinor(amount: string): bigint | null {
  const negative = amount.startsWith("-");
  const minor = parseMoney(negative ? amount.slice(1) : amount);
  if (minor === null) return null;
  return negative ? -minor : minor;
}

/** "1234567.5" → "1,234,567.50", with the sign kept; the text as given when it is not an amount. */
export function groupAmount(amount: string): string {
  const minor = toMinor(amount);
  if (minor === null) return amount;
  return formatMoney(minor);
}

/** An amount with its currency for tables: "PHP 1,500.00". */
export function money(amount: string, currency?: string | null): string {
  return currency ? `${currency} ${groupAmount(amount)}` : groupAmount(amount);
}

/** Whether a signed amount string is below zero (a debit). */
export function isNegative(amount: string): boolean {
  return (toMinor(amount) ?? 0n) < 0n;
}
