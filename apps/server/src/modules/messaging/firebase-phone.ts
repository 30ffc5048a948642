import { createPublicKey, type JsonWebKey, verify } from "node:crypto";
import { type PhoneAuthCode, phoneAuthCodeOf, phoneAuthError } from "./phone-auth-errors.ts";

/**
 * Firebase Authentication's phone sign-in through Google's Identity Toolkit REST API (v1):
 * `accounts:sendVerificationCode` sends the SMS and answers a session, `accounts:signInWithPhoneNumber`
 * exchanges the session and the player's code for an ID token, and the ID token (an RS256 JWT)
 * is checked against Google's published keys before its phone number is believed. Base URLs are
 * settings so the tests run it against a local stand-in; nothing here reaches the internet in a
 * test.
 */
export interface FirebasePhoneOptions {
  apiKey: string;
  projectId: string;
  /** Identity Toolkit's origin (https://identitytoolkit.googleapis.com). */
  authUrl: string;
  /** Google's keys for Firebase ID tokens, as a JWK set. */
  jwksUrl: string;
  fetchImpl?: typeof fetch;
  now?: () => Date;
}

export interface FirebasePhone {
  sendCode(phoneE164: string, recaptchaToken?: string): Promise<{ sessionInfo: string }>;
  signIn(sessionInfo: string, code: string): Promise<{ idToken: string }>;
  /** The phone number (E.164) a valid ID token of this project stands for; refuses any other. */
  verifyIdToken(idToken: string): Promise<{ phoneNumber: string; expiresAt: Date }>;
  /** The reCAPTCHA site key the service wants its human check made with (null when none). */
  recaptchaSiteKey(): Promise<string | null>;
}

/** Tokens are accepted up to this long after their stated expiry and before their issue time. */
const CLOCK_SKEW_S = 60;
const KEYS_FALLBACK_MS = 60 * 60_000;

export function firebasePhone(opts: FirebasePhoneOptions): FirebasePhone {
  const doFetch = opts.fetchImpl ?? fetch;
  const now = opts.now ?? (() => new Date());
  const base = opts.authUrl.replace(/\/$/, "");
  let keys: { byKid: Map<string, JsonWebKey>; until: number } | null = null;
  let siteKey: { value: string | null; until: number } | null = null;

  async function call<T>(method: string, body: Record<string, unknown>): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${base}/v1/accounts:${method}?key=${encodeURIComponent(opts.apiKey)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw phoneAuthError("PHONE_AUTH_UNKNOWN");
    }
    const json = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!res.ok || !json) throw phoneAuthError(phoneAuthCodeOf(json?.error?.message));
    return json as T;
  }

  async function keySet(): Promise<Map<string, JsonWebKey>> {
    if (keys && keys.until > Date.now()) return keys.byKid;
    const res = await doFetch(opts.jwksUrl, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
    if (!res?.ok) throw phoneAuthError("PHONE_AUTH_UNKNOWN");
    const body = (await res.json()) as { keys?: Array<JsonWebKey & { kid?: string }> };
    const byKid = new Map<string, JsonWebKey>();
    for (const k of body.keys ?? []) if (k.kid && k.kty === "RSA") byKid.set(k.kid, k);
    // Google rotates these keys and says for how long a copy is good (Cache-Control max-age).
    const maxAge = /max-age=(\d+)/.exec(res.headers.get("cache-control") ?? "")?.[1];
    keys = { byKid, until: Date.now() + (maxAge ? Number(maxAge) * 1000 : KEYS_FALLBACK_MS) };
    return byKid;
  }

  const invalidToken = (): Error => phoneAuthError("PHONE_AUTH_INVALID_CODE");

  return {
    async sendCode(phoneE164, recaptchaToken) {
      const r = await call<{ sessionInfo?: string }>("sendVerificationCode", {
        phoneNumber: phoneE164,
        ...(recaptchaToken ? { recaptchaToken } : {}),
      });
      if (!r.sessionInfo) throw phoneAuthError("PHONE_AUTH_UNKNOWN");
      return { sessionInfo: r.sessionInfo };
    },

    async signIn(sessionInfo, code) {
      const r = await call<{ idToken?: string }>("signInWithPhoneNumber", { sessionInfo, code });
      if (!r.idToken) throw phoneAuthError("PHONE_AUTH_UNKNOWN");
      return { idToken: r.idToken };
    },

    async verifyIdToken(idToken) {
      const parts = idToken.split(".");
      if (parts.length !== 3) throw invalidToken();
      const [h = "", p = "", s = ""] = parts;
      const header = decodeJson(h);
      const claims = decodeJson(p);
      if (!header || !claims || header.alg !== "RS256" || typeof header.kid !== "string")
        throw invalidToken();
      let jwk = (await keySet()).get(header.kid);
      if (!jwk) {
        keys = null; // a key published since the last fetch
        jwk = (await keySet()).get(header.kid);
      }
      if (!jwk) throw invalidToken();
      const signed = verify(
        "RSA-SHA256",
        Buffer.from(`${h}.${p}`),
        createPublicKey({ key: jwk, format: "jwk" }),
        Buffer.from(s, "base64url"),
      );
      if (!signed) throw invalidToken();
      const at = Math.floor(now().getTime() / 1000);
      const exp = Number(claims.exp);
      const ok =
        claims.iss === `https://securetoken.google.com/${opts.projectId}` &&
        claims.aud === opts.projectId &&
        typeof claims.sub === "string" &&
        claims.sub.length > 0 &&
        Number.isFinite(exp) &&
        exp + CLOCK_SKEW_S > at &&
        Number(claims.iat) <= at + CLOCK_SKEW_S &&
        Number(claims.auth_time) <= at + CLOCK_SKEW_S &&
        typeof claims.phone_number === "string";
      if (!ok) throw expiredOrInvalid(exp + CLOCK_SKEW_S <= at);
      return { phoneNumber: String(claims.phone_number), expiresAt: new Date(exp * 1000) };
    },

    async recaptchaSiteKey() {
      if (siteKey && siteKey.until > Date.now()) return siteKey.value;
      const res = await doFetch(`${base}/v1/recaptchaParams?key=${encodeURIComponent(opts.apiKey)}`, {
        signal: AbortSignal.timeout(10_000),
      }).catch(() => null);
      const body = res?.ok
        ? ((await res.json().catch(() => null)) as { recaptchaSiteKey?: string } | null)
        : null;
      // A failed look-up is asked again a minute later, not kept for the hour a found key is.
      const keep = body ? KEYS_FALLBACK_MS : 60_000;
      siteKey = { value: body?.recaptchaSiteKey ?? null, until: Date.now() + keep };
      return siteKey.value;
    },
  };
}

function expiredOrInvalid(expired: boolean): Error {
  const code: PhoneAuthCode = expired ? "PHONE_AUTH_CODE_EXPIRED" : "PHONE_AUTH_INVALID_CODE";
  return phoneAuthError(code);
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    // A JSON object that is not an array: its keys are strings, its values unknown.
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
