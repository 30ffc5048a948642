import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";

describe("back office: players", () => {
  let t: TestApp;
  let cookie = "";
  const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
  beforeAll(async () => {
    t = await createTestApp();
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    await createOperator(t.database.db, {
      username: "support1",
      role: "support",
      password: "Support-pass-2026",
      totpSecret: secret,
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: {
        username: "support1",
        password: "Support-pass-2026",
        totp: totpAt(secret, Math.floor(Date.now() / 30000)),
      },
    });
    cookie = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    await t.app.inject({
      method: "PUT",
      url: "/wps/member/register",
      payload: {
        username: "Rosa2026",
        password: "secret123",
        confirmPassword: "secret123",
        ageConfirmed: true,
        agree: true,
        humanCheck: await solvedHumanCheck(t.app),
      },
    });
  });
  afterAll(async () => t.close());

  const login = (password: string) =>
    t.app.inject({
      method: "POST",
      url: "/wps/session/login",
      payload: { username: "rosa2026", password },
      headers: { "x-lang": "EN" },
    });

  it("finds a player and shows their sessions and login history", async () => {
    const found = (
      await t.app.inject({ method: "GET", url: "/api/admin/players?q=rosa", headers: { cookie } })
    ).json().value;
    expect(found.total).toBe(1);
    const id = found.items[0].id;
    await login("wrongpass1");
    const detail = (
      await t.app.inject({ method: "GET", url: `/api/admin/players/${id}`, headers: { cookie } })
    ).json().value;
    expect(detail.sessions).toHaveLength(1);
    expect(detail.logins.map((l: { success: boolean }) => l.success)).toEqual([false, true]);
    expect(detail.logins[0].ip).toBe("127.0.0.1");
  });

  it("locks a player (ending their sessions) and unlocks them", async () => {
    const id = (
      await t.app.inject({ method: "GET", url: "/api/admin/players?q=rosa", headers: { cookie } })
    ).json().value.items[0].id;
    const token = (await login("secret123")).json().value.token;
    const lock = await t.app.inject({
      method: "POST",
      url: `/api/admin/players/${id}/lock`,
      headers: { ...H, cookie },
      payload: { reason: "Chargeback under review" },
    });
    expect(lock.statusCode, lock.body).toBe(200);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: "/wps/member/info",
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await login("secret123")).json().code).toBe("ACCOUNT_LOCKED");
    await t.app.inject({ method: "POST", url: `/api/admin/players/${id}/unlock`, headers: { ...H, cookie } });
    expect((await login("secret123")).statusCode).toBe(200);
  });

  it("sets a temporary password that must be changed before anything else", async () => {
    const id = (
      await t.app.inject({ method: "GET", url: "/api/admin/players?q=rosa", headers: { cookie } })
    ).json().value.items[0].id;
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/players/${id}/temporary-password`,
      headers: { ...H, cookie },
    });
    const temp = res.json().value.temporaryPassword;
    expect(temp).toMatch(/^.{12}$/);
    const session = (await login(temp)).json().value;
    expect(session.mustChangePassword).toBe(true);
    const auth = { authorization: `Bearer ${session.token}`, "x-lang": "EN" };
    const change = await t.app.inject({
      method: "POST",
      url: "/wps/member/password",
      headers: auth,
      payload: { oldPassword: temp, newPassword: "mine12345", confirmNewPassword: "mine12345" },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await login("mine12345")).json().value.mustChangePassword).toBe(false);
    const audit = (await t.app.inject({ method: "GET", url: "/api/admin/outbox", headers: { cookie } }))
      .statusCode;
    expect(audit).toBe(200);
  });
});
