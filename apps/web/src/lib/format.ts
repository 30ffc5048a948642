/**
 * Amounts show two decimals with thousands separators (spec §9), the same in every language
 * (the Philippine convention: 1,234,567.89). Money is handled in integer minor units
 * (centavos); only formatting turns it into text.
 */
const grouping = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export function formatMinor(minor: number): string {
  if (!Number.isSafeInteger(minor))
    throw new RangeError(`amount must be an integer of minor units: ${minor}`);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const whole = Math.trunc(abs / 100);
  const cents = abs % 100;
  return `${sign}${grouping.format(whole)}.${String(cents).padStart(2, "0")}`;
}

/** A MoneyString from the platform ("1234.50") shown as "1,234.50"; parsed without floats. */
export function formatMoneyString(amount: string): string {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!m) return amount;
  return `${m[1]}${grouping.format(BigInt(m[2] ?? "0"))}.${m[3]}`;
}

/** A date in the visitor's language (html lang), e.g. "12 Ene 2026". */
export function formatDate(iso: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric" });
}

/** A date and time in Manila time, in the visitor's language, e.g. "12 Ene 2026, 14:05". */
export function formatDateTime(iso: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleString(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone: "Asia/Manila",
  });
}
