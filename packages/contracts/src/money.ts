import { z } from "zod";
import { MONEY_TEXT, parseMoney } from "./money-parse.ts";

// The formatter lives in its own module (no zod); it is answered here too for the callers.
export { formatMinor, formatMoney, formatPeso } from "./money-format.ts";

/**
 * Money is integer minor units (centavos) as bigint in code and a decimal string with exactly
 * two decimals in JSON ("1234.50"). Never a float (ARCHITECTURE.md "Money").
 *
 * This file is the one money parser of the platform: every call that takes an amount (deposits,
 * withdrawals, transfers, the transfer wallet, manual adjustments, lottery stakes, channel limits,
 * the provider protocol) reads it with `parseMoney` or one of the schemas below. The accepted form
 * is strict: digits, an optional point and one or two decimals. A comma, a space, an exponent, a
 * sign, a third decimal or a JSON number is refused, never rewritten. The parser and its bound
 * live in a zod-free module (the site's wallet forms read amounts without loading zod); they
 * are answered here too.
 */
export { MAX_MINOR, parseMoney } from "./money-parse.ts";

/**
 * The largest amount one request may carry: ₱1,000,000,000.00. A sane business bound well inside
 * the bigint columns, so that no sum of a few thousand such amounts can come near 2^63 either.
 */
export const MAX_REQUEST_MINOR = 100_000_000_000n;

/** "-1234.50" → -123450n: parseMoney with one optional leading minus (signed amounts only). */
export function parseSignedMoney(text: string): bigint | null {
  if (typeof text !== "string") return null;
  const negative = text.startsWith("-");
  const minor = parseMoney(negative ? text.slice(1) : text);
  if (minor === null) return null;
  return negative ? -minor : minor;
}

/**
 * Why an amount text is refused: the message key the server translates (apps/server/src/messages) and
 * the site's catalogs know. `null` when the text is a valid amount.
 */
export type MoneyProblem =
  | "amount_format"
  | "amount_decimals"
  | "amount_sign"
  | "amount_zero"
  | "amount_too_large";

export function moneyProblem(
  text: unknown,
  opts: { signed?: boolean; allowZero?: boolean; max?: bigint } = {},
): MoneyProblem | null {
  if (typeof text !== "string") return "amount_format";
  const negative = text.startsWith("-");
  if ((negative && !opts.signed) || text.startsWith("+")) return "amount_sign";
  const body = negative ? text.slice(1) : text;
  if (/^\d+\.\d{3,}$/.test(body)) return "amount_decimals";
  if (/^\d{16,}(\.\d{1,2})?$/.test(body)) return "amount_too_large";
  const minor = parseMoney(body);
  if (minor === null) return MONEY_TEXT.test(body) ? "amount_too_large" : "amount_format";
  if (minor === 0n && !opts.allowZero) return "amount_zero";
  if (minor > (opts.max ?? MAX_REQUEST_MINOR)) return "amount_too_large";
  return null;
}

interface AmountOptions {
  /** A leading minus is part of the value (manual adjustments: "-50.00" debits). */
  signed?: boolean;
  /** Zero is a valid value (limits, thresholds); otherwise the amount must be above zero. */
  allowZero?: boolean;
  /** Upper bound of the absolute value in minor units; MAX_REQUEST_MINOR by default. */
  max?: bigint;
}

/**
 * A zod schema of an amount field: the strict form above, as bigint minor units. A refusal is an
 * issue whose message is a MoneyProblem key, so VALIDATION_ERROR names the field and the reason.
 */
export function amountSchema(opts: AmountOptions = {}) {
  return z
    .string({ error: "amount_format" })
    .max(20, "amount_format")
    .transform((s, ctx) => {
      const problem = moneyProblem(s, opts);
      const v = problem ? null : parseSignedMoney(s);
      if (v === null) {
        ctx.addIssue({ code: "custom", message: problem ?? "amount_format" });
        return z.NEVER;
      }
      return v;
    });
}

/** A positive amount in a request: the strict form, above zero, at most MAX_REQUEST_MINOR. */
export const PositiveAmount = amountSchema();
/** Zero or more (channel limits, thresholds). */
export const NonNegativeAmount = amountSchema({ allowZero: true });
/** A signed, non-zero amount (manual adjustments: "-50.00" takes money back). */
export const SignedAmount = amountSchema({ signed: true });

/**
 * The same strict check for a schema that keeps the text (settings and contracts shared with
 * clients that hold amounts as strings): valid values pass unchanged, the rest are refused.
 */
export function amountText(opts: AmountOptions = {}) {
  return z
    .string({ error: "amount_format" })
    .max(20, "amount_format")
    .superRefine((s, ctx) => {
      const problem = moneyProblem(s, opts);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}
