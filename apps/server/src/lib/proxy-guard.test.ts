import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { loginHistory } from "../db/schema/members.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

/** TRUSTED_PROXIES behind a proxy, and no silent start without it. */
// Production apps on the embedded database take a while to build on a busy machine.
describe("proxy settings", { timeout: 120_000 }, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const status = (app: TestApp, headers: Record<string, string> = {}) =>
    app.app.inject({ method: "GET", url: "/wps/system/status", headers: { "x-lang": "EN", ...headers } });

  it("refuses to start with BEHIND_PROXY=true and no TRUSTED_PROXIES, contradicting settings, or a bad entry", () => {
    expect(() => loadConfig({ BEHIND_PROXY: "true" })).toThrow(/TRUSTED_PROXIES: BEHIND_PROXY=true needs/);
    expect(() => loadConfig({ BEHIND_PROXY: "false", TRUSTED_PROXIES: "10.0.0.1" })).toThrow(/BEHIND_PROXY/);
    expect(() => loadConfig({ TRUSTED_PROXIES: "10.0.0.1, proxy.example" })).toThrow(
      /"proxy.example" is not an IP/,
    );
    expect(() => loadConfig({ TRUSTED_PROXIES: "10.0.0.0/33" })).toThrow(/bad prefix length/);
    expect(
      loadConfig({ BEHIND_PROXY: "true", TRUSTED_PROXIES: "10.0.0.0/8, ::1, loopback" }).TRUSTED_PROXIES,
    ).toBe("10.0.0.0/8, ::1, loopback");
  });

  it("in production with no TRUSTED_PROXIES, refuses a forwarded request with a configuration error and serves direct ones", async () => {
    t = await createTestApp({ NODE_ENV: "production" });
    const direct = await status(t);
    expect(direct.statusCode, direct.body).toBe(200);
    const forwarded = await status(t, { "x-forwarded-for": "203.0.113.9" });
    expect(forwarded.statusCode).toBe(500);
    expect(forwarded.json()).toMatchObject({ success: false, code: "PROXY_NOT_CONFIGURED" });
    const login = await t.app.inject({
      method: "POST",
      url: "/wps/session/login",
      payload: { username: "someone", password: "whatever1" },
      headers: { forwarded: "for=203.0.113.9" },
    });
    expect(login.json().code).toBe("PROXY_NOT_CONFIGURED");
  });

  it("believes X-Forwarded-For from a listed proxy only", async () => {
    t = await createTestApp({ NODE_ENV: "production", BEHIND_PROXY: "true", TRUSTED_PROXIES: "10.0.0.0/8" });
    const app = t;
    // The address a failed login is recorded under is the one the server believed.
    const ip = async (remoteAddress: string) => {
      await app.app.inject({
        method: "POST",
        url: "/wps/session/login",
        payload: { username: `who-${remoteAddress}`, password: "whatever1" },
        remoteAddress,
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
      const [row] = await app.database.db
        .select({ ip: loginHistory.ip })
        .from(loginHistory)
        .where(eq(loginHistory.username, `who-${remoteAddress}`));
      return row?.ip;
    };
    expect(await ip("10.1.2.3")).toBe("203.0.113.9");
    expect(await ip("198.51.100.7")).toBe("198.51.100.7");
  });

  // Its own test: each production app is built on a fresh database, and one test's time limit is
  // for one hung app, not two built one after the other on a busy machine.
  it("with BEHIND_PROXY=false, ignores X-Forwarded-For", async () => {
    t = await createTestApp({ NODE_ENV: "production", BEHIND_PROXY: "false" });
    const direct = await status(t, { "x-forwarded-for": "203.0.113.9" });
    expect(direct.statusCode, direct.body).toBe(200);
  });
});
