import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";

/**
 * Who is calling, as the platform's proxy tells the sportsbook running in its own process
 * (SPORTSBOOK_MODE=external): the platform checks the member's or the operator's session (the
 * book keeps neither) and forwards the call with the caller in `x-panalo-identity`, signed with
 * the vendor's protocol secret (PNSB) over the time, the method, the URL, the SHA-256 of the
 * body's exact text and the identity, so the book believes it only from the platform, for that
 * call and that body (a signed identity moved onto another body is refused), within the
 * protocol's window.
 */
export const IDENTITY_HEADER = "x-panalo-identity";
export const IDENTITY_SIGNATURE_HEADER = "x-panalo-identity-signature";
/** Seconds a forwarded identity stays good (the provider protocol's signature window). */
const WINDOW_S = 300;

export interface ForwardedIdentity {
  member?: { id: number; currency: string };
  /** The platform's refusal of the member's session (SESSION_EXPIRED, …), for calls that need one. */
  memberRefused?: { code: string; status: number };
  operator?: { id: number; username: string; permissions: string[]; mustChangePassword: boolean };
  /** The platform's refusal of the operator's session. */
  operatorRefused?: { code: string; status: number };
}

function mac(secret: string, t: number, method: string, url: string, body: string, identity: string): string {
  const bodyHash = createHash("sha256").update(body).digest("hex");
  return createHmac("sha256", secret).update(`${t}.${method}.${url}.${bodyHash}.${identity}`).digest("hex");
}

/** The two headers for a forwarded call. */
export function identityHeaders(
  secret: string,
  method: string,
  url: string,
  identity: ForwardedIdentity,
  /** The body's exact text as forwarded ("" for none). */
  body: string,
  now: Date = new Date(),
): Record<string, string> {
  const text = Buffer.from(JSON.stringify(identity)).toString("base64url");
  const t = Math.floor(now.getTime() / 1000);
  return {
    [IDENTITY_HEADER]: text,
    [IDENTITY_SIGNATURE_HEADER]: `t=${t},v1=${mac(secret, t, method, url, body, text)}`,
  };
}

/** The identity of a forwarded call, or null when it carries none or its signature is wrong. */
export function readIdentity(
  secret: string,
  method: string,
  url: string,
  header: string | string[] | undefined,
  signature: string | string[] | undefined,
  /** The body's exact text as it arrived ("" for none). */
  body: string,
  now: Date = new Date(),
): ForwardedIdentity | null {
  const text = Array.isArray(header) ? header[0] : header;
  const sig = Array.isArray(signature) ? signature[0] : signature;
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig ?? "");
  if (!text || !m || !secret) return null;
  const t = Number(m[1]);
  if (Math.abs(now.getTime() / 1000 - t) > WINDOW_S) return null;
  const expected = Buffer.from(mac(secret, t, method, url, body, text), "hex");
  const given = Buffer.from(m[2] ?? "", "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as ForwardedIdentity;
  } catch {
    return null;
  }
}

/** The longest body the book reads (its routes' own limits are smaller). */
const BODY_LIMIT = 1024 * 1024;
const rawBodies = new WeakMap<object, string>();

/** The exact text of a request's body as it arrived ("" for none, or before `keepRawBodies`). */
export function rawBodyOf(req: object): string {
  return rawBodies.get(req) ?? "";
}

/**
 * Keep every request body's exact text (the book in its own process: a forwarded identity is
 * signed over it). Registered on the root instance before the book's routes, so every route's
 * parser reads the kept text; a request without a body (GET, HEAD, a socket's upgrade) is left
 * alone.
 */
export function keepRawBodies(app: FastifyInstance): void {
  app.addHook("preParsing", async (req, _reply, payload) => {
    if (req.method === "GET" || req.method === "HEAD") return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const b = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
      size += b.length;
      if (size > BODY_LIMIT) throw Object.assign(new Error("body too large"), { statusCode: 413 });
      chunks.push(b);
    }
    const raw = Buffer.concat(chunks);
    rawBodies.set(req, raw.toString("utf8"));
    const again = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
    again.receivedEncodedLength = raw.length;
    return again;
  });
}
