import type { LangCode } from "@panalo/contracts/envelope";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";

/**
 * i18next with one JSON catalog per language under src/locales, served in parts (areas.ts): the
 * "core" part of the language in use loads before the first render, each area's part with the
 * code that shows it (texts/<area>.ts). Only the language in use is downloaded. Every catalog is
 * complete, so there is no fallback language to download as well.
 */
export type CatalogueLoaders = Record<string, () => Promise<unknown>>;
const parts = new Map<string, CatalogueLoaders>([
  ["core", import.meta.glob("../../locales/*.json", { query: "?area=core", import: "default" })],
]);
/** "<lang>:<part>" of each part already added to i18next. */
const added = new Map<string, Promise<void>>();
/** The language being activated (or active): an area loading meanwhile loads in it too. */
let target: LangCode | undefined;

function addPart(lang: LangCode, part: string): Promise<void> {
  const key = `${lang}:${part}`;
  let done = added.get(key);
  if (!done) {
    const load = Object.entries(parts.get(part) ?? {}).find(([path]) => path.endsWith(`/${lang}.json`))?.[1];
    if (!load) return Promise.reject(new Error(`no catalogue ${key}`));
    done = load().then((texts) => {
      i18next.addResourceBundle(lang, "translation", texts as Record<string, unknown>, true, true);
    });
    // A failed download is tried again the next time (a retried page, a language switch).
    done.catch(() => added.delete(key));
    added.set(key, done);
  }
  return done;
}

/** The area loads under way: a lazily loaded module's code has just started them. */
const pending = new Set<Promise<void>>();

/**
 * Start loading an area's texts in the active language (and the one being activated): called
 * by texts/<area>.ts when it is evaluated. Once registered, a language switch loads the area in
 * the new language too, before the switch shows.
 */
export function loadTexts(area: string, loaders: CatalogueLoaders): void {
  parts.set(area, loaders);
  const langs = new Set<LangCode>([target ?? "TY"]);
  const shown = i18next.language;
  if (shown && /^[A-Z]{2}$/.test(shown)) langs.add(shown as LangCode);
  const loading = Promise.all([...langs].map((lang) => addPart(lang, area))).then(() => undefined);
  pending.add(loading);
  const settled = () => pending.delete(loading);
  loading.then(settled, settled);
}

/**
 * Every area load under way, done (rejects if one failed): what the lazy components (lazy.ts)
 * and route pages wait for after their code arrives, so they never draw before their texts.
 */
export async function textsLoaded(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}

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
  target = lang;
  await Promise.all([...parts.keys()].map((part) => addPart(lang, part)));
  await font;
  await i18next.changeLanguage(lang);
}

export { i18next };
