import { randomBytes } from "node:crypto";
import type { OidcProviderSetting } from "@panalo/contracts/admin";
import type { FastifyInstance } from "fastify";
import * as oidc from "openid-client";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { readSetting } from "../content/service.ts";
import { setLastLoginAt } from "./repo/auth.ts";
import { insertIdentity, insertProviderMember, linkedMemberOf } from "./repo/oidc.ts";
import { memberById } from "./repo.ts";
import { createSession } from "./service.ts";

type Provider = z.infer<typeof OidcProviderSetting>;
interface PendingLogin {
  provider: string;
  nonce: string;
  verifier: string;
  returnTo: string;
}

const STATE_TTL_MS = 10 * 60_000;
/** Each provider's client (discovered metadata, its key set cache) for an hour. */
const clients = new Map<string, { at: number; config: oidc.Configuration }>();

/**
 * A provider's client through openid-client. "oidc": discovery from the issuer, and every ID
 * token checked — signature against the provider's key set, issuer, audience, expiry, nonce.
 * "oauth2" (Facebook): the operator's endpoints, and the member read from the user-info call.
 * Plain http is allowed only for a provider on this machine or outside production (tests).
 */
async function clientOf(p: Provider, production: boolean): Promise<oidc.Configuration> {
  const key = JSON.stringify([
    p.kind,
    p.issuer,
    p.authorizationEndpoint,
    p.tokenEndpoint,
    p.userinfoEndpoint,
    p.clientId,
    p.clientSecret,
  ]);
  const hit = clients.get(key);
  if (hit && Date.now() - hit.at < 60 * 60_000) return hit.config;
  const urls =
    p.kind === "oidc" ? [p.issuer] : [p.authorizationEndpoint, p.tokenEndpoint, p.userinfoEndpoint];
  if (urls.some((u) => !u)) throw new Error(`provider ${p.id} is missing its endpoints`);
  const plainHttp = urls.some((u) => new URL(u ?? "").protocol === "http:");
  const local = urls.every((u) => ["127.0.0.1", "localhost", "[::1]"].includes(new URL(u ?? "").hostname));
  if (plainHttp && production && !local) throw new Error(`provider ${p.id} must use https`);
  let config: oidc.Configuration;
  if (p.kind === "oidc") {
    config = await oidc.discovery(
      new URL(p.issuer ?? ""),
      p.clientId,
      p.clientSecret,
      oidc.ClientSecretPost(p.clientSecret),
      {
        execute: [...(plainHttp ? [oidc.allowInsecureRequests] : []), oidc.enableNonRepudiationChecks],
        timeout: 10,
      },
    );
  } else {
    config = new oidc.Configuration(
      {
        issuer: new URL(p.authorizationEndpoint ?? "").origin,
        authorization_endpoint: p.authorizationEndpoint ?? "",
        token_endpoint: p.tokenEndpoint ?? "",
        userinfo_endpoint: p.userinfoEndpoint ?? "",
      },
      p.clientId,
      p.clientSecret,
      oidc.ClientSecretPost(p.clientSecret),
    );
    if (plainHttp) oidc.allowInsecureRequests(config);
  }
  config.timeout = 10;
  clients.set(key, { at: Date.now(), config });
  return config;
}

const Params = z.object({ provider: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/) });
const StartQuery = z.object({ returnTo: z.string().max(200).default("/") });
const CallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200),
  error: z.string().max(200).optional(),
});

