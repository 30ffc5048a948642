/**
 * Human messages for error codes, per language. The player site also translates codes itself
 * (its catalogs cover every code); this table is what API clients and the back office read.
 * Languages follow the spec's codes (TY = Filipino, the default; EN = English).
 *
 * The texts live in one JSON catalogue per language, apps/server/src/messages/<LANG>.json (keys
 * are codes, values texts with {placeholders}), as the site's own apps/web/src/locales. They are
 * static imports so the production bundle (scripts/build-server.mjs, esbuild) carries them inside
 * main.js and nothing is read from disk at run time. lib/messages-coverage.test.ts keeps every
 * English code present in all 7 with the same placeholders.
 */
import CN from "../messages/CN.json" with { type: "json" };
import EN from "../messages/EN.json" with { type: "json" };
import ID from "../messages/ID.json" with { type: "json" };
import JA from "../messages/JA.json" with { type: "json" };
import TH from "../messages/TH.json" with { type: "json" };
import TY from "../messages/TY.json" with { type: "json" };
import VI from "../messages/VI.json" with { type: "json" };

export type Lang = "TY" | "EN" | "CN" | "VI" | "TH" | "ID" | "JA";
export const LANGS: readonly Lang[] = ["TY", "EN", "CN", "VI", "TH", "ID", "JA"];
export const DEFAULT_LANG: Lang = "TY";

type Catalog = Readonly<Record<string, string>>;

const CATALOGS: Record<Lang, Catalog> = { TY, EN, CN, VI, TH, ID, JA };

export function parseLang(value: unknown): Lang {
  const v = typeof value === "string" ? value.toUpperCase() : "";
  return (LANGS as readonly string[]).includes(v) ? (v as Lang) : DEFAULT_LANG; // checked by includes
}

export function messageFor(code: string, lang: Lang, params: Record<string, string | number> = {}): string {
  // A validation error whose first refused field has a known reason names that field and why.
  if (code === "VALIDATION_ERROR" && params.field !== undefined && typeof params.reason === "string") {
    const reason = CATALOGS[lang][params.reason] ?? CATALOGS.EN[params.reason];
    if (reason) return messageFor("VALIDATION_ERROR_FIELD", lang, { field: params.field, reason });
  }
  const template = CATALOGS[lang][code] ?? CATALOGS.EN[code] ?? code;
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ""));
}

/** A copy of one language's catalogue (for the coverage test and tooling). */
export function messageCatalog(lang: Lang): Catalog {
  return { ...CATALOGS[lang] };
}
