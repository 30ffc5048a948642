import { formatMinor, formatMoney } from "@panalo/contracts/money-format";
import { MAX_MINOR } from "@panalo/contracts/money-parse";

/**
 * Amounts and rates as an operator types and reads them: pesos with two decimals ("1,234.50",
 * shown "₱1,234.50") and percentages ("0.75", shown "0.75 %"), never centavos or parts per
 * million. The server keeps its own units (minor units, basis points, ppm); these functions
 * convert between the two exactly, text to integer, never through a float (ARCHITECTURE.md
 * "Money", STYLE.md: not `Math.round(amount * 100)`).
 */

/** Why a typed amount or rate is refused; the field shows `t("amount.<problem>")`. */
export type AmountProblem = "empty" | "format" | "decimals" | "negative" | "zero" | "too_large";
export type Read<T> = { ok: true; value: T } | { ok: false; problem: AmountProblem };

const refuse = <T>(problem: AmountProblem): Read<T> => ({ ok: false, problem });

/** "₱ 1,234.5" → "1234.5": the peso sign, spaces and thousands separators people type. */
function clean(text: string, sign: RegExp): string {
  return text.replace(sign, "").replace(/[\s,]/g, "");
}

/** Digits, an optional point and decimals: the shape both readers accept once cleaned. */
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

interface PesoOptions {
  /** Zero is a valid value (limits, thresholds); otherwise the amount must be above zero. */
  allowZero?: boolean;
  /** Upper bound in minor units (the platform's MAX_MINOR by default). */
  maxMinor?: bigint;
}

/** A typed peso amount as minor units: "1,234.50" → 123450n; at most two decimals. */
export function readPesos(text: string, opts: PesoOptions = {}): Read<bigint> {
  const body = clean(text, /₱|PHP/gi);
  if (!body) return refuse("empty");
  if (body.startsWith("-")) return refuse("negative");
  const m = DECIMAL.exec(body);
  if (!m) return refuse("format");
  const frac = m[2] ?? "";
  if (frac.length > 2) return refuse("decimals");
  const whole = m[1] ?? "0";
  if (whole.length > 16) return refuse("too_large");
  const minor = BigInt(whole) * 100n + BigInt(frac.padEnd(2, "0"));
  if (minor === 0n && !opts.allowZero) return refuse("zero");
  if (minor >= (opts.maxMinor ?? MAX_MINOR)) return refuse("too_large");
  return { ok: true, value: minor };
}

type MinorLike = bigint | number | string;

/** The server's minor units (bigint, a safe integer, or its digits) as a bigint. */
function toBigMinor(minor: MinorLike): bigint {
  if (typeof minor === "bigint") return minor;
  if (typeof minor === "number") {
    // A number only ever carries whole centavos here; a fraction would be a server bug.
    if (!Number.isSafeInteger(minor)) throw new Error(`not whole centavos: ${minor}`);
    return BigInt(minor);
  }
  if (!/^-?\d+$/.test(minor)) throw new Error(`not whole centavos: ${minor}`);
  return BigInt(minor);
}

/** Minor units as the text an input is filled with: 123450n → "1,234.50". */
export function pesosText(minor: MinorLike): string {
  return formatMoney(toBigMinor(minor));
}

/** Minor units shown to a person: 123450n → "₱1,234.50" (-5n → "-₱0.05"). */
export function showPesos(minor: MinorLike): string {
  return formatMoney(toBigMinor(minor), "₱");
}

/** An API decimal amount ("1234.50", "0") shown to a person: "₱1,234.50"; other text as given. */
export function showAmount(amount: string): string {
  const minor = amountToMinor(amount);
  return minor === null ? amount : formatMoney(minor, "₱");
}

/** A typed amount as the API's decimal string ("1,234.5" → "1234.50"), or null. */
export function pesosToAmount(text: string, opts: PesoOptions = {}): string | null {
  const r = readPesos(text, opts);
  return r.ok ? formatMinor(r.value) : null;
}

