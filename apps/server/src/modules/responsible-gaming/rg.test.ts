import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { paymentChannels } from "../../db/schema/payments.ts";
import { providerClients } from "../../db/schema/providers.ts";
import { memberGate } from "../../lib/member-gates.ts";
import { tokenHash } from "../../lib/passwords.ts";
import {
  enableVendor,
  fund,
  grant,
  makeRule,
  registerPlayer,
  VENDOR_SECRET,
} from "../../testing/bonus-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { uploadProof } from "../../testing/uploads.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { reconcile } from "../ledger/ledger.ts";
import { createDeposit } from "../payments/deposits.ts";
import { requestWithdrawal, setTxPassword } from "../payments/withdrawals.ts";
import { promotionEligibility } from "../promotions/service.ts";
import { inHouseProviderSecret, issueLaunchToken, signProvider } from "../providers/service.ts";
import { transferWithVendor } from "../providers/transfer-wallet.ts";
import { claimOne } from "../rewards/center.ts";
import { offerReward } from "../rewards/offer.ts";
import { mayReceiveRewards } from "../rewards/pay.ts";
import { exclude } from "./service.ts";

/** A moment given as Manila wall time ("2027-01-27T23:50"). */
const manila = (wall: string) => new Date(Date.parse(`${wall}:00Z`) - 8 * 3_600_000);

