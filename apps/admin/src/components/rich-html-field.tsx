import { lazy, Suspense, useId } from "react";
import { useController, useFormContext } from "react-hook-form";
import { useT } from "../lib/i18n.ts";
import { useFieldError } from "./form-fields.tsx";

/** The editor (TipTap on ProseMirror) is a chunk of its own: only a page with this field loads it. */
const RichTextEditor = lazy(() => import("./rich-text-editor.tsx"));

interface RichHtmlFieldProps {
  name: string;
  label: string;
  testId?: string;
  required?: boolean;
}

/**
 * Formatted text (bold, italics, lists, headings, links) edited as on a page, stored as HTML.
 * The server sanitises the HTML on save (allow-listed tags and attributes: content/texts.ts), so
 * the editor is a convenience, not the guard.
 */
export function RichHtmlField({ name, label, testId, required }: RichHtmlFieldProps) {
  const t = useT();
  const { control } = useFormContext();
  const { field } = useController({ control, name });
  const error = useFieldError(name);
  const id = useId();
  const hint = t("rich.hint");
  return (
    <div className="field rich-field">
      <span id={`${id}-label`} className="field-label">
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </span>
      <Suspense fallback={<p className="muted">{t("rich.loading")}</p>}>
        <RichTextEditor
          value={typeof field.value === "string" ? field.value : ""}
          onChange={field.onChange}
          onBlur={field.onBlur}
          labelledBy={`${id}-label`}
          describedBy={[`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
          invalid={Boolean(error)}
          testId={testId}
        />
      </Suspense>
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
