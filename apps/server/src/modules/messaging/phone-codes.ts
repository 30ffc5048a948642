import { createHash } from "node:crypto";
import type { Config } from "../../config.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { CODE_EXPIRED_MINUTES, consumeCode, issueCode, MAX_CODE_ATTEMPTS, RESEND_AFTER_S } from "./codes.ts";
import { type FirebasePhone, firebasePhone } from "./firebase-phone.ts";
import { sendMessage } from "./outbox.ts";
import { PHONE_AUTH_RETRY_AFTER_S, phoneAuthError } from "./phone-auth-errors.ts";

/**
 * Codes that prove a player holds a phone number (registration, login by SMS, forgot password
 * by phone), behind one interface with two services:
 * - `dev`: the platform's own 6-digit codes (messaging/codes.ts), sent through the SMS
 *   adapter — the development adapter keeps them in the back-office outbox;
 * - `firebase`: a third-party phone-auth service (spec §3 firebaseChannel and firebaseIdToken,
 *   §4 its 1-minute countdown, §8 its errors, §9 retry after 5 minutes) that sends and checks the
 *   code itself and answers an ID token the platform verifies.
 * Numbers are in international form without "+" (members.mobile), e.g. 639171234567.
 */
export type PhonePurpose = "register" | "nologin";

export interface PhoneCodes {
  readonly provider: "dev" | "firebase";
  /** spec §4: the site's countdown before a resend (the send answer's expiredMinutes). */
  readonly countdownMinutes: number;
  /** Send a code; with `deliver: false` do everything but send (the same answer for a non-member). */
  send(
    ctx: AppContext,
    purpose: PhonePurpose,
    mobile: string,
    opts?: { recaptchaToken?: string; deliver?: boolean },
  ): Promise<void>;
  /** Check and spend a code; answers the service's ID token when it issues one. */
  check(
    ctx: AppContext,
    purpose: PhonePurpose,
    mobile: string,
    code: string,
  ): Promise<{ idToken: string | null }>;
  /** Accept a token the service issued for this number, once. */
  spendToken(ctx: AppContext, mobile: string, token: string): Promise<void>;
  recaptchaSiteKey(): Promise<string | null>;
}

function smsText(code: string): string {
  return `Panalo: your verification code is ${code}. It expires in ${CODE_EXPIRED_MINUTES} minutes. Never share it with anyone.`;
}

const devPhoneCodes: PhoneCodes = {
  provider: "dev",
  countdownMinutes: CODE_EXPIRED_MINUTES,
  async send(ctx, purpose, mobile, opts) {
    // A code is issued (and throttled) for every number alike; it is sent only when asked.
    const code = await issueCode(ctx, purpose, mobile);
    if (opts?.deliver === false) return;
    await sendMessage(ctx, { channel: "sms", recipient: mobile, body: smsText(code), purpose });
  },
  async check(ctx, purpose, mobile, code) {
    await consumeCode(ctx, purpose, mobile, code);
    return { idToken: null };
  },
  async spendToken() {
    // Tokens come only from the third-party service; with the platform's own codes, none is valid.
    throw Errors.validation([{ path: "verificationCode", message: "CODE_INVALID" }]);
  },
  async recaptchaSiteKey() {
    return null;
  },
};

const SESSION_MS = CODE_EXPIRED_MINUTES * 60_000;
const keyOf = (kind: string, purpose: string, mobile: string) => `phone-${kind}:${purpose}:${mobile}`;

