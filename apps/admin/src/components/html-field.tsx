import { useId, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useT } from "../lib/i18n.ts";
import { describedBy, FieldShell, useFieldError } from "./form-fields.tsx";

interface HtmlFieldProps {
  name: string;
  label: string;
  testId?: string;
  required?: boolean;
  rows?: number;
}

/**
 * HTML source with a preview. The preview runs in a sandboxed frame without scripts, so even a
 * hostile paste cannot act on the back office; the server sanitises the HTML again on save.
 */
export function HtmlField({ name, label, testId, required, rows = 6 }: HtmlFieldProps) {
  const t = useT();
  const { register, control } = useFormContext();
  const id = useId();
  const error = useFieldError(name);
  const [preview, setPreview] = useState(false);
  const value: unknown = useWatch({ control, name });
  const html = typeof value === "string" ? value : "";
  const hint = t("html.hint");

  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required}>
      <div className="html-field">
        <textarea
          id={id}
          rows={rows}
          className="input textarea textarea--code"
          spellCheck={false}
          data-testid={testId}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...register(name)}
        />
        <button
          type="button"
          className="btn btn--ghost btn--xs html-field-toggle"
          aria-expanded={preview}
          onClick={() => setPreview((p) => !p)}
        >
          {preview ? t("html.hidePreview") : t("html.preview")}
        </button>
        {preview && (
          <iframe
            className="html-preview"
            title={t("html.previewOf", { label })}
            sandbox=""
            srcDoc={`<!doctype html><meta charset="utf-8"><style>body{font:14px/1.5 system-ui,sans-serif;margin:8px;color:#1c2230}img{max-width:100%}</style>${html}`}
          />
        )}
      </div>
    </FieldShell>
  );
}
