import type { Lang } from "../../lib/messages.ts";

/** The caller's name of a game: their language, else EN, else TY (spec §1 languages). */
export function nameIn(names: Partial<Record<string, string>>, lang: Lang): string {
  return names[lang] ?? names.EN ?? names.TY ?? Object.values(names).find((n) => n) ?? "";
}
