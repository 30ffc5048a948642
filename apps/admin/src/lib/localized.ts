import { type LangCode, LangCodes, type LocalizedText } from "@panalo/contracts/envelope";
import { z } from "zod";
import { t } from "./i18n.ts";

export const REQUIRED_LANGS = ["TY", "EN"] as const satisfies readonly LangCode[];
export const OPTIONAL_LANGS: readonly LangCode[] = LangCodes.filter((l) => l !== "TY" && l !== "EN");

/** In a form every language is a plain string; an empty optional one is left out on save. */
export type LocalizedForm = Record<LangCode, string>;

export function toLocalizedForm(text: LocalizedText | undefined): LocalizedForm {
  return {
    TY: text?.TY ?? "",
    EN: text?.EN ?? "",
    CN: text?.CN ?? "",
    VI: text?.VI ?? "",
    TH: text?.TH ?? "",
    ID: text?.ID ?? "",
    JA: text?.JA ?? "",
  };
}

export function fromLocalizedForm(form: LocalizedForm): LocalizedText {
  const out: LocalizedText = { TY: form.TY, EN: form.EN };
  for (const lang of OPTIONAL_LANGS) {
    if (form[lang] !== "") out[lang] = form[lang];
  }
  return out;
}

/**
 * The form schema of one localized text. With `required`, Filipino and English must be filled
 * (envelope.ts: "TY and EN are required, the rest optional"); values are trimmed.
 */
export function localizedFormSchema(required: boolean, max = 100_000) {
  // Messages are looked up when the form is checked, in the operator's language then.
  const text = z
    .string()
    .trim()
    .max(max, { error: () => t("form.err.maxChars", { n: max }) });
  const main = required ? text.min(1, { error: () => t("form.err.required") }) : text;
  return z.object({ TY: main, EN: main, CN: text, VI: text, TH: text, ID: text, JA: text });
}
