import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

/** The history-mode fallback knows the site's route table; unknown paths answer 404. */
describe("the player site's fallback", () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), "panalo-fallback-"));
  beforeAll(async () => {
    for (const site of ["web", "admin"]) {
      mkdirSync(join(dir, site), { recursive: true });
      writeFileSync(join(dir, site, "index.html"), `<!doctype html><title>${site}</title>`);
    }
    t = await createTestApp({ WEB_DIST: join(dir, "web"), ADMIN_DIST: join(dir, "admin") });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers the site's routes with the site and 200", async () => {
    for (const url of [
      "/",
      "/home",
      "/jili",
      "/rng/vassalage/JILI",
      "/rng/hot",
      "/depositv2?deposit=4",
      "/lottery/verify",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("<title>web</title>");
    }
  });

  it("answers any other path with the site (its not-found page) and 404", async () => {
    for (const url of ["/nope", "/casino/hot", "/rng/other", "/depositv2/x", "/jili/hot/a/b"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain("<title>web</title>");
    }
    // API paths keep their JSON 404, the back office its own fallback.
    expect((await t.app.inject({ method: "GET", url: "/wps/nope" })).json()).toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await t.app.inject({ method: "GET", url: "/admin/players" })).statusCode).toBe(200);
  });
});
