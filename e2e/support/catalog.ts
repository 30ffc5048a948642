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
