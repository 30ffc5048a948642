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
  SERVICE_UNAVAILABLE: "The service is briefly unavailable. Please try again in a moment.",
  INVALID_CREDENTIALS: "Wrong username or password.",
  TOTP_REQUIRED: "Enter the 6-digit code from your authenticator app.",
  TOTP_INVALID: "That authenticator code is not valid.",
  ACCOUNT_LOCKED: "This account is locked. Please contact support.",
  SESSION_EXPIRED: "Your session has expired. Please log in again.",
  UNSUPPORTED_LANGUAGE: "That language is not supported.",
  VERSION_CONFLICT: "Someone else changed this item. Reload it and try again.",
  // A refused field named in the message: "{field}" is the field's path, "{reason}" one of the
  // reasons below (keys of the contracts' money parser and input helpers).
  VALIDATION_ERROR_FIELD: "The field “{field}” is not valid: {reason}",
  amount_format:
    "enter an amount with digits and at most two decimals, like 1234.50 (no commas, spaces or signs).",
  amount_decimals: "an amount has at most two decimals (centavos).",
  amount_sign: "an amount cannot have a sign here.",
  amount_zero: "the amount must be more than zero.",
  amount_too_large: "the amount is too large.",
  amount_below_min: "the maximum cannot be below the minimum.",
  id_invalid: "an id is a positive whole number (digits only) within range.",
  int_invalid: "enter a whole number with digits only, within range.",
  nul_char: "the text contains a forbidden control character.",
  link_invalid:
    "a link is either an in-site path starting with a single “/” or a full https:// address marked external.",
  link_not_external: "this link leaves the site: mark it as an external link to allow it.",
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
  SERVICE_UNAVAILABLE: "Pansamantalang hindi available ang serbisyo. Pakisubukang muli maya-maya.",
  INVALID_CREDENTIALS: "Mali ang username o password.",
  TOTP_REQUIRED: "Ilagay ang 6-digit na code mula sa iyong authenticator app.",
  TOTP_INVALID: "Hindi tama ang authenticator code.",
  ACCOUNT_LOCKED: "Naka-lock ang account na ito. Makipag-ugnayan sa support.",
  SESSION_EXPIRED: "Nag-expire na ang iyong session. Mag-log in muli.",
  UNSUPPORTED_LANGUAGE: "Hindi suportado ang wikang iyon.",
  VERSION_CONFLICT: "May ibang nagbago ng item na ito. I-reload at subukang muli.",
  VALIDATION_ERROR_FIELD: "Hindi tama ang field na “{field}”: {reason}",
  amount_format:
    "maglagay ng halaga na may mga numero at hanggang dalawang decimal, gaya ng 1234.50 (walang kuwit, espasyo o sign).",
  amount_decimals: "hanggang dalawang decimal (sentimo) lamang ang halaga.",
  amount_sign: "hindi puwedeng may sign ang halaga rito.",
  amount_zero: "dapat higit sa zero ang halaga.",
  amount_too_large: "masyadong malaki ang halaga.",
  amount_below_min: "hindi puwedeng mas mababa ang maximum sa minimum.",
  id_invalid: "ang id ay positibong buong numero (mga digit lamang) na nasa saklaw.",
  int_invalid: "maglagay ng buong numero na mga digit lamang, na nasa saklaw.",
  nul_char: "may ipinagbabawal na control character ang teksto.",
  link_invalid:
    "ang link ay dapat path sa site na nagsisimula sa iisang “/” o buong https:// address na minarkahang external.",
  link_not_external: "lumalabas ng site ang link na ito: markahan itong external link para payagan.",
};

const CATALOGS: Partial<Record<Lang, Catalog>> = { EN, TY };

export function parseLang(value: unknown): Lang {
  const v = typeof value === "string" ? value.toUpperCase() : "";
  return (LANGS as readonly string[]).includes(v) ? (v as Lang) : DEFAULT_LANG; // checked by includes
}

export function messageFor(code: string, lang: Lang, params: Record<string, string | number> = {}): string {
  // A validation error whose first refused field has a known reason names that field and why.
  if (code === "VALIDATION_ERROR" && params.field !== undefined && typeof params.reason === "string") {
    const reason = CATALOGS[lang]?.[params.reason] ?? EN[params.reason];
    if (reason) return messageFor("VALIDATION_ERROR_FIELD", lang, { field: params.field, reason });
  }
  const template = CATALOGS[lang]?.[code] ?? EN[code] ?? code;
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ""));
}

/**
 * Modules add their own codes at import time, keeping each module's texts beside it. A language
 * without a catalog yet gets one (a code it lacks falls back to English).
 */
export function registerMessages(lang: Lang, entries: Catalog): void {
  const catalog = CATALOGS[lang] ?? {};
  CATALOGS[lang] = catalog;
  Object.assign(catalog, entries);
}
