import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

// ADDRESS_LIMITS: a server's own per-address limits (a test server's every visitor is 127.0.0.1)
// without touching the product's defaults.
describe("per-address limits from the configuration", { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADDRESS_LIMITS: "register=2" });
  });
  afterAll(async () => t?.close());

  const register = async (username: string, ip: string) =>
    t.app.inject({
      method: "PUT",
      url: "/wps/member/register",
      headers: { "x-lang": "EN" },
      remoteAddress: ip,
      payload: {
        humanCheck: await solvedHumanCheck(t.app),
        ageConfirmed: true,
        agree: true,
        username,
        password: "secret123",
        confirmPassword: "secret123",
      },
    });

  it("refuses the registration past the configured number from one address, not from another", async () => {
    expect((await register("limita1", "10.9.0.1")).json().success).toBe(true);
    expect((await register("limita2", "10.9.0.1")).json().success).toBe(true);
    const third = await register("limita3", "10.9.0.1");
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe("RATE_LIMITED");
    expect((await register("limita4", "10.9.0.2")).json().success).toBe(true);
  });

  it("reads name=number pairs and refuses anything else at start", () => {
    expect(loadConfig({ ADDRESS_LIMITS: "register=30, sms=5" }).ADDRESS_LIMITS).toEqual({
      register: 30,
      sms: 5,
    });
    expect(loadConfig({}).ADDRESS_LIMITS).toEqual({});
    for (const bad of ["register", "register=0", "login=5", "sms=-1", "sms=1e3"]) {
      expect(() => loadConfig({ ADDRESS_LIMITS: bad }), bad).toThrow(/ADDRESS_LIMITS/);
    }
  });
});
