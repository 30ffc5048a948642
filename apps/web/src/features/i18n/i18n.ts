import type { LangCode } from "@panalo/contracts/envelope";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";

/**
 * i18next with one JSON catalog per language under src/locales, each its own chunk: only the
 * language in use is downloaded. Every catalog is complete, so there is no fallback language
 * to download as well.
 */
type Catalog = { default: Record<string, unknown> };
const catalogs: Record<LangCode, () => Promise<Catalog>> = {
  TY: () => import("../../locales/TY.json"),
  EN: () => import("../../locales/EN.json"),
  CN: () => import("../../locales/CN.json"),
  VI: () => import("../../locales/VI.json"),
  TH: () => import("../../locales/TH.json"),
  ID: () => import("../../locales/ID.json"),
  JA: () => import("../../locales/JA.json"),
};

/**
 * The web fonts of the languages a device may have no font for (issue 14 item 6): Chinese,
 * Japanese and Thai. Each is a style sheet of its own, loaded only when its language is active,
 * so Filipino and English pages never download them.
 */
const fonts: Partial<Record<LangCode, () => Promise<unknown>>> = {
  CN: () => import("../../styles/fonts/cn.css"),
  JA: () => import("../../styles/fonts/ja.css"),
  TH: () => import("../../styles/fonts/th.css"),
};

void i18next.use(initReactI18next).init({
  resources: {},
  fallbackLng: false,
  initAsync: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false }, // React escapes what it renders
  react: { useSuspense: false },
});

/** Download the language's catalog (once) and make it the active one. */
export async function activateCatalog(lang: LangCode): Promise<void> {
  // In parallel with the catalog; the text shows in a fallback font until the font arrives.
  fonts[lang]?.().catch(() => undefined);
  if (!i18next.hasResourceBundle(lang, "translation")) {
    const catalog = await catalogs[lang]();
    i18next.addResourceBundle(lang, "translation", catalog.default, true, true);
  }
  await i18next.changeLanguage(lang);
}

export { i18next };
