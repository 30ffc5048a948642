import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { outbox } from "../../db/schema/messaging.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { SETTING_DEFAULTS, switchesOf, writeSetting } from "../content/settings.ts";

/** 22 November 2026, 10:00 in Manila; the test moves it. */
let nowMs = Date.UTC(2026, 10, 22, 2, 0, 0);
const clock = { now: () => new Date(nowMs) };

const EN = { "x-lang": "EN" };
const OWNER = {
  username: "owner1",
  password: "Owner-password-2026",
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};

describe("registration: field config, birthday and minimum age, invitation code, SMS code", () => {
  let t: TestApp;
  let ipSeq = 0;
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    await createOperator(t.database.db, { ...OWNER, role: "owner" });
  });
  afterAll(async () => t.close());

  /** Each call from its own address unless told: the per-address rules are tested apart. */
  const put = async (url: string, body: Record<string, unknown>, ip = `10.20.${++ipSeq}.1`) =>
    t.app.inject({
      method: "PUT",
      url,
      payload: { humanCheck: await solvedHumanCheck(t.app), ageConfirmed: true, agree: true, ...body },
      headers: EN,
      remoteAddress: ip,
    });
  const byName = (body: Record<string, unknown>, ip?: string) =>
    put("/wps/member/register", { password: "secret123", confirmPassword: "secret123", ...body }, ip);
  const byMobile = (body: Record<string, unknown>, ip?: string) =>
    put("/wps/member/register/mobile", { countryDialingCode: "63", ...body }, ip);
  const memberNamed = async (username: string) =>
    (await t.database.db.select().from(members).where(eq(members.username, username)))[0];
  const paths = (res: { json(): { details?: { path: string; message: string }[] } }) =>
    Object.fromEntries((res.json().details ?? []).map((d) => [d.path, d.message]));

  async function operatorCookie(): Promise<string> {
    nowMs += 30_000; // a fresh TOTP step: each code is accepted once
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: { "x-requested-with": "panalo-admin", ...EN },
      payload: {
        username: OWNER.username,
        password: OWNER.password,
        totp: totpAt(OWNER.totpSecret, Math.floor(nowMs / 30_000)),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
  }

  it("serves the field config with the birthday, the countries and the operator's minimum age", async () => {
    const v = (await t.app.inject({ method: "GET", url: "/wps/system/setting/register" })).json().value;
    expect(v.fields.birthday).toEqual({
      enabled: true,
      required: false,
      minLength: 10,
      maxLength: 10,
      patternId: "DATE_YMD",
      acceptedPattern: null,
    });
    expect(v.fields.mobileNum).toMatchObject({
      enabled: true,
      minLength: 10,
      maxLength: 10,
      acceptedPattern: "9*",
    });
    expect(v.fields.email.enabled).toBe(false);
    expect(v.countries[0]).toEqual({ countryCode: "PH", countryDialingCode: "63" });
    // A mobile registration always confirms its number, and asks for a password while login by
    // SMS code is off (the defaults): a member with neither could never sign back in.
    expect(v).toMatchObject({ minimumAge: 21, mobileRegPass: true, verificationRequired: true });
  });

  it("registers by username with a birthday, keeps it on the member and logs them in", async () => {
    const res = await byName({
      username: "Bday1990",
      birthday: "1990-05-17",
      registerUrl: "https://x.ph/register",
    });
    expect(res.statusCode, res.body).toBe(200);
    const info = await t.app.inject({
      method: "GET",
      url: "/wps/member/info",
      headers: { authorization: `Bearer ${res.json().value.token}` },
    });
    expect(info.json().value.username).toBe("bday1990");
    const m = await memberNamed("bday1990");
    expect(m?.birthday).toBe("1990-05-17");
    expect(m?.registerUrl).toBe("https://x.ph/register");
  });

  it("refuses a birthday under the minimum age with UNDERAGE, in Manila's day, and creates nothing", async () => {
    // 21 tomorrow in Manila: refused, with the age in the message and the field named.
    const young = await byName({ username: "Young2005", birthday: "2005-11-23" });
    expect(young.statusCode).toBe(400);
    expect(young.json()).toMatchObject({
      code: "UNDERAGE",
      message: "You must be at least 21 years old to register.",
      details: [{ path: "birthday", message: "UNDERAGE" }],
    });
    expect(await memberNamed("young2005")).toBeUndefined();
    // At 00:30 in Manila (still the day before in UTC) the same birthday is 21.
    nowMs = Date.UTC(2026, 10, 22, 16, 30);
    expect((await byName({ username: "Young2005", birthday: "2005-11-23" })).statusCode).toBe(200);
    // An operator allowing 18: a 17-year-old is still refused, an 18-year-old is welcome.
    await writeSetting(t.database.db, "brand", { ...SETTING_DEFAULTS.brand, minimumAge: 18 });
    const seventeen = await byName({ username: "Teen2009", birthday: "2008-11-24" });
    expect(seventeen.json().message).toBe("You must be at least 18 years old to register.");
    expect((await byName({ username: "Teen2008", birthday: "2008-11-23" })).statusCode).toBe(200);
    await writeSetting(t.database.db, "brand", SETTING_DEFAULTS.brand);
  });

  it("refuses malformed birthdays, patterns and lengths under each field", async () => {
    const bad = await byName({ username: "Shape01", birthday: "2001-02-29", affiliateCode: "LU-ZON" });
    expect(bad.json().code).toBe("VALIDATION_ERROR");
    expect(paths(bad)).toMatchObject({ birthday: "pattern.date_ymd" });
    // The field config (ALNUM, 4–20) applies on the server as on the form.
    expect(paths(await byName({ username: "Shape01", affiliateCode: "LU-ZON" }))).toEqual({
      affiliateCode: "pattern.alnum",
    });
    expect(paths(await byName({ username: "Shape01", affiliateCode: "AB" }))).toEqual({
      affiliateCode: "fieldError.length",
    });
    expect(paths(await byName({ username: "Shape01", birthday: "1890-01-01" }))).toEqual({
      birthday: "pattern.date_ymd",
    });
    // Philippine mobiles: 10 digits (one figure) starting with 9 (accepted pattern 9*).
    expect(paths(await byMobile({ mobileNum: "917123456" }))).toEqual({
      mobileNum: "fieldError.lengthExact",
    });
    expect(paths(await byMobile({ mobileNum: "8171234567" }))).toEqual({ mobileNum: "fieldError.accepted" });
    expect(await memberNamed("shape01")).toBeUndefined();
  });

  it("applies the operator's rules for the optional fields and keeps what they enable", async () => {
    const cookie = await operatorCookie();
    const H = { cookie, "x-requested-with": "panalo-admin", ...EN };
    const current = (
      await t.app.inject({ method: "GET", url: "/api/admin/settings/register-fields", headers: H })
    ).json().value;
    const on = {
      ...current,
      email: { ...current.email, enabled: true, required: true },
      payeeName: { ...current.payeeName, enabled: true },
      birthday: { ...current.birthday, required: true },
    };
    const wrong = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings/register-fields",
      headers: H,
      payload: { ...on, payeeName: { ...on.payeeName, minLength: 80 } },
    });
    expect(paths(wrong)).toEqual({ "payeeName.maxLength": "max_below_min" });
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings/register-fields",
      headers: H,
      payload: on,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const audit = await t.app.inject({
      method: "GET",
      url: "/api/admin/audit?entityType=settings.register_fields",
      headers: H,
    });
    expect(audit.json().value.items[0]).toMatchObject({ operator: "owner1", action: "update" });
    const form = (await t.app.inject({ method: "GET", url: "/wps/system/setting/register" })).json().value;
    expect(form.fields.email).toMatchObject({ enabled: true, required: true });

    const missing = await byName({ username: "Opt2026" });
    expect(paths(missing)).toEqual({ email: "fieldError.required", birthday: "fieldError.required" });
    const badName = await byName({
      username: "Opt2026",
      email: "opt@x.ph",
      birthday: "1990-01-01",
      payeeName: "Juan",
    });
    expect(paths(badName)).toEqual({ payeeName: "pattern.full_name_space" });
    const ok = await byName({
      username: "Opt2026",
      email: "opt@x.ph",
      birthday: "1990-01-01",
      payeeName: "Juan Dela Cruz",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await memberNamed("opt2026")).toMatchObject({
      email: "opt@x.ph",
      realName: "Juan Dela Cruz",
      birthday: "1990-01-01",
    });
    // Back to the defaults: fields the operator turns off are not taken.
    await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings/register-fields",
      headers: H,
      payload: current,
    });
    expect((await byName({ username: "Opt2027", email: "opt2@x.ph" })).statusCode).toBe(200);
    expect((await memberNamed("opt2027"))?.email).toBeNull();
  });

  it("refuses an invalid invitation code on both tabs before anything else, creating nothing", async () => {
    const byCode = await byName({ username: "Pedro2026", affiliateCode: "NOPE1" });
    expect(byCode.json()).toMatchObject({
      code: "INVITATION_CODE_ERROR",
      message: "The invitation code is not valid.",
    });
    expect(await memberNamed("pedro2026")).toBeUndefined();
    const mobile = await byMobile({
      mobileNum: "9170000001",
      affiliateCode: "NOPE1",
      password: "secret123",
      confirmPassword: "secret123",
    });
    expect(mobile.json().code).toBe("INVITATION_CODE_ERROR");
    const rows = await t.database.db.select().from(members).where(eq(members.mobile, "639170000001"));
    expect(rows).toHaveLength(0);
    const check = await t.app.inject({ method: "GET", url: "/wps/agent/affiliate?code=NOPE1", headers: EN });
    expect(check.json().code).toBe("INVITATION_CODE_ERROR");
  });

  it("always confirms a mobile registration's number and spends the code only once everything else passed", async () => {
    const mobileNum = "9171112222";
    const password = { password: "secret123", confirmPassword: "secret123" };
    // SMS login is off (the defaults): the password is required, so the member can come back.
    expect(paths(await byMobile({ mobileNum, verificationCode: "123456" }))).toEqual({
      password: "fieldError.required",
    });
    const none = await byMobile({ mobileNum, ...password });
    expect(paths(none)).toEqual({ verificationCode: "CODE_INVALID" });
    const sent = await t.app.inject({
      method: "POST",
      url: "/wps/verification/sms/register",
      payload: { countryDialingCode: "63", mobileNum, humanCheck: await solvedHumanCheck(t.app) },
      headers: EN,
    });
    expect(sent.json().value).toEqual({ expiredMinutes: 5 });
    const [sms] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "639171112222"))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = /code is (\d{6})/.exec(sms?.body ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    // Underage: refused before the code is spent, so the same code still works after.
    const young = await byMobile({ mobileNum, ...password, verificationCode: code, birthday: "2010-01-01" });
    expect(young.json().code).toBe("UNDERAGE");
    const ok = await byMobile({ mobileNum, ...password, verificationCode: code, birthday: "1995-03-04" });
    expect(ok.statusCode, ok.body).toBe(200);
    const [m] = await t.database.db.select().from(members).where(eq(members.mobile, "639171112222"));
    expect(m?.birthday).toBe("1995-03-04");
    // The member signs back in with the number and the password (never needing the made-up username).
    const back = await t.app.inject({
      method: "POST",
      url: "/wps/session/login",
      headers: EN,
      payload: { username: "0917 111 2222", password: "secret123" },
      remoteAddress: "10.77.0.1",
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().value.customerId).toBe(m?.id);
    // A number is registered once: no second code is sent for it.
    nowMs += 61_000;
    const taken = await t.app.inject({
      method: "POST",
      url: "/wps/verification/sms/register",
      payload: { countryDialingCode: "63", mobileNum, humanCheck: await solvedHumanCheck(t.app) },
      headers: EN,
    });
    expect(taken.json().code).toBe("MOBILE_TAKEN");
  });

  it("refuses username registration when the operator has turned it off", async () => {
    await writeSetting(t.database.db, "whitelabel", { switches: switchesOf(["MOBILENUMREG3"]) });
    const res = await byName({ username: "Closed01" });
    expect(res.json().code).toBe("FEATURE_OFF");
    const form = (await t.app.inject({ method: "GET", url: "/wps/system/setting/register" })).json().value;
    expect(form.fields.username.enabled).toBe(false);
    await writeSetting(t.database.db, "whitelabel", {
      switches: switchesOf(["USERNAMEREG3", "MOBILENUMREG3"]),
    });
  });

  it("asks one address for a picture code after three refused registrations", async () => {
    const ip = "10.99.0.1";
    await byName({ username: "Probe001" }, ip);
    const first = await byName({ username: "Probe001" }, ip); // taken
    expect(first.json().captcha).toBeUndefined();
    await byName({ username: "Probe001" }, ip);
    const third = await byName({ username: "Probe001" }, ip);
    expect(third.json()).toMatchObject({ code: "USERNAME_TAKEN", captcha: true });
    const without = await byName({ username: "Probe002" }, ip);
    expect(without.json()).toMatchObject({ code: "CAPTCHA_REQUIRED", captcha: true });
    expect(await memberNamed("probe002")).toBeUndefined();
    // The picture's answer, read from the shared store as only a test can.
    const picture = (await t.app.inject({ method: "GET", url: "/wps/captcha" })).json().value;
    const answer = (await t.store.get(`captcha:${picture.captchaId}`)) ?? "";
    const solved = await byName({ username: "Probe002", captchaId: picture.captchaId, captcha: answer }, ip);
    expect(solved.statusCode, solved.body).toBe(200);
    // Another address is not affected.
    expect((await byName({ username: "Probe003" })).statusCode).toBe(200);
  });
});
