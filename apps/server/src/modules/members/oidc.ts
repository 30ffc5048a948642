import {
  createHash,
  createPublicKey,
  type JsonWebKey,
  randomBytes,
  verify as verifySignature,
} from "node:crypto";
import type { OidcProviderSetting } from "@panalo/contracts/admin";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { memberIdentities, members } from "../../db/schema/members.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { registerMessages } from "../../lib/messages.ts";
import { route } from "../../lib/route.ts";
import { readSetting } from "../content/settings.ts";
import { createSession } from "./service.ts";

registerMessages("EN", { OAUTH_FAILED: "Signing in with {provider} did not work. Please try again." });
registerMessages("TY", {
  OAUTH_FAILED: "Hindi gumana ang pag-sign in gamit ang {provider}. Pakisubukang muli.",
});

type Provider = z.infer<typeof OidcProviderSetting>;
interface Endpoints {
  authorization: string;
  token: string;
  userinfo: string | null;
  jwks: string | null;
  issuer: string | null;
}
interface PendingLogin {
  provider: string;
  nonce: string;
  verifier: string;
  returnTo: string;
}

const STATE_TTL_MS = 10 * 60_000;
const discoveryCache = new Map<string, { at: number; value: Endpoints }>();
const jwksCache = new Map<string, { at: number; keys: JsonWebKey[] }>();

const b64url = (b: Buffer) => b.toString("base64url");

