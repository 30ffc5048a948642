/**
 * The sportsbook's refusals: a stable code (the platform's message catalogue has its text in
 * every language), the HTTP status, the message's named values and extra fields of the envelope.
 * Shaped as the platform's own errors are, so either side's error handler answers it.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    readonly params: Record<string, string | number> = {},
    readonly details?: unknown,
    /** Extra fields for the envelope (the odds now, after SB_ODDS_CHANGED). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(code);
    this.name = "AppError";
  }

  /** Fastify's name for the status. */
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
