import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSetting } from "../modules/content/settings.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

/** CSP with a strict script-src, HSTS over HTTPS, no-store on API answers. */
describe("security headers", () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), "panalo-headers-"));

  beforeAll(async () => {
    for (const site of ["web", "admin"]) {
      mkdirSync(join(dir, site), { recursive: true });
      writeFileSync(join(dir, site, "index.html"), `<!doctype html><title>${site}</title>`);
    }
    t = await createTestApp({
      WEB_DIST: join(dir, "web"),
      ADMIN_DIST: join(dir, "admin"),
      TRUSTED_PROXIES: "127.0.0.1",
    });
    await writeSetting(t.database.db, "imageCDNs", ["https://img.cdn.example/games"]);
    await writeSetting(t.database.db, "launchGameCDNs", ["https://launch.cdn.example"]);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const directives = (csp: string | undefined): Map<string, string[]> =>
    new Map(
      (csp ?? "")
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name = "", ...values]) => [name, values]),
    );

  it("gives the player site a CSP that runs no inline or evaluated script", async () => {
    // An unknown path gets the site too (its not-found page) with the same policy, as a 404.
    for (const url of ["/", "/home", "/lottery?gameCode=3D", "/member/wallet"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(url === "/member/wallet" ? 404 : 200);
      const csp = directives(res.headers["content-security-policy"] as string);
      expect(csp.get("script-src"), url).toEqual(["'self'"]);
      expect(csp.get("default-src")).toEqual(["'self'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
      // The operator's CDNs: images from the image and launch CDNs, the game iframe from the launch CDNs.
      expect(csp.get("img-src")).toEqual(
        expect.arrayContaining(["https://img.cdn.example", "https://launch.cdn.example"]),
      );
      expect(csp.get("frame-src")).toEqual(expect.arrayContaining(["'self'", "https://launch.cdn.example"]));
      expect(csp.get("connect-src")).toEqual(["'self'"]);
    }
  });

  it("gives the back office a CSP that runs no inline script and is never framed", async () => {
    const res = await t.app.inject({ method: "GET", url: "/admin/finance" });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers["content-security-policy"] as string);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(res.headers["x-frame-options"]).toBe("DENY");
  });

  it("keeps the game pages' own strict policy", async () => {
    const res = await t.app.inject({ method: "GET", url: "/rgs/verify" });
    const csp = directives(res.headers["content-security-policy"] as string);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.has("script-src") ? csp.get("script-src") : ["'self'"]).toEqual(["'self'"]);
  });

  it("sends HSTS only over HTTPS, believing X-Forwarded-Proto only from a trusted proxy", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const proxied = await t.app.inject({
      method: "GET",
      url: "/",
      headers: { "x-forwarded-proto": "https" },
      remoteAddress: "127.0.0.1",
    });
    expect(proxied.headers["strict-transport-security"]).toBe("max-age=31536000");
    const spoofed = await t.app.inject({
      method: "GET",
      url: "/",
      headers: { "x-forwarded-proto": "https" },
      remoteAddress: "203.0.113.9",
    });
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
  });

  it("marks every API answer no-store unless it declared itself cacheable", async () => {
    for (const url of ["/wps/system/status", "/wps/member/info", "/lgw/games/game_menus", "/api/admin/me"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    const failed = await t.app.inject({ method: "POST", url: "/wps/deposits", payload: { amount: "1,0" } });
    expect(failed.headers["cache-control"]).toBe("no-store");
    // Public media keep their long cache.
    const avatar = await t.app.inject({ method: "GET", url: "/media/avatar/AB.svg" });
    expect(avatar.headers["cache-control"]).toBe("public, max-age=86400");
  });
});