async function endpointsOf(p: Provider): Promise<Endpoints> {
  if (p.kind === "oauth2") {
    if (!p.authorizationEndpoint || !p.tokenEndpoint || !p.userinfoEndpoint) throw Errors.internal();
    return {
      authorization: p.authorizationEndpoint,
      token: p.tokenEndpoint,
      userinfo: p.userinfoEndpoint,
      jwks: null,
      issuer: null,
    };
  }
  if (!p.issuer) throw Errors.internal();
  const hit = discoveryCache.get(p.issuer);
  if (hit && Date.now() - hit.at < 60 * 60_000) return hit.value;
  const res = await fetch(`${p.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw Errors.bad("OAUTH_FAILED", { provider: p.label });
  const d = (await res.json()) as Record<string, string | undefined>;
  const value: Endpoints = {
    authorization: d.authorization_endpoint ?? "",
    token: d.token_endpoint ?? "",
    userinfo: d.userinfo_endpoint ?? null,
    jwks: d.jwks_uri ?? null,
    issuer: d.issuer ?? p.issuer,
  };
  discoveryCache.set(p.issuer, { at: Date.now(), value });
  return value;
}

async function jwksOf(url: string, refresh = false): Promise<JsonWebKey[]> {
  const hit = jwksCache.get(url);
  if (hit && !refresh && Date.now() - hit.at < 60 * 60_000) return hit.keys;
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const body = (await res.json()) as { keys?: JsonWebKey[] };
  const keys = body.keys ?? [];
  jwksCache.set(url, { at: Date.now(), keys });
  return keys;
}

const ALGS: Record<string, string> = {
  RS256: "sha256",
  RS384: "sha384",
  RS512: "sha512",
  ES256: "sha256",
  PS256: "sha256",
};

/** Verify an ID token's signature (JWKS), issuer, audience, expiry and nonce; answer its claims. */
export async function verifyIdToken(
  idToken: string,
  e: Endpoints,
  clientId: string,
  nonce: string,
  nowMs: number,
): Promise<Record<string, unknown>> {
  const [h, p, s] = idToken.split(".");
  if (!h || !p || !s || !e.jwks) throw new Error("malformed ID token");
  const header = JSON.parse(Buffer.from(h, "base64url").toString()) as { alg?: string; kid?: string };
  const hashAlg = header.alg ? ALGS[header.alg] : undefined;
  if (!hashAlg) throw new Error(`unsupported alg ${header.alg}`);
  let keys = await jwksOf(e.jwks);
  let jwk = keys.find((k) => (k as { kid?: string }).kid === header.kid);
  if (!jwk) {
    keys = await jwksOf(e.jwks, true); // keys rotate: fetch once more
    jwk = keys.find((k) => (k as { kid?: string }).kid === header.kid);
  }
  if (!jwk) throw new Error("unknown signing key");
  const key = createPublicKey({ key: jwk, format: "jwk" });
  const data = Buffer.from(`${h}.${p}`);
  const sig = Buffer.from(s, "base64url");
  const ok = header.alg?.startsWith("ES")
    ? verifySignature(hashAlg, data, { key, dsaEncoding: "ieee-p1363" }, sig)
    : header.alg?.startsWith("PS")
      ? verifySignature(hashAlg, data, { key, padding: 6 /* RSA_PKCS1_PSS_PADDING */ }, sig)
      : verifySignature(hashAlg, data, key, sig);
  if (!ok) throw new Error("bad signature");
  const claims = JSON.parse(Buffer.from(p, "base64url").toString()) as Record<string, unknown>;
  const aud = claims.aud;
  const audOk = Array.isArray(aud) ? aud.includes(clientId) : aud === clientId;
  if (!audOk) throw new Error("wrong audience");
  if (e.issuer && claims.iss !== e.issuer) throw new Error("wrong issuer");
  if (typeof claims.exp !== "number" || claims.exp * 1000 < nowMs - 60_000) throw new Error("expired");
  if (claims.nonce !== nonce) throw new Error("nonce mismatch");
  return claims;
}

const Params = z.object({ provider: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/) });
const StartQuery = z.object({ returnTo: z.string().max(200).default("/") });
const CallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200),
  error: z.string().max(200).optional(),
});

/** Google, Facebook or any OpenID provider the operator configures (issue 3 item 6). */
export async function oidcRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const providerOf = async (id: string): Promise<Provider> => {
    const { providers } = await readSetting(ctx.db, "oidc");
    const p = providers.find((x) => x.id === id && x.enabled);
    if (!p) throw Errors.notFound("sign-in provider");
    return p;
  };
  const redirectUri = (id: string) => `${ctx.config.PUBLIC_URL.replace(/\/$/, "")}/wps/oauth/${id}/callback`;

  route(app, { method: "GET", url: "/wps/oauth/providers" }, async () => {
    const { providers } = await readSetting(ctx.db, "oidc");
    return providers.filter((p) => p.enabled).map((p) => ({ id: p.id, label: p.label }));
  });

  route(
    app,
    { method: "GET", url: "/wps/oauth/:provider/start", params: Params, query: StartQuery },
    async ({ params, query, reply }) => {
      const p = await providerOf(params.provider);
      const e = await endpointsOf(p);
      const state = b64url(randomBytes(24));
      const nonce = b64url(randomBytes(16));
      const verifier = b64url(randomBytes(32));
      const returnTo = /^\/(?!\/)[^\s]*$/.test(query.returnTo) ? query.returnTo : "/";
      const pending: PendingLogin = { provider: p.id, nonce, verifier, returnTo };
      await ctx.store.set(`oauth:${state}`, JSON.stringify(pending), STATE_TTL_MS);
      const url = new URL(e.authorization);
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: p.clientId,
        redirect_uri: redirectUri(p.id),
        scope: p.scopes || (p.kind === "oidc" ? "openid email profile" : "email"),
        state,
        nonce,
        code_challenge: b64url(createHash("sha256").update(verifier).digest()),
        code_challenge_method: "S256",
      }).toString();
      return reply.redirect(url.toString(), 302);
    },
  );

  route(
    app,
    { method: "GET", url: "/wps/oauth/:provider/callback", params: Params, query: CallbackQuery },
    async ({ params, query, reply, req }) => {
      const raw = await ctx.store.get(`oauth:${query.state}`);
      await ctx.store.del(`oauth:${query.state}`); // a state is good for one callback
      const fail = (why: string) => {
        req.log.warn({ provider: params.provider, why }, "third-party sign-in failed");
        return reply.redirect(`/login?oauthError=${encodeURIComponent(params.provider)}`, 302);
      };
      if (!raw) return fail("unknown or used state");
      const pending = JSON.parse(raw) as PendingLogin;
      if (pending.provider !== params.provider || !query.code || query.error)
        return fail(query.error ?? "mismatch");
      const p = await providerOf(params.provider);
      const e = await endpointsOf(p);
      let subject: string;
      let email: string | null;
      try {
        const tokenRes = await fetch(e.token, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: new URLSearchParams({
            grant_type: "authorization_code",
            code: query.code,
            redirect_uri: redirectUri(p.id),
            client_id: p.clientId,
            client_secret: p.clientSecret,
            code_verifier: pending.verifier,
          }),
          signal: AbortSignal.timeout(10_000),
        });
        const tokens = (await tokenRes.json()) as {
          id_token?: string;
          access_token?: string;
          error?: string;
        };
        if (!tokenRes.ok) throw new Error(tokens.error ?? `token endpoint ${tokenRes.status}`);
        if (p.kind === "oidc") {
          if (!tokens.id_token) throw new Error("no ID token");
          const claims = await verifyIdToken(
            tokens.id_token,
            e,
            p.clientId,
            pending.nonce,
            ctx.clock.now().getTime(),
          );
          subject = String(claims.sub);
          email = typeof claims.email === "string" ? claims.email : null;
          if (!email && e.userinfo && tokens.access_token) {
            // Providers may keep profile claims out of the ID token; the user-info call has them.
            const info = (await (
              await fetch(e.userinfo, {
                headers: { authorization: `Bearer ${tokens.access_token}` },
                signal: AbortSignal.timeout(10_000),
              })
            ).json()) as { sub?: string; email?: string };
            if (info.sub === subject && typeof info.email === "string") email = info.email;
          }
        } else {
          if (!tokens.access_token || !e.userinfo) throw new Error("no access token");
          const info = (await (
            await fetch(e.userinfo, {
              headers: { authorization: `Bearer ${tokens.access_token}` },
              signal: AbortSignal.timeout(10_000),
            })
          ).json()) as { id?: string; sub?: string; email?: string };
          subject = String(info.sub ?? info.id ?? "");
          email = info.email ?? null;
        }
        if (!subject) throw new Error("no subject");
      } catch (err) {
        return fail(err instanceof Error ? err.message : String(err));
      }
      const memberId = await ctx.db.transaction(async (tx) => {
        const [linked] = await tx
          .select({ memberId: memberIdentities.memberId })
          .from(memberIdentities)
          .where(and(eq(memberIdentities.provider, p.id), eq(memberIdentities.subject, subject)));
        if (linked) return linked.memberId;
        const [m] = await tx
          .insert(members)
          .values({
            username: `${p.id.slice(0, 2)}${randomBytes(5).toString("hex")}`,
            email,
            registerIp: req.ip,
            firstLoginDone: true,
          })
          .returning({ id: members.id });
        if (!m) throw Errors.internal();
        await tx.insert(memberIdentities).values({ provider: p.id, subject, memberId: m.id, email });
        return m.id;
      });
      const [m] = await ctx.db.select().from(members).where(eq(members.id, memberId));
      if (m?.status !== "active") return fail("account not active");
      await ctx.db.update(members).set({ lastLoginAt: ctx.clock.now() }).where(eq(members.id, memberId));
      const token = await createSession(ctx, memberId, `oidc:${p.id}`, {
        ip: req.ip,
        userAgent: req.headers["user-agent"] ?? "",
      });
      // The token travels in the fragment, which browsers never send to servers or logs.
      return reply.redirect(`${pending.returnTo}#oauthToken=${token}`, 302);
    },
  );
}
