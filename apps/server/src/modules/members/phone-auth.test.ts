import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { LANGS, messageCatalog } from "../../lib/messages.ts";
import { memoryStore } from "../../lib/shared-store.ts";
import { type FirebaseStandIn, startFirebaseStandIn } from "../../testing/firebase-stand-in.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { switchesOf, writeSetting } from "../content/settings.ts";

/**
 * The third-party phone-code service (spec §3 firebaseChannel/firebaseIdToken, §4 its 1-minute
 * countdown, §8 its errors, §9 retry after 5 minutes): Firebase phone sign-in through Identity
 * Toolkit's REST API, run against a local stand-in, never the internet.
 */
let nowMs = Date.UTC(2026, 10, 28, 4, 0, 0);
const clock = { now: () => new Date(nowMs) };

describe("phone codes through the third-party service", () => {
  let t: TestApp;
  let fb: FirebaseStandIn;
  beforeAll(async () => {
    fb = await startFirebaseStandIn();
    t = await createTestApp(
      {
        PHONE_CODE_PROVIDER: "firebase",
        FIREBASE_API_KEY: fb.apiKey,
        FIREBASE_PROJECT_ID: fb.projectId,
        FIREBASE_AUTH_URL: fb.url,
        FIREBASE_JWKS_URL: fb.jwksUrl,
      },
      { clock, store: memoryStore(() => nowMs) },
    );
    await writeSetting(t.database.db, "whitelabel", {
      switches: switchesOf(["USERNAMEREG3", "MOBILENUMREG3", "MOBILEVERCODELOGIN3", "CHNGPASSVERIF3"]),
    });
  });
  afterAll(async () => {
    await t?.close();
    await fb?.close();
  });

  let ip = 0;
  const post = async (url: string, payload: Record<string, unknown>, lang = "EN") =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      headers: { "x-lang": lang },
      remoteAddress: `10.5.${++ip}.1`,
    });
  const sendRegisterCode = async (mobileNum: string, lang = "EN") =>
    post(
      "/wps/verification/sms/register",
      { countryDialingCode: "63", mobileNum, humanCheck: await solvedHumanCheck(t.app) },
      lang,
    );
  const registerByMobile = async (mobileNum: string, proof: Record<string, unknown>) =>
    t.app.inject({
      method: "PUT",
      url: "/wps/member/register/mobile",
      headers: { "x-lang": "EN" },
      remoteAddress: `10.6.${++ip}.1`,
      payload: {
        countryDialingCode: "63",
        mobileNum,
        ageConfirmed: true,
        agree: true,
        humanCheck: await solvedHumanCheck(t.app),
        ...proof,
      },
    });

  it("tells the form which service checks codes, its 1-minute countdown and its human-check key", async () => {
    const v = (await t.app.inject({ method: "GET", url: "/wps/system/setting/register" })).json().value;
    expect(v.phoneCode).toEqual({
      provider: "firebase",
      resendSeconds: 60,
      recaptchaSiteKey: "stand-in-site-key",
    });
    // SMS login is on: the mobile tab may go without a password; its number is always confirmed.
    expect(v).toMatchObject({ mobileRegPass: false, verificationRequired: true });
  });

  it("registers with the service's ID token once the code is confirmed, and never twice with one token", async () => {
    const sent = await sendRegisterCode("9175550001");
    expect(sent.json()).toEqual({ success: true, value: { expiredMinutes: 1 } });
    const code = fb.codeFor("+639175550001") ?? "";
    const wrong = await post("/wps/verification/phone/confirm", {
      countryDialingCode: "63",
      mobileNum: "9175550001",
      verificationCode: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.json()).toMatchObject({
      code: "PHONE_AUTH_INVALID_CODE",
      details: [{ path: "verificationCode" }],
    });
    const confirmed = await post("/wps/verification/phone/confirm", {
      countryDialingCode: "63",
      mobileNum: "9175550001",
      verificationCode: code,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { firebaseIdToken } = confirmed.json().value;
    // A token for another number proves nothing about this one.
    const other = await registerByMobile("9175550009", { firebaseChannel: "sms", firebaseIdToken });
    expect(other.json().code).toBe("PHONE_AUTH_INVALID_CODE");
    // Two registrations racing with one token: one member, the other refused.
    const [a, b] = await Promise.all([
      registerByMobile("9175550001", { firebaseChannel: "sms", firebaseIdToken }),
      registerByMobile("9175550001", { firebaseChannel: "sms", firebaseIdToken }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const rows = await t.database.db.select().from(members).where(eq(members.mobile, "639175550001"));
    expect(rows).toHaveLength(1);
  });

  it("refuses tokens it did not issue: another key, another project, expired", async () => {
    const phone_number = "+639175550002";
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[string, string]> = [
      [fb.token({ phone_number }, { otherKey: true }), "PHONE_AUTH_INVALID_CODE"],
      [fb.token({ phone_number }, { kid: "unknown-kid" }), "PHONE_AUTH_INVALID_CODE"],
      [fb.token({ phone_number, aud: "someone-else" }), "PHONE_AUTH_INVALID_CODE"],
      [
        fb.token({ phone_number, iss: "https://securetoken.google.com/someone-else" }),
        "PHONE_AUTH_INVALID_CODE",
      ],
      [fb.token({ phone_number, exp: now - 600 }), "PHONE_AUTH_CODE_EXPIRED"],
      ["not.a.token", "PHONE_AUTH_INVALID_CODE"],
    ];
    for (const [firebaseIdToken, code] of cases) {
      const res = await registerByMobile("9175550002", { firebaseChannel: "sms", firebaseIdToken });
      expect(res.json().code, firebaseIdToken.slice(-12)).toBe(code);
    }
    const good = await registerByMobile("9175550002", {
      firebaseChannel: "sms",
      firebaseIdToken: fb.token({ phone_number }),
    });
    expect(good.statusCode, good.body).toBe(200);
  });

  it("maps each of the service's errors to its own code, with a message in the seven languages", async () => {
    const onSend: Array<[string, string]> = [
      ["INVALID_PHONE_NUMBER : TOO_SHORT", "PHONE_AUTH_INVALID_PHONE"],
      ["MISSING_PHONE_NUMBER", "PHONE_AUTH_MISSING_PHONE"],
      ["CAPTCHA_CHECK_FAILED", "PHONE_AUTH_CAPTCHA_FAILED"],
      ["QUOTA_EXCEEDED", "PHONE_AUTH_QUOTA_EXCEEDED"],
      ["OPERATION_NOT_ALLOWED", "PHONE_AUTH_NOT_ALLOWED"],
      ["SOMETHING_NEW", "PHONE_AUTH_UNKNOWN"],
    ];
    let n = 10;
    for (const [name, code] of onSend) {
      const mobileNum = `91755500${n++}`;
      fb.failNext(`+63${mobileNum}`, name);
      const res = await sendRegisterCode(mobileNum, "TH");
      expect(res.json().code, name).toBe(code);
      expect(res.json().message).toBe(messageCatalog("TH")[code]);
    }
    // On confirming: a code typed wrong or left out, and a session that expired.
    await sendRegisterCode("9175550030");
    const confirm = (verificationCode: string) =>
      post("/wps/verification/phone/confirm", {
        countryDialingCode: "63",
        mobileNum: "9175550030",
        verificationCode,
      });
    fb.failNext("+639175550030", "MISSING_CODE");
    expect((await confirm("1")).json().code).toBe("PHONE_AUTH_INVALID_CODE");
    fb.expireSessions();
    expect((await confirm(fb.codeFor("+639175550030") ?? "")).json().code).toBe("PHONE_AUTH_CODE_EXPIRED");
    const codes = [
      ...onSend.map(([, c]) => c),
      "PHONE_AUTH_INVALID_CODE",
      "PHONE_AUTH_CODE_EXPIRED",
      "PHONE_AUTH_TOO_MANY",
    ];
    for (const lang of LANGS)
      for (const c of codes) expect(messageCatalog(lang)[c], `${lang} ${c}`).toBeTruthy();
  });

  it("holds a number back for 5 minutes after the service says too many requests", async () => {
    fb.failNext("+639175550040", "TOO_MANY_ATTEMPTS_TRY_LATER");
    const first = await sendRegisterCode("9175550040");
    expect(first.statusCode).toBe(429);
    expect(first.json()).toMatchObject({ code: "PHONE_AUTH_TOO_MANY", retryAfterS: 300 });
    nowMs += 61_000;
    const calls = fb.calls.length;
    expect((await sendRegisterCode("9175550040")).json().code).toBe("PHONE_AUTH_TOO_MANY");
    expect(fb.calls.length).toBe(calls); // refused here, without asking the service
    nowMs += 5 * 60_000;
    expect((await sendRegisterCode("9175550040")).statusCode).toBe(200);
  });

  it("sends one code a minute per number, and a code gets five tries", async () => {
    expect((await sendRegisterCode("9175550050")).statusCode).toBe(200);
    const again = await sendRegisterCode("9175550050");
    expect(again.json()).toMatchObject({ code: "CODE_TOO_SOON" });
    const confirm = (verificationCode: string) =>
      post("/wps/verification/phone/confirm", {
        countryDialingCode: "63",
        mobileNum: "9175550050",
        verificationCode,
      });
    const code = fb.codeFor("+639175550050") ?? "";
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await confirm(wrong)).json().code).toBe("PHONE_AUTH_INVALID_CODE");
    // The sixth try is refused even with the right code: the session is dead; a new code is needed.
    expect((await confirm(code)).json().code).toBe("PHONE_AUTH_INVALID_CODE");
    expect((await confirm(code)).json().code).toBe("PHONE_AUTH_CODE_EXPIRED");
  });

  it("logs a member in by SMS code through the service, and resets a password by phone", async () => {
    const noLogin = async () =>
      post("/wps/verification/sms/noLogin", {
        countryDialingCode: "63",
        mobileNum: "9175550001",
        humanCheck: await solvedHumanCheck(t.app),
      });
    nowMs += 61_000;
    expect((await noLogin()).json().value).toEqual({ expiredMinutes: 1 });
    const login = await post("/wps/session/login", {
      username: "639175550001",
      password: fb.codeFor("+639175550001"),
      type: "sms",
    });
    expect(login.statusCode, login.body).toBe(200);
    nowMs += 61_000;
    await noLogin();
    const reset = await post("/wps/member/password/verification", {
      countryDialingCode: "63",
      mobileNum: "9175550001",
      verificationCode: fb.codeFor("+639175550001"),
      newPassword: "Phone2026",
      confirmNewPassword: "Phone2026",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const byNumber = await post("/wps/session/login", {
      username: "+63 917 555 0001",
      password: "Phone2026",
    });
    expect(byNumber.statusCode, byNumber.body).toBe(200);
  });
});
