import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { members } from "../../db/schema/members.ts";
import { providerClients } from "../../db/schema/providers.ts";
import { providerCall } from "../../testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { memberBalances, post, reconcile } from "../ledger/ledger.ts";
import { biggestWins } from "./repo/stats.ts";
import { inHouseProviderSecret, issueLaunchToken } from "./service.ts";

/**
 * Provider limits: a credit above the vendor's maximum win per round is
 * acknowledged but held in house:win-review until an operator pays it or returns it, once.
 */
describe("wins held above a vendor's maximum win per round", () => {
  let t: TestApp;
  const onServer = Boolean(process.env.TEST_DATABASE_URL);
  const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
  const cookies: Record<string, string> = {};
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db
      .insert(providerClients)
      .values({ vendor: "PNS", secret: inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNS") });
    for (const [name, role, secret] of [
      ["winfin1", "finance", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"],
      ["winfin2", "finance", "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU"],
      ["winhelp", "support", "MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK"],
    ] as const) {
      await createOperator(t.database.db, {
        username: name,
        role,
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

  const admin = async (who: string, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...H, cookie: cookies[who] ?? "" },
      payload: payload as object,
    });
    return { status: res.statusCode, ...res.json() };
  };
  const player = async (minor: bigint) => {
    const [m] = await t.database.db
      .insert(members)
      .values({ username: `winrev${++n}` })
      .returning({ id: members.id });
    if (!m) throw new Error("member not created");
    await post(t.database.db, {
      idempotencyKey: `winrev-fund-${m.id}`,
      type: "deposit",
      memberId: m.id,
      legs: [
        { account: { house: "cash", currency: "PHP" }, amount: -minor },
        { account: { member: m.id, kind: "main", currency: "PHP" }, amount: minor },
      ],
    });
    return { id: m.id, token: await issueLaunchToken(t.app.ctx, m.id, "PNS") };
  };
  const main = async (id: number) =>
    (await memberBalances(t.database.db, id)).find((b) => b.kind === "main")?.balance ?? 0n;
  const held = async () => {
    const [row] = await queryRows<{ s: string | null }>(
      t.database.db,
      sql`SELECT sum(e.amount)::text AS s FROM ledger_entries e
          JOIN ledger_accounts a ON a.id = e.account_id WHERE a.kind = 'house:win-review'`,
    );
    return BigInt(row?.s ?? 0);
  };
  const bet = (p: { id: number; token: string }, tx: string, amount: string, round = tx) =>
    providerCall(t.app, "PNS", "debit", {
      token: p.token,
      playerId: p.id,
      transactionId: tx,
      roundId: round,
      amount,
      roundClosed: false,
    });
  const win = (p: { id: number }, tx: string, betTx: string, amount: string, round = betTx) =>
    providerCall(t.app, "PNS", "credit", {
      playerId: p.id,
      transactionId: tx,
      roundId: round,
      betTransactionId: betTx,
      amount,
      roundClosed: true,
    });

  it("lets a finance operator set the limits, and only them", async () => {
    const body = { maxWinMultiple: 10, maxWinAmount: "100.00" };
    expect(await admin("winhelp", "PUT", "/api/admin/provider-limits/PNS", body)).toMatchObject({
      status: 403,
    });
    expect(
      await admin("winfin1", "PUT", "/api/admin/provider-limits/PNS", { ...body, maxWinAmount: "0.00" }),
    ).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
    expect(await admin("winfin1", "PUT", "/api/admin/provider-limits/PNS", body)).toMatchObject({
      success: true,
      value: { vendor: "PNS", maxWinMultiple: 10, maxWinAmount: "100.00" },
    });
    const audit = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'provider_limits' AND entity_id = 'PNS'`,
    );
    expect(audit[0]?.n).toBe(1);
  });

  it("raises a limit only when a second operator approves it; a stricter limit applies at once", async () => {
    await t.database.db
      .insert(providerClients)
      .values({ vendor: "LIMX", secret: inHouseProviderSecret(t.config.APP_SECRET ?? "", "LIMX") });
    const put = (who: string, body: { maxWinMultiple: number | null; maxWinAmount: string | null }) =>
      admin(who, "PUT", "/api/admin/provider-limits/LIMX", body);
    const limits = async () =>
      (
        (await admin("winfin2", "GET", "/api/admin/provider-limits")).value.vendors as { vendor: string }[]
      ).find((v) => v.vendor === "LIMX");
    const audits = async () =>
      (
        await queryRows<{ action: string; operator_name: string }>(
          t.database.db,
          sql`SELECT action, operator_name FROM audit_log
              WHERE entity_type = 'provider_limits' AND entity_id = 'LIMX' ORDER BY id`,
        )
      ).map((a) => `${a.action}:${a.operator_name}`);

    // Adding limits where there were none is stricter: at once.
    expect(await put("winfin1", { maxWinMultiple: 10, maxWinAmount: "100.00" })).toMatchObject({
      status: 200,
      value: { maxWinMultiple: 10, maxWinAmount: "100.00" },
    });
    // A higher multiple waits for another operator; nothing changes yet.
    const raise = await put("winfin1", { maxWinMultiple: 20, maxWinAmount: "100.00" });
    expect(raise).toMatchObject({ status: 202, success: false, code: "APPROVAL_PENDING" });
    expect(await limits()).toMatchObject({
      maxWinMultiple: 10,
      maxWinAmount: "100.00",
      pending: { id: raise.approvalId, maxWinMultiple: 20, maxWinAmount: "100.00" },
    });
    // The operator who asked cannot approve it, nor can one without finance.write.
    expect(await admin("winfin1", "POST", `/api/admin/approvals/${raise.approvalId}/approve`)).toMatchObject({
      status: 403,
      code: "APPROVER_MUST_DIFFER",
    });
    expect(await admin("winhelp", "POST", `/api/admin/approvals/${raise.approvalId}/approve`)).toMatchObject({
      status: 403,
    });
    expect(await limits()).toMatchObject({ maxWinMultiple: 10, pending: { id: raise.approvalId } });
    // A second, different operator approves: applied.
    expect(await admin("winfin2", "POST", `/api/admin/approvals/${raise.approvalId}/approve`)).toMatchObject({
      status: 200,
      value: { status: "applied" },
    });
    expect(await limits()).toMatchObject({ maxWinMultiple: 20, maxWinAmount: "100.00", pending: null });

    // Removing the amount is raising it to none: it waits too.
    const remove = await put("winfin2", { maxWinMultiple: 20, maxWinAmount: null });
    expect(remove).toMatchObject({ status: 202, code: "APPROVAL_PENDING" });
    expect(await limits()).toMatchObject({ maxWinAmount: "100.00", pending: { maxWinAmount: null } });
    // Lowering applies at once (even with a raise waiting), and makes the waiting raise stale.
    expect(await put("winfin1", { maxWinMultiple: 5, maxWinAmount: "50.00" })).toMatchObject({
      status: 200,
      value: { maxWinMultiple: 5, maxWinAmount: "50.00" },
    });
    expect(await admin("winfin1", "POST", `/api/admin/approvals/${remove.approvalId}/approve`)).toMatchObject(
      {
        status: 409,
        code: "VERSION_CONFLICT",
      },
    );
    expect(await limits()).toMatchObject({ maxWinMultiple: 5, maxWinAmount: "50.00" });
    expect(await audits()).toEqual([
      "update:winfin1",
      "request:winfin1",
      "update:winfin2",
      "approve:winfin2",
      "request:winfin2",
      "update:winfin1",
    ]);
  });

  it("holds a win above the limit: acknowledged, balance unchanged, no rollback; paid once approved", async () => {
    const p = await player(100_00n);
    expect(await bet(p, "wr-bet-1", "5.00")).toMatchObject({ success: true });
    // 60.00 > 10 × 5.00: held.
    const w = await win(p, "wr-win-1", "wr-bet-1", "60.00");
    expect(w).toMatchObject({ success: true, value: { balance: "95.00", held: true } });
    expect(await win(p, "wr-win-1", "wr-bet-1", "60.00")).toMatchObject({
      success: true,
      value: { held: true },
    });
    expect(await main(p.id)).toBe(95_00n);
    expect(await held()).toBe(60_00n);
    // The bet has its outcome: it can no longer be rolled back.
    expect(
      await providerCall(t.app, "PNS", "rollback", {
        playerId: p.id,
        transactionId: "wr-rb-1",
        roundId: "wr-bet-1",
        refTransactionId: "wr-bet-1",
        amount: "0.00",
      }),
    ).toMatchObject({ success: false, code: "ROLLBACK_NOT_ALLOWED" });

    const list = await admin("winfin1", "GET", "/api/admin/win-reviews?status=pending");
    expect(list.value.pending).toBe(1);
    expect(await admin("winfin1", "GET", "/api/admin/win-reviews/count")).toMatchObject({
      value: { pending: 1 },
    });
    const review = list.value.items[0];
    expect(review).toMatchObject({
      transactionId: "wr-win-1",
      memberId: p.id,
      amount: "60.00",
      roundBets: "5.00",
      roundWins: "0.00",
      status: "pending",
    });
    expect(await admin("winhelp", "POST", `/api/admin/win-reviews/${review.id}/approve`, {})).toMatchObject({
      status: 403,
    });
    expect(await admin("winfin1", "POST", `/api/admin/win-reviews/${review.id}/approve`, {})).toMatchObject({
      success: true,
      value: { status: "approved" },
    });
    expect(await main(p.id)).toBe(155_00n);
    for (const again of ["approve", "reject"]) {
      expect(
        await admin("winfin2", "POST", `/api/admin/win-reviews/${review.id}/${again}`, {
          note: "second look",
        }),
      ).toMatchObject({ status: 409, code: "WIN_REVIEW_DECIDED" });
    }
    expect(await main(p.id)).toBe(155_00n);
    expect(await held()).toBe(0n);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("measures a win against bets that can no longer be rolled back, not a larger bet of the round", async () => {
    const p = await player(200_00n);
    const before = await held();
    expect(await bet(p, "wr-small", "1.00", "wr-round-x")).toMatchObject({ success: true });
    expect(await bet(p, "wr-large", "99.00", "wr-round-x")).toMatchObject({ success: true });
    // 50.00 on the 1.00 bet: above 10 × 1.00, held — the 99.00 bet has no win, so it can still be
    // rolled back and does not count.
    const w = await win(p, "wr-win-x", "wr-small", "50.00", "wr-round-x");
    expect(w).toMatchObject({ success: true, value: { held: true } });
    expect(
      await providerCall(t.app, "PNS", "rollback", {
        playerId: p.id,
        transactionId: "wr-rb-x",
        roundId: "wr-round-x",
        refTransactionId: "wr-large",
        amount: "99.00",
      }),
    ).toMatchObject({ success: true });
    expect(await main(p.id)).toBe(199_00n);
    expect((await held()) - before).toBe(50_00n);
    await admin("winfin1", "GET", "/api/admin/win-reviews?status=pending").then(async (list) => {
      const item = list.value.items.find((i: { transactionId: string }) => i.transactionId === "wr-win-x");
      expect(item).toBeTruthy();
      expect(
        (await admin("winfin2", "POST", `/api/admin/win-reviews/${item.id}/reject`, { note: "over limit" }))
          .success,
      ).toBe(true);
    });
  });

  it("counts every win of the round, held ones too, against the amount; a rejected win returns to the house", async () => {
    const p = await player(100_00n);
    expect(await bet(p, "wr-bet-2", "50.00")).toMatchObject({ success: true });
    // Within 100.00 and 10 × 50.00: paid at once.
    expect(await win(p, "wr-win-2a", "wr-bet-2", "90.00")).toMatchObject({
      success: true,
      value: { balance: "140.00" },
    });
    // 90.00 + 20.00 > 100.00: held.
    const w = await win(p, "wr-win-2b", "wr-bet-2", "20.00");
    expect(w).toMatchObject({ success: true, value: { balance: "140.00", held: true } });
    const list = await admin("winfin1", "GET", "/api/admin/win-reviews?status=pending");
    const review = list.value.items.find((r: { transactionId: string }) => r.transactionId === "wr-win-2b");
    expect(review).toMatchObject({ roundBets: "50.00", roundWins: "90.00", amount: "20.00" });
    expect(await admin("winfin1", "POST", `/api/admin/win-reviews/${review.id}/reject`, {})).toMatchObject({
      status: 400,
      code: "VALIDATION_ERROR",
    });
    expect(
      await admin("winfin1", "POST", `/api/admin/win-reviews/${review.id}/reject`, { note: "bonus abuse" }),
    ).toMatchObject({ success: true, value: { status: "rejected", note: "bonus abuse" } });
    expect(await main(p.id)).toBe(140_00n);
    expect(await held()).toBe(0n);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM audit_log WHERE entity_type = 'win_review' AND entity_id = ${String(review.id)}`,
    );
    expect(audit.map((a) => a.action)).toEqual(["reject"]);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("keeps a held win off the winner board until it is paid", async () => {
    const p = await player(100_00n);
    const since = new Date(Date.now() - 60_000);
    const onBoard = async () =>
      (await biggestWins(t.database.db, since, 50)).some(
        (w) => w.amount === 77_00n && w.gameCode === "board-game",
      );
    await providerCall(t.app, "PNS", "debit", {
      token: p.token,
      playerId: p.id,
      transactionId: "wr-board-bet",
      roundId: "wr-board",
      amount: "1.00",
      roundClosed: false,
      gameCode: "board-game",
    });
    expect(
      await providerCall(t.app, "PNS", "credit", {
        playerId: p.id,
        transactionId: "wr-board-win",
        roundId: "wr-board",
        betTransactionId: "wr-board-bet",
        amount: "77.00",
        roundClosed: true,
        gameCode: "board-game",
      }),
    ).toMatchObject({ success: true, value: { held: true } });
    expect(await onBoard()).toBe(false);
    const list = await admin("winfin1", "GET", "/api/admin/win-reviews?status=pending");
    const review = list.value.items.find(
      (r: { transactionId: string }) => r.transactionId === "wr-board-win",
    );
    expect(await admin("winfin2", "POST", `/api/admin/win-reviews/${review.id}/approve`, {})).toMatchObject({
      success: true,
    });
    expect(await onBoard()).toBe(true);
  });

  it("measures two wins of one round sent at once one after the other: one paid, one held", async () => {
    // The limit is 100.00 a round: each win fits alone, the two together do not.
    const rounds = onServer ? 40 : 4;
    const p = await player(1_000_00n);
    let expected = 1_000_00n;
    for (let i = 0; i < rounds; i++) {
      const b = `wr-pair-bet-${i}`;
      expect(await bet(p, b, "20.00")).toMatchObject({ success: true });
      const [x, y] = await Promise.all([win(p, `${b}-x`, b, "60.00"), win(p, `${b}-y`, b, "60.00")]);
      expect(x.success && y.success).toBe(true);
      expect([x.value?.held, y.value?.held].filter(Boolean)).toHaveLength(1);
      expected += -20_00n + 60_00n;
    }
    expect(await main(p.id)).toBe(expected);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("decides each held win once when operators race: approve against reject, and two approvals", async () => {
    const rounds = onServer ? 40 : 4;
    const p = await player(10_000_00n);
    const heldBefore = await held();
    const expectPaid: bigint[] = [];
    for (let i = 0; i < rounds; i++) {
      expect(await bet(p, `wr-race-bet-${i}`, "1.00")).toMatchObject({ success: true });
      expect(await win(p, `wr-race-win-${i}`, `wr-race-bet-${i}`, "11.00")).toMatchObject({
        success: true,
        value: { held: true },
      });
    }
    const pending = (
      await admin("winfin1", "GET", "/api/admin/win-reviews?status=pending&pageSize=100")
    ).value.items
      .filter((r: { transactionId: string }) => r.transactionId.startsWith("wr-race-"))
      .map((r: { id: number }) => r.id);
    expect(pending).toHaveLength(rounds);
    const before = await main(p.id);
    await Promise.all(
      pending.map(async (id: number, i: number) => {
        const [a, b] = await Promise.all(
          i % 2 === 0
            ? [
                admin("winfin1", "POST", `/api/admin/win-reviews/${id}/approve`, {}),
                admin("winfin2", "POST", `/api/admin/win-reviews/${id}/reject`, { note: "race" }),
              ]
            : [
                admin("winfin1", "POST", `/api/admin/win-reviews/${id}/approve`, {}),
                admin("winfin2", "POST", `/api/admin/win-reviews/${id}/approve`, {}),
              ],
        );
        const ok = [a, b].filter((x) => x.success);
        expect(ok).toHaveLength(1);
        expect([a, b].find((x) => !x.success)).toMatchObject({ status: 409, code: "WIN_REVIEW_DECIDED" });
        if (ok[0]?.value.status === "approved") expectPaid.push(11_00n);
      }),
    );
    expect(await main(p.id)).toBe(before + expectPaid.reduce((s, v) => s + v, 0n));
    expect(await held()).toBe(heldBefore);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
