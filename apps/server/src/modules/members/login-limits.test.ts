import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginHistory, members } from "../../db/schema/members.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * Login counters hold under parallel requests (on PGlite, and on
 * PostgreSQL and Redis with TEST_DATABASE_URL and REDIS_URL), and lock answers do not tell which
 * names exist. A burst is sent with Promise.all: every request is in flight at once.
 */
describe("login limits under parallel requests", () => {
  let t: TestApp;
  let ipSeq = 0;
  // Each request from its own address unless a test says otherwise: the per-address limit
  // (set low here, 5 failures) is tested on its own.
  const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_ADDRESS_MAX_FAILURES: "5", LOGIN_ADDRESS_WINDOW_MINUTES: "10" });
  });
  afterAll(async () => t.close());

  const EN = { "x-lang": "EN" };
  const login = (body: Record<string, unknown>, ip = freshIp()) =>
    t.app.inject({
      method: "POST",
      url: "/wps/session/login",
      payload: body,
      headers: EN,
      remoteAddress: ip,
    });
  async function member(username: string, password: string): Promise<number> {
    const [m] = await t.database.db
      .insert(members)
      .values({ username, passwordHash: await hashPassword(password) })
      .returning({ id: members.id });
    if (!m) throw new Error("no member");
    return m.id;
  }
  /** A solved picture code (the test reads the answer the server keeps). */
  async function captcha(): Promise<{ captchaId: string; captcha: string }> {
    const res = await t.app.inject({ method: "GET", url: "/wps/captcha", remoteAddress: freshIp() });
    const captchaId: string = res.json().value.captchaId;
    const answer = await t.store.get(`captcha:${captchaId}`);
    if (!answer) throw new Error("no captcha");
    return { captchaId, captcha: answer };
  }
  const counted = async (username: string) =>
    (
      await t.database.db
        .select({ id: loginHistory.id })
        .from(loginHistory)
        .where(and(eq(loginHistory.username, username), eq(loginHistory.success, false)))
    ).length;
  const row = async (id: number) => (await t.database.db.select().from(members).where(eq(members.id, id)))[0];
  const codes = (rs: { json: () => { code?: string; captcha?: boolean } }[]) => {
    const out: Record<string, number> = {};
    for (const r of rs) {
      const b = r.json();
      const k = `${b.code ?? "OK"}${b.captcha ? "+captcha" : ""}`;
      out[k] = (out[k] ?? 0) + 1;
    }
    return out;
  };

  it("counts 30 parallel wrong passwords as 30 sequential ones: three failures, then a captcha is required", async () => {
    const id = await member("burst01", "right-pass-1");
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => login({ username: "burst01", password: "wrong-pass" })),
    );
    // One by one: two plain failures, the third carries the captcha flag, the rest need a captcha
    // and are refused before any password work.
    expect(codes(burst)).toEqual({
      INVALID_CREDENTIALS: 2,
      "INVALID_CREDENTIALS+captcha": 1,
      "CAPTCHA_REQUIRED+captcha": 27,
    });
    expect(await counted("burst01")).toBe(3);
    expect((await row(id))?.failedLogins).toBe(3);
    expect((await row(id))?.lockedUntil).toBeNull();
    // The right password now needs the captcha too.
    expect((await login({ username: "burst01", password: "right-pass-1" })).json().code).toBe(
      "CAPTCHA_REQUIRED",
    );
    const ok = await login({ username: "burst01", password: "right-pass-1", ...(await captcha()) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await row(id))?.failedLogins).toBe(0);
  });

  it("locks at exactly the tenth failure of a parallel burst with solved captchas, and verifies nothing past it", async () => {
    const id = await member("burst02", "right-pass-2");
    const solved = await Promise.all(Array.from({ length: 30 }, () => captcha()));
    const burst = await Promise.all(
      solved.map((c) => login({ username: "burst02", password: "wrong-pass", ...c })),
    );
    expect(codes(burst)).toEqual({
      INVALID_CREDENTIALS: 2,
      "INVALID_CREDENTIALS+captcha": 7,
      MEMBER_LOCKED: 21,
    });
    expect(await counted("burst02")).toBe(10);
    const m = await row(id);
    expect(m?.failedLogins).toBe(10);
    expect(m?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    // Once the lock is reached, the right password does not log in — not even a burst of them.
    const right = await Promise.all(
      (await Promise.all(Array.from({ length: 5 }, () => captcha()))).map((c) =>
        login({ username: "burst02", password: "right-pass-2", ...c }),
      ),
    );
    expect(codes(right)).toEqual({ MEMBER_LOCKED: 5 });
    expect(await counted("burst02")).toBe(10);
  });

  it("never lets a parallel burst's right password in after the lock, whatever the order", async () => {
    await member("burst03", "right-pass-3");
    const solved = await Promise.all(Array.from({ length: 40 }, () => captcha()));
    const burst = await Promise.all(
      solved.map((c, i) =>
        login({ username: "burst03", password: i === 39 ? "right-pass-3" : "wrong", ...c }),
      ),
    );
    const tally = codes(burst);
    // Ten attempts at most are reserved and verified; the other thirty are refused before any
    // password work. The right password logs in only if it was among the ten (then it is one of
    // them, and nine wrong ones were tried), never after the lock.
    const tried = await counted("burst03");
    expect(tally.OK ?? 0).toBeLessThanOrEqual(1);
    expect(tried).toBe(tally.OK ? 9 : 10);
    expect((tally.MEMBER_LOCKED ?? 0) + tried + (tally.OK ?? 0)).toBeGreaterThanOrEqual(40);
    expect(tally["CAPTCHA_INVALID+captcha"]).toBeUndefined();
  });

  it("answers a locked unknown name exactly like a locked member", async () => {
    await member("realname1", "right-pass-4");
    const lockOut = async (username: string) => {
      const solved = await Promise.all(Array.from({ length: 12 }, () => captcha()));
      return Promise.all(solved.map((c) => login({ username, password: "wrong-pass", ...c })));
    };
    const real = codes(await lockOut("realname1"));
    const ghost = codes(await lockOut("ghostname1"));
    expect(ghost).toEqual(real);
    expect(real.MEMBER_LOCKED).toBe(3);
    const a = await login({ username: "realname1", password: "wrong-pass", ...(await captcha()) });
    const b = await login({ username: "ghostname1", password: "wrong-pass", ...(await captcha()) });
    expect([b.statusCode, b.json()]).toEqual([a.statusCode, a.json()]);
    expect(a.json().code).toBe("MEMBER_LOCKED");
    // Without a captcha too, and before the lock (captcha stage): the same answers.
    const c = await login({ username: "realname1", password: "x" });
    const d = await login({ username: "ghostname1", password: "x" });
    expect([d.statusCode, d.json()]).toEqual([c.statusCode, c.json()]);
  });

  it("answers an operator-locked or closed member's wrong password like any wrong password", async () => {
    const id = await member("closed01", "right-pass-5");
    await t.database.db.update(members).set({ status: "closed" }).where(eq(members.id, id));
    const wrong = await login({ username: "closed01", password: "wrong-pass" });
    const unknown = await login({ username: "nobody-closed", password: "wrong-pass" });
    expect([wrong.statusCode, wrong.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect((await login({ username: "closed01", password: "right-pass-5" })).json().code).toBe(
      "MEMBER_CLOSED",
    );
  });

  it("counts parallel wrong old passwords of a password change on the login counter", async () => {
    await member("changer01", "right-pass-7");
    const token = (await login({ username: "changer01", password: "right-pass-7" })).json().value.token;
    const change = (oldPassword: string) =>
      t.app.inject({
        method: "POST",
        url: "/wps/member/password",
        payload: { oldPassword, newPassword: "newpass123", confirmNewPassword: "newpass123" },
        headers: { ...EN, authorization: `Bearer ${token}` },
      });
    const burst = await Promise.all(Array.from({ length: 12 }, () => change("wrong-old-1")));
    expect(codes(burst)).toEqual({ VALIDATION_ERROR: 9, MEMBER_LOCKED: 3 });
    expect((await change("right-pass-7")).json().code).toBe("MEMBER_LOCKED");
    expect(
      (await login({ username: "changer01", password: "right-pass-7", ...(await captcha()) })).json().code,
    ).toBe("MEMBER_LOCKED");
  });

  it("counts an address's failures only, atomically: successful logins behind one address never add up", async () => {
    await member("carrier01", "right-pass-6");
    const ip = "100.64.0.1"; // a carrier-grade NAT address shared by many players
    for (let i = 0; i < 12; i++) {
      const ok = await login({ username: "carrier01", password: "right-pass-6" }, ip);
      expect(ok.statusCode, ok.body).toBe(200);
    }
    // 20 wrong passwords for different names at once from another address: exactly the limit (5)
    // are tried, the rest refused before any password work.
    const other = "100.64.0.2";
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login({ username: `spray${i}`, password: "guess" }, other)),
    );
    expect(codes(burst)).toEqual({ INVALID_CREDENTIALS: 5, RATE_LIMITED: 15 });
    const tried = await t.database.db.select().from(loginHistory).where(eq(loginHistory.ip, other));
    expect(tried.length).toBe(5);
    expect(burst.find((r) => r.statusCode === 429)?.json().message).toContain("600 seconds");
    // The right password from that address waits too; the first address is untouched.
    expect((await login({ username: "carrier01", password: "right-pass-6" }, other)).statusCode).toBe(429);
    expect((await login({ username: "carrier01", password: "right-pass-6" }, ip)).statusCode).toBe(200);
  });
});
