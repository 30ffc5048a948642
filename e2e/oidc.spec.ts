import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, expect, request, test } from "@playwright/test";
import Provider from "oidc-provider";
import { operator } from "./support/env.ts";
import { freshTotp } from "./support/totp.ts";

// Third-party sign-in end to end in Chromium against a real OpenID provider (oidc-provider)
// started by this file on a local port: the operator configures it in the back office API, a
// visitor presses the provider's button, signs in and consents on the provider's own pages, and
// comes back logged in.
test.describe.configure({ mode: "serial" });

const site = `http://127.0.0.1:${process.env.E2E_PORT ?? 8181}`;
let server: Server;
let issuer = "";
let adminApi: APIRequestContext;

test.beforeAll(async () => {
  server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "panalo-e2e",
        client_secret: "panalo-e2e-client-secret-0123456789",
        redirect_uris: [`${site}/wps/oauth/google/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    cookies: { keys: ["e2e-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: `${id}@example.ph`, email_verified: true }),
      };
    },
  });
  server.on("request", provider.callback());

  adminApi = await request.newContext({
    baseURL: site,
    extraHTTPHeaders: { "x-requested-with": "panalo-admin" },
  });
  const login = await adminApi.post("/api/admin/session", {
    data: {
      username: operator.username,
      password: operator.password,
      totp: await freshTotp(operator.totpSecret),
    },
  });
  expect(login.ok()).toBe(true);
  const put = await adminApi.put("/api/admin/settings/oidc", {
    data: {
      providers: [
        {
          id: "google",
          label: "Google",
          kind: "oidc",
          issuer,
          authorizationEndpoint: null,
          tokenEndpoint: null,
          userinfoEndpoint: null,
          clientId: "panalo-e2e",
          clientSecret: "panalo-e2e-client-secret-0123456789",
          scopes: "openid email",
          enabled: true,
        },
      ],
    },
  });
  expect(put.ok(), await put.text()).toBe(true);
});

test.afterAll(async () => {
  await adminApi?.dispose();
  server?.close();
});

test("a visitor signs in with the OpenID provider and comes back logged in", async ({ page }) => {
  await page.goto("/login");
  await page.getByTestId("oauth-google").click();
  // The provider's own sign-in page.
  await expect(page).toHaveURL(new RegExp(`^${issuer}/`));
  await page.locator('input[name="login"]').fill("maria");
  await page.locator('input[name="password"]').fill("any-password");
  await page.locator('button[type="submit"]').first().click();
  // Its consent page.
  await page.locator('button[type="submit"]').first().click();
  // Back on the site, logged in, with the token gone from the address bar.
  await expect(page).toHaveURL(new RegExp(`^${site}/`));
  await expect(page.getByTestId("account-name")).toBeVisible();
  expect(page.url()).not.toContain("oauthToken");
});
