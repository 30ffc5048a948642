import { useSyncExternalStore } from "react";
import EN from "../locales/EN.json";
import TY from "../locales/TY.json";

/**
 * The back office's texts in English and Filipino (TY), from the catalogues in src/locales
 * (locales/catalogues.test.ts keeps them whole and the converted screens free of English).
 * The operator's choice is kept in this browser and sent as X-Lang, so the server's messages
 * come in the same language.
 */
export const ADMIN_LANGS = ["EN", "TY"] as const;
export type AdminLang = (typeof ADMIN_LANGS)[number];
export type TextKey = keyof typeof EN;
const CATALOGS: Record<AdminLang, Record<string, string>> = { EN, TY };
const STORE_KEY = "panalo.admin.lang";

function stored(): AdminLang {
  try {
    const v = globalThis.localStorage?.getItem(STORE_KEY);
    return v === "TY" ? "TY" : "EN";
  } catch {
    return "EN";
  }
}

let current: AdminLang = stored();
const listeners = new Set<() => void>();
const htmlLang = (l: AdminLang) => (l === "TY" ? "fil" : "en");
if (typeof document !== "undefined") document.documentElement.lang = htmlLang(current);

export function adminLang(): AdminLang {
  return current;
}

export function setAdminLang(lang: AdminLang): void {
  if (lang === current) return;
  current = lang;
  try {
    globalThis.localStorage?.setItem(STORE_KEY, lang);
  } catch {
    // a private window without storage still switches for this visit
  }
  if (typeof document !== "undefined") document.documentElement.lang = htmlLang(lang);
  for (const l of listeners) l();
}

/** The text of `key` in the current language, with {{name}} filled from `params`. */
export function t(key: TextKey, params: Record<string, string | number> = {}): string {
  const text = CATALOGS[current][key] ?? EN[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}

/** Whether the catalogues have `key` (for keys built from a code the server sends). */
export function hasText(key: string): key is TextKey {
  return Object.hasOwn(EN, key);
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

/** `t`, re-rendering the component when the language changes. */
export function useT(): typeof t {
  useSyncExternalStore(subscribe, adminLang, adminLang);
  return t;
}

export function useAdminLang(): AdminLang {
  return useSyncExternalStore(subscribe, adminLang, adminLang);
}
