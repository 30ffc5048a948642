import { ApiFailureSchema, envelopeOf } from "@panalo/contracts/envelope";
import { z } from "zod";
import { adminLang, t } from "./i18n.ts";

/** One field problem reported by the server (`details` of a VALIDATION_ERROR). */
export interface FieldIssue {
  path: string;
  message: string;
}

/** A refused or failed back-office call, carrying the server's stable code and message. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: readonly FieldIssue[] = [],
  ) {
    super(message);
  }
}

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return t("api.failed");
}

export function isApiCode(err: unknown, code: string): boolean {
  return err instanceof ApiError && err.code === code;
}

/** The server stored a four-eyes change as a request (HTTP 202): nothing failed, nothing changed yet. */
export function isApprovalPending(err: unknown): boolean {
  return isApiCode(err, "APPROVAL_PENDING");
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

interface RequestOptions {
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** False for the calls that may legitimately answer 401 (reading or opening the session). */
  redirectOn401?: boolean;
}

let unauthorizedHandler: (() => void) | null = null;

/** What to do when any call answers 401: the app drops the session and shows the login page. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

/**
 * One call to /api/admin. The session travels as the httpOnly cookie; every state-changing call
 * carries the CSRF header the server insists on. The answer's value is checked against the
 * contract's schema so a drifting server fails loudly here rather than deep in a page.
 */
export async function apiRequest<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = { Accept: "application/json", "X-Lang": adminLang() };
  let body: BodyInit | undefined;
  if (method !== "GET") headers["X-Requested-With"] = "panalo-admin";
  if (options.form) {
    body = options.form; // the browser sets the multipart boundary itself
  } else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }

  let res: Response;
  try {
    res = await fetch(`/api/admin${path}`, {
      method,
      headers,
      body,
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, "NETWORK_ERROR", t("api.unreachable"));
  }

  const json: unknown = await res.json().catch(() => undefined);
  if (res.status === 401 && options.redirectOn401 !== false) unauthorizedHandler?.();
  const failure = ApiFailureSchema.safeParse(json);
  if (failure.success) {
    const { code, message, details } = failure.data;
    throw new ApiError(res.status, code, message, details ?? []);
  }
  const envelope = envelopeOf(z.unknown()).safeParse(json);
  const value = envelope.success ? schema.safeParse(envelope.data.value) : undefined;
  if (!res.ok || !value?.success) {
    throw new ApiError(res.status, "BAD_RESPONSE", t("api.badResponse", { status: res.status }));
  }
  return value.data;
}

export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal) =>
    apiRequest("GET", path, schema, { signal }),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S) =>
    apiRequest("POST", path, schema, { body }),
  put: <S extends z.ZodType>(path: string, body: unknown, schema: S) =>
    apiRequest("PUT", path, schema, { body }),
  // A DELETE has no body, so no JSON content-type either: the server refuses an empty JSON body.
  delete: <S extends z.ZodType>(path: string, schema: S) => apiRequest("DELETE", path, schema),
};
