import { AppError } from "../../lib/errors.ts";

/**
 * The refusals of the third-party phone-code service (spec §8 "third-party phone
 * authentication"), each with its own code and a message in the seven languages. The service
 * answers its own error names; `phoneAuthError` maps each to one of these. The two popup errors
 * arise in the browser (the service's human check), so the site has their texts; the nine others
 * come from here.
 */
export const PHONE_AUTH_RETRY_AFTER_S = 5 * 60; // spec §9: phone-auth retry after 5 minutes

export type PhoneAuthCode =
  | "PHONE_AUTH_INVALID_PHONE"
  | "PHONE_AUTH_MISSING_PHONE"
  | "PHONE_AUTH_TOO_MANY"
  | "PHONE_AUTH_UNKNOWN"
  | "PHONE_AUTH_INVALID_CODE"
  | "PHONE_AUTH_CAPTCHA_FAILED"
  | "PHONE_AUTH_QUOTA_EXCEEDED"
  | "PHONE_AUTH_NOT_ALLOWED"
  | "PHONE_AUTH_CODE_EXPIRED";

/** The service's error names (Identity Toolkit's `error.message`, before any " : detail"). */
const BY_NAME: Record<string, PhoneAuthCode> = {
  INVALID_PHONE_NUMBER: "PHONE_AUTH_INVALID_PHONE",
  MISSING_PHONE_NUMBER: "PHONE_AUTH_MISSING_PHONE",
  TOO_MANY_ATTEMPTS_TRY_LATER: "PHONE_AUTH_TOO_MANY",
  INVALID_CODE: "PHONE_AUTH_INVALID_CODE",
  INVALID_VERIFICATION_CODE: "PHONE_AUTH_INVALID_CODE",
  MISSING_CODE: "PHONE_AUTH_INVALID_CODE",
  INVALID_SESSION_INFO: "PHONE_AUTH_INVALID_CODE",
  MISSING_SESSION_INFO: "PHONE_AUTH_INVALID_CODE",
  CAPTCHA_CHECK_FAILED: "PHONE_AUTH_CAPTCHA_FAILED",
  MISSING_RECAPTCHA_TOKEN: "PHONE_AUTH_CAPTCHA_FAILED",
  INVALID_RECAPTCHA_TOKEN: "PHONE_AUTH_CAPTCHA_FAILED",
  INVALID_APP_CREDENTIAL: "PHONE_AUTH_CAPTCHA_FAILED",
  MISSING_APP_CREDENTIAL: "PHONE_AUTH_CAPTCHA_FAILED",
  QUOTA_EXCEEDED: "PHONE_AUTH_QUOTA_EXCEEDED",
  OPERATION_NOT_ALLOWED: "PHONE_AUTH_NOT_ALLOWED",
  SESSION_EXPIRED: "PHONE_AUTH_CODE_EXPIRED",
  CODE_EXPIRED: "PHONE_AUTH_CODE_EXPIRED",
};

/** The field a refusal concerns, so the form shows it under that field (spec §8). */
const FIELD: Partial<Record<PhoneAuthCode, string>> = {
  PHONE_AUTH_INVALID_PHONE: "mobileNum",
  PHONE_AUTH_MISSING_PHONE: "mobileNum",
  PHONE_AUTH_INVALID_CODE: "verificationCode",
  PHONE_AUTH_CODE_EXPIRED: "verificationCode",
};

const STATUS: Record<PhoneAuthCode, number> = {
  PHONE_AUTH_INVALID_PHONE: 400,
  PHONE_AUTH_MISSING_PHONE: 400,
  PHONE_AUTH_TOO_MANY: 429,
  PHONE_AUTH_UNKNOWN: 502,
  PHONE_AUTH_INVALID_CODE: 400,
  PHONE_AUTH_CAPTCHA_FAILED: 400,
  PHONE_AUTH_QUOTA_EXCEEDED: 503,
  PHONE_AUTH_NOT_ALLOWED: 403,
  PHONE_AUTH_CODE_EXPIRED: 400,
};

/** The code for one of the service's error names (unknown names are PHONE_AUTH_UNKNOWN). */
export function phoneAuthCodeOf(serviceMessage: string | undefined): PhoneAuthCode {
  const name = (serviceMessage ?? "").split(/[\s:]/)[0] ?? "";
  return BY_NAME[name] ?? "PHONE_AUTH_UNKNOWN";
}

/** The refusal for a code, naming its field and, for too many requests, when to retry. */
export function phoneAuthError(code: PhoneAuthCode): AppError {
  const field = FIELD[code];
  const retry = code === "PHONE_AUTH_TOO_MANY" ? { retryAfterS: PHONE_AUTH_RETRY_AFTER_S } : undefined;
  return new AppError(code, STATUS[code], {}, field ? [{ path: field, message: code }] : undefined, retry);
}
