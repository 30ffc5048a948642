import { createHmac } from "node:crypto";
import type { Transport } from "@panalo/rgs/protocol-client";
import type { FastifyRequest } from "fastify";
import type { SportsHost } from "./context.ts";
import { AppError } from "./errors.ts";
import {
  type ForwardedIdentity,
  IDENTITY_HEADER,
  IDENTITY_SIGNATURE_HEADER,
  rawBodyOf,
  readIdentity,
} from "./identity.ts";

/** The calls of the platform's host API (apps/server/src/sportsbook.ts, `/provider/PNSB/host/<call>`). */
export type HostCall =
  | "member-currency"
  | "member-names"
  | "play-gate"
  | "launch-token"
  | "ensure-vendors"
  | "feed-signature"
  | "audit";

/**
 * The host of the sportsbook in its own process: the platform answers over HTTP what it answers
 * in memory when the book is mounted in it. Each call is a JSON POST signed as the provider
 * protocol's are (`x-signature: t=<unix s>,v1=<HMAC-SHA256(secret, "<t>.<body>")>`, the PNSB
 * secret); the caller's session comes signed with each forwarded call (identity.ts). Messages
 * are the platform's: the book answers codes and the message's values, and the platform's proxy
 * writes the text in the caller's language.
 */
export function remoteHost(opts: { transport: Transport; secret: string; now?: () => Date }): SportsHost {
  const now = opts.now ?? (() => new Date());
  const call = async <T>(name: HostCall, body: Record<string, unknown>): Promise<T> => {
    const raw = JSON.stringify(body);
    const t = Math.floor(now().getTime() / 1000);
    const sig = createHmac("sha256", opts.secret).update(`${t}.${raw}`).digest("hex");
    const res = await opts.transport(`/provider/PNSB/host/${name}`, raw, {
      "content-type": "application/json",
      "x-signature": `t=${t},v1=${sig}`,
    });
    let answer: { success?: boolean; value?: T; code?: string } = {};
    try {
      answer = JSON.parse(res.body);
    } catch {}
    if (answer.success === true) return answer.value as T;
    if (typeof answer.code === "string" && res.status < 500) throw new AppError(answer.code, res.status);
    throw new AppError("SERVICE_UNAVAILABLE", 503);
  };
  const identities = new WeakMap<FastifyRequest, ForwardedIdentity | null>();
  const identityOf = (req: FastifyRequest): ForwardedIdentity | null => {
    if (!identities.has(req)) {
      identities.set(
        req,
        readIdentity(
          opts.secret,
          req.method,
          req.url,
          req.headers[IDENTITY_HEADER],
          req.headers[IDENTITY_SIGNATURE_HEADER],
          rawBodyOf(req),
          now(),
        ),
      );
    }
    return identities.get(req) ?? null;
  };
  return {
    requireMember: async (req) => {
      const who = identityOf(req);
      if (who?.member) return;
      const no = who?.memberRefused;
      throw no ? new AppError(no.code, no.status) : new AppError("NOT_LOGGED_IN", 401);
    },
    memberOf: (req) => {
      const m = identityOf(req)?.member;
      if (!m) throw new AppError("NOT_LOGGED_IN", 401);
      return { id: m.id };
    },
    memberCurrency: async (memberId) =>
      (await call<{ currency: string | null }>("member-currency", { memberId })).currency,
    memberNames: async (ids) =>
      new Map((await call<{ names: Array<[number, string]> }>("member-names", { ids })).names),
    playGate: async (memberId, at) =>
      (await call<{ code: string | null }>("play-gate", { memberId, at: at.toISOString() })).code,
    launchToken: async (memberId, vendor) =>
      (await call<{ token: string }>("launch-token", { memberId, vendor })).token,
    launchTokenTtlMs: 4 * 60 * 60_000,
    ensureVendors: async () => {
      await call("ensure-vendors", {});
    },
    verifyFeedSignature: async (vendor, signature, raw) => {
      await call("feed-signature", { vendor, signature: signature ?? null, raw });
    },
    // The platform's operator guard, on the session its proxy forwarded: a state-changing call
    // carries the CSRF header; the role holds the permission; a generated password was changed.
    requireOperator: (permission) => async (req) => {
      if (req.method !== "GET" && req.headers["x-requested-with"] !== "panalo-admin")
        throw new AppError("FORBIDDEN", 403);
      const who = identityOf(req);
      const op = who?.operator;
      const no = who?.operatorRefused;
      if (!op) throw no ? new AppError(no.code, no.status) : new AppError("NOT_LOGGED_IN", 401);
      if (op.mustChangePassword || !op.permissions.includes(permission)) throw new AppError("FORBIDDEN", 403);
    },
    operatorOf: (req) => {
      const op = identityOf(req)?.operator;
      if (!op) throw new AppError("NOT_LOGGED_IN", 401);
      return { id: op.id, username: op.username };
    },
    audit: async (entry) => {
      await call("audit", { entry });
    },
    message: (code) => code,
  };
}
