import { formatMinor } from "@panalo/contracts/money-format";
import { parseMoney } from "@panalo/contracts/money-parse";

/**
 * Checking an amount the player typed, before any call (refused: negative, zero, more
 * than two decimals, above the balance or the channel's limits, each with its own message).
 * Integers of minor units throughout: the text is parsed straight to centavos, never a float.
 */
export type AmountProblem =
  | "required"
  | "invalid"
  | "negative"
  | "zero"
  | "decimals"
  | "belowMin"
  | "aboveMax"
  | "aboveBalance";

export interface AmountLimits {
  /** Decimal strings from the platform ("100.00"); absent when there is no such limit. */
  min?: string;
  max?: string;
  balance?: string;
}

export type AmountCheck =
  | { ok: true; minor: bigint /** as the API wants it: "1234.50" */; amount: string }
  | {
      ok: false;
      problem: AmountProblem /** the limit that was crossed, as the platform wrote it */;
      limit?: string;
    };

const minorOf = (text: string | undefined): bigint | null =>
  text === undefined ? null : parseMoney(text.startsWith("-") ? "0" : text);

export function checkAmount(text: string, limits: AmountLimits = {}): AmountCheck {
  const clean = text.trim().replace(/,/g, "");
  if (clean === "") return { ok: false, problem: "required" };
  if (/^-\s*\d/.test(clean)) return { ok: false, problem: "negative" };
  if (/^\d+\.\d{3,}$/.test(clean)) return { ok: false, problem: "decimals" };
  const minor = parseMoney(clean);
  if (minor === null) return { ok: false, problem: "invalid" };
  if (minor === 0n) return { ok: false, problem: "zero" };
  const min = minorOf(limits.min);
  if (min !== null && minor < min) return { ok: false, problem: "belowMin", limit: limits.min };
  const max = minorOf(limits.max);
  if (max !== null && minor > max) return { ok: false, problem: "aboveMax", limit: limits.max };
  const balance = minorOf(limits.balance);
  if (balance !== null && minor > balance)
    return { ok: false, problem: "aboveBalance", limit: limits.balance };
  return { ok: true, minor, amount: formatMinor(minor) };
}
