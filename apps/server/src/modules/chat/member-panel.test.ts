import { ChatMemberPanel } from "@panalo/contracts/chat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentChannels } from "../../db/schema/payments.ts";
import { ADMIN_HEADERS, chatOn, chatOperator } from "../../testing/chat-kit.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { postAndNotify } from "../ledger/service.ts";

/**
 * The member beside a chat conversation: what the operator needs to answer "where is my
 * withdrawal?" — balance, open and latest deposits and withdrawals, ledger entries, KYC and
 * limits — each part only as far as the operator's role shows it on the player page.
 */
describe("the chat console's member panel", () => {
  let t: TestApp;
  const ops: Record<string, { id: number; cookie: string }> = {};
  let token = "";
  let memberId = 0;
  let conversationId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await chatOn(t.database.db);
    for (const [name, role] of [
      ["boss", "owner"],
      ["cs", "support"],
      ["fin", "finance"],
    ] as const) {
      ops[name] = await chatOperator(t.database.db, name, role);
    }
    const reg = await t.app.inject({
      method: "PUT",
      url: "/wps/member/register",
      payload: {
        username: "Panel2026",
        password: "secret123",
        confirmPassword: "secret123",
        ageConfirmed: true,
        agree: true,
        humanCheck: await solvedHumanCheck(t.app),
      },
      remoteAddress: "10.7.0.1",
    });
    ({ token, customerId: memberId } = reg.json().value);
    await postAndNotify(t.app.ctx, {
      idempotencyKey: `panel-seed-${memberId}`,
      type: "deposit",
      memberId,
      legs: [
        { account: { house: "cash", currency: "PHP" }, amount: -500_000n },
        { account: { member: memberId, kind: "main", currency: "PHP" }, amount: 500_000n },
      ],
    });
    // A withdrawal waiting for the cashier: real name, payout account, transaction password.
    expect((await asMember("PUT", "/wps/member/realName", { realName: "Panel Santos" })).statusCode).toBe(
      200,
    );
    const account = await asMember("POST", "/wps/member/payoutAccounts", {
      kind: "ewallet",
      provider: "GCASH",
      accountName: "Panel Santos",
      accountNumber: "09179876543",
    });
    expect(account.statusCode, account.body).toBe(200);
    await asMember("PUT", "/wps/member/transactionPassword", { newTransactionPassword: "123456" });
    const wd = await asMember("POST", "/wps/withdrawals", {
      amount: "1200.00",
      payoutAccountId: account.json().value.id,
      transactionPassword: "123456",
      requestId: "panel-wd-0001",
    });
    expect(wd.statusCode, wd.body).toBe(200);
    // A deposit through a gateway, waiting for the member to pay.
    const [channel] = await t.database.db
      .insert(paymentChannels)
      .values({
        code: "panel-gw",
        kind: "gateway",
        adapter: "sandbox",
        name: "Panel gateway",
        minAmount: 100n,
        maxAmount: 10_000_000n,
        secrets: { secret: "panel-sandbox-secret-0123456789abcdef" },
      })
      .returning();
    const dep = await asMember("POST", "/wps/deposits", {
      channelId: channel?.id,
      amount: "300.00",
      requestId: "panel-dep-0001",
    });
    expect(dep.statusCode, dep.body).toBe(200);
    // The member writes: the conversation the panel stands beside.
    const said = await asMember("POST", "/wps/chat/messages", {
      clientId: "panel-hello-01",
      body: "My withdrawal?",
    });
    expect(said.statusCode, said.body).toBe(200);
    conversationId = said.json().value.conversationId;
  }, 180_000);
  afterAll(async () => t.close());

  function asMember(method: "POST" | "PUT", url: string, payload: Record<string, unknown>) {
    return t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, "x-lang": "EN" },
      payload,
    });
  }
  const panel = (op: string) =>
    t.app.inject({
      method: "GET",
      url: `/api/admin/chat/conversations/${conversationId}/member`,
      headers: { ...ADMIN_HEADERS, cookie: ops[op]?.cookie ?? "" },
    });

  it("shows the pending withdrawal, the open deposit, the held money and the ledger", async () => {
    const res = await panel("boss");
    expect(res.statusCode, res.body).toBe(200);
    const value = ChatMemberPanel.parse(res.json().value);
    expect(value).toMatchObject({ memberId, username: "panel2026" });
    expect(value.money).toMatchObject({ main: "3800.00", held: "1200.00", sumBalance: "3800.00" });
    expect(value.money?.withdrawals).toEqual([
      expect.objectContaining({ amount: "1200.00", status: "pending", open: true, decidedAt: null }),
    ]);
    expect(value.money?.deposits).toEqual([
      expect.objectContaining({ amount: "300.00", status: "awaiting_payment", open: true }),
    ]);
    // Newest first: the withdrawal's hold (main → hold), then the seed deposit.
    const ledger = value.money?.ledger ?? [];
    expect(ledger.slice(0, 2).map((e) => [e.account, e.type, e.amount])).toEqual(
      expect.arrayContaining([
        ["main", "withdrawal_hold", "-1200.00"],
        ["hold", "withdrawal_hold", "1200.00"],
      ]),
    );
    expect(ledger.at(-1)).toMatchObject({ account: "main", type: "deposit", amount: "5000.00" });
    expect(value.player).toMatchObject({
      status: "active",
      kyc: { status: "none", realNameVerified: false },
      limits: { set: [], blocked: null },
    });
    // Nothing of the payout account, contact details or secrets travels to the console.
    expect(res.body).not.toContain("09179876543");
    expect(res.body).not.toMatch(/passwordHash|txPassword|mobile|email|proofUrl/);
  });

  it("shows a limit the member set", async () => {
    const set = await asMember("POST", "/wps/rg/limit", {
      kind: "deposit",
      period: "day",
      amount: "2000.00",
    });
    expect(set.statusCode, set.body).toBe(200);
    const value = ChatMemberPanel.parse((await panel("boss")).json().value);
    // The deposit waiting for payment counts against the day's limit already.
    expect(value.player?.limits.set).toEqual([
      { kind: "deposit", period: "day", amount: "2000.00", used: "300.00", pendingAmount: null },
    ]);
  });

  it("gives a support operator the member but not the money, as the player page does", async () => {
    const value = ChatMemberPanel.parse((await panel("cs")).json().value);
    expect(value.player?.kyc.status).toBe("none");
    expect(value.money).toBeNull();
    expect(value.rounds).toBeNull();
  });

  it("refuses an operator without the chat permission", async () => {
    const res = await panel("fin");
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain("1200.00");
  });
});