/** The third-party service: it sends and checks; the platform throttles, counts tries and keeps the session. */
export function firebasePhoneCodes(service: FirebasePhone): PhoneCodes {
  const blockKey = (mobile: string) => `phone-block:${mobile}`;
  /** The service's "too many requests" holds the number back for 5 minutes here too (spec §9). */
  async function guard<T>(ctx: AppContext, mobile: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof AppError && err.code === "PHONE_AUTH_TOO_MANY") {
        await ctx.store.set(blockKey(mobile), "1", PHONE_AUTH_RETRY_AFTER_S * 1000);
      }
      throw err;
    }
  }
  return {
    provider: "firebase",
    countdownMinutes: 1,
    async send(ctx, purpose, mobile, opts) {
      if (await ctx.store.get(blockKey(mobile))) throw phoneAuthError("PHONE_AUTH_TOO_MANY");
      // One send per number and purpose a minute, claimed atomically so parallel presses send once.
      const sentAt = keyOf("sent-at", purpose, mobile);
      if ((await ctx.store.incr(keyOf("sent", purpose, mobile), RESEND_AFTER_S * 1000)) > 1) {
        const at = Number((await ctx.store.get(sentAt)) ?? 0);
        const left = Math.ceil(RESEND_AFTER_S - (ctx.clock.now().getTime() - at) / 1000);
        throw new AppError("CODE_TOO_SOON", 429, { seconds: Math.min(RESEND_AFTER_S, Math.max(1, left)) });
      }
      await ctx.store.set(sentAt, String(ctx.clock.now().getTime()), RESEND_AFTER_S * 1000);
      if (opts?.deliver === false) return;
      const { sessionInfo } = await guard(ctx, mobile, () =>
        service.sendCode(`+${mobile}`, opts?.recaptchaToken),
      );
      await ctx.store.set(keyOf("session", purpose, mobile), sessionInfo, SESSION_MS);
      await ctx.store.del(keyOf("tries", purpose, mobile));
    },
    async check(ctx, purpose, mobile, code) {
      const sessionKey = keyOf("session", purpose, mobile);
      const sessionInfo = await ctx.store.get(sessionKey);
      if (!sessionInfo) throw phoneAuthError("PHONE_AUTH_CODE_EXPIRED");
      // Each try is counted before the service is asked, so parallel guesses count like sequential ones.
      if ((await ctx.store.incr(keyOf("tries", purpose, mobile), SESSION_MS)) > MAX_CODE_ATTEMPTS) {
        await ctx.store.del(sessionKey);
        throw phoneAuthError("PHONE_AUTH_INVALID_CODE");
      }
      const { idToken } = await guard(ctx, mobile, () => service.signIn(sessionInfo, code.trim()));
      await ctx.store.del(sessionKey); // a right code works once
      const { phoneNumber } = await service.verifyIdToken(idToken);
      if (phoneNumber !== `+${mobile}`) throw phoneAuthError("PHONE_AUTH_INVALID_CODE");
      return { idToken };
    },
    async spendToken(ctx, mobile, token) {
      const { phoneNumber, expiresAt } = await service.verifyIdToken(token);
      if (phoneNumber !== `+${mobile}`) throw phoneAuthError("PHONE_AUTH_INVALID_CODE");
      // A token stands for one registration: kept as spent until it could no longer be accepted.
      const hash = createHash("sha256").update(token).digest("hex");
      const keepMs = Math.max(60_000, expiresAt.getTime() - ctx.clock.now().getTime() + 120_000);
      if ((await ctx.store.incr(`phone-token:${hash}`, keepMs)) !== 1)
        throw phoneAuthError("PHONE_AUTH_INVALID_CODE");
    },
    recaptchaSiteKey: () => service.recaptchaSiteKey(),
  };
}

const cache = new WeakMap<Config, PhoneCodes>();

/** The phone-code service the settings choose (PHONE_CODE_PROVIDER). */
export function phoneCodesFor(config: Config): PhoneCodes {
  const hit = cache.get(config);
  if (hit) return hit;
  const made =
    config.PHONE_CODE_PROVIDER === "firebase"
      ? firebasePhoneCodes(
          firebasePhone({
            apiKey: config.FIREBASE_API_KEY,
            projectId: config.FIREBASE_PROJECT_ID,
            authUrl: config.FIREBASE_AUTH_URL,
            jwksUrl: config.FIREBASE_JWKS_URL,
          }),
        )
      : devPhoneCodes;
  cache.set(config, made);
  return made;
}
