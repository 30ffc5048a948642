import type { LangCode } from "@panalo/contracts/envelope";
import { create } from "zustand";
import { setApiLanguage } from "../../lib/api.ts";

/**
 * The visitor's language and theme (spec §4: "Language change stores the language", "Theme
 * stored light or dark"), kept in localStorage and mirrored on <html> (lang, data-theme). The
 * boot script (src/boot.js, loaded by index.html) applies both before the first paint; this store keeps them.
 */
export type Theme = "light" | "dark";

/** <html lang> for each site language. */
export const HTML_LANG: Record<LangCode, string> = {
  TY: "fil",
  EN: "en",
  CN: "zh",
  VI: "vi",
  TH: "th",
  ID: "id",
  JA: "ja",
};

/** Each language named in itself, for the picker. */
export const LANG_NAMES: Record<LangCode, string> = {
  TY: "Filipino",
  EN: "English",
  CN: "中文",
  VI: "Tiếng Việt",
  TH: "ไทย",
  ID: "Bahasa Indonesia",
  JA: "日本語",
};

// The codes are written here rather than imported at run time: @panalo/contracts/envelope
// builds zod schemas when loaded, and zod must stay off the home page's bundle.
export const LANGS: readonly LangCode[] = ["TY", "EN", "CN", "VI", "TH", "ID", "JA"];

export function isLangCode(value: unknown): value is LangCode {
  return typeof value === "string" && Object.hasOwn(HTML_LANG, value);
}

const LANG_KEY = "panalo.lang";
const THEME_KEY = "panalo.theme";

function readStored(): { lang: LangCode; theme: Theme } {
  try {
    const lang = localStorage.getItem(LANG_KEY);
    const theme = localStorage.getItem(THEME_KEY);
    return { lang: isLangCode(lang) ? lang : "TY", theme: theme === "dark" ? "dark" : "light" };
  } catch {
    return { lang: "TY", theme: "light" };
  }
}

function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

export const usePrefs = create<{ lang: LangCode; theme: Theme }>(() => readStored());

/** Mirror the stored choices on <html> and in the API client (once at start). */
export function applyPrefs(): void {
  const { lang, theme } = usePrefs.getState();
  document.documentElement.lang = HTML_LANG[lang];
  document.documentElement.dataset.theme = theme;
  setApiLanguage(lang);
}

export function setTheme(theme: Theme): void {
  remember(THEME_KEY, theme);
  usePrefs.setState({ theme });
  document.documentElement.dataset.theme = theme;
}

/** Store the language; callers load its catalog first (features/i18n/language.ts). */
export function setLangPref(lang: LangCode): void {
  remember(LANG_KEY, lang);
  setApiLanguage(lang);
  document.documentElement.lang = HTML_LANG[lang];
  usePrefs.setState({ lang });
}
