import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { reconcile } from "../ledger/ledger.ts";

describe("transfers between agents and their team, and operator adjustments", () => {
  let t: TestApp;
  const p: Record<string, { token: string; id: number }> = {};
  const cookies: Record<string, string> = {};
  const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

  beforeAll(async () => {
    t = await createTestApp();
    for (const [i, username] of ["Agent01", "Team01", "Stranger1"].entries()) {
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
          remoteAddress: `10.6.0.${i + 1}`,
        })
      ).json().value;
      p[username] = { token: v.token, id: v.customerId };
      await t.app.inject({
        method: "PUT",
        url: "/wps/member/transactionPassword",
        headers: { authorization: `Bearer ${v.token}` },
        payload: { newTransactionPassword: "246810" },
      });
    }
    await t.database.db
      .update(members)
      .set({ isAgent: 1 })
      .where(eq(members.id, p.Agent01?.id ?? 0));
    await t.database.db
      .update(members)
      .set({ uplineId: p.Agent01?.id ?? 0 })
      .where(eq(members.id, p.Team01?.id ?? 0));
    for (const [name, secret] of [
      ["fin1", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"],
      ["fin2", "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU"],
    ] as const) {
      await createOperator(t.database.db, {
        username: name,
        role: "finance",
        password: "Finance-pass-2026",
        totpSecret: secret,
      });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        headers: H,
        payload: {
          username: name,
          password: "Finance-pass-2026",
          totp: totpAt(secret, Math.floor(Date.now() / 30000)),
        },
      });
      cookies[name] = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    }
  });
  afterAll(async () => t.close());

  const as = (u: string) => ({ authorization: `Bearer ${p[u]?.token}`, "x-lang": "EN" });
  const main = async (u: string) =>
    (await t.app.inject({ method: "GET", url: "/wps/v2/wallets/balance", headers: as(u) })).json().value.main;
  const adjust = (who: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/adjustments",
      headers: { ...H, cookie: cookies[who] },
      payload,
    });

  it("tells the site whether the member has an upline to transfer to", async () => {
    const info = async (u: string) =>
      (await t.app.inject({ method: "GET", url: "/wps/member/info", headers: as(u) })).json().value;
    expect((await info("Team01")).hasUpline).toBe(true);
    expect((await info("Stranger1")).hasUpline).toBe(false);
  });

  it("applies a small adjustment at once and holds a large one for a second operator", async () => {
    const small = await adjust("fin1", {
      memberId: p.Agent01?.id,
      amount: "5000.00",
      reason: "Opening float for agent",
    });
    expect(small.json().value.status).toBe("applied");
    expect(await main("Agent01")).toBe("5000.00");
    const big = (
      await adjust("fin1", {
        memberId: p.Agent01?.id,
        amount: "20000.00",
        reason: "Large promotional credit",
      })
    ).json().value;
    expect(big.status).toBe("pending");
    expect(await main("Agent01")).toBe("5000.00");
    const self = await t.app.inject({
      method: "POST",
      url: `/api/admin/adjustments/${big.id}/approve`,
      headers: { ...H, cookie: cookies.fin1 },
    });
    expect(self.json().code).toBe("SECOND_OPERATOR_REQUIRED");
    const other = await t.app.inject({
      method: "POST",
      url: `/api/admin/adjustments/${big.id}/approve`,
      headers: { ...H, cookie: cookies.fin2 },
    });
    expect(other.json().value.status).toBe("applied");
    expect(await main("Agent01")).toBe("25000.00");
    const again = await t.app.inject({
      method: "POST",
      url: `/api/admin/adjustments/${big.id}/approve`,
      headers: { ...H, cookie: cookies.fin2 },
    });
    expect(again.json().code).toBe("ADJUSTMENT_NOT_PENDING");
    // fin1's running total today is already over the threshold; fin2's is not.
    const overdraw = await adjust("fin2", {
      memberId: p.Agent01?.id,
      amount: "-9999.00",
      reason: "Reverse a duplicate credit",
    });
    expect(overdraw.json().value.status).toBe("applied");
    expect(await main("Agent01")).toBe("15001.00");
  });

  it("lets an agent send to their own downline only, and a downline send to their upline", async () => {
    const body = { amount: "1000.00", transactionPassword: "246810" };
    const ok = await t.app.inject({
      method: "POST",
      url: "/wps/relay/transferToDownline",
      headers: as("Agent01"),
      payload: { ...body, downline: "team01", requestId: "tr-agent-0001" },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const retry = await t.app.inject({
      method: "POST",
      url: "/wps/relay/transferToDownline",
      headers: as("Agent01"),
      payload: { ...body, downline: "team01", requestId: "tr-agent-0001" },
    });
    expect(retry.statusCode).toBe(200);
    expect(await main("Team01")).toBe("1000.00");
    const stranger = await t.app.inject({
      method: "POST",
      url: "/wps/relay/transferToDownline",
      headers: as("Agent01"),
      payload: { ...body, downline: "stranger1", requestId: "tr-agent-0002" },
    });
    expect(stranger.json().code).toBe("NOT_YOUR_DOWNLINE");
    const notAgent = await t.app.inject({
      method: "POST",
      url: "/wps/relay/transferToDownline",
      headers: as("Team01"),
      payload: { ...body, downline: "agent01", requestId: "tr-team-0001" },
    });
    expect(notAgent.json().code).toBe("AGENTS_ONLY");
    const up = await t.app.inject({
      method: "POST",
      url: "/wps/relay/transferUpline",
      headers: as("Team01"),
      payload: { amount: "400.00", transactionPassword: "246810", requestId: "tr-up-00001" },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(await main("Team01")).toBe("600.00");
    const tooMuch = await t.app.inject({
      method: "POST",
      url: "/wps/relay/transferUpline",
      headers: as("Team01"),
      payload: { amount: "600.01", transactionPassword: "246810", requestId: "tr-up-00002" },
    });
    expect(tooMuch.json().code).toBe("INSUFFICIENT_FUNDS");
    const noUpline = await t.app.inject({
      method: "POST",
      url: "/wps/relay/transferUpline",
      headers: as("Stranger1"),
      payload: { amount: "1.00", transactionPassword: "246810", requestId: "tr-up-00003" },
    });
    expect(noUpline.json().code).toBe("NO_UPLINE");
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
  it("refuses a transfer to an indirect downline, saying only direct downlines receive transfers", async () => {
    // Stranger1 joins the team under Team01: in Agent01's team, two levels down.
    await t.database.db
      .update(members)
      .set({ uplineId: p.Team01?.id ?? 0 })
      .where(eq(members.id, p.Stranger1?.id ?? 0));
    const before = await main("Agent01");
    const send = (lang: string, requestId: string) =>
      t.app.inject({
        method: "POST",
        url: "/wps/relay/transferToDownline",
        headers: { ...as("Agent01"), "x-lang": lang },
        payload: { amount: "5.00", transactionPassword: "246810", downline: "stranger1", requestId },
      });
    const en = await send("EN", "tr-indirect-01");
    expect(en.statusCode).toBe(403);
    expect(en.json()).toMatchObject({
      code: "NOT_DIRECT_DOWNLINE",
      message: expect.stringContaining("only to your direct downlines"),
    });
    const ty = await send("TY", "tr-indirect-02");
    expect(ty.json()).toMatchObject({
      code: "NOT_DIRECT_DOWNLINE",
      message: expect.stringContaining("direktang downline"),
    });
    // Nothing moved.
    expect(await main("Agent01")).toBe(before);
    expect(await main("Stranger1")).toBe("0.00");
  });
});
