import type { ApiResult, LangCode } from "@panalo/contracts/envelope";
import { takeBootCall } from "./boot.ts";
import { readToken } from "./session-token.ts";

/** A field the platform refused (VALIDATION_ERROR and friends): its path and a message key. */
export interface ApiDetail {
  path: string;
  message: string;
}

/** Extra fields some refusals carry (spec §4): a captcha is now needed; a second factor was sent. */
export interface ApiErrorExtra {
  details?: ApiDetail[];
  captcha?: boolean;
  secondFactor?: { channel: string; to: string };
  /** A sports bet refused over its prices: each leg's price of now (SportsPriceNow). */
  odds?: Array<{ outcomeId: number; odds: number; offered: boolean }>;
}

/** A refusal from the platform: its stable code and the message in the player's language. */
export class ApiError extends Error {
  readonly details: ApiDetail[];
  readonly captcha: boolean;
  readonly secondFactor: { channel: string; to: string } | null;
  readonly odds: Array<{ outcomeId: number; odds: number; offered: boolean }>;
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    extra: ApiErrorExtra = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.details = extra.details ?? [];
    this.captcha = extra.captcha === true;
    this.secondFactor = extra.secondFactor ?? null;
    this.odds = extra.odds ?? [];
  }
}

function extraOf(payload: object): ApiErrorExtra {
  const p = payload as Record<string, unknown>;
  const details = Array.isArray(p.details)
    ? p.details.filter(
        (d): d is ApiDetail =>
          typeof d === "object" &&
          d !== null &&
          typeof (d as ApiDetail).path === "string" &&
          typeof (d as ApiDetail).message === "string",
      )
    : undefined;
  const sf = p.secondFactor as { channel?: unknown; to?: unknown } | undefined;
  const secondFactor =
    sf && typeof sf.to === "string" ? { channel: String(sf.channel ?? "sms"), to: sf.to } : undefined;
  const odds = Array.isArray(p.odds)
    ? p.odds
        .filter(
          (o): o is { outcomeId: number; odds: number; offered?: unknown } =>
            typeof o === "object" &&
            o !== null &&
            typeof (o as { outcomeId?: unknown }).outcomeId === "number" &&
            typeof (o as { odds?: unknown }).odds === "number",
        )
        .map((o) => ({ outcomeId: o.outcomeId, odds: o.odds, offered: o.offered !== false }))
    : undefined;
  return { details, captcha: p.captcha === true, secondFactor, odds };
}

// Every call names the visitor's language (X-Lang) so texts come back translated.
let language: LangCode = "TY";
export function setApiLanguage(lang: LangCode): void {
  language = lang;
}

/** Read the envelope `{ success, value }` / `{ success: false, code, message }` (spec §7). */
export function unwrap<T>(payload: unknown, status: number): T {
  if (payload === null || typeof payload !== "object") throw new ApiError("BAD_RESPONSE", "", status);
  // The shape is the platform's envelope (packages/contracts envelope.ts); the server validates
  // every answer against its schema before sending it.
  const result = payload as ApiResult<T>;
  if (result.success !== true) {
    throw new ApiError(result.code || "HTTP_ERROR", result.message || "", status, extraOf(payload));
  }
  return result.value;
}

export interface ApiInit {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

/** Call the platform on the same origin: JSON in, the envelope's value out, or an ApiError. */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  if ((init.method ?? "GET") === "GET") {
    const early = takeBootCall(path, language);
    if (early) {
      try {
        return unwrap<T>(await early, 200);
      } catch {
        // the early call failed: ask again below, with the usual error handling
      }
    }
  }
  const token = readToken();
  return requestEnvelope<T>(path, init, language, token ?? undefined);
}

/**
 * One same-origin JSON call and its envelope: the language and bearer token as headers, network
 * and unreadable answers as ApiErrors. `api` uses it with the player's session; the lottery with
 * the game server's session.
 */
export async function requestEnvelope<T>(
  path: string,
  init: ApiInit,
  lang: string,
  bearer?: string,
): Promise<T> {
  const headers: Record<string, string> = { "X-Lang": lang, Accept: "application/json" };
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? "GET",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
      signal: init.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError("NETWORK_ERROR", "", 0);
  }
  let payload: unknown;
  try {
    payload = await res.json();
  } catch {
    throw new ApiError(res.ok ? "BAD_RESPONSE" : "HTTP_ERROR", "", res.status);
  }
  return unwrap<T>(payload, res.status);
}

/** The text to show for a failed call: the server's message, else the caller's fallback. */
export function failureText(err: unknown, fallback: string, networkText: string): string {
  if (!(err instanceof ApiError)) return fallback;
  if (err.code === "NETWORK_ERROR") return networkText;
  return err.message || fallback;
}
