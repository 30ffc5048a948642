import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { switchesOf, writeSetting } from "../content/settings.ts";

describe("member registration, login and sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const EN = { "x-lang": "EN" };
  const reg = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "PUT",
      url: "/wps/member/register",
      payload: { humanCheck: await solvedHumanCheck(t.app), ...body },
      headers: { ...EN, ...headers },
      // Each registration from its own address: the per-address registration limit is tested apart.
      remoteAddress: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
  const login = (body: Record<string, unknown>, ip = "127.0.0.1") =>
    t.app.inject({
      method: "POST",
      url: "/wps/session/login",
      payload: body,
      headers: EN,
      remoteAddress: ip,
    });
  const good = {
    username: "Juan2026",
    password: "secret123",
    confirmPassword: "secret123",
    ageConfirmed: true,
    agree: true,
  };

  it("registers a member and logs them in", async () => {
    const res = await reg(good);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      account: "juan2026",
      firstTimeLogin: true,
      isAgent: 0,
      mustChangePassword: false,
    });
    expect(v.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await t.app.inject({
      method: "GET",
      url: "/wps/member/info",
      headers: { authorization: `Bearer ${v.token}` },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().value.username).toBe("juan2026");
  });

  it("refuses a taken username, a weak password, a mismatch and a missing age confirmation", async () => {
    expect((await reg(good)).json().code).toBe("USERNAME_TAKEN");
    const weak = await reg({ ...good, username: "Maria01", password: "abcdef", confirmPassword: "abcdef" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details.map((d: { path: string }) => d.path)).toContain("password");
    const mismatch = await reg({ ...good, username: "Maria01", confirmPassword: "other123" });
    expect(mismatch.json().details[0]).toEqual({ path: "confirmPassword", message: "confirm_mismatch" });
    const noAge = await reg({ ...good, username: "Maria01", ageConfirmed: false });
    expect(noAge.json().details.map((d: { path: string }) => d.path)).toContain("ageConfirmed");
    const badName = await reg({ ...good, username: "9lives" });
    expect(badName.json().details[0].path).toBe("username");
  });

  it("refuses an invalid invitation code and creates nothing", async () => {
    const res = await reg({ ...good, username: "Pedro99", affiliateCode: "NOPE" });
    expect(res.json()).toMatchObject({
      success: false,
      code: "INVITATION_CODE_ERROR",
      message: "The invitation code is not valid.",
    });
    const again = await login({ username: "Pedro99", password: "secret123" });
    expect(again.statusCode).toBe(401);
  });

  it("logs in, answers wrong passwords alike for unknown users, then asks for a captcha", async () => {
    const ok = await login({ username: "JUAN2026", password: "secret123" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.firstTimeLogin).toBe(false);

    const unknown = await login({ username: "ghost01", password: "whatever1" });
    const wrong = await login({ username: "juan2026", password: "wrong1234" });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({
      code: "INVALID_CREDENTIALS",
      message: "Wrong username or password.",
    });

    await login({ username: "juan2026", password: "wrong1234" });
    const third = await login({ username: "juan2026", password: "wrong1234" });
    expect(third.json().captcha).toBe(true);
    // Now even the right password needs the picture code.
    const noCaptcha = await login({ username: "juan2026", password: "secret123" });
    expect(noCaptcha.json()).toMatchObject({ code: "CAPTCHA_REQUIRED", captcha: true });

    const cap = (await t.app.inject({ method: "GET", url: "/wps/captcha" })).json().value;
    expect(cap.image).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const wrongCap = await login({
      username: "juan2026",
      password: "secret123",
      captchaId: cap.captchaId,
      captcha: "00000x",
    });
    expect(wrongCap.json().code).toBe("CAPTCHA_INVALID");
    // A captcha is spent by one try, right or wrong: the same id cannot be retried.
    const reused = await login({
      username: "juan2026",
      password: "secret123",
      captchaId: cap.captchaId,
      captcha: "12345",
    });
    expect(reused.json().code).toBe("CAPTCHA_INVALID");
  });

  it("ends the session on logout and refuses the token afterwards", async () => {
    const token = (await reg({ ...good, username: "Ana2026" })).json().value.token;
    const auth = { authorization: `Bearer ${token}` };
    expect(
      (await t.app.inject({ method: "DELETE", url: "/wps/session/logout", headers: auth })).statusCode,
    ).toBe(200);
    const after = await t.app.inject({ method: "GET", url: "/wps/member/info", headers: { ...auth, ...EN } });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe("SESSION_EXPIRED");
    const none = await t.app.inject({ method: "GET", url: "/wps/member/info", headers: EN });
    expect(none.json().code).toBe("NOT_LOGGED_IN");
  });

  it("changes the password with the old one and ends the member's other sessions", async () => {
    const first = (await reg({ ...good, username: "Ben2026" })).json().value.token;
    const second = (await login({ username: "Ben2026", password: "secret123" }, "10.9.9.9")).json().value
      .token;
    const change = (body: Record<string, unknown>) =>
      t.app.inject({
        method: "POST",
        url: "/wps/member/password",
        payload: body,
        headers: { authorization: `Bearer ${first}`, ...EN },
      });
    const wrongOld = await change({
      oldPassword: "nope1234",
      newPassword: "newpass123",
      confirmNewPassword: "newpass123",
    });
    expect(wrongOld.json().details[0].path).toBe("oldPassword");
    const ok = await change({
      oldPassword: "secret123",
      newPassword: "newpass123",
      confirmNewPassword: "newpass123",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const other = await t.app.inject({
      method: "GET",
      url: "/wps/member/info",
      headers: { authorization: `Bearer ${second}` },
    });
    expect(other.statusCode).toBe(401);
    expect((await login({ username: "Ben2026", password: "newpass123" }, "10.9.9.8")).statusCode).toBe(200);
  });

  it("never shows one member's info to another's token", async () => {
    const a = (await reg({ ...good, username: "Carla01" })).json().value;
    const b = (await reg({ ...good, username: "Dino01" })).json().value;
    const info = await t.app.inject({
      method: "GET",
      url: "/wps/member/info",
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(info.json().value.customerId).toBe(b.customerId);
    expect(info.json().value.customerId).not.toBe(a.customerId);
  });

  it("refuses registration without a solved human check, and a replayed one", async () => {
    const none = await t.app.inject({
      method: "PUT",
      url: "/wps/member/register",
      payload: { ...good, username: "Bot0001" },
      headers: EN,
    });
    expect(none.json().details.map((d: { path: string }) => d.path)).toContain("humanCheck");
    const solved = await solvedHumanCheck(t.app);
    const wrong = await reg({
      ...good,
      username: "Bot0002",
      humanCheck: { ...solved, number: solved.number + 1 },
    });
    expect(wrong.json().code).toBe("HUMAN_CHECK_FAILED");
    expect((await reg({ ...good, username: "Bot0003", humanCheck: solved })).statusCode).toBe(200);
    const replay = await reg({ ...good, username: "Bot0004", humanCheck: solved });
    expect(replay.json().code).toBe("HUMAN_CHECK_FAILED");
  });

  it("checks an invitation code before anything else and links the new member to the agent", async () => {
    const agent = (await reg({ ...good, username: "Agent007" })).json().value;
    await t.database.db
      .update(members)
      .set({ isAgent: 1, affiliateCode: "LUZON7" })
      .where(eq(members.id, agent.customerId));
    const check = await t.app.inject({ method: "GET", url: "/wps/agent/affiliate?code=luzon7" });
    expect(check.json().value).toEqual({ valid: true });
    const bad = await t.app.inject({ method: "GET", url: "/wps/agent/affiliate?code=NOPE", headers: EN });
    expect(bad.json().code).toBe("INVITATION_CODE_ERROR");
    const child = (await reg({ ...good, username: "Downline1", affiliateCode: "LUZON7" })).json().value;
    const [row] = await t.database.db.select().from(members).where(eq(members.id, child.customerId));
    expect(row?.uplineId).toBe(agent.customerId);
  });

  it("gives trial play only when FREEPLAY3 is on, and keeps trial accounts out of real-account actions", async () => {
    const off = await t.app.inject({
      method: "POST",
      url: "/wps/session/login/freeplay",
      payload: { humanCheck: await solvedHumanCheck(t.app) },
      headers: EN,
    });
    expect(off.json().code).toBe("FEATURE_OFF");
    await writeSetting(t.database.db, "whitelabel", { switches: switchesOf(["USERNAMEREG3", "FREEPLAY3"]) });
    const res = await t.app.inject({
      method: "POST",
      url: "/wps/session/login/freeplay",
      payload: { humanCheck: await solvedHumanCheck(t.app) },
      headers: EN,
    });
    expect(res.statusCode, res.body).toBe(200);
    const trial = res.json().value;
    expect(trial.isAgent).toBe(4);
    const info = await t.app.inject({
      method: "GET",
      url: "/wps/member/info",
      headers: { authorization: `Bearer ${trial.token}` },
    });
    expect(info.json().value.currency).toBe("FUN");
    const change = await t.app.inject({
      method: "POST",
      url: "/wps/member/password",
      payload: { oldPassword: "x", newPassword: "abc12345", confirmNewPassword: "abc12345" },
      headers: { authorization: `Bearer ${trial.token}`, ...EN },
    });
    expect(change.json()).toMatchObject({
      code: "IN_NEED_TRUE_ACCOUNT",
      message: "Please register an account first.",
    });
  });

  it("limits registrations from one address", async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (
        await t.app.inject({
          method: "PUT",
          url: "/wps/member/register",
          payload: { ...good, username: `Flood${i}x`, humanCheck: await solvedHumanCheck(t.app) },
          remoteAddress: "10.200.0.1",
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });

  it("accepts a password encrypted in the browser with the server's public key (RSA-OAEP)", async () => {
    const pk = (await t.app.inject({ method: "GET", url: "/wps/system/publicKey" })).json().value;
    expect(pk.algorithm).toBe("RSA-OAEP-256");
    // Exactly what the site does with WebCrypto.
    const key = await crypto.subtle.importKey(
      "spki",
      Buffer.from(pk.spki, "base64"),
      { name: "RSA-OAEP", hash: "SHA-256" },
      false,
      ["encrypt"],
    );
    const enc = async (s: string) =>
      `enc:${pk.keyId}:${Buffer.from(await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(s))).toString("base64")}`;
    const res = await login({ username: "carla01", password: await enc("secret123") }, "10.7.7.7");
    expect(res.statusCode, res.body).toBe(200);
    const tampered = await login({ username: "carla01", password: `enc:${pk.keyId}:AAAA` }, "10.7.7.8");
    expect(tampered.json().code).toBe("ENCRYPTION_INVALID");
  });

  it("serves the member's avatar and stores their language choice on the member", async () => {
    const m = (await reg({ ...good, username: "Ella2026" })).json().value;
    const auth = { authorization: `Bearer ${m.token}` };
    const avatar = (
      await t.app.inject({ method: "GET", url: "/wps/relay/MCSFE_getPlayerAvatar", headers: auth })
    ).json().value;
    expect(avatar.avatarUrl).toBe("/media/avatar/EL.svg");
    const svg = await t.app.inject({ method: "GET", url: avatar.avatarUrl });
    expect(svg.headers["content-type"]).toBe("image/svg+xml");
    expect(svg.body).toContain(">EL</text>");
    expect((await t.app.inject({ method: "GET", url: "/media/avatar/%3Cscript%3E.svg" })).statusCode).toBe(
      404,
    );
    await t.app.inject({
      method: "PUT",
      url: "/wps/member/language",
      headers: auth,
      payload: { language: "JA" },
    });
    const info = (await t.app.inject({ method: "GET", url: "/wps/member/info", headers: auth })).json().value;
    expect(info.language).toBe("JA");
  });
});
