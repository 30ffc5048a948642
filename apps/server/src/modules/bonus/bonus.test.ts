import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { paymentChannels } from "../../db/schema/payments.ts";
import {
  balances,
  bonusRow,
  enableVendor,
  fund,
  grant,
  launch,
  makeRule,
  providerCaller,
  registerPlayer,
} from "../../testing/bonus-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { reconcile } from "../ledger/ledger.ts";
import { handleCallback } from "../payments/deposits.ts";
import { signSandbox } from "../payments/gateways.ts";
import { requestWithdrawal, setTxPassword } from "../payments/withdrawals.ts";
import { decideWinReview } from "../providers/win-reviews.ts";
import { grantBonus } from "./grant.ts";
import { expireBonuses } from "./service.ts";

describe("bonus wallet", () => {
  let t: TestApp;
  let call: ReturnType<typeof providerCaller>;

  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: "true" });
    await enableVendor(t);
    call = providerCaller(t);
  });
  afterAll(async () => t.close());

  const bet = (playerId: number, token: string, tid: string, amount: string, gameCode?: string) =>
    call("debit", { token, playerId, transactionId: tid, roundId: `r-${tid}`, amount, gameCode });
  const win = (playerId: number, tid: string, betTid: string, amount: string) =>
    call("credit", {
      playerId,
      transactionId: tid,
      roundId: `r-${betTid}`,
      betTransactionId: betTid,
      amount,
    });

  it("takes real money first, then bonus money, and pays a win's bonus share back to the bonus", async () => {
    const p = await registerPlayer(t, "Bonny001");
    await fund(t, p.id, 3_000n, "fund-bonny");
    const rule = await makeRule(t, { multiple: 10 });
    await grant(t, p.id, rule, 10_000n, "test:bonny");
    const token = await launch(t, p.id);
    // 30.00 real + 100.00 bonus; a 50.00 bet: 30.00 real, 20.00 bonus.
    const b = await bet(p.id, token, "bb-1", "50.00");
    expect(b.value.balance).toBe("80.00");
    expect(await balances(t, p.id)).toMatchObject({ main: 0n, bonus: 8_000n });
    // A 100.00 win of it: 40 % of the stake was bonus money, so 40.00 goes to the bonus.
    const w = await win(p.id, "bw-1", "bb-1", "100.00");
    expect(w.value.balance).toBe("180.00");
    expect(await balances(t, p.id)).toMatchObject({ main: 6_000n, bonus: 12_000n });
    // Wagering advanced by the settled bet's amount.
    expect((await bonusRow(t, p.id))?.wagered).toBe("5000");
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("a rollback returns each part to where it came from", async () => {
    const p = await registerPlayer(t, "Bonny002");
    await fund(t, p.id, 1_000n, "fund-bonny2");
    await grant(t, p.id, await makeRule(t, { multiple: 10 }), 5_000n, "test:bonny2");
    const token = await launch(t, p.id);
    await bet(p.id, token, "rb-1", "40.00");
    expect(await balances(t, p.id)).toMatchObject({ main: 0n, bonus: 2_000n });
    const rb = await call("rollback", {
      playerId: p.id,
      transactionId: "rr-1",
      roundId: "r-rb-1",
      refTransactionId: "rb-1",
    });
    expect(rb.success).toBe(true);
    expect(await balances(t, p.id)).toMatchObject({ main: 1_000n, bonus: 5_000n });
    // A rolled-back bet never counted for wagering.
    expect((await bonusRow(t, p.id))?.wagered).toBe("0");
  });

  it("refuses a bet above the bonus's maximum bet while wagering, and keeps the refusal", async () => {
    const p = await registerPlayer(t, "Bonny003");
    await fund(t, p.id, 50_000n, "fund-bonny3");
    await grant(t, p.id, await makeRule(t, { maxBet: 2_000n }), 5_000n, "test:bonny3");
    const token = await launch(t, p.id);
    const refused = await bet(p.id, token, "mb-1", "25.00");
    expect(refused).toMatchObject({ success: false, code: "BONUS_MAX_BET" });
    expect((await bet(p.id, token, "mb-1", "25.00")).code).toBe("BONUS_MAX_BET");
    expect((await bet(p.id, token, "mb-2", "20.00")).success).toBe(true);
    expect(await balances(t, p.id)).toMatchObject({ main: 48_000n, bonus: 5_000n });
  });

  it("counts each game type at its rate and moves the remainder to main, up to the cap, when met", async () => {
    const p = await registerPlayer(t, "Bonny004");
    await t.database.db.execute(
      sql`INSERT INTO game_vendors (vassalage, game_type, account_type_id, display_name, small_icon, logo, logo_hover)
          VALUES ('PNS', 'RNG', 1, 'PNS', '', '', '') ON CONFLICT DO NOTHING`,
    );
    await t.database.db.execute(
      sql`INSERT INTO games (vendor, game_code, game_type, game_classify, names, search_text, min_bet, min_line_num, thumbnail)
          VALUES ('PNS', 'lotto-9', 'LOTT', 'x', '{}'::jsonb, 'lotto', 1, 1, ''),
                 ('PNS', 'slot-9', 'RNG', 'x', '{}'::jsonb, 'slot', 1, 1, '')`,
    );
    const rule = await makeRule(t, {
      multiple: 3,
      contributions: { RNG: 100, LOTT: 10 },
      maxConversion: 4_000n,
    });
    await grant(t, p.id, rule, 10_000n, "test:bonny4");
    const token = await launch(t, p.id);
    // Bonus only: 100.00 → wagering 300.00.
    await bet(p.id, token, "lb-1", "50.00", "lotto-9");
    await win(p.id, "lw-1", "lb-1", "50.00");
    expect((await bonusRow(t, p.id))?.wagered).toBe("500");
    await bet(p.id, token, "sb-1", "100.00", "slot-9");
    await win(p.id, "sw-1", "sb-1", "100.00");
    await bet(p.id, token, "sb-2", "100.00", "slot-9");
    await win(p.id, "sw-2", "sb-2", "100.00");
    expect((await bonusRow(t, p.id))?.state).toBe("active");
    await bet(p.id, token, "sb-3", "100.00", "slot-9");
    const last = await win(p.id, "sw-3", "sb-3", "150.00");
    // 305.00 wagered ≥ 300.00: the bonus balance (150.00) moves to main, capped at 40.00.
    expect((await bonusRow(t, p.id))?.state).toBe("completed");
    expect(await balances(t, p.id)).toMatchObject({ main: 4_000n, bonus: 0n });
    expect(last.value.balance).toBe("40.00");
    const types = await queryRows<{ type: string }>(
      t.database.db,
      sql`SELECT type FROM ledger_transactions WHERE member_id = ${p.id} AND type LIKE 'bonus%' ORDER BY id`,
    );
    expect(types.map((x) => x.type)).toEqual(["bonus_grant", "bonus_release"]);
    // bonusDetails shows it with its history.
    const list = await t.app.inject({
      method: "GET",
      url: "/wps/bonus/list",
      headers: { authorization: `Bearer ${p.token}` },
    });
    const shown = list.json().value.items[0];
    expect(shown).toMatchObject({
      state: "completed",
      progress: 100,
      released: "40.00",
      takenBack: "110.00",
    });
    expect(shown.history.map((h: { kind: string }) => h.kind)).toEqual([
      "completed",
      "wagered",
      "wagered",
      "wagered",
      "wagered",
      "granted",
    ]);
  });

  it("pays a held win of a bonus-funded bet by the same rule when the operator approves it", async () => {
    const p = await registerPlayer(t, "Bonny012");
    await fund(t, p.id, 1_000n, "fund-bonny12");
    await grant(t, p.id, await makeRule(t, { multiple: 50 }), 3_000n, "test:bonny12");
    const token = await launch(t, p.id);
    await t.database.db.execute(sql`UPDATE provider_clients SET max_win_amount = 10000 WHERE vendor = 'PNS'`);
    try {
      // 10.00 real + 30.00 bonus; a 200.00 win is held, then approved: 150.00 bonus, 50.00 main.
      await bet(p.id, token, "hb-1", "40.00");
      const held = await win(p.id, "hw-1", "hb-1", "200.00");
      expect(held.value.held).toBe(true);
      const op = await createOperator(t.database.db, {
        username: "bonusfinance",
        role: "finance",
        password: "Finance-pass-2026",
      });
      const [review] = await queryRows<{ id: string }>(
        t.database.db,
        sql`SELECT id FROM provider_win_reviews WHERE transaction_id = 'hw-1'`,
      );
      await decideWinReview(t.app.ctx, {
        id: Number(review?.id),
        approve: true,
        note: null,
        operator: {
          id: op.id,
          username: "bonusfinance",
          role: "finance",
          permissions: ["finance.write"],
          mustChangePassword: false,
          token: "",
        },
        ip: "127.0.0.1",
      });
      expect(await balances(t, p.id)).toMatchObject({ main: 5_000n, bonus: 15_000n });
    } finally {
      await t.database.db.execute(
        sql`UPDATE provider_clients SET max_win_amount = NULL WHERE vendor = 'PNS'`,
      );
    }
  });

  it("forfeits the bonus when a withdrawal is requested before wagering is met", async () => {
    const p = await registerPlayer(t, "Bonny005");
    await fund(t, p.id, 20_000n, "fund-bonny5");
    await grant(t, p.id, await makeRule(t, { multiple: 5 }), 5_000n, "test:bonny5");
    await t.database.db.execute(
      sql`INSERT INTO payout_accounts (member_id, kind, provider, account_name, account_number)
          VALUES (${p.id}, 'ewallet', 'gcash', 'Bonny Five', '09170000005')`,
    );
    const [acc] = await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM payout_accounts WHERE member_id = ${p.id}`,
    );
    await setTxPassword(t.app.ctx, p.id, undefined, "246810");
    await requestWithdrawal(t.app.ctx, p.id, {
      amount: 10_000n,
      payoutAccountId: Number(acc?.id),
      transactionPassword: "246810",
      requestId: "wd-bonny5-0001",
    });
    expect((await bonusRow(t, p.id))?.state).toBe("forfeited");
    expect(await balances(t, p.id)).toMatchObject({ main: 10_000n, bonus: 0n, hold: 10_000n });
  });

  it("takes an expired bonus back, once", async () => {
    const p = await registerPlayer(t, "Bonny006");
    await grant(t, p.id, await makeRule(t), 7_000n, "test:bonny6");
    await t.database.db.execute(
      sql`UPDATE member_bonuses SET expires_at = now() - interval '1 minute' WHERE member_id = ${p.id}`,
    );
    expect(await expireBonuses(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await expireBonuses(t.app.ctx)).toBe(0);
    expect((await bonusRow(t, p.id))?.state).toBe("expired");
    expect(await balances(t, p.id)).toMatchObject({ bonus: 0n });
  });

  it("never offers a bonus to an agent, nor grants the same source twice", async () => {
    const p = await registerPlayer(t, "Bonny007");
    const rule = await makeRule(t);
    const first = await grant(t, p.id, rule, 1_000n, "test:bonny7");
    const again = await grant(t, p.id, rule, 1_000n, "test:bonny7");
    expect(again).toEqual({ bonusId: first.bonusId, created: false });
    expect((await balances(t, p.id)).bonus).toBe(1_000n);
    const agent = await registerPlayer(t, "Agent008");
    await t.database.db.execute(sql`UPDATE members SET is_agent = 1 WHERE id = ${agent.id}`);
    await expect(grant(t, agent.id, rule, 1_000n, "test:agent8")).rejects.toMatchObject({
      code: "BONUS_NOT_ALLOWED",
    });
  });

  it("flags a household (a shared payout account) for review and grants nothing", async () => {
    const a = await registerPlayer(t, "House009");
    const b = await registerPlayer(t, "House010");
    for (const m of [a, b]) {
      await t.database.db.execute(
        sql`INSERT INTO payout_accounts (member_id, kind, provider, account_name, account_number)
            VALUES (${m.id}, 'ewallet', 'gcash', 'Same House', '09179999999')`,
      );
    }
    const rule = await makeRule(t);
    await grant(t, a.id, rule, 1_000n, "test:house9");
    // Refused inside a transaction that goes on (as a deposit's credit does): the flag stays.
    await t.database.db.transaction(async (tx) => {
      await expect(
        grantBonus(tx, { memberId: b.id, ruleId: rule, amountMinor: 1_000n, sourceKey: "test:house10" }),
      ).rejects.toMatchObject({ code: "BONUS_NOT_ALLOWED" });
    });
    expect((await balances(t, b.id)).bonus).toBe(0n);
    const [m] = await queryRows<{ bonus_review: boolean }>(
      t.database.db,
      sql`SELECT EXISTS (SELECT 1 FROM bonus_reviews WHERE member_id = ${b.id}) AS bonus_review`,
    );
    expect(m?.bonus_review).toBe(true);
  });

  it("applies a first-deposit bonus exactly once under a repeated gateway callback", async () => {
    const p = await registerPlayer(t, "Bonny011");
    const secret = "sandbox-secret-for-bonus-tests-0001";
    const [ch] = await t.database.db
      .insert(paymentChannels)
      .values({
        code: "sbx-bonus",
        kind: "gateway",
        adapter: "sandbox",
        name: "Sandbox",
        minAmount: 100n,
        maxAmount: 10_000_000n,
        enabled: true,
        secrets: { secret },
      })
      .returning();
    const rule = await makeRule(t, {
      kind: "first_deposit",
      percent: 50,
      maxBonus: 20_000n,
      minDeposit: 10_000n,
      multiple: 5,
    });
    const h = { authorization: `Bearer ${p.token}`, "x-lang": "EN" };
    const options = (
      await t.app.inject({ method: "GET", url: "/wps/bonus/depositOptions?amount=500.00", headers: h })
    ).json().value;
    expect(options.items.find((o: { id: number }) => o.id === rule)).toMatchObject({
      bonusForAmount: "200.00",
    });
    const low = await t.app.inject({
      method: "POST",
      url: "/wps/deposits",
      headers: h,
      payload: { channelId: ch?.id, amount: "50.00", requestId: "dep-bonus-low1", bonusRuleId: rule },
    });
    expect(low.json()).toMatchObject({ success: false, code: "BONUS_MIN_DEPOSIT" });
    const res = await t.app.inject({
      method: "POST",
      url: "/wps/deposits",
      headers: h,
      payload: { channelId: ch?.id, amount: "500.00", requestId: "dep-bonus-0001", bonusRuleId: rule },
    });
    expect(res.statusCode, res.body).toBe(200);
    const ref = new URL(res.json().value.checkoutUrl).pathname.split("/").pop() ?? "";
    const body = JSON.stringify({ ref, status: "paid", amount: "50000" });
    const callback = () =>
      handleCallback(t.app.ctx, "sbx-bonus", { "x-sandbox-signature": signSandbox(secret, body) }, body);
    const outcomes = await Promise.all([callback(), callback(), callback(), callback()]);
    expect(outcomes.filter((o) => o === "credited")).toHaveLength(1);
    expect(await callback()).toBe("duplicate");
    expect(await balances(t, p.id)).toMatchObject({ main: 50_000n, bonus: 20_000n });
    const grants = await queryRows<{ idempotency_key: string }>(
      t.database.db,
      sql`SELECT idempotency_key FROM ledger_transactions WHERE member_id = ${p.id} AND type = 'bonus_grant'`,
    );
    expect(grants.map((g) => g.idempotency_key)).toEqual([`bonus:deposit:${res.json().value.deposit.id}`]);
    // A first-deposit bonus is not offered again.
    const after = (await t.app.inject({ method: "GET", url: "/wps/bonus/depositOptions", headers: h })).json()
      .value;
    expect(after.items).toEqual([]);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
