import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The player site's texts as a visitor reads them: the catalog of a language (TY is Filipino,
 * the default). Tests look texts up here so they check the language shown, not one wording.
 */
type Catalog = { [key: string]: string | Catalog };
const cache = new Map<string, Catalog>();

function catalog(lang: string): Catalog {
  let hit = cache.get(lang);
  if (!hit) {
    const file = fileURLToPath(new URL(`../../apps/web/src/locales/${lang}.json`, import.meta.url));
    hit = JSON.parse(readFileSync(file, "utf8")) as Catalog;
    cache.set(lang, hit);
  }
  return hit;
}

/** The text of `key` in `lang`, with {{name}} placeholders filled from `params`. */
export function text(lang: string, key: string, params: Record<string, string> = {}): string {
  let node: string | Catalog | undefined = catalog(lang);
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "string") throw new Error(`no text ${key} in ${lang}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? "");
}

/** The site's seven languages (src/locales). */
export const SITE_LANGS = ["TY", "EN", "CN", "VI", "TH", "ID", "JA"] as const;

/**
 * `key`'s text in any of the site's languages, as a whole-text pattern: for a check that a
 * screen says the site's words for something (not a server code), whichever language it shows.
 */
export function inAnyLanguage(key: string): RegExp {
  const texts = [...new Set(SITE_LANGS.map((lang) => text(lang, key)))];
  return new RegExp(`^(${texts.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`);
}
