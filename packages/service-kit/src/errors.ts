/**
 * Errors are values with stable codes. Every refusal a Panalo server app makes is one of these,
 * mapped in one place per app (its error handler) to the spec's envelope
 * `{ success: false, code, message }` with a message in the caller's language. The platform and
 * the sportsbook share the type, so either side's error handler answers the other's refusal.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    readonly params: Record<string, string | number> = {},
    readonly details?: unknown,
    /** Extra fields for the envelope, e.g. `{ captcha: true }` after failed logins (spec §4). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(code);
    this.name = "AppError";
  }

  /** Fastify's name for the status: an error handler that does not know AppError still answers it. */
  get statusCode(): number {
    return this.httpStatus;
  }
}

/** A refused input: the first refused field and its reason key go into the params (the message names them). */
export function validationError(details: Array<{ path: string; message: string }>): AppError {
  return new AppError(
    "VALIDATION_ERROR",
    400,
    details[0] ? { field: details[0].path, reason: details[0].message } : {},
    details,
  );
}

/** A thing that is not there (`what` names it in the message). */
export function notFoundError(what = "resource"): AppError {
  return new AppError("NOT_FOUND", 404, { what });
}