/**
 * A rate's unit on the server: how many of its parts make 1 % and how many decimals of a
 * percent an operator may type (never more than the unit can hold exactly).
 */
export interface RateUnit {
  perPercent: number;
  decimals: number;
}
/** Basis points: 100 bp = 1 %; "0.75" % = 75 bp. */
export const BASIS_POINTS: RateUnit = { perPercent: 100, decimals: 2 };
/** Parts per million: 10,000 ppm = 1 %; "0.75" % = 7,500 ppm. */
export const PPM: RateUnit = { perPercent: 10_000, decimals: 2 };
/** Whole percent (bonus match percentages): "150" = 150 %. */
export const WHOLE_PERCENT: RateUnit = { perPercent: 1, decimals: 0 };
/** A percentage kept as the percent text itself, as the loyalty and rewards calls take it. */
export const PERCENT_TEXT: RateUnit = { perPercent: 100, decimals: 2 };

const pow10 = (n: number) => 10n ** BigInt(n);

/** A typed percentage in the unit's parts: "0.75" → 75 bp or 7,500 ppm; "0.75 %" too. */
export function readPercent(text: string, unit: RateUnit, opts: { maxParts?: number } = {}): Read<number> {
  const body = clean(text, /%/g);
  if (!body) return refuse("empty");
  if (body.startsWith("-")) return refuse("negative");
  const m = DECIMAL.exec(body);
  if (!m) return refuse("format");
  const frac = m[2] ?? "";
  if (frac.length > unit.decimals) return refuse("decimals");
  const whole = m[1] ?? "0";
  if (whole.length > 9) return refuse("too_large");
  const scale = pow10(unit.decimals);
  const hundredths = BigInt(whole) * scale + BigInt(frac.padEnd(unit.decimals, "0") || "0");
  const scaled = hundredths * BigInt(unit.perPercent);
  // The unit holds every typed value exactly (perPercent is a multiple of 10^decimals).
  if (scaled % scale !== 0n) return refuse("decimals");
  const parts = scaled / scale;
  if (parts > BigInt(opts.maxParts ?? Number.MAX_SAFE_INTEGER)) return refuse("too_large");
  return { ok: true, value: Number(parts) };
}

/** The unit's parts as the percentage text an input is filled with: 7,500 ppm → "0.75". */
export function percentText(parts: number, unit: RateUnit): string {
  if (!Number.isSafeInteger(parts)) throw new Error(`not whole parts: ${parts}`);
  const neg = parts < 0;
  const big = BigInt(Math.abs(parts));
  const per = BigInt(unit.perPercent);
  const whole = big / per;
  const rest = big % per;
  if (rest === 0n) return `${neg ? "-" : ""}${whole}`;
  // Enough decimals for any remainder of the unit (ppm: four), trailing zeros dropped.
  const digits = String(unit.perPercent).length - 1;
  const frac = ((rest * pow10(digits)) / per).toString().padStart(digits, "0").replace(/0+$/, "");
  return `${neg ? "-" : ""}${whole}.${frac}`;
}

/** The unit's parts shown to a person: 7,500 ppm → "0.75 %". */
export function showPercent(parts: number, unit: RateUnit): string {
  return `${percentText(parts, unit)} %`;
}

/** A percent text from the server ("0.5") shown to a person: "0.5 %". */
export function showPercentText(text: string): string {
  return `${text} %`;
}

/** The API's decimal amount ("1234.50", "-5.00", "0") as minor units; null for none or another text. */
export function amountToMinor(amount: string | null | undefined): bigint | null {
  if (!amount) return null;
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!m) return null;
  const minor = BigInt(m[2] ?? "0") * 100n + BigInt((m[3] ?? "").padEnd(2, "0"));
  return m[1] ? -minor : minor;
}

/** The API's decimal amount as the text an input is filled with: "1234.50" → "1,234.50". */
export function amountText(amount: string | null | undefined): string {
  const minor = amountToMinor(amount);
  return minor === null ? "" : pesosText(minor);
}
