import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { writeSetting } from "../content/settings.ts";

/**
 * Third-party sign-in end to end against a real OpenID provider (the oidc-provider package)
 * running on a local port: discovery, authorization with PKCE, the provider's own login and
 * consent screens, code exchange, ID-token signature check against its JWKS.
 */
describe("sign-in through an OpenID provider", () => {
  let t: TestApp;
  let server: Server;
  let issuer = "";
  const publicUrl = "http://localhost:8080";

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: "panalo-site",
          client_secret: "a-long-client-secret-for-tests",
          redirect_uris: [`${publicUrl}/wps/oauth/google/callback`],
          grant_types: ["authorization_code"],
          response_types: ["code"],
        },
      ],
      cookies: { keys: ["test-cookie-key-1"] },
      claims: { openid: ["sub"], email: ["email", "email_verified"] },
      async findAccount(_ctx, id) {
        return {
          accountId: id,
          claims: async () => ({ sub: id, email: `${id}@example.ph`, email_verified: true }),
        };
      },
    });
    provider.on("server_error", (_ctx, err) => console.error(err));
    server.on("request", provider.callback());

    t = await createTestApp({ PUBLIC_URL: publicUrl });
    await writeSetting(t.database.db, "oidc", {
      providers: [
        {
          id: "google",
          label: "Google",
          kind: "oidc",
          issuer,
          authorizationEndpoint: null,
          tokenEndpoint: null,
          userinfoEndpoint: null,
          clientId: "panalo-site",
          clientSecret: "a-long-client-secret-for-tests",
          scopes: "openid email",
          enabled: true,
        },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });

  /** Walk the provider's own pages as a browser would, with a cookie jar, until it sends us back. */
  async function signInAt(startLocation: string, account: string): Promise<URL> {
    const jar = new Map<string, string>();
    const send = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: "manual",
        headers: { ...(init.headers ?? {}), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair = ""] = c.split(";");
        const i = pair.indexOf("=");
        jar.set(pair.slice(0, i), pair.slice(i + 1));
      }
      return res;
    };
    let url = startLocation;
    for (let step = 0; step < 12; step++) {
      if (url.startsWith(publicUrl)) return new URL(url);
      const res = await send(url);
      const next = res.headers.get("location");
      if (next) {
        url = new URL(next, url).toString();
        continue;
      }
      const html = await res.text();
      const prompt = html.includes('name="login"') ? "login" : "consent";
      const form = new URLSearchParams({ prompt, login: account, password: "any" });
      const post = await send(url, {
        method: "POST",
        body: form,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      url = new URL(post.headers.get("location") ?? "", url).toString();
    }
    throw new Error("the provider never redirected back");
  }

  it("creates a member on first sign-in and signs the same member in again", async () => {
    const providers = (await t.app.inject({ method: "GET", url: "/wps/oauth/providers" })).json().value;
    expect(providers).toEqual([{ id: "google", label: "Google" }]);

    const start = await t.app.inject({ method: "GET", url: "/wps/oauth/google/start?returnTo=/rng" });
    expect(start.statusCode).toBe(302);
    const auth = new URL(start.headers.location as string);
    expect(auth.origin).toBe(issuer);
    expect(auth.searchParams.get("code_challenge_method")).toBe("S256");

    const back = await signInAt(auth.toString(), "maria");
    expect(back.pathname).toBe("/wps/oauth/google/callback");
    const done = await t.app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
    expect(done.statusCode, done.body).toBe(302);
    const landing = done.headers.location as string;
    expect(landing).toMatch(/^\/rng#oauthToken=/);
    const token = landing.split("oauthToken=")[1];
    const info = (
      await t.app.inject({
        method: "GET",
        url: "/wps/member/info",
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().value;
    expect(info.email).toBe("maria@example.ph");

    // The same callback twice is refused: a state works once.
    const replay = await t.app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
    expect(replay.headers.location).toBe("/login?oauthError=google");

    // Signing in again reaches the same member.
    const again = await t.app.inject({ method: "GET", url: "/wps/oauth/google/start" });
    const back2 = await signInAt(again.headers.location as string, "maria");
    const done2 = await t.app.inject({ method: "GET", url: `${back2.pathname}${back2.search}` });
    const token2 = (done2.headers.location as string).split("oauthToken=")[1];
    const info2 = (
      await t.app.inject({
        method: "GET",
        url: "/wps/member/info",
        headers: { authorization: `Bearer ${token2}` },
      })
    ).json().value;
    expect(info2.customerId).toBe(info.customerId);
  });

  it("refuses a code brought back under another sign-in's state (PKCE binds it to its own)", async () => {
    const first = await t.app.inject({ method: "GET", url: "/wps/oauth/google/start" });
    const back = await signInAt(first.headers.location as string, "pedro");
    const second = await t.app.inject({ method: "GET", url: "/wps/oauth/google/start" });
    const otherState = new URL(second.headers.location as string).searchParams.get("state") ?? "";
    const swapped = new URLSearchParams(back.search);
    swapped.set("state", otherState);
    const res = await t.app.inject({ method: "GET", url: `${back.pathname}?${swapped}` });
    expect(res.headers.location).toBe("/login?oauthError=google");
  });

  it("refuses a forged callback", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/wps/oauth/google/callback?code=abc&state=forged",
    });
    expect(res.headers.location).toBe("/login?oauthError=google");
  });
});

