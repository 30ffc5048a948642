import { AppError, notFoundError, validationError } from "@panalo/service-kit/errors";

/**
 * The sportsbook's refusals: a stable code (the platform's message catalogue has its text in
 * every language), the HTTP status, the message's named values and extra fields of the envelope
 * (the odds now, after SB_ODDS_CHANGED). The type is the platform's own (service-kit), so either
 * side's error handler answers it.
 */
export { AppError };

export const Errors = {
  validation: validationError,
  notFound: notFoundError,
};

/** An error with a code and a status: the book's own, or one a host function threw. */
export interface CodedError {
  code: string;
  httpStatus: number;
  params?: Record<string, string | number>;
  details?: unknown;
  extra?: Record<string, unknown>;
}

export function isCoded(err: unknown): err is CodedError {
  const e = err as { code?: unknown; httpStatus?: unknown } | null;
  return typeof e?.code === "string" && typeof e.httpStatus === "number";
}
