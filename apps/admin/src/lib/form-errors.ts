import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "./api.ts";

/**
 * The longest prefix of a server path ("title.TY", "blockedRanges.3", "0.path") that names a
 * field of the form's own values; "" when none does.
 */
export function matchFieldPath(values: unknown, path: string): string {
  const matched: string[] = [];
  let current: unknown = values;
  for (const segment of path.split(".").filter(Boolean)) {
    if (typeof current !== "object" || current === null || !(segment in current)) break;
    current = (current as Record<string, unknown>)[segment]; // `in` checked just above
    matched.push(segment);
  }
  return matched.join(".");
}

/**
 * Put the server's field errors beside their fields. `prefix` maps an API body that is not the
 * form itself (the SEO list is an array; its form is `{ entries }`). Answers whether any landed.
 */
export function applyServerFieldErrors<F extends FieldValues, C, T>(
  err: unknown,
  form: UseFormReturn<F, C, T>,
  prefix = "",
): boolean {
  if (!(err instanceof ApiError) || err.details.length === 0) return false;
  const values = form.getValues();
  let placed = false;
  for (const issue of err.details) {
    const name = matchFieldPath(values, `${prefix}${issue.path}`);
    if (!name) continue;
    // `name` was just found in the form's own values, so it is one of its paths.
    form.setError(name as Path<F>, { type: "server", message: issue.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