/**
 * An OAuth 2 provider without OpenID (as Facebook is): the member is read from its user-info
 * call. A small provider on a local port answers the token and user-info calls.
 */
describe("sign-in through an OAuth 2 provider with a user-info call", () => {
  let t: TestApp;
  let server: Server;
  const seen: { verifier?: string | null; secret?: string | null } = {};
  const publicUrl = "http://localhost:8080";

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        res.setHeader("content-type", "application/json");
        if (req.url === "/oauth/access_token" && req.method === "POST") {
          const form = new URLSearchParams(body);
          seen.verifier = form.get("code_verifier");
          seen.secret = form.get("client_secret");
          if (form.get("code") !== "fb-code") {
            res.statusCode = 400;
            res.end(JSON.stringify({ error: "invalid_grant" }));
            return;
          }
          res.end(JSON.stringify({ access_token: "fb-access", token_type: "bearer", expires_in: 3600 }));
        } else if (req.url === "/me" && req.headers.authorization === "Bearer fb-access") {
          res.end(JSON.stringify({ id: "10220001", email: "ligaya@example.ph", name: "Ligaya" }));
        } else {
          res.statusCode = 401;
          res.end("{}");
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp({ PUBLIC_URL: publicUrl });
    await writeSetting(t.database.db, "oidc", {
      providers: [
        {
          id: "facebook",
          label: "Facebook",
          kind: "oauth2",
          issuer: null,
          authorizationEndpoint: `${base}/dialog/oauth`,
          tokenEndpoint: `${base}/oauth/access_token`,
          userinfoEndpoint: `${base}/me`,
          clientId: "fb-app",
          clientSecret: "fb-app-secret",
          scopes: "email",
          enabled: true,
        },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });

  it("creates the member from the user-info answer", async () => {
    const start = await t.app.inject({ method: "GET", url: "/wps/oauth/facebook/start?returnTo=/wallet" });
    expect(start.statusCode).toBe(302);
    const auth = new URL(start.headers.location as string);
    expect(auth.pathname).toBe("/dialog/oauth");
    expect(auth.searchParams.get("client_id")).toBe("fb-app");
    expect(auth.searchParams.get("code_challenge_method")).toBe("S256");
    const state = auth.searchParams.get("state") ?? "";
    // A wrong code: the token call fails, the member is sent back to the login page.
    const bad = await t.app.inject({
      method: "GET",
      url: `/wps/oauth/facebook/callback?code=stolen&state=${state}`,
    });
    expect(bad.headers.location).toBe("/login?oauthError=facebook");

    const again = new URL(
      (await t.app.inject({ method: "GET", url: "/wps/oauth/facebook/start?returnTo=/wallet" })).headers
        .location as string,
    );
    const done = await t.app.inject({
      method: "GET",
      url: `/wps/oauth/facebook/callback?code=fb-code&state=${again.searchParams.get("state")}`,
    });
    expect(done.statusCode, done.body).toBe(302);
    expect(seen).toEqual({ verifier: expect.stringMatching(/^[\w-]{43,}$/), secret: "fb-app-secret" });
    const landing = done.headers.location as string;
    expect(landing).toMatch(/^\/wallet#oauthToken=/);
    const info = (
      await t.app.inject({
        method: "GET",
        url: "/wps/member/info",
        headers: { authorization: `Bearer ${landing.split("oauthToken=")[1]}` },
      })
    ).json().value;
    expect(info.email).toBe("ligaya@example.ph");
  });
});
