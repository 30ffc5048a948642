import { manilaToday } from "@panalo/contracts/manila-time";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerAccounts } from "../../db/schema/ledger.ts";
import { paymentChannels } from "../../db/schema/payments.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { uploadProof } from "../../testing/uploads.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { postAndNotify } from "../ledger/notify.ts";

/** The back office's finance screens read these lists. */
describe("back-office finance lists: a member's ledger, reconciliation by account, the queues", () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
  let member = { id: 0, token: "" };

  beforeAll(async () => {
    t = await createTestApp();
    const ops = [
      ["cash1", "finance", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"],
      ["cash2", "finance", "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU"],
      ["writer", "content", "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"],
    ] as const;
    for (const [username, role, secret] of ops) {
      await createOperator(t.database.db, {
        username,
        role,
        password: "Operator-pass-2026",
        totpSecret: secret,
      });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        headers: H,
        payload: {
          username,
          password: "Operator-pass-2026",
          totp: totpAt(secret, Math.floor(Date.now() / 30000)),
        },
      });
      cookies[username] = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    }
    const v = (
      await t.app.inject({
        method: "PUT",
        url: "/wps/member/register",
        payload: {
          username: "Ledger01",
          password: "secret123",
          confirmPassword: "secret123",
          ageConfirmed: true,
          agree: true,
          humanCheck: await solvedHumanCheck(t.app),
        },
        remoteAddress: "10.9.0.1",
      })
    ).json().value;
    member = { id: v.customerId, token: v.token };
    // Three movements: 1,000.00 in, 300.00 held for a withdrawal, 50.00 bonus.
    const legs = (house: string, kind: "main" | "hold" | "bonus", amount: bigint, from?: "main") => [
      {
        account: from ? { member: member.id, kind: from, currency: "PHP" } : { house, currency: "PHP" },
        amount: -amount,
      },
      { account: { member: member.id, kind, currency: "PHP" }, amount },
    ];
    await postAndNotify(t.app.ctx, {
      idempotencyKey: "t-dep-1",
      type: "deposit",
      reference: "D1",
      memberId: member.id,
      legs: legs("cash", "main", 100_000n),
    });
    await postAndNotify(t.app.ctx, {
      idempotencyKey: "t-hold-1",
      type: "withdrawal_hold",
      reference: "W1",
      memberId: member.id,
      legs: legs("", "hold", 30_000n, "main"),
    });
    await postAndNotify(t.app.ctx, {
      idempotencyKey: "t-bonus-1",
      type: "bonus",
      reference: "B1",
      memberId: member.id,
      legs: legs("promotions", "bonus", 5_000n),
    });
  });
  afterAll(async () => t.close());

  const get = (who: string, url: string) =>
    t.app.inject({ method: "GET", url, headers: { cookie: cookies[who] ?? "" } });

  it("pages a member's whole ledger newest first, across main, hold and bonus, filtered by type", async () => {
    const first = (await get("cash1", `/api/admin/players/${member.id}/ledger?pageSize=2`)).json().value;
    expect(first.total).toBe(4);
    expect(
      first.items.map((e: { type: string; wallet: string; amount: string }) => [e.wallet, e.amount]),
    ).toEqual([
      ["bonus", "50.00"],
      ["hold", "300.00"],
    ]);
    expect(first.items[1].balanceAfter).toBe("300.00");
    const second = (await get("cash1", `/api/admin/players/${member.id}/ledger?pageSize=2&page=2`)).json()
      .value;
    expect(second.items.map((e: { wallet: string; amount: string }) => [e.wallet, e.amount])).toEqual([
      ["main", "-300.00"],
      ["main", "1000.00"],
    ]);
    const deposits = (await get("cash1", `/api/admin/players/${member.id}/ledger?type=deposit`)).json().value;
    expect(deposits.items).toHaveLength(1);
    expect(deposits.items[0]).toMatchObject({ reference: "D1", balanceAfter: "1000.00" });
    expect((await get("cash1", "/api/admin/players/999999/ledger")).statusCode).toBe(404);
  });

  it("lists every account with its balance and the sum of its entries, and flags one that disagrees", async () => {
    const all = (await get("cash1", "/api/admin/ledger/accounts?pageSize=100")).json().value;
    expect(all.total).toBe(5); // cash and promotions, then main, hold and bonus
    const mine = all.items.filter((a: { memberId: number | null }) => a.memberId === member.id);
    expect(
      mine.map((a: { kind: string; balance: string; entriesSum: string; username: string; ok: boolean }) => [
        a.kind,
        a.balance,
        a.entriesSum,
        a.username,
        a.ok,
      ]),
    ).toEqual([
      ["main", "700.00", "700.00", "ledger01", true],
      ["hold", "300.00", "300.00", "ledger01", true],
      ["bonus", "50.00", "50.00", "ledger01", true],
    ]);
    // House accounts come first and keep no balance of their own.
    expect(all.items[0]).toMatchObject({
      kind: "house:cash",
      balance: null,
      entriesSum: "-1000.00",
      ok: true,
    });
    expect((await get("cash1", "/api/admin/ledger/accounts?problems=true")).json().value).toEqual({
      items: [],
      total: 0,
    });

    // A stored balance changed behind the ledger's back is what the report exists to catch.
    const main = and(eq(ledgerAccounts.memberId, member.id), eq(ledgerAccounts.kind, "main"));
    await t.database.db.update(ledgerAccounts).set({ balance: 70_001n }).where(main);
    try {
      const broken = (await get("cash1", "/api/admin/ledger/accounts?problems=true")).json().value;
      expect(broken.total).toBe(1);
      expect(broken.items[0]).toMatchObject({ balance: "700.01", entriesSum: "700.00", ok: false });
      const report = (await get("cash1", "/api/admin/ledger/reconciliation")).json().value;
      expect(report.ok).toBe(false);
    } finally {
      await t.database.db.update(ledgerAccounts).set({ balance: 70_000n }).where(main);
    }
    expect((await get("cash1", "/api/admin/ledger/reconciliation")).json().value.ok).toBe(true);
  });

  it("queues pending adjustments oldest first with who asked, and keeps the history newest first", async () => {
    const adjust = (who: string, amount: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/adjustments",
        headers: { ...H, cookie: cookies[who] ?? "" },
        payload: { memberId: member.id, amount, reason: "Goodwill credit after an outage" },
      });
    const a = (await adjust("cash1", "20000.00")).json().value;
    const b = (await adjust("cash2", "15000.00")).json().value;
    // Small, but cash1's running total for this member today is over the threshold: it waits too.
    const c = (await adjust("cash1", "10.00")).json().value;
    const pending = (await get("cash1", "/api/admin/adjustments?status=pending")).json().value;
    expect(pending.total).toBe(3);
    expect(pending.items.map((x: { id: number }) => x.id)).toEqual([a.id, b.id, c.id]);
    expect(pending.items[0]).toMatchObject({
      username: "ledger01",
      createdByName: "cash1",
      decidedByName: null,
      amount: "20000.00",
    });
    await t.app.inject({
      method: "POST",
      url: `/api/admin/adjustments/${a.id}/approve`,
      headers: { ...H, cookie: cookies.cash2 ?? "" },
    });
    const history = (await get("cash1", `/api/admin/adjustments?memberId=${member.id}`)).json().value;
    expect(history.items.map((x: { status: string }) => x.status)).toEqual(["pending", "pending", "applied"]);
    expect(history.items[2]).toMatchObject({ id: a.id, createdByName: "cash1", decidedByName: "cash2" });
    expect(history.items[2].decidedAt).not.toBeNull();
    // The CSV export holds the same rows as the list, with a BOM, amounts in pesos and names.
    const csv = await get("cash1", `/api/admin/adjustments/export?memberId=${member.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "id,created (PHT),status,member id,member,amount (PHP),reason,asked by,decided by,decided (PHT)",
    );
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(
      history.items.map((x: { id: number }) => String(x.id)),
    );
    expect(lines.at(-1)).toContain(
      `,applied,${member.id},ledger01,20000.00,Goodwill credit after an outage,cash1,cash2,`,
    );
    const pendingCsv = await get("cash1", "/api/admin/adjustments/export?status=pending");
    expect(pendingCsv.body.trimEnd().split("\r\n")).toHaveLength(3);
    // A range of Manila days: today's hold all three; another day's none, in the list and the file.
    const today = manilaToday();
    const todays = (
      await get("cash1", `/api/admin/adjustments?memberId=${member.id}&from=${today}&to=${today}`)
    ).json().value;
    expect(todays.total).toBe(3);
    const before = (await get("cash1", "/api/admin/adjustments?to=2020-01-01")).json().value;
    expect(before).toEqual({ items: [], total: 0 });
    const beforeCsv = await get("cash1", "/api/admin/adjustments/export?from=2020-01-01&to=2020-01-01");
    expect(
      beforeCsv.body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n"),
    ).toHaveLength(1);
    expect((await get("cash1", "/api/admin/adjustments?from=2030/01/01")).statusCode).toBe(400);
  });

  it("names the member and the channel in the deposit and withdrawal queues, and filters by member", async () => {
    const [bank] = await t.database.db
      .insert(paymentChannels)
      .values({
        code: "bpi-transfer",
        kind: "bank",
        name: "Bank transfer (BPI)",
        minAmount: 10_000n,
        maxAmount: 1_000_000n,
        details: { bankName: "BPI", accountName: "Panalo Gaming Corp.", accountNumber: "3210987654" },
      })
      .returning();
    const as = { authorization: `Bearer ${member.token}`, "x-lang": "EN" };
    const call = (method: "POST" | "PUT", url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method, url, headers: as, payload });
    const proofUrl = await uploadProof(t.app, member.token);
    const dep = await call("POST", "/wps/deposits", {
      channelId: bank?.id,
      amount: "250.00",
      requestId: "dep-ledger-0001",
      reference: "BPI-1234",
      proofUrl,
    });
    expect(dep.statusCode, dep.body).toBe(200);
    await call("PUT", "/wps/member/realName", { realName: "Lea Dizon" });
    await call("PUT", "/wps/member/transactionPassword", { newTransactionPassword: "135790" });
    const account = (
      await call("POST", "/wps/member/payoutAccounts", {
        kind: "bank",
        provider: "BDO",
        accountName: "Lea Dizon",
        accountNumber: "0098765432",
      })
    ).json().value;
    const wd = await call("POST", "/wps/withdrawals", {
      amount: "100.00",
      payoutAccountId: account.id,
      transactionPassword: "135790",
      requestId: "wd-ledger-0001",
    });
    expect(wd.statusCode, wd.body).toBe(200);

    const deps = (await get("cash1", `/api/admin/deposits?status=pending&memberId=${member.id}`)).json()
      .value;
    expect(deps.total).toBe(1);
    expect(deps.items[0]).toMatchObject({
      username: "ledger01",
      channelName: "Bank transfer (BPI)",
      amount: "250.00",
      reference: "BPI-1234",
      // The back office reads the proof through its own permission-checked path.
      proofUrl: proofUrl.replace("/wps/member/uploads/", "/api/admin/uploads/"),
    });
    const wds = (await get("cash1", `/api/admin/withdrawals?status=pending&memberId=${member.id}`)).json()
      .value;
    expect(wds.items[0]).toMatchObject({
      username: "ledger01",
      amount: "100.00",
      // The operator pays out to the full number.
      payout: { accountName: "Lea Dizon", accountNumber: "0098765432" },
    });
    const others = (await get("cash1", `/api/admin/withdrawals?memberId=${member.id + 1}`)).json().value;
    expect(others).toEqual({ items: [], total: 0 });
  });

  it("keeps every finance list from an operator without finance access", async () => {
    for (const url of [
      `/api/admin/players/${member.id}/ledger`,
      "/api/admin/ledger/accounts",
      "/api/admin/adjustments",
      "/api/admin/adjustments/export",
    ]) {
      expect((await get("writer", url)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/admin/ledger/accounts" })).statusCode).toBe(401);
  });
});
