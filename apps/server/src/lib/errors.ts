import { AppError, notFoundError, validationError } from "@panalo/service-kit/errors";

/**
 * Errors are values with stable codes (AppError, shared with the sportsbook): every refusal the
 * platform makes is one of these, mapped in exactly one place (the error handler in app.ts) to
 * the spec's envelope `{ success: false, code, message }` in the caller's language.
 */
export { AppError };

export const Errors = {
  /** The first refused field and its reason key go into the params: the message names them. */
  validation: validationError,
  notFound: notFoundError,
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
