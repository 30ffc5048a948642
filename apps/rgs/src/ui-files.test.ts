import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { uiRoutes } from "./ui-files.ts";

async function serve(dist: string) {
  const app = Fastify();
  await app.register(async (scope) => uiRoutes(scope, dist), { prefix: "/rgs" });
  return app;
}

describe("serving the game client", () => {
  it("answers 503 'game client not built' while there is no build", async () => {
    const app = await serve(join(tmpdir(), "rgs-no-such-build"));
    const res = await app.inject({ url: "/rgs/games/panalo-gold" });
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe("game client not built");
  });

  it("answers index.html for every game and the verify page, under a self-only CSP", async () => {
    const dist = mkdtempSync(join(tmpdir(), "rgs-ui-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>slot</title>");
    writeFileSync(join(dist, "assets", "main-abc123.js"), "console.log(1)");
    const app = await serve(dist);
    for (const url of ["/rgs/games/panalo-gold?token=x&lang=EN", "/rgs/verify"]) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>slot</title>");
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
    const asset = await app.inject({ url: "/rgs/assets/main-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-type"]).toContain("javascript");
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect((await app.inject({ url: "/rgs/games/no-such-game" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/rgs/assets/..%2Findex.html" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/rgs/assets/missing.js" })).statusCode).toBe(404);
  });
});
