import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { switchesOf, writeSetting } from "../content/settings.ts";
import { reconcile } from "../ledger/ledger.ts";
import { postAndNotify } from "../ledger/notify.ts";

describe("wallet calls", () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const username of ["Wally01", "Wendy01"]) {
      const v = (
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
          remoteAddress: `10.3.0.${username.length}${username.charCodeAt(1)}`,
        })
      ).json().value;
      tokens[username] = v.token;
      ids[username] = v.customerId;
    }
  });
  afterAll(async () => t.close());

  const auth = (u: string) => ({ authorization: `Bearer ${tokens[u]}`, "x-lang": "EN" });
  const deposit = (memberId: number, amount: bigint, key: string) =>
    postAndNotify(t.app.ctx, {
      idempotencyKey: key,
      type: "deposit",
      reference: key,
      memberId,
      legs: [
        { account: { house: "cash", currency: "PHP" }, amount: -amount },
        { account: { member: memberId, kind: "main", currency: "PHP" }, amount },
      ],
    });

  it("shows a zero balance with the currency symbol, then the deposited amount", async () => {
    const before = (
      await t.app.inject({ method: "GET", url: "/wps/v2/wallets/balance", headers: auth("Wally01") })
    ).json().value;
    expect(before).toMatchObject({ currency: "PHP", currencySymbol: "₱", sumBalance: "0.00" });
    await deposit(ids.Wally01 ?? 0, 123_456n, "dep-w1");
    const after = (
      await t.app.inject({ method: "GET", url: "/wps/v2/wallets/balance", headers: auth("Wally01") })
    ).json().value;
    expect(after.sumBalance).toBe("1234.56");
  });

  it("lists the member's own movements in the account record, filtered and paginated", async () => {
    await deposit(ids.Wally01 ?? 0, 1_000n, "dep-w2");
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: "POST",
      url: "/wps/relay/ODSFE2_MemTransDet",
      headers: auth("Wally01"),
      payload: { startDate: today, endDate: today, page: 1, pageSize: 1 },
    });
    const v = res.json().value;
    expect(v.total).toBe(2);
    expect(v.items).toHaveLength(1);
    expect(v.items[0]).toMatchObject({
      type: "deposit",
      amount: "10.00",
      balanceAfter: "1244.56",
      reference: "dep-w2",
    });
    const other = await t.app.inject({
      method: "POST",
      url: "/wps/relay/ODSFE2_MemTransDet",
      headers: auth("Wendy01"),
      payload: { startDate: today, endDate: today },
    });
    expect(other.json().value.total).toBe(0); // one member never sees another's records
    const bad = await t.app.inject({
      method: "POST",
      url: "/wps/relay/ODSFE2_MemTransDet",
      headers: auth("Wally01"),
      payload: { startDate: "2026-01-01", endDate: "2025-01-01" },
    });
    expect(bad.json().details[0].message).toBe("end_before_start");
  });

  it("pushes the new balance over the WebSocket when it changes, without a reload", async () => {
    const ws = await t.app.injectWS("/ws");
    const messages: Array<{ type: string; sumBalance: string }> = [];
    const next = () =>
      new Promise<{ type: string; sumBalance: string }>((resolve) => {
        ws.once("message", (raw: Buffer) => {
          const m = JSON.parse(raw.toString());
          messages.push(m);
          resolve(m);
        });
      });
    const first = next();
    ws.send(JSON.stringify({ type: "auth", token: tokens.Wendy01 }));
    expect((await first).sumBalance).toBe("0.00");
    const pushed = next();
    await deposit(ids.Wendy01 ?? 0, 50_000n, "dep-wendy");
    expect((await pushed).sumBalance).toBe("500.00");
    ws.terminate();
  });

  it("refuses a WebSocket without a valid token", async () => {
    const ws = await t.app.injectWS("/ws");
    const closed = new Promise<number>((resolve) => ws.once("close", (code: number) => resolve(code)));
    ws.send(JSON.stringify({ type: "auth", token: "forged" }));
    expect(await closed).toBe(4401);
  });

  it("gives trial accounts play money in its own currency, out of reach of real-account calls", async () => {
    await writeSetting(t.database.db, "whitelabel", { switches: switchesOf(["USERNAMEREG3", "FREEPLAY3"]) });
    const trial = (
      await t.app.inject({
        method: "POST",
        url: "/wps/session/login/freeplay",
        payload: { humanCheck: await solvedHumanCheck(t.app) },
      })
    ).json().value;
    const bal = await t.app.inject({
      method: "GET",
      url: "/wps/v2/wallets/balance",
      headers: { authorization: `Bearer ${trial.token}`, "x-lang": "EN" },
    });
    // The header balance is a real-account call: trial accounts see their play money in the games.
    expect(bal.json().code).toBe("IN_NEED_TRUE_ACCOUNT");
  });

  it("reconciles: every balance equals its entries and everything sums to zero", async () => {
    const r = await reconcile(t.app.ctx.db);
    expect(r.ok).toBe(true);
    expect(r.totals.PHP).toBe("0");
    expect(r.totals.FUN).toBe("0");
  });
});