describe("responsible gaming", () => {
  let t: TestApp;
  // The platform's clock, moved by the tests across Manila days, weeks and months.
  let nowMs = Date.now();
  let channelId = 0;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: { now: () => new Date(nowMs) } });
    await enableVendor(t);
    const [ch] = await t.database.db
      .insert(paymentChannels)
      .values({ code: "rg-bank", kind: "bank", name: "RG Bank", minAmount: 100n, maxAmount: 10_000_000n })
      .returning();
    channelId = ch?.id ?? 0;
  });
  afterAll(async () => t.close());

  const as = (token: string) => ({ authorization: `Bearer ${token}`, "x-lang": "EN" });
  const api = async (token: string, method: "GET" | "POST", url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: as(token), payload: payload as object });
    return res.json();
  };
  // A signed provider call as the game server makes it, stamped with the platform's clock.
  let seq = 0;
  const call = async (name: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify({ requestId: `rg${++seq}`, ...body });
    const res = await t.app.inject({
      method: "POST",
      url: `/provider/PNS/${name}`,
      headers: {
        "content-type": "application/json",
        "x-signature": signProvider(VENDOR_SECRET, raw, Math.floor(nowMs / 1000)),
        "x-lang": "EN",
      },
      payload: raw,
    });
    return res.json();
  };
  // Keep a member's site session alive across the moved clock (set-up, not under test).
  const keepAlive = (token: string) =>
    t.database.db.execute(
      sql`UPDATE member_sessions SET last_seen_at = ${new Date(nowMs)}, expires_at = ${new Date(nowMs + 86_400_000)}
          WHERE token_hash = ${tokenHash(token)}`,
    );
  const bet = (playerId: number, token: string, tid: string, amount: string) =>
    call("debit", { token, playerId, transactionId: tid, roundId: `r-${tid}`, amount });
  const win = (playerId: number, tid: string, betTid: string, amount: string) =>
    call("credit", {
      playerId,
      transactionId: tid,
      roundId: `r-${betTid}`,
      betTransactionId: betTid,
      amount,
    });
  const launch = (memberId: number) => issueLaunchToken(t.app.ctx, memberId, "PNS");

  it("answers the member's state; a member without limits stays off the hot path", async () => {
    const p = await registerPlayer(t, "Rgstate01");
    const s = await api(p.token, "GET", "/wps/rg/state");
    expect(s.success).toBe(true);
    expect(s.value.limits).toHaveLength(9);
    expect(s.value.blocked).toBeNull();
    const [m] = await queryRows<{ rg_active: boolean }>(
      t.database.db,
      sql`SELECT rg_active FROM members WHERE id = ${p.id}`,
    );
    expect(m?.rg_active).toBe(false);
  });

  it("lowers a limit at once; raises it only after 24 hours and the member's confirmation", async () => {
    nowMs = Date.now();
    const p = await registerPlayer(t, "Rglimit01");
    const set = (amount: string | null) =>
      api(p.token, "POST", "/wps/rg/limit", { kind: "deposit", period: "day", amount });
    expect((await set("1000.00")).value.status).toBe("applied");
    expect((await set("500.00")).value.status).toBe("applied");
    const raised = await set("2000.00");
    expect(raised.value.status).toBe("pending");
    const view = raised.value.state.limits.find(
      (l: { kind: string; period: string }) => l.kind === "deposit" && l.period === "day",
    );
    expect(view.amount).toBe("500.00");
    expect(view.pending).toMatchObject({ amount: "2000.00", ready: false });
    // Before 24 hours: refused, the limit in force unchanged.
    nowMs += 23 * 3_600_000;
    await keepAlive(p.token);
    const early = await api(p.token, "POST", "/wps/rg/limit/confirm", { kind: "deposit", period: "day" });
    expect(early).toMatchObject({ success: false, code: "RG_NOT_READY" });
    // After 24 hours it still waits for the member's confirmation.
    nowMs += 2 * 3_600_000;
    await keepAlive(p.token);
    const waiting = await api(p.token, "GET", "/wps/rg/state");
    const w = waiting.value.limits.find(
      (l: { kind: string; period: string }) => l.kind === "deposit" && l.period === "day",
    );
    expect(w.amount).toBe("500.00");
    expect(w.pending.ready).toBe(true);
    const ok = await api(p.token, "POST", "/wps/rg/limit/confirm", { kind: "deposit", period: "day" });
    expect(ok.success).toBe(true);
    const d = ok.value.limits.find(
      (l: { kind: string; period: string }) => l.kind === "deposit" && l.period === "day",
    );
    expect(d).toMatchObject({ amount: "2000.00", pending: null });
    // A removal waits the same way.
    expect((await set(null)).value.status).toBe("pending");
    const history = await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM rg_history WHERE member_id = ${p.id} ORDER BY id`,
    );
    expect(history.map((h) => h.action)).toEqual([
      "limit.set",
      "limit.set",
      "limit.raise-requested",
      "limit.confirmed",
      "limit.remove-requested",
    ]);
    nowMs = Date.now();
  });

  it("refuses a deposit over each deposit limit, by Manila day, week and month", async () => {
    const p = await registerPlayer(t, "Rgdepo01");
    const proofUrl = await uploadProof(t.app, p.token);
    let n = 0;
    const deposit = (amount: bigint) =>
      createDeposit(t.app.ctx, p.id, { channelId, amount, requestId: `rg-dep-${++n}`, proofUrl }).then(
        () => "ok",
        (e: { code?: string }) => e.code ?? String(e),
      );
    const limit = async (period: string, amount: string) =>
      expect((await api(p.token, "POST", "/wps/rg/limit", { kind: "deposit", period, amount })).success).toBe(
        true,
      );
    await limit("day", "500.00");
    await limit("week", "800.00");
    await limit("month", "1000.00");
    // Wednesday 27 January 2027, 23:50 in Manila.
    nowMs = manila("2027-01-27T23:50").getTime();
    expect(await deposit(30_000n)).toBe("ok");
    expect(await deposit(30_000n)).toBe("RG_DEPOSIT_LIMIT"); // the day: 300 + 300 > 500
    nowMs = manila("2027-01-28T00:05").getTime(); // a new Manila day
    expect(await deposit(30_000n)).toBe("ok");
    expect(await deposit(30_000n)).toBe("RG_DEPOSIT_LIMIT"); // the week: 600 + 300 > 800
    nowMs = manila("2027-02-01T00:05").getTime(); // Monday: a new week, and a new month
    expect(await deposit(50_000n)).toBe("ok");
    // The same request again is answered as before, not counted twice.
    n--;
    expect(await deposit(50_000n)).toBe("ok");
    nowMs = manila("2027-02-02T10:00").getTime();
    expect(await deposit(30_000n)).toBe("ok");
    nowMs = manila("2027-02-03T10:00").getTime();
    expect(await deposit(30_000n)).toBe("RG_DEPOSIT_LIMIT"); // the week again: 800 + 300 > 800
    nowMs = manila("2027-02-09T10:00").getTime();
    expect(await deposit(30_000n)).toBe("RG_DEPOSIT_LIMIT"); // the month: 800 + 300 > 1000
    nowMs = Date.now();
  });

  it("refuses a provider debit beyond the loss limit of the Manila day; a win gives room back", async () => {
    nowMs = manila("2027-01-27T23:40").getTime();
    const p = await registerPlayer(t, "Rgloss01");
    await fund(t, p.id, 100_000n, "rg-fund-loss1");
    expect(
      (await api(p.token, "POST", "/wps/rg/limit", { kind: "loss", period: "day", amount: "100.00" }))
        .success,
    ).toBe(true);
    const token = await launch(p.id);
    expect((await bet(p.id, token, "ld-1", "60.00")).success).toBe(true);
    const refused = await bet(p.id, token, "ld-2", "50.00");
    expect(refused).toMatchObject({ success: false, code: "RG_LOSS_LIMIT" });
    // A win of 20.00 lowers the day's net loss to 40.00: 50.00 more fits.
    expect((await win(p.id, "lw-1", "ld-1", "20.00")).success).toBe(true);
    expect((await bet(p.id, token, "ld-3", "50.00")).success).toBe(true);
    expect((await bet(p.id, token, "ld-4", "20.00")).code).toBe("RG_LOSS_LIMIT");
    // The refusal is kept, like every refusal of the protocol.
    expect((await bet(p.id, token, "ld-2", "50.00")).code).toBe("RG_LOSS_LIMIT");
    nowMs = manila("2027-01-28T00:01").getTime(); // a new Manila day
    expect((await bet(p.id, token, "ld-5", "90.00")).success).toBe(true);
    expect((await bet(p.id, token, "ld-6", "20.00")).code).toBe("RG_LOSS_LIMIT");
    expect((await reconcile(t.database.db)).ok).toBe(true);
    nowMs = Date.now();
  });

  it("refuses a provider debit beyond the wager limit of the Manila week (wins do not give room)", async () => {
    nowMs = manila("2027-01-30T12:00").getTime(); // Saturday
    const p = await registerPlayer(t, "Rgwager1");
    await fund(t, p.id, 100_000n, "rg-fund-wager1");
    await api(p.token, "POST", "/wps/rg/limit", { kind: "wager", period: "week", amount: "100.00" });
    let token = await launch(p.id);
    expect((await bet(p.id, token, "ww-1", "80.00")).success).toBe(true);
    expect((await win(p.id, "wwin-1", "ww-1", "80.00")).success).toBe(true);
    nowMs = manila("2027-01-31T23:50").getTime(); // Sunday: a new day, the same week
    token = await launch(p.id);
    expect((await bet(p.id, token, "ww-2", "30.00")).code).toBe("RG_WAGER_LIMIT");
    nowMs = manila("2027-02-01T00:05").getTime(); // Monday: a new week
    expect((await bet(p.id, token, "ww-3", "30.00")).success).toBe(true);
    nowMs = Date.now();
  });

  it("refuses a provider debit beyond the loss limit of the Manila month", async () => {
    nowMs = manila("2027-01-15T12:00").getTime();
    const p = await registerPlayer(t, "Rgmonth1");
    await fund(t, p.id, 100_000n, "rg-fund-month1");
    await api(p.token, "POST", "/wps/rg/limit", { kind: "loss", period: "month", amount: "100.00" });
    nowMs = manila("2027-01-20T12:00").getTime();
    let token = await launch(p.id);
    expect((await bet(p.id, token, "lm-1", "70.00")).success).toBe(true);
    nowMs = manila("2027-01-31T23:50").getTime();
    token = await launch(p.id);
    expect((await bet(p.id, token, "lm-2", "40.00")).code).toBe("RG_LOSS_LIMIT");
    nowMs = manila("2027-02-01T00:05").getTime(); // a new Manila month
    expect((await bet(p.id, token, "lm-3", "40.00")).success).toBe(true);
    nowMs = Date.now();
  });

  it("a bet refused for insufficient funds is not counted against the limit", async () => {
    nowMs = Date.now();
    const p = await registerPlayer(t, "Rgfunds1");
    await fund(t, p.id, 5_000n, "rg-fund-funds1");
    await api(p.token, "POST", "/wps/rg/limit", { kind: "wager", period: "day", amount: "100.00" });
    const token = await launch(p.id);
    expect((await bet(p.id, token, "fi-1", "80.00")).code).toBe("INSUFFICIENT_FUNDS");
    expect((await bet(p.id, token, "fi-2", "50.00")).success).toBe(true);
    const s = await api(p.token, "GET", "/wps/rg/state");
    const w = s.value.limits.find(
      (l: { kind: string; period: string }) => l.kind === "wager" && l.period === "day",
    );
    expect(w.used).toBe("50.00");
  });

  it("a self-excluded member plays nothing, takes no bonus, gets no marketing, and may still withdraw", async () => {
    nowMs = Date.now();
    const p = await registerPlayer(t, "Rgexcl01");
    await fund(t, p.id, 50_000n, "rg-fund-excl1");
    const token = await launch(p.id); // launched before excluding
    const ex = await api(p.token, "POST", "/wps/rg/exclude", { kind: "self_exclusion", months: 6 });
    expect(ex.value.blocked).toMatchObject({ kind: "self_exclusion" });
    const at = new Date(nowMs);
    // Launch: games (launchGame), the lottery's session and the in-house games all take a launch token here.
    await expect(launch(p.id)).rejects.toMatchObject({ code: "RG_SELF_EXCLUDED" });
    // The earlier launch's token opens no game session now.
    expect((await call("authenticate", { token })).code).toBe("RG_SELF_EXCLUDED");
    // A bet through the provider protocol with the earlier session's token.
    expect((await bet(p.id, token, "ex-1", "10.00")).code).toBe("RG_SELF_EXCLUDED");
    // Bonus grant, promotion, reward claim, marketing.
    await expect(grant(t, p.id, await makeRule(t), 5_000n, "rg:excl:grant")).rejects.toMatchObject({
      code: "RG_SELF_EXCLUDED",
    });
    expect(
      await promotionEligibility(
        t.database.db,
        { audience: "everyone", newWithinDays: null, vipLevels: [], agentIds: [] },
        p.id,
        at,
      ),
    ).toEqual({ ok: false, code: "PROMO_SELF_EXCLUDED" });
    expect(await mayReceiveRewards(t.database.db, p.id, at)).toBe(false);
    const reward = await offerReward(t.database.db, {
      memberId: p.id,
      sourceKind: "promotion",
      sourceKey: "rg:excl:reward",
      title: { EN: "Prize" },
      payout: "cash",
      ledgerType: "promotion_reward",
      amountMinor: 1_000n,
      currency: "PHP",
    });
    await expect(claimOne(t.app.ctx, p.id, reward.id)).rejects.toMatchObject({ code: "REWARD_NOT_ALLOWED" });
    // Money into a vendor's own wallet (the transfer wallet, in-process PNX) is play too.
    await t.database.db
      .insert(providerClients)
      .values({
        vendor: "PNX",
        secret: inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNX"),
        transferUrl: "/rgs/transfer/PNX",
      })
      .onConflictDoNothing();
    await expect(
      transferWithVendor(t.app.ctx, {
        memberId: p.id,
        vendor: "PNX",
        direction: "in",
        amount: 1_000n,
        requestId: "rg-excl-transfer",
      }),
    ).rejects.toMatchObject({ code: "RG_SELF_EXCLUDED" });
    expect(await memberGate(t.database.db, p.id, "marketing", at)).toBe("RG_SELF_EXCLUDED");
    expect(await memberGate(t.database.db, p.id, "deposit", at)).toBe("RG_SELF_EXCLUDED");
    // Not reversible by the member: a shorter cooling-off changes nothing.
    await api(p.token, "POST", "/wps/rg/exclude", { kind: "cooling_off", days: 1 });
    const s = await api(p.token, "GET", "/wps/rg/state");
    expect(s.value.blocked.kind).toBe("self_exclusion");
    expect(Date.parse(s.value.blocked.until) - nowMs).toBeGreaterThan(150 * 86_400_000);
    // Still logged in, and may withdraw.
    await t.database.db.execute(
      sql`INSERT INTO payout_accounts (member_id, kind, provider, account_name, account_number)
          VALUES (${p.id}, 'ewallet', 'gcash', 'Rg Excl', '09170000777')`,
    );
    const [acc] = await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM payout_accounts WHERE member_id = ${p.id}`,
    );
    await setTxPassword(t.app.ctx, p.id, undefined, "246810");
    const wd = await requestWithdrawal(t.app.ctx, p.id, {
      amount: 20_000n,
      payoutAccountId: Number(acc?.id),
      transactionPassword: "246810",
      requestId: "rg-wd-0001",
    });
    expect(wd).toBeTruthy();
    // Other members are not touched.
    const q = await registerPlayer(t, "Rgexcl02");
    expect(await memberGate(t.database.db, q.id, "play", at)).toBeNull();
  });

  it("a cooling-off and a spent session limit refuse play; the gate answers them", async () => {
    nowMs = Date.now();
    const p = await registerPlayer(t, "Rgcool01");
    await exclude(t.app.ctx, p.id, { kind: "cooling_off", days: 1 }, null);
    expect(await memberGate(t.database.db, p.id, "play", new Date(nowMs))).toBe("RG_COOLING_OFF");
    // After its end, play again.
    expect(await memberGate(t.database.db, p.id, "play", new Date(nowMs + 86_400_001))).toBeNull();

    const q = await registerPlayer(t, "Rgsess01");
    await fund(t, q.id, 10_000n, "rg-fund-sess1");
    const settings = await api(q.token, "POST", "/wps/rg/session", {
      sessionMinutes: 30,
      realityCheckMinutes: 15,
    });
    expect(settings.value).toMatchObject({
      status: "applied",
      state: { sessionMinutes: 30, realityCheckMinutes: 15 },
    });
    // A longer session limit waits 24 hours and the member's confirmation, like a limit's raise.
    const longer = await api(q.token, "POST", "/wps/rg/session", {
      sessionMinutes: 120,
      realityCheckMinutes: 15,
    });
    expect(longer.value).toMatchObject({
      status: "pending",
      state: { sessionMinutes: 30, sessionPending: { minutes: 120, ready: false } },
    });
    expect((await api(q.token, "POST", "/wps/rg/session/confirm")).code).toBe("RG_NOT_READY");
    expect((await api(q.token, "POST", "/wps/rg/session/cancel")).value.sessionPending).toBeNull();
    const token = await launch(q.id);
    expect((await bet(q.id, token, "ss-1", "10.00")).success).toBe(true);
    const info = await api(q.token, "GET", "/wps/rg/session");
    expect(info.value).toMatchObject({ netResult: "-10.00", wagered: "10.00", realityCheckSeconds: 900 });
    nowMs += 31 * 60_000;
    expect(await memberGate(t.database.db, q.id, "play", new Date(nowMs))).toBe("RG_SESSION_LIMIT");
    expect((await bet(q.id, token, "ss-2", "10.00")).code).toBe("RG_SESSION_LIMIT");
    nowMs = Date.now();
  });

  it("lets an operator impose an exclusion (audited) and shows the member's history", async () => {
    nowMs = Date.now();
    const p = await registerPlayer(t, "Rgadmin1");
    const SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    await createOperator(t.database.db, {
      username: "rgowner",
      role: "owner",
      password: "Rg-owner-pass-2026!",
      totpSecret: SECRET,
    });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: { "x-requested-with": "panalo-admin" },
      payload: {
        username: "rgowner",
        password: "Rg-owner-pass-2026!",
        totp: totpAt(SECRET, Math.floor(Date.now() / 30000)),
      },
    });
    const cookie = `panalo_admin=${login.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    const H = { cookie, "x-requested-with": "panalo-admin", "x-lang": "EN" };
    const imposed = await t.app.inject({
      method: "POST",
      url: `/api/admin/rg/members/${p.id}/exclude`,
      headers: H,
      payload: { kind: "self_exclusion", days: 365, reason: "Asked by phone" },
    });
    expect(imposed.statusCode, imposed.body).toBe(200);
    const view = (
      await t.app.inject({ method: "GET", url: `/api/admin/rg/members/${p.id}`, headers: H })
    ).json().value;
    expect(view.state.blocked.kind).toBe("self_exclusion");
    expect(view.exclusions[0]).toMatchObject({ byOperator: true, reason: "Asked by phone" });
    expect(view.history[0]).toMatchObject({ action: "exclusion.self_exclusion", byOperator: true });
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM audit_log WHERE action = 'rg.exclude' AND entity_id = ${String(p.id)}`,
    );
    expect(audit).toHaveLength(1);
    const settings = await t.app.inject({
      method: "PUT",
      url: "/api/admin/rg/settings",
      headers: H,
      payload: { realityCheckDefaultMinutes: 30 },
    });
    expect(settings.json().value).toMatchObject({ realityCheckDefaultMinutes: 30, minimumAge: 21 });
  });
});

