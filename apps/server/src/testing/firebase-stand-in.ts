import { generateKeyPairSync, type KeyObject, randomBytes, randomInt, sign } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Firebase Authentication's phone sign-in (Identity Toolkit REST v1) and
 * Google's key set, for tests only: nothing reaches the internet. It answers as the service
 * does — `{ sessionInfo }`, `{ idToken, phoneNumber, ... }`, `{ error: { code, message } }` —
 * and signs ID tokens (RS256) with a key it publishes as a JWK set.
 */
export interface FirebaseStandIn {
  url: string;
  jwksUrl: string;
  projectId: string;
  apiKey: string;
  /** The code the service "sent" to a number (what the player reads on their phone). */
  codeFor(phoneE164: string): string | undefined;
  /** Make the service answer this error name to the next call about a number. */
  failNext(phoneE164: string, errorName: string): void;
  /** Expire every session (the player waited too long). */
  expireSessions(): void;
  /** Sign a token as the service would, with changes (another key, project, expiry...). */
  token(claims: Record<string, unknown>, opts?: { otherKey?: boolean; kid?: string }): string;
  calls: string[];
  close(): Promise<void>;
}

const KID = "stand-in-key-1";

export async function startFirebaseStandIn(
  opts: { projectId?: string; apiKey?: string; recaptchaToken?: string } = {},
): Promise<FirebaseStandIn> {
  const projectId = opts.projectId ?? "panalo-test";
  const apiKey = opts.apiKey ?? "stand-in-api-key";
  const key = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const sessions = new Map<string, { phone: string; code: string; expired: boolean }>();
  const codes = new Map<string, string>();
  const failures = new Map<string, string>();
  const calls: string[] = [];

  const signWith = (privateKey: KeyObject, kid: string, claims: Record<string, unknown>): string => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const head = `${b64({ alg: "RS256", kid, typ: "JWT" })}.${b64(claims)}`;
    return `${head}.${sign("RSA-SHA256", Buffer.from(head), privateKey).toString("base64url")}`;
  };
  const claimsFor = (phone: string) => {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      sub: `uid-${phone.slice(-6)}`,
      phone_number: phone,
      iat: now,
      auth_time: now,
      exp: now + 3600,
      firebase: { sign_in_provider: "phone", identities: { phone: [phone] } },
    };
  };

  const fail = (res: ServerResponse, message: string) => answer(res, 400, { error: { code: 400, message } });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://stand-in");
    calls.push(url.pathname);
    if (url.pathname === "/jwks") {
      const jwk = key.publicKey.export({ format: "jwk" });
      res.setHeader("cache-control", "public, max-age=600");
      return answer(res, 200, { keys: [{ ...jwk, kid: KID, alg: "RS256", use: "sig" }] });
    }
    if (url.searchParams.get("key") !== apiKey)
      return fail(res, "API key not valid. Please pass a valid API key.");
    if (url.pathname === "/v1/recaptchaParams")
      return answer(res, 200, { recaptchaSiteKey: "stand-in-site-key" });
    const body = JSON.parse((await readBody(req)) || "{}") as Record<string, string | undefined>;
    if (url.pathname === "/v1/accounts:sendVerificationCode") {
      const phone = body.phoneNumber;
      if (!phone) return fail(res, "MISSING_PHONE_NUMBER");
      const failure = failures.get(phone);
      failures.delete(phone);
      if (failure) return fail(res, failure);
      if (!/^\+\d{8,15}$/.test(phone)) return fail(res, "INVALID_PHONE_NUMBER : TOO_SHORT");
      if (opts.recaptchaToken && body.recaptchaToken !== opts.recaptchaToken)
        return fail(res, "CAPTCHA_CHECK_FAILED");
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const sessionInfo = randomBytes(24).toString("base64url");
      sessions.set(sessionInfo, { phone, code, expired: false });
      codes.set(phone, code);
      return answer(res, 200, { sessionInfo });
    }
    if (url.pathname === "/v1/accounts:signInWithPhoneNumber") {
      const session = body.sessionInfo ? sessions.get(body.sessionInfo) : undefined;
      if (!session) return fail(res, "INVALID_SESSION_INFO");
      const failure = failures.get(session.phone);
      failures.delete(session.phone);
      if (failure) return fail(res, failure);
      if (session.expired) return fail(res, "SESSION_EXPIRED");
      if (!body.code) return fail(res, "MISSING_CODE");
      if (body.code !== session.code) return fail(res, "INVALID_CODE");
      const idToken = signWith(key.privateKey, KID, claimsFor(session.phone));
      return answer(res, 200, { idToken, refreshToken: "r", expiresIn: "3600", phoneNumber: session.phone });
    }
    return answer(res, 404, { error: { code: 404, message: "NOT_FOUND" } });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => answer(res, 500, { error: { code: 500, message: "INTERNAL" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP: the address is an object
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    jwksUrl: `${url}/jwks`,
    projectId,
    apiKey,
    calls,
    codeFor: (phone) => codes.get(phone),
    failNext: (phone, name) => failures.set(phone, name),
    expireSessions: () => {
      for (const s of sessions.values()) s.expired = true;
    },
    token: (changes, o = {}) =>
      signWith(o.otherKey ? other.privateKey : key.privateKey, o.kid ?? KID, {
        ...claimsFor(String(changes.phone_number ?? "+639170000000")),
        ...changes,
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer); // a request stream yields Buffers
  return Buffer.concat(chunks).toString("utf8");
}
