import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * Transaction-password tries hold under parallel requests. Five wrong tries
 * lock the transaction password for 15 minutes, counted atomically before the hash is computed,
 * across withdrawals, transfers and the change of the password itself.
 */
describe("transaction-password tries under parallel requests", () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let ipSeq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const [agent] = await t.database.db
      .insert(members)
      .values({ username: "txagent", isAgent: 1, passwordHash: await hashPassword("login-pass-1") })
      .returning({ id: members.id });
    await t.database.db.insert(members).values([
      { username: "txplayer1", uplineId: agent?.id, passwordHash: await hashPassword("login-pass-1") },
      { username: "txplayer2", uplineId: agent?.id, passwordHash: await hashPassword("login-pass-1") },
      { username: "txplayer3", uplineId: agent?.id, passwordHash: await hashPassword("login-pass-1") },
    ]);
    for (const username of ["txplayer1", "txplayer2", "txplayer3"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/wps/session/login",
        payload: { username, password: "login-pass-1" },
        remoteAddress: `10.99.0.${++ipSeq}`,
      });
      tokens[username] = res.json().value.token;
      const set = await call(username, "PUT", "/wps/member/transactionPassword", {
        newTransactionPassword: "246810",
      });
      expect(set.statusCode, set.body).toBe(200);
    }
  });
  afterAll(async () => t.close());

  function call(username: string, method: "POST" | "PUT", url: string, payload: unknown) {
    return t.app.inject({
      method,
      url,
      payload: payload as Record<string, unknown>,
      headers: { authorization: `Bearer ${tokens[username]}`, "x-lang": "EN" },
    });
  }
  const withdraw = (username: string, pw: string, i: number) =>
    call(username, "POST", "/wps/withdrawals", {
      amount: "100.00",
      payoutAccountId: 999_999,
      transactionPassword: pw,
      requestId: `txburst-${username}-${i}`,
    });
  const transfer = (username: string, pw: string, i: number) =>
    call(username, "POST", "/wps/relay/transferUpline", {
      amount: "1.00",
      transactionPassword: pw,
      requestId: `txburst-up-${username}-${i}`,
    });
  const tally = (rs: { json: () => { code?: string; details?: { message: string }[] } }[]) => {
    const out: Record<string, number> = {};
    for (const r of rs) {
      const b = r.json();
      const k = b.details?.[0]?.message ?? b.code ?? "OK";
      out[k] = (out[k] ?? 0) + 1;
    }
    return out;
  };

  it("locks at exactly the fifth wrong try of a parallel burst, for two members at once, each on its own", async () => {
    const [one, two] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, (_, i) => withdraw("txplayer1", "111111", i))),
      Promise.all(Array.from({ length: 20 }, (_, i) => transfer("txplayer2", "111111", i))),
    ]);
    // One by one: four wrong answers, the fifth locks, the rest are refused before any hashing.
    expect(tally(one)).toEqual({ TX_PASSWORD_WRONG: 4, TX_PASSWORD_LOCKED: 16 });
    expect(tally(two)).toEqual({ TX_PASSWORD_WRONG: 4, TX_PASSWORD_LOCKED: 16 });
    // The right password is refused while locked, on every path that takes it.
    const right = await Promise.all([
      withdraw("txplayer1", "246810", 100),
      transfer("txplayer1", "246810", 101),
      call("txplayer1", "PUT", "/wps/member/transactionPassword", {
        currentTransactionPassword: "246810",
        newTransactionPassword: "135790",
      }),
    ]);
    expect(right.map((r) => r.json().code)).toEqual([
      "TX_PASSWORD_LOCKED",
      "TX_PASSWORD_LOCKED",
      "TX_PASSWORD_LOCKED",
    ]);
  });

  it("answers one request id sent 20 times at once with the right password once, without locking", async () => {
    const same = (fn: typeof withdraw) =>
      Promise.all(Array.from({ length: 20 }, () => fn("txplayer3", "246810", 7)));
    const [w, tr] = [await same(withdraw), await same(transfer)];
    // Every copy gets the one answer of the request (no payout account; nothing to transfer).
    expect(tally(w)).toEqual({ PAYOUT_ACCOUNT_NOT_FOUND: 20 });
    expect(Object.keys(tally(tr))).not.toContain("TX_PASSWORD_LOCKED");
    // And the member is not locked out: a new request with the right password goes through the check.
    const next = await withdraw("txplayer3", "246810", 8);
    expect(next.json().code).toBe("PAYOUT_ACCOUNT_NOT_FOUND");
  });
});
