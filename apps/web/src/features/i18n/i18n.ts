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
 * The web fonts of the languages a device may have no font for: Chinese,
 * Japanese and Thai. Each is a style sheet of its own, loaded only when its language is active,
 * so Filipino and English pages never download them.
 */
const fonts: Partial<Record<LangCode, () => Promise<unknown>>> = {
  CN: () => import("../../styles/fonts/cn.css").then(refreshOnFontLoad),
  JA: () => import("../../styles/fonts/ja.css").then(refreshOnFontLoad),
  TH: () => import("../../styles/fonts/th.css").then(refreshOnFontLoad),
};

/**
 * Text drawn while a slice of the font was still downloading is drawn in the fallback (boxes,
 * on a device without the script); Chromium draws most of it again when the slice arrives, but
 * not always the text of buttons and inputs. Each time slices finish loading, <html data-fonts>
 * flips and the font style sheet changes the family list a little, so all text is shaped again.
 */
let refreshing = false;
function refreshOnFontLoad(): void {
  if (refreshing || !document.fonts) return;
  refreshing = true;
  document.fonts.addEventListener("loadingdone", () => {
    const root = document.documentElement;
    root.dataset.fonts = root.dataset.fonts === "b" ? "a" : "b";
  });
}

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
  // The font's style sheet (its @font-face rules, not the font files) arrives with the catalog,
  // before the first render and before <html lang> changes: Chromium does not lay out again the
  // text of buttons and inputs drawn before an @font-face rule was added, so they kept boxes.
  const font = fonts[lang]?.().catch(() => undefined);
  if (!i18next.hasResourceBundle(lang, "translation")) {
    const catalog = await catalogs[lang]();
    i18next.addResourceBundle(lang, "translation", catalog.default, true, true);
  }
  await font;
  await i18next.changeLanguage(lang);
}

export { i18next };