/**
 * Two debits of different rounds of one member racing at the loss limit, on PostgreSQL:
 * provider_move is called straight, each on its own pool connection, so only the database's
 * locks decide — at most the limit is lost.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("responsible gaming races on PostgreSQL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await enableVendor(t);
  });
  afterAll(async () => t.close());

  const move = async (playerId: number, tid: string, amount: bigint, token: string) => {
    const [row] = await queryRows<{ r: { answer?: unknown; error?: string } }>(
      t.database.db,
      sql`SELECT provider_move('PNS', 'bet', ${tid}, ${`r-${tid}`}, ${playerId}, ${amount.toString()}::bigint, NULL,
            ${tokenHash(token)}, NULL, ${`bet:${tid}:${amount}`}, now()) AS r`,
    );
    return row?.r ?? {};
  };

  it("two debits at the limit: at most the limit is lost, for each of several members", async () => {
    const players = [];
    for (let i = 0; i < 4; i++) {
      const p = await registerPlayer(t, `Rgrace0${i}`);
      await fund(t, p.id, 100_000n, `rg-race-fund-${i}`);
      await t.app.inject({
        method: "POST",
        url: "/wps/rg/limit",
        headers: { authorization: `Bearer ${p.token}` },
        payload: { kind: "loss", period: "day", amount: "100.00" },
      });
      players.push({ ...p, launch: await issueLaunchToken(t.app.ctx, p.id, "PNS") });
    }
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(
        players.flatMap((p) => [
          move(p.id, `race-${p.id}-${round}-a`, 6_000n, p.launch),
          move(p.id, `race-${p.id}-${round}-b`, 6_000n, p.launch),
        ]),
      );
      expect(results.filter((r) => r.answer).length).toBe(round === 0 ? players.length : 0);
    }
    for (const p of players) {
      const [b] = await queryRows<{ balance: string }>(
        t.database.db,
        sql`SELECT balance::text FROM ledger_accounts WHERE member_id = ${p.id} AND kind = 'main'`,
      );
      expect(100_000n - BigInt(b?.balance ?? 0)).toBe(6_000n);
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
