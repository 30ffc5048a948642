import type { LangCode } from "@panalo/contracts/envelope";
import { useId, useState } from "react";
import { get, useFormContext, useWatch } from "react-hook-form";
import { LANG_NAMES, OPTIONAL_LANGS, REQUIRED_LANGS } from "../lib/localized.ts";
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

function LangFields({
  fields,
  lang,
  required,
}: {
  fields: readonly LocalizedFieldSpec[];
  lang: LangCode;
  required: boolean;
}) {
  return (
    <>
      {fields.map((f) => {
        const name = `${f.base}.${lang}`;
        const label = `${f.label} (${LANG_NAMES[lang]})`;
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
              {LANG_NAMES[lang]} <span className="lang-code">{lang}</span>
            </legend>
            <LangFields fields={fields} lang={lang} required={required} />
          </fieldset>
        ))}
      </div>
      <div className="localized-more">
        <div role="tablist" aria-label="Other languages (optional)" className="tabs">
          <span className="tabs-caption" aria-hidden="true">
            Other languages
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
              {LANG_NAMES[lang]}
              {filled(lang) && (
                <>
                  <span className="tab-dot" aria-hidden="true" />
                  <span className="visually-hidden"> (has text)</span>
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
            <p className="field-hint">
              Optional. Left empty, players reading {LANG_NAMES[lang]} get the site's fallback language.
            </p>
            <LangFields fields={fields} lang={lang} required={false} />
          </div>
        ))}
      </div>
    </div>
  );
}
