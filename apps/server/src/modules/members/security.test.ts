import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { outbox } from "../../db/schema/messaging.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { switchesOf, writeSetting } from "../content/settings.ts";

let nowMs = Date.UTC(2026, 10, 22, 10, 0, 0);
const clock = { now: () => new Date(nowMs) };

describe("login policies: expired passwords, new-address second factor, agent path", () => {
  let t: TestApp;
  const EN = { "x-lang": "EN" };
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    for (const username of ["Lito2026", "Nena2026"]) {
      await t.app.inject({
        method: "PUT",
        url: "/wps/member/register",
        payload: {
          username,
          password: "secret123",
          confirmPassword: "secret123",
          ageConfirmed: true,
          agree: true,
          humanCheck: await solvedHumanCheck(t.app),
        },
        remoteAddress: "10.0.0.1",
      });
    }
  });
  afterAll(async () => t.close());

  const login = (username: string, extra: Record<string, unknown> = {}, ip = "10.0.0.1") =>
    t.app.inject({
      method: "POST",
      url: "/wps/session/login",
      payload: { username, password: "secret123", ...extra },
      headers: EN,
      remoteAddress: ip,
    });

  it("forces a change of a password older than the operator's limit when PWDEXPFORCECHANGE3 is on", async () => {
    nowMs += 100 * 86_400_000;
    const off = (await login("lito2026")).json().value;
    expect(off.passwordExpired).toBe(false);
    await writeSetting(t.database.db, "whitelabel", {
      switches: switchesOf(["USERNAMEREG3", "PWDEXPFORCECHANGE3"]),
    });
    const on = (await login("lito2026")).json().value;
    expect(on).toMatchObject({ passwordExpired: true, mustChangePassword: true });
    const change = await t.app.inject({
      method: "POST",
      url: "/wps/member/password",
      headers: { authorization: `Bearer ${on.token}`, ...EN },
      payload: { oldPassword: "secret123", newPassword: "fresh12345", confirmNewPassword: "fresh12345" },
    });
    expect(change.statusCode, change.body).toBe(200);
    const after = (await login("lito2026", { password: "fresh12345" })).json().value;
    expect(after).toMatchObject({ passwordExpired: false, mustChangePassword: false });
  });

  it("asks for a code sent to the member's phone when they log in from a new address", async () => {
    await writeSetting(t.database.db, "security", { passwordMaxAgeDays: 90, newIpSecondFactor: true });
    await t.database.db
      .update(members)
      .set({ mobile: "639170000001" })
      .where(eq(members.username, "nena2026"));
    expect((await login("nena2026")).statusCode).toBe(200); // a known address: no code
    const fresh = await login("nena2026", {}, "203.0.113.9");
    expect(fresh.statusCode).toBe(401);
    expect(fresh.json()).toMatchObject({
      code: "SECOND_FACTOR_REQUIRED",
      secondFactor: { channel: "sms", to: "•••0001" },
    });
    const [sms] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "639170000001"))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = /code is (\d{6})/.exec(sms?.body ?? "")?.[1] ?? "";
    const wrong = await login("nena2026", { secondFactorCode: "000000" }, "203.0.113.9");
    expect(wrong.statusCode).toBe(400);
    const ok = await login("nena2026", { secondFactorCode: code }, "203.0.113.9");
    expect(ok.statusCode, ok.body).toBe(200);
    // Now that address is known.
    expect((await login("nena2026", {}, "203.0.113.9")).statusCode).toBe(200);
  });

  it("keeps members out of the agent login path", async () => {
    await writeSetting(t.database.db, "security", { passwordMaxAgeDays: 90, newIpSecondFactor: false });
    const res = await login("nena2026", { path: "agent" });
    expect(res.json()).toMatchObject({ code: "NOT_AN_AGENT" });
    await t.database.db.update(members).set({ isAgent: 1 }).where(eq(members.username, "nena2026"));
    expect((await login("nena2026", { path: "agent" })).statusCode).toBe(200);
  });
});
