import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { outbox } from "../../db/schema/messaging.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { SETTING_DEFAULTS, switchesOf, writeSetting } from "../content/settings.ts";

let nowMs = Date.UTC(2026, 10, 22, 9, 0, 0);
const clock = { now: () => new Date(nowMs) };

describe("mobile registration, SMS login and password recovery", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    const db = t.database.db;
    await writeSetting(db, "whitelabel", {
      switches: switchesOf([
        "USERNAMEREG3",
        "MOBILENUMREG3",
        "REGMOBVERF3",
        "MOBILEVERCODELOGIN3",
        "CHNGPASSVERIF3",
        "CHNGPASSMAIL3",
      ]),
    });
    await writeSetting(db, "brand", { ...SETTING_DEFAULTS.brand, mobileRegPass: true });
  });
  afterAll(async () => t.close());

  const EN = { "x-lang": "EN" };
  const needsCheck = [
    "/wps/verification/sms/register",
    "/wps/verification/sms/noLogin",
    "/wps/member/register/mobile",
  ];
  const call = async (method: "POST" | "PUT", url: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method,
      url,
      payload: needsCheck.includes(url) ? { humanCheck: await solvedHumanCheck(t.app), ...payload } : payload,
      headers: EN,
    });
  /** The code in the newest SMS to a number, read from the outbox as the operator would. */
  async function lastCode(recipient: string): Promise<string> {
    const [row] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, recipient))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = /code is (\d{6})/.exec(row?.body ?? "")?.[1];
    if (!code) throw new Error(`no code sent to ${recipient}`);
    return code;
  }
  const reg = { countryDialingCode: "63", mobileNum: "09171234567", ageConfirmed: true, agree: true };

  it("registers by mobile with the SMS code from the outbox", async () => {
    const bad = await call("POST", "/wps/verification/sms/register", {
      countryDialingCode: "63",
      mobileNum: "81234567",
    });
    expect(bad.json().details[0]).toEqual({ path: "mobileNum", message: "MOBILE_INVALID" });
    const sent = await call("POST", "/wps/verification/sms/register", {
      countryDialingCode: "63",
      mobileNum: "09171234567",
    });
    expect(sent.json().value).toEqual({ expiredMinutes: 5 });
    const again = await call("POST", "/wps/verification/sms/register", {
      countryDialingCode: "63",
      mobileNum: "09171234567",
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe("CODE_TOO_SOON");

    const wrong = await call("PUT", "/wps/member/register/mobile", {
      ...reg,
      verificationCode: "000000",
      password: "secret123",
      confirmPassword: "secret123",
    });
    expect(wrong.json().details[0].path).toBe("verificationCode");
    const code = await lastCode("639171234567");
    const ok = await call("PUT", "/wps/member/register/mobile", {
      ...reg,
      verificationCode: code,
      password: "secret123",
      confirmPassword: "secret123",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.token).toBeTruthy();
    // The code worked once.
    const reuse = await call("PUT", "/wps/member/register/mobile", {
      ...reg,
      mobileNum: "09171234567",
      verificationCode: code,
      password: "secret123",
      confirmPassword: "secret123",
    });
    expect(reuse.statusCode).toBe(400);
  });

  it("answers a code request for an unknown number exactly like a known one, sending nothing", async () => {
    const unknown = await call("POST", "/wps/verification/sms/noLogin", {
      countryDialingCode: "63",
      mobileNum: "9990000000",
    });
    expect(unknown.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
    const sent = await t.database.db.select().from(outbox).where(eq(outbox.recipient, "639990000000"));
    expect(sent).toHaveLength(0);
  });

  it("logs in by mobile and SMS code", async () => {
    nowMs += 61_000;
    await call("POST", "/wps/verification/sms/noLogin", {
      countryDialingCode: "63",
      mobileNum: "9171234567",
    });
    const code = await lastCode("639171234567");
    const res = await call("POST", "/wps/session/login", {
      type: "sms",
      username: "+63 917 123 4567",
      password: code,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.mustChangePassword).toBe(false);
  });

  it("resets a forgotten password by phone and logs the member in", async () => {
    nowMs += 61_000;
    await call("POST", "/wps/verification/sms/noLogin", {
      countryDialingCode: "63",
      mobileNum: "9171234567",
    });
    const code = await lastCode("639171234567");
    const res = await call("POST", "/wps/member/password/verification", {
      countryDialingCode: "63",
      mobileNum: "9171234567",
      verificationCode: code,
      newPassword: "brandnew99",
      confirmNewPassword: "brandnew99",
    });
    expect(res.statusCode, res.body).toBe(200);
    const [m] = await t.database.db.select().from(members).where(eq(members.mobile, "639171234567"));
    const login = await call("POST", "/wps/session/login", {
      username: m?.username ?? "",
      password: "brandnew99",
    });
    expect(login.statusCode).toBe(200);
  });

  it("sends a single-use reset link by e-mail and never says whether the account exists", async () => {
    const [m] = await t.database.db.select().from(members).where(eq(members.mobile, "639171234567"));
    await t.database.db
      .update(members)
      .set({ email: "juan@example.ph" })
      .where(eq(members.id, m?.id ?? 0));
    const unknown = await call("POST", "/wps/member/password/email", {
      username: "nobody",
      email: "x@example.ph",
    });
    const known = await call("POST", "/wps/member/password/email", {
      username: m?.username ?? "",
      email: "JUAN@example.ph",
    });
    expect(unknown.json()).toEqual(known.json());
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, "juan@example.ph"));
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? "")?.[1] ?? "";
    const reset = (tk: string) =>
      call("POST", "/wps/member/password/reset", {
        token: tk,
        newPassword: "viaemail77",
        confirmNewPassword: "viaemail77",
      });
    expect((await reset(token)).statusCode).toBe(200);
    const replay = await reset(token);
    expect(replay.json().code).toBe("RESET_LINK_INVALID");
    expect(
      (await call("POST", "/wps/session/login", { username: m?.username ?? "", password: "viaemail77" }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses an expired reset link", async () => {
    const [m] = await t.database.db.select().from(members).where(eq(members.mobile, "639171234567"));
    await call("POST", "/wps/member/password/email", {
      username: m?.username ?? "",
      email: "juan@example.ph",
    });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "juan@example.ph"))
      .orderBy(desc(outbox.id))
      .limit(1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? "")?.[1] ?? "";
    nowMs += 31 * 60_000;
    const res = await call("POST", "/wps/member/password/reset", {
      token,
      newPassword: "late12345",
      confirmNewPassword: "late12345",
    });
    expect(res.json().code).toBe("RESET_LINK_INVALID");
  });

  it("serves the registration field config with the dialing codes", async () => {
    const v = (await t.app.inject({ method: "GET", url: "/wps/system/setting/register" })).json().value;
    expect(v.fields.username).toMatchObject({
      required: true,
      minLength: 4,
      maxLength: 16,
      patternId: "LETTER_FIRST_ALNUM",
    });
    expect(v.countries[0]).toEqual({ countryCode: "PH", countryDialingCode: "63" });
    expect(v.verificationRequired).toBe(true);
  });
});
