import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { providerClients } from "../../db/schema/providers.ts";
import { enableVendor, fund, launch, providerCaller, registerPlayer } from "../../testing/bonus-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { reconcile } from "../ledger/ledger.ts";
import { inHouseProviderSecret } from "../providers/service.ts";

/**
 * Responsible gaming on transfer-wallet vendors: money moved into a vendor's
 * own wallet counts as wagered and lost, money that comes back lowers the loss, and a transfer-in
 * beyond a limit is refused with the seamless bet's message, in the member's language. Against
 * the in-house game server's transfer vendor PNX (in this process) and its seamless PNS. The
 * races run on PostgreSQL when TEST_DATABASE_URL is set (on PGlite they are serial).
 */
describe("responsible gaming on transfer wallets", () => {
  let t: TestApp;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await enableVendor(t);
    await t.database.db.insert(providerClients).values({
      vendor: "PNX",
      secret: inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNX"),
      transferUrl: "/rgs/transfer/PNX",
    });
  });
  afterAll(async () => t.close());

  const api = async (token: string, url: string, payload: unknown, lang = "EN") =>
    (
      await t.app.inject({
        method: "POST",
        url,
        headers: { authorization: `Bearer ${token}`, "x-lang": lang },
        payload: payload as object,
      })
    ).json();
  const transfer = (token: string, dir: "in" | "out", amount: string, lang = "EN", requestId?: string) =>
    api(
      token,
      "/wps/relay/GCS_walletTransfer",
      {
        fromWallet: dir === "in" ? "MAIN" : "PNX",
        toWallet: dir === "in" ? "PNX" : "MAIN",
        amount,
        requestId: requestId ?? `rgt-${++seq}-${Math.random().toString(36).slice(2, 10)}`,
      },
      lang,
    );
  const limit = (token: string, kind: "loss" | "wager", amount: string) =>
    api(token, "/wps/rg/limit", { kind, period: "day", amount });
  const counters = async (memberId: number) => {
    const [r] = await queryRows<{ wagered_day: string; lost_day: string }>(
      t.database.db,
      sql`SELECT wagered_day::text, lost_day::text FROM rg_member WHERE member_id = ${memberId}`,
    );
    return { wagered: BigInt(r?.wagered_day ?? 0), lost: BigInt(r?.lost_day ?? 0) };
  };
  const transfers = (memberId: number) =>
    queryRows<{ direction: string; status: string; error_code: string | null; rg_counted: boolean }>(
      t.database.db,
      sql`SELECT direction, status, error_code, rg_counted FROM vendor_transfers
           WHERE member_id = ${memberId} ORDER BY created_at, id`,
    );
  const player = async (name: string, minor: bigint) => {
    const p = await registerPlayer(t, `${name}${Math.random().toString(36).slice(2, 7)}`);
    await fund(t, p.id, minor, `rgt-fund-${p.id}`);
    return p;
  };

  it("counts a transfer-in as wagered and lost, a transfer-out as money back, and refuses past the limit", async () => {
    const p = await player("Rgtloss", 500_00n);
    expect((await limit(p.token, "loss", "100.00")).success).toBe(true);

    const first = await transfer(p.token, "in", "70.00");
    expect(first).toMatchObject({ success: true, value: { status: "done", vendorBalance: "70.00" } });
    expect(await counters(p.id)).toEqual({ wagered: 70_00n, lost: 70_00n });

    // 70 + 40 > 100: refused with the seamless bet's message, in the member's language; nothing moves.
    const over = await transfer(p.token, "in", "40.00", "JA", "rgt-over-0001");
    expect(over).toMatchObject({ success: false, code: "RG_LOSS_LIMIT" });
    expect(over.message).toMatch(/損失|限度|上限/);
    const overEn = await transfer(p.token, "in", "40.00", "EN");
    expect(overEn.message).toBe("This bet would go over your loss limit for this period.");
    // The refused request id answers the same refusal again, even once there is room.
    expect(await counters(p.id)).toEqual({ wagered: 70_00n, lost: 70_00n });

    // 50 back from the vendor: the loss is 20, so 40 more fits again.
    expect(await transfer(p.token, "out", "50.00")).toMatchObject({
      success: true,
      value: { status: "done" },
    });
    expect(await counters(p.id)).toEqual({ wagered: 70_00n, lost: 20_00n });
    expect((await transfer(p.token, "in", "40.00", "JA", "rgt-over-0001")).code).toBe("RG_LOSS_LIMIT");
    expect((await transfer(p.token, "in", "40.00")).success).toBe(true);
    expect(await counters(p.id)).toEqual({ wagered: 110_00n, lost: 60_00n });

    // Seamless play shares the same totals: a 50 bet would make the loss 110.
    const token = await launch(t, p.id);
    const call = providerCaller(t);
    const bet = await call("debit", {
      token,
      playerId: p.id,
      transactionId: `rgt-b-${p.id}`,
      roundId: `rgt-r-${p.id}`,
      amount: "50.00",
    });
    expect(bet.code).toBe("RG_LOSS_LIMIT");

    const rows = await transfers(p.id);
    expect(rows.map((r) => `${r.direction}:${r.status}:${r.error_code ?? ""}:${r.rg_counted}`)).toEqual([
      "in:done::true",
      "in:failed:RG_LOSS_LIMIT:false",
      "in:failed:RG_LOSS_LIMIT:false",
      "out:done::false",
      "in:done::true",
    ]);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("refuses a transfer-in past the wager limit; a transfer-in refused for funds takes its count back", async () => {
    const p = await player("Rgtwager", 500_00n);
    expect((await limit(p.token, "wager", "100.00")).success).toBe(true);
    expect((await transfer(p.token, "in", "60.00")).success).toBe(true);
    // Money back does not lower the wager.
    expect((await transfer(p.token, "out", "60.00")).success).toBe(true);
    const over = await transfer(p.token, "in", "50.00", "TY");
    expect(over).toMatchObject({ success: false, code: "RG_WAGER_LIMIT" });
    expect(over.message).toContain("wager limit");
    expect(await counters(p.id)).toEqual({ wagered: 60_00n, lost: 0n });

    // Money back, then a transfer-in above the balance: refused for funds, the count taken back.
    const poor = await transfer(p.token, "in", "40.00");
    expect(poor).toMatchObject({ success: true });
    expect(await counters(p.id)).toEqual({ wagered: 100_00n, lost: 40_00n });
    expect((await transfer(p.token, "out", "40.00")).success).toBe(true);
    await t.database.db.execute(
      sql`UPDATE rg_member SET wager_day = NULL, loss_day = 100000 WHERE member_id = ${p.id}`,
    );
    const broke = await transfer(p.token, "in", "900.00");
    expect(broke).toMatchObject({ success: false, code: "INSUFFICIENT_FUNDS" });
    expect(await counters(p.id)).toEqual({ wagered: 100_00n, lost: 0n });
  });

  it("races: two transfer-ins of each of several members against their limit; a transfer-in against a seamless bet", async () => {
    const members = await Promise.all([1, 2, 3].map((i) => player(`Rgtrace${i}`, 500_00n)));
    for (const m of members) expect((await limit(m.token, "loss", "100.00")).success).toBe(true);
    // Two 60.00 transfer-ins per member, all at once: for each member exactly one fits the 100 limit.
    const results = await Promise.all(
      members.flatMap((m) => [transfer(m.token, "in", "60.00"), transfer(m.token, "in", "60.00")]),
    );
    for (const [i, m] of members.entries()) {
      const mine = results.slice(i * 2, i * 2 + 2);
      expect(mine.filter((r) => r.success).length).toBe(1);
      expect(mine.filter((r) => r.code === "RG_LOSS_LIMIT").length).toBe(1);
      expect(await counters(m.id)).toEqual({ wagered: 60_00n, lost: 60_00n });
    }

    // A transfer-in and a seamless bet of the same member, at once: one of them fits.
    const racers = await Promise.all([1, 2].map((i) => player(`Rgtmix${i}`, 500_00n)));
    const call = providerCaller(t);
    for (const m of racers) expect((await limit(m.token, "loss", "100.00")).success).toBe(true);
    const tokens = await Promise.all(racers.map((m) => launch(t, m.id)));
    const mixed = await Promise.all(
      racers.flatMap((m, i) => [
        transfer(m.token, "in", "60.00"),
        call("debit", {
          token: tokens[i],
          playerId: m.id,
          transactionId: `rgt-mix-${m.id}`,
          roundId: `rgt-mix-r-${m.id}`,
          amount: "60.00",
        }),
      ]),
    );
    for (const [i, m] of racers.entries()) {
      const [tr, bet] = [mixed[i * 2], mixed[i * 2 + 1]];
      const ok = [tr.success === true, bet.code === undefined || bet.success === true];
      expect(ok.filter(Boolean).length).toBe(1);
      expect([tr.code, bet.code]).toContain("RG_LOSS_LIMIT");
      expect(await counters(m.id)).toEqual({ wagered: 60_00n, lost: 60_00n });
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
