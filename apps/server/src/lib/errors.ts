/**
 * Errors are values with stable codes. Every refusal the platform makes is one of these,
 * mapped in exactly one place (the error handler in app.ts) to the spec's envelope
 * `{ success: false, code, message }` with a message in the caller's language.
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

export const Errors = {
  /** The first refused field and its reason key go into the params: the message names them. */
  validation: (details: Array<{ path: string; message: string }>) =>
    new AppError(
      "VALIDATION_ERROR",
      400,
      details[0] ? { field: details[0].path, reason: details[0].message } : {},
      details,
    ),
  notFound: (what = "resource") => new AppError("NOT_FOUND", 404, { what }),
  notFoundCode: (code: string) => new AppError(code, 404),
  unauthorized: () => new AppError("NOT_LOGGED_IN", 401),
  unauthorizedCode: (code: string) => new AppError(code, 401),
  forbidden: () => new AppError("FORBIDDEN", 403),
  forbiddenCode: (code: string) => new AppError(code, 403),
  rateLimited: (retryAfterS: number) => new AppError("RATE_LIMITED", 429, { retryAfterS }),
  conflict: (code: string, params: Record<string, string | number> = {}) => new AppError(code, 409, params),
  bad: (code: string, params: Record<string, string | number> = {}) => new AppError(code, 400, params),
  maintenance: () => new AppError("SYSTEM_MAINTENANCE", 503),
  regionBlocked: () => new AppError("REGION_RESTRICTED", 403),
  internal: () => new AppError("INTERNAL_ERROR", 500),
};