/** Sign-in with Google, Facebook or any OpenID provider the operator configures. */
export async function oidcRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const providerOf = async (id: string): Promise<Provider> => {
    const { providers } = await readSetting(ctx.db, "oidc");
    const p = providers.find((x) => x.id === id && x.enabled);
    if (!p) throw Errors.notFound("sign-in provider");
    return p;
  };
  const redirectUri = (id: string) => `${ctx.config.PUBLIC_URL.replace(/\/$/, "")}/wps/oauth/${id}/callback`;
  const production = ctx.config.NODE_ENV === "production";

  route(app, { method: "GET", url: "/wps/oauth/providers" }, async () => {
    const { providers } = await readSetting(ctx.db, "oidc");
    return providers.filter((p) => p.enabled).map((p) => ({ id: p.id, label: p.label }));
  });

  route(
    app,
    { method: "GET", url: "/wps/oauth/:provider/start", params: Params, query: StartQuery },
    async ({ params, query, reply }) => {
      const p = await providerOf(params.provider);
      const config = await clientOf(p, production).catch((err) => {
        app.log.warn({ provider: p.id, err }, "sign-in provider unreachable");
        throw Errors.bad("OAUTH_FAILED", { provider: p.label });
      });
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const verifier = oidc.randomPKCECodeVerifier();
      const returnTo = /^\/(?!\/)[^\s]*$/.test(query.returnTo) ? query.returnTo : "/";
      const pending: PendingLogin = { provider: p.id, nonce, verifier, returnTo };
      await ctx.store.set(`oauth:${state}`, JSON.stringify(pending), STATE_TTL_MS);
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(p.id),
        scope: p.scopes || (p.kind === "oidc" ? "openid email profile" : "email"),
        state,
        ...(p.kind === "oidc" ? { nonce } : {}),
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
      });
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
      let subject: string;
      let email: string | null;
      try {
        const config = await clientOf(p, production);
        // The provider's answer as it reached us: code, state (and iss), checked by the library.
        const search = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
        const tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri(p.id)}${search}`), {
          pkceCodeVerifier: pending.verifier,
          expectedState: query.state,
          ...(p.kind === "oidc" ? { expectedNonce: pending.nonce, idTokenExpected: true } : {}),
        });
        if (p.kind === "oidc") {
          const claims = tokens.claims();
          if (!claims) throw new Error("no ID token");
          subject = claims.sub;
          email = typeof claims.email === "string" ? claims.email : null;
          if (!email && config.serverMetadata().userinfo_endpoint) {
            // Providers may keep profile claims out of the ID token; the user-info call has them
            // (the library checks it is about the same subject).
            const info = await oidc.fetchUserInfo(config, tokens.access_token, subject);
            if (typeof info.email === "string") email = info.email;
          }
        } else {
          // OAuth 2 only (Facebook): no ID token; the member is whoever the user-info call names.
          const res = await oidc.fetchProtectedResource(
            config,
            tokens.access_token,
            new URL(p.userinfoEndpoint ?? ""),
            "GET",
          );
          if (!res.ok) throw new Error(`user-info ${res.status}`);
          const info = (await res.json()) as { id?: string | number; sub?: string; email?: string };
          subject = String(info.sub ?? info.id ?? "");
          email = typeof info.email === "string" ? info.email : null;
        }
        if (!subject) throw new Error("no subject");
      } catch (err) {
        return fail(err instanceof Error ? err.message : String(err));
      }
      const memberId = await ctx.db.transaction(async (tx) => {
        const linked = await linkedMemberOf(tx, p.id, subject);
        if (linked !== undefined) return linked;
        const id = await insertProviderMember(tx, {
          username: `${p.id.slice(0, 2)}${randomBytes(5).toString("hex")}`,
          email,
          registerIp: req.ip,
          firstLoginDone: true,
        });
        if (id === undefined) throw Errors.internal();
        await insertIdentity(tx, { provider: p.id, subject, memberId: id, email });
        return id;
      });
      const m = await memberById(ctx.db, memberId);
      if (m?.status !== "active") return fail("account not active");
      await setLastLoginAt(ctx.db, memberId, ctx.clock.now());
      const token = await createSession(ctx, memberId, `oidc:${p.id}`, {
        ip: req.ip,
        userAgent: req.headers["user-agent"] ?? "",
      });
      // The token travels in the fragment, which browsers never send to servers or logs.
      return reply.redirect(`${pending.returnTo}#oauthToken=${token}`, 302);
    },
  );
}
