import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operators } from "../../db/schema/admin.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "./operators.ts";
import { totpAt } from "./totp.ts";

/**
 * Back-office sign-in limits: the counters hold under parallel requests,
 * a wrong TOTP answers like a wrong password, and a lock does not tell which names exist.
 */
let nowMs = Date.UTC(2026, 10, 23, 8, 0, 0);
const clock = { now: () => new Date(nowMs) };
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const SECRET = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";

describe("back-office sign-in limits", () => {
  let t: TestApp;
  let ipSeq = 0;
  const freshIp = () => `10.88.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_ADDRESS_MAX_FAILURES: "4" }, { clock });
  });
  afterAll(async () => t.close());

  const signIn = (payload: Record<string, string>, ip = freshIp()) =>
    t.app.inject({ method: "POST", url: "/api/admin/session", headers: H, payload, remoteAddress: ip });
  const code = () => totpAt(SECRET, Math.floor(nowMs / 30_000));
  const op = async (username: string) =>
    (await t.database.db.select().from(operators).where(eq(operators.username, username)))[0];
  const tally = (rs: { json: () => { code?: string } }[]) => {
    const out: Record<string, number> = {};
    for (const r of rs) {
      const k = r.json().code ?? "OK";
      out[k] = (out[k] ?? 0) + 1;
    }
    return out;
  };

  it("answers a wrong TOTP, a reused TOTP and a wrong password alike", async () => {
    await createOperator(t.database.db, {
      username: "totp1",
      password: "Totp-password-2026",
      totpSecret: SECRET,
      role: "support",
    });
    nowMs += 30_000;
    const wrongTotp = await signIn({ username: "totp1", password: "Totp-password-2026", totp: "000000" });
    const wrongPassword = await signIn({ username: "totp1", password: "Not-the-password", totp: code() });
    const ok = await signIn({ username: "totp1", password: "Totp-password-2026", totp: code() });
    expect(ok.statusCode, ok.body).toBe(200);
    const reused = await signIn({ username: "totp1", password: "Totp-password-2026", totp: code() });
    const unknown = await signIn({ username: "nobody-op", password: "Not-the-password", totp: "000000" });
    for (const r of [wrongTotp, reused, unknown]) {
      expect([r.statusCode, r.json()]).toEqual([wrongPassword.statusCode, wrongPassword.json()]);
    }
    expect(wrongPassword.json()).toMatchObject({
      code: "SIGN_IN_FAILED",
      message: "Wrong username, password or authenticator code.",
    });
  });

  it("locks at exactly the tenth failure of a parallel burst; the right answer inside it does not sign in after the lock", async () => {
    await createOperator(t.database.db, {
      username: "burstop",
      password: "Burst-password-2026",
      totpSecret: SECRET,
      role: "support",
    });
    nowMs += 30_000;
    const burst = await Promise.all(
      Array.from({ length: 30 }, () =>
        signIn({ username: "burstop", password: "Wrong-password-1", totp: code() }),
      ),
    );
    expect(tally(burst)).toEqual({ SIGN_IN_FAILED: 9, OPERATOR_LOCKED: 21 });
    const o = await op("burstop");
    expect(o?.failedLogins).toBe(10);
    expect(o?.lockedUntil?.getTime()).toBe(nowMs + 15 * 60_000);
    nowMs += 30_000;
    const right = await Promise.all(
      Array.from({ length: 3 }, () =>
        signIn({ username: "burstop", password: "Burst-password-2026", totp: code() }),
      ),
    );
    expect(tally(right)).toEqual({ OPERATOR_LOCKED: 3 });
    // After the lock, the right answer signs in and the count starts again.
    nowMs += 15 * 60_000 + 30_000;
    const later = await signIn({ username: "burstop", password: "Burst-password-2026", totp: code() });
    expect(later.statusCode, later.body).toBe(200);
    expect((await op("burstop"))?.failedLogins).toBe(0);
  });

  it("locks an unknown name like a real one, with the same answer", async () => {
    await createOperator(t.database.db, {
      username: "realop",
      password: "Real-password-2026",
      totpSecret: SECRET,
      role: "support",
    });
    nowMs += 30_000;
    const burst = async (username: string) =>
      tally(
        await Promise.all(
          Array.from({ length: 12 }, () =>
            signIn({ username, password: "Wrong-password-1", totp: "123456" }),
          ),
        ),
      );
    expect(await burst("ghostop")).toEqual(await burst("realop"));
    const a = await signIn({ username: "realop", password: "Real-password-2026", totp: code() });
    const b = await signIn({ username: "ghostop", password: "Real-password-2026", totp: code() });
    expect([b.statusCode, b.json()]).toEqual([a.statusCode, a.json()]);
    expect(a.json().code).toBe("OPERATOR_LOCKED");
  });

  it("counts parallel wrong old passwords of a password change like failed sign-ins", async () => {
    await createOperator(t.database.db, {
      username: "changeop",
      password: "Change-password-2026",
      totpSecret: SECRET,
      role: "support",
    });
    nowMs += 30_000;
    const res = await signIn({ username: "changeop", password: "Change-password-2026", totp: code() });
    const cookie = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    const change = (oldPassword: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/session/password",
        headers: { ...H, cookie },
        payload: { oldPassword, newPassword: "Another-password-2026" },
      });
    const burst = await Promise.all(Array.from({ length: 12 }, () => change("Wrong-password-1")));
    expect(tally(burst)).toEqual({ INVALID_CREDENTIALS: 9, OPERATOR_LOCKED: 3 });
    expect((await change("Change-password-2026")).json().code).toBe("OPERATOR_LOCKED");
  });

  it("counts an address's failed sign-ins only, atomically", async () => {
    await createOperator(t.database.db, {
      username: "officeop",
      password: "Office-password-2026",
      totpSecret: SECRET,
      role: "support",
    });
    const office = "192.0.2.10";
    for (let i = 0; i < 6; i++) {
      nowMs += 30_000;
      const ok = await signIn(
        { username: "officeop", password: "Office-password-2026", totp: code() },
        office,
      );
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const attacker = "192.0.2.66";
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signIn({ username: `spray${i}`, password: "Guess-password-1", totp: "123456" }, attacker),
      ),
    );
    expect(tally(burst)).toEqual({ SIGN_IN_FAILED: 4, RATE_LIMITED: 8 });
  });

  it("sets the session cookie Secure in production even when PUBLIC_URL is plain http", async () => {
    const prod = await createTestApp(
      { NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:8080" },
      { clock },
    );
    try {
      await createOperator(prod.database.db, {
        username: "prodop",
        password: "Prod-password-2026",
        totpSecret: SECRET,
        role: "support",
      });
      nowMs += 30_000;
      const res = await prod.app.inject({
        method: "POST",
        url: "/api/admin/session",
        headers: H,
        payload: { username: "prodop", password: "Prod-password-2026", totp: code() },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.cookies.find((c) => c.name === "panalo_admin")?.secure).toBe(true);
    } finally {
      await prod.close();
    }
  });
});
