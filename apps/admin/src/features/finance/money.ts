import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { formatMoney } from "@panalo/contracts/money-format";
import { z } from "zod";

/**
 * Amounts in the back office are decimal strings ("1234.50"), as on the wire, and never floats:
 * they are parsed straight to centavos (ARCHITECTURE.md "Money").
 */
const AMOUNT_SHAPE = /^\d{1,13}(\.\d{1,2})?$/;

/**
 * What an operator may type as an amount: digits with at most two decimals, above zero. Commas
 * as thousands separators are allowed and dropped. Answers the canonical "1234.50".
 */
export const AmountInput = z
  .string()
  .trim()
  .min(1, "Enter an amount")
  .transform((text, ctx) => {
    const clean = text.replace(/,/g, "");
    if (clean.startsWith("-")) {
      ctx.addIssue({ code: "custom", message: "The amount cannot be negative" });
      return z.NEVER;
    }
    if (/\.\d{3,}$/.test(clean)) {
      ctx.addIssue({ code: "custom", message: "At most two decimals (centavos)" });
      return z.NEVER;
    }
    const minor = AMOUNT_SHAPE.test(clean) ? parseMoney(clean) : null;
    if (minor === null) {
      ctx.addIssue({ code: "custom", message: "Enter an amount like 1500 or 1500.50" });
      return z.NEVER;
    }
    if (minor <= 0n) {
      ctx.addIssue({ code: "custom", message: "The amount must be more than zero" });
      return z.NEVER;
    }
    return formatMinor(minor);
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
