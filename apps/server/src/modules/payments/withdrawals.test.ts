import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withdrawals } from "../../db/schema/payments.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { reconcile } from "../ledger/ledger.ts";
import { postAndNotify } from "../ledger/notify.ts";

let nowMs = Date.now();
const clock = { now: () => new Date(nowMs) };

describe("withdrawals", () => {
  let t: TestApp;
  let cookie = "";
  const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
  const players: Record<string, { token: string; id: number }> = {};

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    await createOperator(t.database.db, {
      username: "cashier",
      role: "finance",
      password: "Cashier-pass-2026",
      totpSecret: secret,
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: {
        username: "cashier",
        password: "Cashier-pass-2026",
        totp: totpAt(secret, Math.floor(nowMs / 30000)),
      },
    });
    cookie = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    for (const [i, username] of ["Paolo01", "Queenie1"].entries()) {
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
          remoteAddress: `10.4.0.${i + 1}`,
        })
      ).json().value;
      players[username] = { token: v.token, id: v.customerId };
      await postAndNotify(t.app.ctx, {
        idempotencyKey: `seed-dep-${v.customerId}`,
        type: "deposit",
        memberId: v.customerId,
        legs: [
          { account: { house: "cash", currency: "PHP" }, amount: -1_000_000n },
          { account: { member: v.customerId, kind: "main", currency: "PHP" }, amount: 1_000_000n },
        ],
      });
    }
  });
  afterAll(async () => t.close());

  const as = (u: string) => ({ authorization: `Bearer ${players[u]?.token}`, "x-lang": "EN" });
  const call = (u: string, method: "GET" | "POST" | "PUT", url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: as(u), ...(payload ? { payload } : {}) });
  const balance = async (u: string) => (await call(u, "GET", "/wps/v2/wallets/balance")).json().value;
  let accountId = 0;

  it("binds a payout account only in the member's verified real name, behind a transaction password", async () => {
    const early = await call("Paolo01", "POST", "/wps/member/payoutAccounts", {
      kind: "ewallet",
      provider: "GCASH",
      accountName: "Paolo Santos",
      accountNumber: "09171234567",
    });
    expect(early.json().code).toBe("REAL_NAME_REQUIRED");
    expect(
      (await call("Paolo01", "PUT", "/wps/member/realName", { realName: "Paolo  Santos" })).statusCode,
    ).toBe(200);
    expect(
      (await call("Paolo01", "PUT", "/wps/member/realName", { realName: "Someone Else" })).json().code,
    ).toBe("REAL_NAME_SET");
    const wrongName = await call("Paolo01", "POST", "/wps/member/payoutAccounts", {
      kind: "ewallet",
      provider: "GCASH",
      accountName: "Pedro Cruz",
      accountNumber: "09171234567",
    });
    expect(wrongName.json().details[0]).toEqual({ path: "accountName", message: "PAYEE_NAME_MISMATCH" });
    // An e-wallet is one of the listed ones, not free text.
    const unlisted = await call("Paolo01", "POST", "/wps/member/payoutAccounts", {
      kind: "ewallet",
      provider: "PayMe Wallet",
      accountName: "paolo santos",
      accountNumber: "09171234567",
    });
    expect(unlisted.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(unlisted.json().details[0]).toMatchObject({ path: "provider", message: "ewallet_unknown" });
    const ok = await call("Paolo01", "POST", "/wps/member/payoutAccounts", {
      kind: "ewallet",
      provider: "GCASH",
      accountName: "paolo santos",
      accountNumber: "09171234567",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.provider).toBe("GCash");
    accountId = ok.json().value.id;
    expect(
      (await call("Paolo01", "PUT", "/wps/member/transactionPassword", { newTransactionPassword: "123456" }))
        .statusCode,
    ).toBe(200);
    const change = await call("Paolo01", "PUT", "/wps/member/transactionPassword", {
      newTransactionPassword: "654321",
    });
    expect(change.json().details[0].path).toBe("currentTransactionPassword");
  });

  it("refuses negative, zero, sub-centavo, huge and out-of-limit amounts, changing nothing", async () => {
    // The limits are there to show before the player types.
    expect((await call("Paolo01", "GET", "/wps/withdrawals/limits")).json().value).toEqual({
      minAmount: "100.00",
      maxAmount: "50000.00",
      vipLevel: 0,
      vipName: "VIP0",
      dailyMax: null,
      dailyCount: null,
      usedToday: "0.00",
      countToday: 0,
    });
    const before = await balance("Paolo01");
    for (const amount of ["-100.00", "0", "0.00", "100.001", "1e5", "99999999999999999", "abc"]) {
      const res = await call("Paolo01", "POST", "/wps/withdrawals", {
        amount,
        payoutAccountId: accountId,
        transactionPassword: "123456",
        requestId: `bad-amount-${amount.length}x`,
      });
      expect(res.statusCode, amount).toBe(400);
    }
    const small = await call("Paolo01", "POST", "/wps/withdrawals", {
      amount: "99.99",
      payoutAccountId: accountId,
      transactionPassword: "123456",
      requestId: "too-small-1",
    });
    expect(small.json()).toMatchObject({
      code: "AMOUNT_BELOW_MIN",
      message: "The smallest withdrawal is ₱100.00.",
    });
    const wrongPw = await call("Paolo01", "POST", "/wps/withdrawals", {
      amount: "100.00",
      payoutAccountId: accountId,
      transactionPassword: "000000",
      requestId: "wrong-pw-1",
    });
    expect(wrongPw.json().details[0].message).toBe("TX_PASSWORD_WRONG");
    expect(await balance("Paolo01")).toEqual(before);
  });

  it("holds the amount at once, answers a retried request once, and never lets two requests exceed the balance", async () => {
    const req = {
      amount: "4000.00",
      payoutAccountId: accountId,
      transactionPassword: "123456",
      requestId: "w-first-0001",
    };
    const first = await call("Paolo01", "POST", "/wps/withdrawals", req);
    expect(first.statusCode, first.body).toBe(200);
    const again = await call("Paolo01", "POST", "/wps/withdrawals", req);
    expect(again.json().value.id).toBe(first.json().value.id);
    expect(await balance("Paolo01")).toMatchObject({ main: "6000.00", held: "4000.00" });
    // Two requests of 4,000 at once against 6,000: exactly one is held.
    const race = await Promise.all(
      ["w-race-0001", "w-race-0002"].map((requestId) =>
        call("Paolo01", "POST", "/wps/withdrawals", { ...req, requestId }).then((r) => r.json()),
      ),
    );
    expect(race.filter((r) => r.success)).toHaveLength(1);
    expect(race.find((r) => !r.success)?.code).toBe("INSUFFICIENT_FUNDS");
    expect(await balance("Paolo01")).toMatchObject({ main: "2000.00", held: "8000.00" });
  });

  it("lets the operator pay or reject once; rejection releases the hold", async () => {
    const list = (
      await t.app.inject({ method: "GET", url: "/api/admin/withdrawals?status=pending", headers: { cookie } })
    ).json().value;
    expect(list.total).toBe(2);
    expect(list.items[0].payout.accountNumber).toBe("09171234567"); // the operator sees the full number
    const [a, b] = list.items;
    const pay = await t.app.inject({
      method: "POST",
      url: `/api/admin/withdrawals/${a.id}/approve`,
      headers: { ...H, cookie },
      payload: { payoutReference: "GC-0001" },
    });
    expect(pay.json().value.status).toBe("paid");
    const twice = await t.app.inject({
      method: "POST",
      url: `/api/admin/withdrawals/${a.id}/reject`,
      headers: { ...H, cookie },
      payload: { reason: "late click" },
    });
    expect(twice.json().code).toBe("WITHDRAWAL_NOT_PENDING");
    const reject = await t.app.inject({
      method: "POST",
      url: `/api/admin/withdrawals/${b.id}/reject`,
      headers: { ...H, cookie },
      payload: { reason: "Account name check failed" },
    });
    expect(reject.json().value).toMatchObject({ status: "rejected", reason: "Account name check failed" });
    expect(await balance("Paolo01")).toMatchObject({ main: "6000.00", held: "0.00" });
    expect((await reconcile(t.database.db)).ok).toBe(true);

    // The player's account record shows each withdrawal as one line with its state
    // (no hold-account lines); a rejected one's return to the main wallet is its own line.
    const today = new Date(nowMs + 8 * 3_600_000).toISOString().slice(0, 10);
    const records = (
      await call("Paolo01", "POST", "/wps/relay/ODSFE2_MemTransDet", {
        startDate: today,
        endDate: today,
        types: ["withdrawal_hold", "withdrawal_paid", "withdrawal_released"],
      })
    ).json().value;
    const lines = records.items.map(
      (r: { type: string; wallet: string; reference: string; state: string | null }) => [
        r.type,
        r.wallet,
        r.reference,
        r.state,
      ],
    );
    expect(lines).toHaveLength(3);
    expect(lines).toEqual(
      expect.arrayContaining([
        // once paid, the operator's payout reference stands beside the withdrawal's own
        ["withdrawal_hold", "main", `W${a.id} · GC-0001`, "paid"],
        ["withdrawal_hold", "main", `W${b.id}`, "rejected"],
        ["withdrawal_released", "main", `W${b.id}`, null],
      ]),
    );
    // The operator's ledger view keeps every entry, the hold account's included.
    const ledger = await t.app.inject({
      method: "GET",
      url: `/api/admin/players/${players.Paolo01?.id}/wallet`,
      headers: { cookie },
    });
    expect(ledger.json().value.records.items.map((r: { wallet: string }) => r.wallet)).toContain("hold");
  });

  it("lets only the owner mark a paid withdrawal received, and counts silence as received later", async () => {
    const mine = (await call("Paolo01", "GET", "/wps/withdrawals")).json().value.items;
    const paid = mine.find((w: { status: string }) => w.status === "paid");
    const rejected = mine.find((w: { status: string }) => w.status === "rejected");
    expect(paid.payout.accountNumber).toBe("••••4567");
    const stranger = await call("Queenie1", "POST", `/wps/withdrawals/${paid.id}/receipt`, {
      state: "received",
    });
    expect(stranger.statusCode).toBe(404);
    const notPaid = await call("Paolo01", "POST", `/wps/withdrawals/${rejected.id}/receipt`, {
      state: "received",
    });
    expect(notPaid.json().code).toBe("WITHDRAWAL_NOT_PAID");
    const noProof = await call("Paolo01", "POST", `/wps/withdrawals/${paid.id}/receipt`, {
      state: "not_received",
    });
    expect(noProof.json().details[0].path).toBe("proofUrl");
    const ok = await call("Paolo01", "POST", `/wps/withdrawals/${paid.id}/receipt`, {
      state: "partly_received",
      proofUrl: null,
    });
    expect(ok.json().value.status).toBe("partly_received");
    // Another paid withdrawal left unconfirmed becomes auto_received after the operator's minutes.
    const w = (
      await call("Paolo01", "POST", "/wps/withdrawals", {
        amount: "100.00",
        payoutAccountId: accountId,
        transactionPassword: "123456",
        requestId: "w-auto-00001",
      })
    ).json().value;
    await t.app.inject({
      method: "POST",
      url: `/api/admin/withdrawals/${w.id}/approve`,
      headers: { ...H, cookie },
      payload: { payoutReference: "GC-0002" },
    });
    const { autoReceive } = await import("./withdrawals.ts");
    expect(await autoReceive(t.app.ctx)).toBe(0);
    nowMs += 25 * 3_600_000;
    expect(await autoReceive(t.app.ctx)).toBe(1);
    // (A day later every session has ended; the row itself shows the state.)
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, w.id));
    expect(row?.status).toBe("auto_received");
  });
});
