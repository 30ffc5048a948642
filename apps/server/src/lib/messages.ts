/**
 * Human messages for error codes, per language. The player site also translates codes itself
 * (its catalogs cover every code); this table is what API clients and the back office read.
 * Languages follow the spec's codes (TY = Filipino, the default; EN = English).
 */
export type Lang = "TY" | "EN" | "CN" | "VI" | "TH" | "ID" | "JA";
export const LANGS: readonly Lang[] = ["TY", "EN", "CN", "VI", "TH", "ID", "JA"];
export const DEFAULT_LANG: Lang = "TY";

type Catalog = Record<string, string>;

const EN: Catalog = {
  VALIDATION_ERROR: "Some fields are not valid. Please check them and try again.",
  NOT_FOUND: "We could not find that {what}.",
  NOT_LOGGED_IN: "You are not logged in. Please log in first.",
  FORBIDDEN: "You do not have permission to do that.",
  RATE_LIMITED: "Too many attempts. Please wait {retryAfterS} seconds and try again.",
  SYSTEM_MAINTENANCE: "The system is under maintenance. Please come back later.",
  REGION_RESTRICTED: "Access is restricted from your location or IP address.",
  INTERNAL_ERROR: "Something went wrong on our side. Please try again.",
  INVALID_CREDENTIALS: "Wrong username or password.",
  TOTP_REQUIRED: "Enter the 6-digit code from your authenticator app.",
  TOTP_INVALID: "That authenticator code is not valid.",
  ACCOUNT_LOCKED: "This account is locked. Please contact support.",
  SESSION_EXPIRED: "Your session has expired. Please log in again.",
  UNSUPPORTED_LANGUAGE: "That language is not supported.",
  VERSION_CONFLICT: "Someone else changed this item. Reload it and try again.",
};

const TY: Catalog = {
  VALIDATION_ERROR: "May mga field na hindi tama. Pakisuri at subukang muli.",
  NOT_FOUND: "Hindi namin mahanap ang {what}.",
  NOT_LOGGED_IN: "Hindi ka pa naka-log in. Mag-log in muna.",
  FORBIDDEN: "Wala kang pahintulot na gawin iyon.",
  RATE_LIMITED: "Masyadong maraming pagtatangka. Maghintay ng {retryAfterS} segundo at subukang muli.",
  SYSTEM_MAINTENANCE: "Kasalukuyang inaayos ang sistema. Bumalik mamaya.",
  REGION_RESTRICTED: "Hindi pinapayagan ang access mula sa iyong lokasyon o IP address.",
  INTERNAL_ERROR: "Nagkaproblema sa aming panig. Pakisubukang muli.",
  INVALID_CREDENTIALS: "Mali ang username o password.",
  TOTP_REQUIRED: "Ilagay ang 6-digit na code mula sa iyong authenticator app.",
  TOTP_INVALID: "Hindi tama ang authenticator code.",
  ACCOUNT_LOCKED: "Naka-lock ang account na ito. Makipag-ugnayan sa support.",
  SESSION_EXPIRED: "Nag-expire na ang iyong session. Mag-log in muli.",
  UNSUPPORTED_LANGUAGE: "Hindi suportado ang wikang iyon.",
  VERSION_CONFLICT: "May ibang nagbago ng item na ito. I-reload at subukang muli.",
};

const CATALOGS: Partial<Record<Lang, Catalog>> = { EN, TY };

export function parseLang(value: unknown): Lang {
  const v = typeof value === "string" ? value.toUpperCase() : "";
  return (LANGS as readonly string[]).includes(v) ? (v as Lang) : DEFAULT_LANG; // checked by includes
}

export function messageFor(code: string, lang: Lang, params: Record<string, string | number> = {}): string {
  const template = CATALOGS[lang]?.[code] ?? EN[code] ?? code;
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ""));
}

/** Modules add their own codes at import time, keeping each module's texts beside it. */
export function registerMessages(lang: "EN" | "TY", entries: Catalog): void {
  Object.assign(lang === "EN" ? EN : TY, entries);
}
