import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { get, useFormContext } from "react-hook-form";

/** The error message react-hook-form holds for `name`, if any. */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext();
  const error: unknown = get(formState.errors, name);
  if (
    typeof error === "object" &&
    error !== null &&
    "message" in error &&
    typeof error.message === "string"
  ) {
    return error.message;
  }
  return undefined;
}

interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label above, hint and error below: the error is tied to the input by aria-describedby. */
export function FieldShell({ id, label, hint, error, required, className, children }: FieldShellProps) {
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

interface BaseProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  testId?: string;
  required?: boolean;
  className?: string;
}

type InputProps = BaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "required">;

export function TextField({ name, label, hint, testId, required, className, ...rest }: InputProps) {
  const { register } = useFormContext();
  const id = useId();
  const error = useFieldError(name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} className={className}>
      <input
        id={id}
        className="input"
        data-testid={testId}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
        {...register(name)}
      />
    </FieldShell>
  );
}

export function NumberField({ name, label, hint, testId, required, className, ...rest }: InputProps) {
  const { register } = useFormContext();
  const id = useId();
  const error = useFieldError(name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} className={className}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        className="input input--number"
        data-testid={testId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
        {...register(name, { valueAsNumber: true })}
      />
    </FieldShell>
  );
}

type AreaProps = BaseProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "required">;

export function TextAreaField({
  name,
  label,
  hint,
  testId,
  required,
  className,
  rows = 4,
  ...rest
}: AreaProps) {
  const { register } = useFormContext();
  const id = useId();
  const error = useFieldError(name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} className={className}>
      <textarea
        id={id}
        rows={rows}
        className="input textarea"
        data-testid={testId}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
        {...register(name)}
      />
    </FieldShell>
  );
}

interface SelectProps extends BaseProps {
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled?: boolean;
}

export function SelectField({
  name,
  label,
  hint,
  testId,
  required,
  className,
  options,
  disabled,
}: SelectProps) {
  const { register } = useFormContext();
  const id = useId();
  const error = useFieldError(name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} className={className}>
      <select
        id={id}
        className="input select"
        data-testid={testId}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...register(name)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

interface CheckboxProps extends BaseProps {
  disabled?: boolean;
}

/** A checkbox with its label to the right; the hint sits under the label. */
export function CheckboxField({ name, label, hint, testId, className, disabled }: CheckboxProps) {
  const { register } = useFormContext();
  const id = useId();
  const error = useFieldError(name);
  return (
    <div className={`field-check${className ? ` ${className}` : ""}`}>
      <input
        id={id}
        type="checkbox"
        className="checkbox"
        data-testid={testId}
        disabled={disabled}
        aria-describedby={describedBy(id, hint, error)}
        {...register(name)}
      />
      <div>
        <label htmlFor={id} className="field-check-label">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="field-hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
