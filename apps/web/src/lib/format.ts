import { formatMoney } from "@panalo/contracts/money-format";

/**
 * Amounts show two decimals with thousands separators (spec §9), the same in every language
 * (the Philippine convention: 1,234,567.89). Money is handled in integer minor units
 * (centavos); only formatting turns it into text.
 */
export function formatMinor(minor: number): string {
  if (!Number.isSafeInteger(minor))
    throw new RangeError(`amount must be an integer of minor units: ${minor}`);
  return formatMoney(BigInt(minor));
}

/** A MoneyString from the platform ("1234.50") shown as "1,234.50"; parsed without floats. */
export function formatMoneyString(amount: string): string {
  return formatMoney(amount);
}

/**
 * The Intl locale of the site's language. Callers pass the site's code ("CN", from i18next) or
 * a BCP 47 tag ("zh", the page's lang); a tag the site does not speak (the browser's own,
 * "en-US") yields the page's language: a date reads in the language of the text around it.
 */
const INTL: Record<string, string> = {
  TY: "fil-PH",
  EN: "en-PH",
  CN: "zh-CN",
  VI: "vi-VN",
  TH: "th-TH",
  ID: "id-ID",
  JA: "ja-JP",
  fil: "fil-PH",
  en: "en-PH",
  zh: "zh-CN",
  vi: "vi-VN",
  th: "th-TH",
  id: "id-ID",
  ja: "ja-JP",
};
export function intlLocale(lang: string): string {
  const page = typeof document === "undefined" ? "" : document.documentElement.lang;
  return INTL[lang] ?? INTL[page] ?? "fil-PH";
}

/** A count (points, rounds) with the language's digit grouping; money keeps formatMinor's. */
export function formatCount(n: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 0 }).format(n);
}

/** A date in the visitor's language, e.g. "12 Ene 2026" (TY) or "2026年1月12日" (CN). */
export function formatDate(iso: string, lang: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleDateString(intlLocale(lang), {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "Asia/Manila",
  });
}

/** A date and time in Manila time, in the visitor's language, e.g. "12 Ene 2026, 14:05". */
export function formatDateTime(iso: string, lang: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleString(intlLocale(lang), {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone: "Asia/Manila",
  });
}
