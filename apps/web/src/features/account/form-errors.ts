import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "@panalo/contracts/member-limits";
import type { TFunction } from "i18next";
import { ApiError } from "../../lib/api.ts";
import { i18next } from "../i18n/i18n.ts";
import { PhoneCheckError } from "./phone-check.ts";

/**
 * Turning the platform's refusals into what a form shows (spec §8: field errors under each
 * field; otherwise the server's message, already in the player's language).
 */

/** The limits the contract's length messages name, by field. */
const LIMITS: Record<string, { min: number; max: number }> = {
  username: { min: USERNAME_MIN, max: USERNAME_MAX },
  password: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  confirmPassword: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  newPassword: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  confirmNewPassword: { min: PASSWORD_MIN, max: PASSWORD_MAX },
};

/** Codes that concern one field even when the answer names no path. */
const CODE_FIELD: Record<string, string> = {
  USERNAME_TAKEN: "username",
  MOBILE_TAKEN: "mobileNum",
  MOBILE_INVALID: "mobileNum",
  INVITATION_CODE_ERROR: "affiliateCode",
  CODE_INVALID: "verificationCode",
};

/** The text of a failed call: the server's message, else the network or a fallback text. */
export function errorText(err: unknown, t: TFunction): string {
  // spec §8: the phone-code service's check, blocked or closed in the browser.
  if (err instanceof PhoneCheckError) return t(`phoneAuth.${err.code}`);
  if (err instanceof ApiError) {
    if (err.code === "NETWORK_ERROR") return t("errors.network");
    if (err.message) return err.message;
  }
  return t("errors.unknown");
}

/**
 * The field errors an answer carries, keyed by the platform's field names. A detail's message
 * is a catalog key when the site has one (the platform's own field codes such as CODE_INVALID
 * or old_password_wrong under account.apiField, the contract's messages at the top level);
 * otherwise the answer's own message is shown (for a field, only the generic "some fields are
 * not valid", which is why every code the account forms can meet has its own text).
 */
export function fieldErrorsOf(err: unknown, t: TFunction): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof ApiError)) return out;
  for (const d of err.details) {
    const path = d.path.split(".")[0] ?? d.path;
    if (!path || out[path]) continue;
    const params = LIMITS[path] ?? {};
    const key = [`account.apiField.${d.message}`, d.message].find((k) => i18next.exists(k));
    out[path] = key ? t(key, params) : err.message;
  }
  const field = CODE_FIELD[err.code];
  if (field && !out[field] && err.message) out[field] = err.message;
  return out;
}

/**
 * Give each refused field of the answer to the form (through `map`, platform name → form
 * field); answers whether any was shown, so the caller shows the message otherwise.
 */
export function showFieldErrors<F extends string>(
  err: unknown,
  t: TFunction,
  map: Partial<Record<string, F>>,
  setError: (field: F, error: { type: string; message: string }, options?: { shouldFocus: boolean }) => void,
): boolean {
  let shown = false;
  for (const [path, message] of Object.entries(fieldErrorsOf(err, t))) {
    const field = map[path];
    if (!field) continue;
    setError(field, { type: "server", message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}

/** What a form shows under a field: a catalog key of the site's own rules, or a server text. */
export function fieldErrorText(
  error: { type?: string | number; message?: string } | undefined,
  t: TFunction,
  params: Record<string, string | number> = {},
): string | undefined {
  if (!error?.message) return undefined;
  return error.type === "server" ? error.message : t(error.message, params);
}
