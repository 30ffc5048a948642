import type { ReactNode } from "react";

/** A labelled input with its error underneath (spec §8 "errors shown under each field"). */
export function Field(props: {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  /** Visually hidden label (the placeholder names the field, as in compact forms). */
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const classes = ["field", props.error ? "has-error" : "", props.className ?? ""].filter(Boolean).join(" ");
  return (
    <div className={classes}>
      <label htmlFor={props.id} className={props.hideLabel ? "sr-only" : "field-label"}>
        {props.label}
        {props.required && (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {props.children}
      {props.error && (
        <p className="field-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
