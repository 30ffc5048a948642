import type { LangCode } from "@panalo/contracts/envelope";
import { useId, useState } from "react";
import { get, useFormContext, useWatch } from "react-hook-form";
import { type TextKey, useT } from "../lib/i18n.ts";
import { OPTIONAL_LANGS, REQUIRED_LANGS } from "../lib/localized.ts";
import { TextAreaField, TextField } from "./form-fields.tsx";
import { HtmlField } from "./html-field.tsx";
import { RichHtmlField } from "./rich-html-field.tsx";

export interface LocalizedFieldSpec {
  /** Form path of a LocalizedForm object, e.g. "title" or "entries.2.description". */
  base: string;
  label: string;
  /** "rich": formatted text in a rich-text editor (loaded on demand), stored as HTML. */
  kind: "text" | "textarea" | "html" | "rich";
  /** Test ids become `<testId>-<LANG>`. */
  testId?: string;
  maxLength?: number;
}

interface LocalizedEditorProps {
  fields: readonly LocalizedFieldSpec[];
  /** Whether Filipino and English must be filled. */
  required: boolean;
}

/** A content language named in the back office's own language. */
const LANG_KEYS: Record<LangCode, TextKey> = {
  TY: "localized.lang.TY",
  EN: "localized.lang.EN",
  CN: "localized.lang.CN",
  VI: "localized.lang.VI",
  TH: "localized.lang.TH",
  ID: "localized.lang.ID",
  JA: "localized.lang.JA",
};

function LangFields({
  fields,
  lang,
  required,
}: {
  fields: readonly LocalizedFieldSpec[];
  lang: LangCode;
  required: boolean;
}) {
  const t = useT();
  return (
    <>
      {fields.map((f) => {
        const name = `${f.base}.${lang}`;
        const label = `${f.label} (${t(LANG_KEYS[lang])})`;
        const testId = f.testId ? `${f.testId}-${lang}` : undefined;
        if (f.kind === "rich")
          return <RichHtmlField key={name} name={name} label={label} testId={testId} required={required} />;
        if (f.kind === "html")
          return <HtmlField key={name} name={name} label={label} testId={testId} required={required} />;
        if (f.kind === "textarea")
          return (
            <TextAreaField
              key={name}
              name={name}
              label={label}
              testId={testId}
              required={required}
              rows={3}
            />
          );
        return (
          <TextField
            key={name}
            name={name}
            label={label}
            testId={testId}
            required={required}
            maxLength={f.maxLength}
          />
        );
      })}
    </>
  );
}

/**
 * Per-language inputs. Filipino (the site default) and English are always on screen side by side;
 * the optional languages share a tab strip below, each tab marked when it holds text.
 */
export function LocalizedEditor({ fields, required }: LocalizedEditorProps) {
  const t = useT();
  const { control, formState } = useFormContext();
  const [active, setActive] = useState<LangCode>(OPTIONAL_LANGS[0] ?? "CN");
  const tabsId = useId();
  const values: unknown[] = useWatch({ control, name: fields.map((f) => f.base) });

  const filled = (lang: LangCode) =>
    values.some((v) => typeof v === "object" && v !== null && Boolean(get(v, lang)));
  const hasError = (lang: LangCode) =>
    fields.some((f) => Boolean(get(formState.errors, `${f.base}.${lang}`)));

  return (
    <div className="localized">
      <div className="localized-main">
        {REQUIRED_LANGS.map((lang) => (
          <fieldset key={lang} className="localized-lang">
            <legend>
              {t(LANG_KEYS[lang])} <span className="lang-code">{lang}</span>
            </legend>
            <LangFields fields={fields} lang={lang} required={required} />
          </fieldset>
        ))}
      </div>
      <div className="localized-more">
        <div role="tablist" aria-label={t("localized.otherAria")} className="tabs">
          <span className="tabs-caption" aria-hidden="true">
            {t("localized.other")}
          </span>
          {OPTIONAL_LANGS.map((lang) => (
            <button
              key={lang}
              type="button"
              role="tab"
              id={`${tabsId}-tab-${lang}`}
              aria-selected={active === lang}
              aria-controls={`${tabsId}-panel-${lang}`}
              tabIndex={active === lang ? 0 : -1}
              className={`tab${hasError(lang) ? " tab--error" : ""}`}
              onClick={() => setActive(lang)}
              onKeyDown={(e) => {
                const i = OPTIONAL_LANGS.indexOf(active);
                const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
                if (!step) return;
                const next = OPTIONAL_LANGS[(i + step + OPTIONAL_LANGS.length) % OPTIONAL_LANGS.length];
                if (next) {
                  setActive(next);
                  document.getElementById(`${tabsId}-tab-${next}`)?.focus();
                }
              }}
            >
              {t(LANG_KEYS[lang])}
              {filled(lang) && (
                <>
                  <span className="tab-dot" aria-hidden="true" />
                  <span className="visually-hidden">{t("localized.hasText")}</span>
                </>
              )}
            </button>
          ))}
        </div>
        {OPTIONAL_LANGS.map((lang) => (
          <div
            key={lang}
            role="tabpanel"
            id={`${tabsId}-panel-${lang}`}
            aria-labelledby={`${tabsId}-tab-${lang}`}
            hidden={active !== lang}
            className="localized-panel"
          >
            <p className="field-hint">{t("localized.optional", { lang: t(LANG_KEYS[lang]) })}</p>
            <LangFields fields={fields} lang={lang} required={false} />
          </div>
        ))}
      </div>
    </div>
  );
}
