import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

describe("the platform shell", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("answers its health check with the database kind", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.status).toBe("ok");
  });

  it("mounts the game server under /rgs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/rgs/health" });
    expect(res.json()).toEqual({ success: true, value: { status: "ok", service: "rgs" } });
  });

  it("answers an unknown API path with the envelope in Filipino by default", async () => {
    const res = await t.app.inject({ method: "GET", url: "/wps/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: "NOT_FOUND" });
    expect(res.json().message).toMatch(/Hindi namin mahanap/);
  });

  it("answers in English when the site asks for it", async () => {
    const res = await t.app.inject({ method: "GET", url: "/wps/nope", headers: { "x-lang": "EN" } });
    expect(res.json().message).toMatch(/could not find/);
  });
});
