import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcile } from "../../server/src/modules/ledger/ledger.ts";
import { liveAccrualIdle } from "../../server/src/modules/loyalty/live.ts";
import { pointsBalance } from "../../server/src/modules/loyalty/points.ts";
import { ensureInHouseClient, forgetProviderClients } from "../../server/src/modules/providers/service.ts";
import { setLimit } from "../../server/src/modules/responsible-gaming/service.ts";
import { balances, bonusRow, grant, makeRule } from "../../server/src/testing/bonus-kit.ts";
import { registerMember } from "../../server/src/testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { applyFeedMessage } from "./book.ts";
import { queryRows } from "./db.ts";
import { applyFeedMessageIn, type FeedMessage } from "./feed.ts";
import { driveBet } from "./money.ts";
import { placeBet } from "./place.ts";
import { settleBets } from "./settle.ts";
import { feedMatch, mainBalance, sb } from "./sports-testkit.ts";

/**
 * The platform's money rules apply to a sports bet as to any game's round, because the book
 * moves money only through the provider protocol (vendor PNSB): bonus money after real money
 * with the SPORTS weight, the vendor's per-round win limit, responsible-gaming loss limits,
 * loyalty points and missions. And the book's own call queue: two drivers of one bet's calls
 * pay once (PostgreSQL for the race).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADDRESS_LIMITS: "register=1000" });
  await sb(t.app).db.execute(sql`UPDATE sportsbook.sb_book SET live_delay_ms = 0`);
}, 120_000);
afterAll(async () => t?.close());

let n = 0;
const key = () => `mr-${++n}-${Math.random().toString(36).slice(2, 8)}`;
const HOME = [
  {
    id: 1,
    outcomes: [
      { id: "1", result: 1 as const },
      { id: "2", result: 0 as const },
      { id: "3", result: 0 as const },
    ],
  },
];
const AWAY = [
  {
    id: 1,
    outcomes: [
      { id: "1", result: 0 as const },
      { id: "2", result: 0 as const },
      { id: "3", result: 1 as const },
    ],
  },
];
const settleMsg = (ext: string, ts: number, markets = HOME): FeedMessage => ({
  type: "bet_settlement",
  event_id: ext,
  timestamp: ts,
  markets,
});
const feed = (msg: FeedMessage) => applyFeedMessage(sb(t.app), "UOF", msg);
const single = async (memberId: number, leg: { outcomeId: number; odds: number }, stake: bigint) =>
  (
    await placeBet(sb(t.app), memberId, {
      kind: "single",
      legs: [leg],
      stake,
      oddsPolicy: "none",
      idempotencyKey: key(),
    })
  ).id;
const bet = async (id: number) => {
  const [b] = await queryRows<{ status: string; paid: string; debt: string }>(
    sb(t.app).db,
    sql`SELECT status, paid::text, debt::text FROM sportsbook.sb_bets WHERE id = ${id}`,
  );
  return b;
};
const moves = async (id: number) =>
  queryRows<{ kind: string; amount: string; bonus_amount: string | null; game_code: string | null }>(
    sb(t.app).db,
    sql`SELECT kind, amount::text, bonus_amount::text, game_code FROM provider_transactions
        WHERE round_id = ${`sb-${id}`} ORDER BY id`,
  );

describe("the platform's money rules on a sports bet", () => {
  it("a bonus-funded parlay takes real money first, then bonus; its wagering counts with the SPORTS weight", async () => {
    const m = await registerMember(t.app, "mrbonus", 3_000n);
    // Sports count half toward wagering, everything else in full.
    const rule = await makeRule(t, { multiple: 5, contributions: { SPORTS: 50, "*": 100 } });
    await grant(t, m.id, rule, 10_000n, `mr-bonus-${m.id}`);
    const a = await feedMatch(t.app, "mr:b1");
    const b = await feedMatch(t.app, "mr:b2");
    const legs = [a.pick("1", "home"), b.pick("1", "home")];
    const { id } = await placeBet(sb(t.app), m.id, {
      kind: "parlay",
      legs,
      stake: 5_000n,
      oddsPolicy: "none",
      idempotencyKey: key(),
    });
    // ₱30.00 real money went first, the other ₱20.00 came from the bonus.
    expect(await balances(t, m.id)).toMatchObject({ main: 0n, bonus: 8_000n });
    const [debit] = await moves(id);
    expect(debit).toMatchObject({ kind: "bet", amount: "5000", bonus_amount: "2000", game_code: "SPORTS" });
    expect((await bonusRow(t, m.id))?.wagered).toBe("0");
    await feed(settleMsg("mr:b1", 100));
    await feed(settleMsg("mr:b2", 100));
    const payout = (((5_000n * BigInt(legs[0]?.odds ?? 0)) / 1000n) * BigInt(legs[1]?.odds ?? 0)) / 1000n;
    expect(await bet(id)).toMatchObject({ status: "settled", paid: String(payout) });
    // The win goes back in the bet's proportions: the bonus share (2/5) to the bonus.
    const share = (payout * 2_000n) / 5_000n;
    expect(await balances(t, m.id)).toMatchObject({ main: payout - share, bonus: 8_000n + share });
    // Wagering counted the stake at the SPORTS weight: 50 % of ₱50.00.
    expect((await bonusRow(t, m.id))?.wagered).toBe("2500");
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });

  it("a sports win above the vendor's per-round win limit is held for review; a rollback of the settlement closes the review", async () => {
    const m = await registerMember(t.app, "mrheld", 10_000n);
    await ensureInHouseClient(t.app.ctx, "PNSB");
    await sb(t.app).db.execute(sql`UPDATE provider_clients SET max_win_amount = 15000 WHERE vendor = 'PNSB'`);
    forgetProviderClients(t.app.ctx);
    try {
      const { pick } = await feedMatch(t.app, "mr:h1");
      const home = pick("1", "home");
      const id = await single(m.id, home, 10_000n);
      await feed(settleMsg("mr:h1", 100));
      const won = (10_000n * BigInt(home.odds)) / 1000n;
      expect(won).toBeGreaterThan(15_000n);
      // Settled on the book, but the member is not paid: the win waits for an operator.
      expect(await bet(id)).toMatchObject({ status: "settled", paid: String(won) });
      expect(await mainBalance(t.app, m.id)).toBe(0n);
      const review = async () =>
        (
          await queryRows<{ status: string; amount: string }>(
            sb(t.app).db,
            sql`SELECT status, amount::text FROM provider_win_reviews WHERE vendor = 'PNSB' AND round_id = ${`sb-${id}`}`,
          )
        )[0];
      expect(await review()).toEqual({ status: "pending", amount: String(won) });
      // The feed undoes the settlement: the held win never reached the member, so nothing is
      // taken and nothing is owed; the review is closed.
      await feed({
        type: "rollback_bet_settlement",
        event_id: "mr:h1",
        timestamp: 200,
        markets: [{ id: 1 }],
      });
      expect(await bet(id)).toMatchObject({ status: "open", debt: "0" });
      expect(await review()).toMatchObject({ status: "rejected" });
      expect(await mainBalance(t.app, m.id)).toBe(0n);
      expect((await reconcile(sb(t.app).db)).ok).toBe(true);
    } finally {
      await sb(t.app).db.execute(
        sql`UPDATE provider_clients SET max_win_amount = NULL WHERE vendor = 'PNSB'`,
      );
      forgetProviderClients(t.app.ctx);
    }
  });

  it("a sports loss counts toward the member's loss limit", async () => {
    const m = await registerMember(t.app, "mrloss", 100_000n);
    expect(await setLimit(t.app.ctx, m.id, "loss", "day", 15_000n)).toBe("applied");
    const a = await feedMatch(t.app, "mr:l1");
    await single(m.id, a.pick("1", "home"), 10_000n);
    await feed(settleMsg("mr:l1", 100, AWAY)); // lost: a credit of 0.00
    const [rg] = await queryRows<{ lost_day: string }>(
      sb(t.app).db,
      sql`SELECT lost_day::text FROM rg_member WHERE member_id = ${m.id}`,
    );
    expect(rg?.lost_day).toBe("10000");
    // ₱100.00 lost today: another ₱100.00 would pass the ₱150.00 limit.
    const b = await feedMatch(t.app, "mr:l2");
    await expect(single(m.id, b.pick("1", "home"), 10_000n)).rejects.toMatchObject({ code: "RG_LOSS_LIMIT" });
    expect(await mainBalance(t.app, m.id)).toBe(90_000n);
    // The refused placement left no bet behind; one within the limit is taken.
    await single(m.id, b.pick("1", "home"), 5_000n);
    expect(await mainBalance(t.app, m.id)).toBe(85_000n);
  });

  it("a settled sports bet earns loyalty points and moves a sports mission", async () => {
    await sb(t.app).db.execute(
      sql`INSERT INTO points_rates (game_type, vip_level, rate_ppm) VALUES ('SPORTS', 0, 10000) ON CONFLICT DO NOTHING`,
    );
    const [mission] = await queryRows<{ id: string }>(
      sb(t.app).db,
      sql`INSERT INTO missions (names, period, tasks, prize_kind, prize_amount)
          VALUES ('{"EN":"Sports mission"}', 'once', '[{"type":"bet","target":50000,"gameType":"SPORTS"}]', 'points', 10)
          RETURNING id`,
    );
    const m = await registerMember(t.app, "mrloyal", 100_000n);
    const a = await feedMatch(t.app, "mr:y1");
    await single(m.id, a.pick("1", "home"), 20_000n);
    await feed(settleMsg("mr:y1", 100, AWAY));
    await liveAccrualIdle(t.app.ctx);
    // ₱200.00 on sports at 1 point per ₱1.00.
    expect(await pointsBalance(t.app.ctx.db, m.id)).toBe(200n);
    const [p] = await queryRows<{ progress: string[] }>(
      sb(t.app).db,
      sql`SELECT progress FROM mission_progress WHERE member_id = ${m.id} AND mission_id = ${mission?.id}`,
    );
    expect(p?.progress).toEqual(["20000"]);
  });
});

describe("the book's call queue", () => {
  it("two drivers of the same bets' calls, with the settle sweep, pay each bet once (races across ids)", async () => {
    const N = 8;
    const rows: Array<{ id: number; member: number; paid: bigint; ext: string }> = [];
    for (let i = 0; i < N; i++) {
      const m = await registerMember(t.app, `mrdrive${i}`, 10_000n);
      const ext = `mr:d${i}`;
      const { pick } = await feedMatch(t.app, ext);
      const home = pick("1", "home");
      rows.push({
        id: await single(m.id, home, 10_000n),
        member: m.id,
        paid: (10_000n * BigInt(home.odds)) / 1000n,
        ext,
      });
    }
    // The results commit; then the settlement, the settle sweep's resend and another driver race.
    const markets: number[] = [];
    for (const r of rows) {
      const applied = await sb(t.app).db.transaction((tx) =>
        applyFeedMessageIn(tx, "UOF", settleMsg(r.ext, 100)),
      );
      markets.push(...applied.settle);
    }
    await Promise.all([
      settleBets(sb(t.app), markets),
      settleBets(sb(t.app), null),
      ...rows.map((r) => driveBet(sb(t.app), r.id)),
      ...rows.map((r) => driveBet(sb(t.app), r.id)),
    ]);
    // Whatever a driver left due (it lost the race to record an answer) is sent once more.
    for (const r of rows) await driveBet(sb(t.app), r.id);
    for (const r of rows) {
      expect(await bet(r.id)).toMatchObject({ status: "settled", paid: String(r.paid) });
      expect((await moves(r.id)).map((x) => `${x.kind} ${x.amount}`)).toEqual(["bet 10000", `win ${r.paid}`]);
      expect(await mainBalance(t.app, r.member)).toBe(r.paid);
    }
    const [due] = await queryRows<{ n: number }>(
      sb(t.app).db,
      sql`SELECT count(*)::int AS n FROM sportsbook.sb_money_calls WHERE done_at IS NULL`,
    );
    expect(due?.n).toBe(0);
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });
});
