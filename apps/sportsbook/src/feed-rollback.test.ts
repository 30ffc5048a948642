import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcile } from "../../server/src/modules/ledger/ledger.ts";
import { registerMember } from "../../server/src/testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { applyFeedMessage, cashout, cashoutQuote } from "./book.ts";
import { queryRows } from "./db.ts";
import { AppError } from "./errors.ts";
import { applyFeedMessageIn, type FeedMessage, MANUAL } from "./feed.ts";
import { placeBet } from "./place.ts";
import { settleBets } from "./settle.ts";
import { feedMatch, mainBalance, sb } from "./sports-testkit.ts";

/**
 * Settlements undone and redone: a trader's manual settlement replaced or
 * rolled back by the feed, a void rolled back (the refund taken back, never below zero: what the
 * member spent stays as the bet's debt), ranged cancels; and on PostgreSQL the races: a settlement
 * against its rollback over many matches, a cash-out against a settlement, and a repeated,
 * reordered message stream from two consumers — every bet paid once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADDRESS_LIMITS: "register=1000" });
  await sb(t.app).db.execute(sql`UPDATE sportsbook.sb_book SET live_delay_ms = 0`);
}, 120_000);
afterAll(async () => t?.close());

let n = 0;
const key = () => `fr-${++n}-${Math.random().toString(36).slice(2, 8)}`;
const result = (home: 0 | 1, draw: 0 | 1, away: 0 | 1) => [
  {
    id: 1,
    outcomes: [
      { id: "1", result: home },
      { id: "2", result: draw },
      { id: "3", result: away },
    ],
  },
];
const HOME = result(1, 0, 0);
const AWAY = result(0, 0, 1);
const feed = (source: string, msg: FeedMessage) => applyFeedMessage(sb(t.app), source, msg);
const settleMsg = (ext: string, ts: number, markets = HOME): FeedMessage => ({
  type: "bet_settlement",
  event_id: ext,
  timestamp: ts,
  markets,
});
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
  const [b] = await queryRows<{ status: string; paid: string; debt: string; payout: string | null }>(
    sb(t.app).db,
    sql`SELECT status, paid::text, debt::text, payout::text FROM sportsbook.sb_bets WHERE id = ${id}`,
  );
  return b;
};
const moves = async (id: number) =>
  queryRows<{ kind: string; amount: string }>(
    sb(t.app).db,
    sql`SELECT kind, amount::text FROM provider_transactions WHERE round_id = ${`sb-${id}`} ORDER BY id`,
  );
const win = (stake: bigint, odds: number) => (stake * BigInt(odds)) / 1000n;

describe("settlements undone and redone", () => {
  it("a trader's manual settlement gives way to the feed's different one and to its rollback, each paid once", async () => {
    const m = await registerMember(t.app, "frmanual", 100_000n);
    const { pick } = await feedMatch(t.app, "fr:m1");
    const home = pick("1", "home");
    const id = await single(m.id, home, 10_000n);
    const paid = win(10_000n, home.odds);
    // The feed failed: settled by hand (as admin-routes' four-eyes approval does), home won.
    await feed(MANUAL, settleMsg("fr:m1", Date.now()));
    expect(await mainBalance(t.app, m.id)).toBe(90_000n + paid);
    // The feed's own settlement arrives late (its timestamp is older) and says away won: it wins.
    await feed("UOF", settleMsg("fr:m1", 500, AWAY));
    await feed("UOF", settleMsg("fr:m1", 500, AWAY)); // a repeat changes nothing
    expect(await mainBalance(t.app, m.id)).toBe(90_000n);
    expect(await bet(id)).toMatchObject({ status: "settled", payout: "0" });
    // The feed rolls its settlement back, then settles again: home after all.
    await feed("UOF", {
      type: "rollback_bet_settlement",
      event_id: "fr:m1",
      timestamp: 600,
      markets: [{ id: 1 }],
    });
    expect(await bet(id)).toMatchObject({ status: "open" });
    expect(await mainBalance(t.app, m.id)).toBe(90_000n);
    await feed("UOF", settleMsg("fr:m1", 700));
    await feed("UOF", settleMsg("fr:m1", 700));
    expect(await mainBalance(t.app, m.id)).toBe(90_000n + paid);
    expect((await moves(id)).map((r) => `${r.kind} ${r.amount}`)).toEqual([
      "bet 10000",
      `win ${paid}`,
      `win -${paid}`,
      "win 0",
      "win 0",
      `win ${paid}`,
    ]);
    // A confirmation with the same result (certainty 2) moves no money.
    await feed("UOF", { ...settleMsg("fr:m1", 800), certainty: 2 } as FeedMessage);
    expect(await moves(id)).toHaveLength(6);
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });

  it("the feed agreeing with a manual settlement moves no money; the feed's rollback of it reopens the bet", async () => {
    const m = await registerMember(t.app, "fragree", 100_000n);
    const { pick } = await feedMatch(t.app, "fr:m2");
    const home = pick("1", "home");
    const id = await single(m.id, home, 10_000n);
    await feed(MANUAL, settleMsg("fr:m2", Date.now()));
    await feed("UOF", settleMsg("fr:m2", 300));
    expect(await moves(id)).toHaveLength(2);
    await feed("UOF", {
      type: "rollback_bet_settlement",
      event_id: "fr:m2",
      timestamp: 400,
      markets: [{ id: 1 }],
    });
    expect(await bet(id)).toMatchObject({ status: "open" });
    expect(await mainBalance(t.app, m.id)).toBe(90_000n);
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });

  it("a void rolled back takes the refund back; what the member spent stays as the bet's debt, netted by its next payout", async () => {
    const m = await registerMember(t.app, "frvoid", 20_000n);
    const { pick } = await feedMatch(t.app, "fr:v1");
    const other = await feedMatch(t.app, "fr:v2");
    const home = pick("1", "home");
    const id = await single(m.id, home, 10_000n);
    await feed("UOF", { type: "bet_cancel", event_id: "fr:v1", timestamp: 100 });
    expect(await bet(id)).toMatchObject({ status: "void" });
    expect(await mainBalance(t.app, m.id)).toBe(20_000n);
    // The refund is spent on another bet.
    await single(m.id, other.pick("1", "away"), 15_000n);
    expect(await mainBalance(t.app, m.id)).toBe(5_000n);
    await feed("UOF", { type: "rollback_bet_cancel", event_id: "fr:v1", timestamp: 200 });
    // Open again; the 5,000 there was taken, never below zero; the other 5,000 is the bet's debt.
    expect(await bet(id)).toMatchObject({ status: "open", debt: "5000" });
    expect(await mainBalance(t.app, m.id)).toBe(0n);
    const [mt] = await queryRows<{ status: string }>(
      sb(t.app).db,
      sql`SELECT status FROM sportsbook.sb_matches WHERE ext_id = 'fr:v1'`,
    );
    expect(mt?.status).not.toBe("cancelled");
    // The bet wins: its payout less the debt is paid.
    await feed("UOF", settleMsg("fr:v1", 300));
    const paid = win(10_000n, home.odds);
    expect(await bet(id)).toMatchObject({ status: "settled", debt: "0", paid: String(paid - 5_000n) });
    expect(await mainBalance(t.app, m.id)).toBe(paid - 5_000n);
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });

  it("a losing bet keeps its debt as the operator's record; the balance never goes negative", async () => {
    const m = await registerMember(t.app, "frdebt", 10_000n);
    const { pick } = await feedMatch(t.app, "fr:d1");
    const other = await feedMatch(t.app, "fr:d2");
    const id = await single(m.id, pick("1", "home"), 10_000n);
    await feed("UOF", { type: "bet_cancel", event_id: "fr:d1", timestamp: 100, markets: [{ id: 1 }] });
    await single(m.id, other.pick("1", "home"), 10_000n);
    await feed("UOF", {
      type: "rollback_bet_cancel",
      event_id: "fr:d1",
      timestamp: 200,
      markets: [{ id: 1 }],
    });
    expect(await mainBalance(t.app, m.id)).toBe(0n);
    await feed("UOF", settleMsg("fr:d1", 300, AWAY));
    expect(await bet(id)).toMatchObject({ status: "settled", debt: "10000", paid: "0" });
    expect(await mainBalance(t.app, m.id)).toBe(0n);
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });

  it("a rollback whose bets were not reopened (a crash before the ack) is finished when the message comes again", async () => {
    const m = await registerMember(t.app, "frcrash", 100_000n);
    const { pick } = await feedMatch(t.app, "fr:k1");
    const home = pick("1", "home");
    const id = await single(m.id, home, 10_000n);
    await feed("UOF", settleMsg("fr:k1", 100));
    const rollback: FeedMessage = {
      type: "rollback_bet_settlement",
      event_id: "fr:k1",
      timestamp: 200,
      markets: [{ id: 1 }],
    };
    // Only the message's own transaction commits: the process dies before the bets reopen.
    await sb(t.app).db.transaction((tx) => applyFeedMessageIn(tx, "UOF", rollback));
    expect(await bet(id)).toMatchObject({ status: "settled" });
    // Unacked, the broker delivers it again: a duplicate, but what was left is done now, once.
    expect((await feed("UOF", rollback)).duplicate).toBe(true);
    expect(await bet(id)).toMatchObject({ status: "open" });
    expect(await mainBalance(t.app, m.id)).toBe(90_000n);
    await feed("UOF", rollback);
    expect(await mainBalance(t.app, m.id)).toBe(90_000n);
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });

  it("a ranged bet_cancel voids only the bets placed in the range, and its rollback restores them", async () => {
    const m = await registerMember(t.app, "frrange", 100_000n);
    const { pick } = await feedMatch(t.app, "fr:r1");
    const home = pick("1", "home");
    const inside = await single(m.id, home, 10_000n);
    const outside = await single(m.id, home, 10_000n);
    await sb(t.app).db.execute(
      sql`UPDATE sportsbook.sb_bets SET placed_at = now() - interval '1 hour' WHERE id = ${outside}`,
    );
    const now = Date.now();
    await feed("UOF", {
      type: "bet_cancel",
      event_id: "fr:r1",
      timestamp: 100,
      start_time: now - 600_000,
      end_time: now + 600_000,
      markets: [{ id: 1 }],
    });
    await feed("UOF", settleMsg("fr:r1", 200));
    const paid = win(10_000n, home.odds);
    expect(await bet(inside)).toMatchObject({ status: "void", paid: "10000" });
    expect(await bet(outside)).toMatchObject({ status: "settled", paid: String(paid) });
    expect(await mainBalance(t.app, m.id)).toBe(80_000n + 10_000n + paid);
    await feed("UOF", {
      type: "rollback_bet_cancel",
      event_id: "fr:r1",
      timestamp: 300,
      start_time: now - 600_000,
      end_time: now + 600_000,
      markets: [{ id: 1 }],
    });
    // The refund is taken back and the bet settles by the market's result: it won.
    expect(await bet(inside)).toMatchObject({ status: "settled", paid: String(paid) });
    expect(await mainBalance(t.app, m.id)).toBe(80_000n + 2n * paid);
    // A cancel older than the rollback arrives late (out of order, e.g. from another producer or
    // a recovery): the rollback is newer, so nothing changes. (The same message twice is
    // dropped earlier, by sb_feed_messages.)
    await feed("UOF", {
      type: "bet_cancel",
      event_id: "fr:r1",
      timestamp: 150,
      start_time: now - 600_000,
      end_time: now + 600_000,
      markets: [{ id: 1 }],
    });
    expect(await bet(inside)).toMatchObject({ status: "settled", paid: String(paid) });
    expect(await mainBalance(t.app, m.id)).toBe(80_000n + 2n * paid);
    // A newer cancel of the same range still voids it: the win is taken back and the stake returned.
    await feed("UOF", {
      type: "bet_cancel",
      event_id: "fr:r1",
      timestamp: 400,
      start_time: now - 600_000,
      end_time: now + 600_000,
      markets: [{ id: 1 }],
    });
    expect(await bet(inside)).toMatchObject({ status: "void", paid: "10000" });
    expect(await mainBalance(t.app, m.id)).toBe(80_000n + 10_000n + paid);
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });
});

describe("any order of settlements, cancels and their rollbacks", () => {
  // A seeded generator, so a failure names a sequence that can be replayed.
  const rng = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  it("leaves the bets as the market's final state says, the balance matching, the ledger balanced (24 random sequences)", async () => {
    for (let seed = 1; seed <= 24; seed++) {
      const r = rng(seed);
      const ext = `fr:p${seed}`;
      const m = await registerMember(t.app, `frprop${seed}`, 100_000n);
      const { pick } = await feedMatch(t.app, ext);
      const home = pick("1", "home");
      const away = pick("1", "away");
      const ids = [await single(m.id, home, 1_000n), await single(m.id, away, 1_000n)];
      const stamps = Array.from({ length: 3 + Math.floor(r() * 5) }, (_, i) => 100 * (i + 1)).sort(
        () => r() - 0.5,
      );
      const msgs: FeedMessage[] = stamps.map((ts) => {
        const k = Math.floor(r() * 5);
        if (k === 0) return settleMsg(ext, ts, HOME);
        if (k === 1) return settleMsg(ext, ts, AWAY);
        if (k === 2)
          return { type: "rollback_bet_settlement", event_id: ext, timestamp: ts, markets: [{ id: 1 }] };
        if (k === 3) return { type: "bet_cancel", event_id: ext, timestamp: ts, markets: [{ id: 1 }] };
        return { type: "rollback_bet_cancel", event_id: ext, timestamp: ts, markets: [{ id: 1 }] };
      });
      for (const msg of [...msgs, ...msgs.filter(() => r() < 0.4)]) await feed("UOF", msg);
      const [mk] = await queryRows<{ status: string; home: { won: boolean } | null }>(
        sb(t.app).db,
        sql`SELECT mk.status, (SELECT o.result FROM sportsbook.sb_outcomes o WHERE o.market_id = mk.id AND o.code = 'home') AS home
            FROM sportsbook.sb_markets mk JOIN sportsbook.sb_matches x ON x.id = mk.match_id WHERE x.ext_id = ${ext} AND mk.ext_key = '1'`,
      );
      const seq = msgs.map((x) => `${x.type}@${x.timestamp}`).join(", ");
      const [hb, ab] = [await bet(ids[0] ?? 0), await bet(ids[1] ?? 0)];
      let expected = 98_000n;
      if (mk?.status === "settled") {
        const hw = mk.home?.won === true;
        expect([hb?.status, ab?.status], seq).toEqual(["settled", "settled"]);
        expected += hw ? win(1_000n, home.odds) : win(1_000n, away.odds);
        expect([hb?.payout, ab?.payout], seq).toEqual(
          hw ? [String(win(1_000n, home.odds)), "0"] : ["0", String(win(1_000n, away.odds))],
        );
      } else if (mk?.status === "cancelled") {
        expect([hb?.status, ab?.status], seq).toEqual(["void", "void"]);
        expected = 100_000n;
      } else {
        expect([hb?.status, ab?.status], seq).toEqual(["open", "open"]);
      }
      expect(await mainBalance(t.app, m.id), seq).toBe(expected);
    }
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  }, 300_000);
});

describe("races on different ids", () => {
  it("settlements racing their rollbacks on 12 matches leave every bet open, then one re-settlement pays each once", async () => {
    const N = 12;
    const members = await Promise.all(
      Array.from({ length: N }, (_, i) => registerMember(t.app, `frrace${i}`, 100_000n)),
    );
    const bets: Array<{ id: number; member: number; paid: bigint }> = [];
    for (let i = 0; i < N; i++) {
      const { pick } = await feedMatch(t.app, `fr:x${i}`);
      const home = pick("1", "home");
      // Three members bet on every match, and each member on one match of their own.
      const own = members[i];
      for (const m of own ? [...members.slice(0, 3), own] : members.slice(0, 3))
        bets.push({ id: await single(m.id, home, 1_000n), member: m.id, paid: win(1_000n, home.odds) });
    }
    const before = new Map(
      await Promise.all(members.map(async (m) => [m.id, await mainBalance(t.app, m.id)] as const)),
    );
    await Promise.all(
      Array.from({ length: N }, (_, i) => [
        feed("UOF", settleMsg(`fr:x${i}`, 100)),
        feed("UOF", {
          type: "rollback_bet_settlement",
          event_id: `fr:x${i}`,
          timestamp: 200,
          markets: [{ id: 1 }],
        }),
      ]).flat(),
    );
    for (const b of bets) expect((await bet(b.id))?.status).toBe("open");
    for (const m of members) expect(await mainBalance(t.app, m.id)).toBe(before.get(m.id));
    await Promise.all(
      Array.from({ length: N }, (_, i) => [
        feed("UOF", settleMsg(`fr:x${i}`, 300)),
        feed("UOF", settleMsg(`fr:x${i}`, 300)),
      ]).flat(),
    );
    const expected = new Map(before);
    for (const b of bets) {
      expect((await bet(b.id))?.status).toBe("settled");
      expected.set(b.member, (expected.get(b.member) ?? 0n) + b.paid);
      const net = (await moves(b.id))
        .filter((r) => r.kind === "win")
        .reduce((s, r) => s + BigInt(r.amount), 0n);
      expect(net).toBe(b.paid);
    }
    for (const m of members) expect(await mainBalance(t.app, m.id)).toBe(expected.get(m.id));
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });

  it("a cash-out racing the settlement: each bet is either cashed out or settled, paid once", async () => {
    const N = 10;
    const rows: Array<{ id: number; member: number; paid: bigint; offer: bigint; ext: string }> = [];
    for (let i = 0; i < N; i++) {
      const m = await registerMember(t.app, `frcash${i}`, 10_000n);
      const ext = `fr:c${i}`;
      const { pick } = await feedMatch(t.app, ext);
      const home = pick("1", "home");
      const id = await single(m.id, home, 10_000n);
      const offer = (await cashoutQuote(sb(t.app).db, m.id, id))?.amount;
      if (offer == null) throw new Error("no cash-out offer");
      rows.push({ id, member: m.id, paid: win(10_000n, home.odds), offer, ext });
    }
    // Half start with the cash-out, half with the settlement: both orders race.
    const outcomes = await Promise.all(
      rows.map(async (r, i) => {
        const out = () =>
          cashout(sb(t.app), r.member, r.id, r.offer).then(
            () => "cashed" as const,
            (e: unknown) => {
              if (e instanceof AppError && e.code === "SB_CASHOUT_UNAVAILABLE") return "refused" as const;
              throw e;
            },
          );
        if (i % 2) return (await Promise.all([out(), feed("UOF", settleMsg(r.ext, 100))]))[0];
        // The market's result committed first, then the cash-out races the bets' settlement.
        const applied = await sb(t.app).db.transaction((tx) =>
          applyFeedMessageIn(tx, "UOF", settleMsg(r.ext, 100)),
        );
        return (await Promise.all([out(), settleBets(sb(t.app), applied.settle)]))[0];
      }),
    );

    for (const [i, r] of rows.entries()) {
      const b = await bet(r.id);
      const wins = (await moves(r.id)).filter((x) => x.kind === "win");
      if (i % 2 === 0) expect(outcomes[i]).toBe("refused");
      if (outcomes[i] === "cashed") {
        expect(b?.status).toBe("cashed_out");
        expect(wins.map((w) => BigInt(w.amount))).toEqual([r.offer]);
        expect(await mainBalance(t.app, r.member)).toBe(r.offer);
      } else {
        expect(b?.status).toBe("settled");
        expect(wins.map((w) => BigInt(w.amount))).toEqual([r.paid]);
        expect(await mainBalance(t.app, r.member)).toBe(r.paid);
      }
    }
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });

  it("a repeated, reordered stream from two consumers settles each bet once, by the newest settlement", async () => {
    const N = 8;
    const bets: Array<{ id: number; member: number; paid: bigint }> = [];
    const streams: FeedMessage[][] = [[], []];
    for (let i = 0; i < N; i++) {
      const m = await registerMember(t.app, `frstream${i}`, 10_000n);
      const ext = `fr:s${i}`;
      const { pick } = await feedMatch(t.app, ext);
      const away = pick("1", "away");
      bets.push({ id: await single(m.id, away, 10_000n), member: m.id, paid: win(10_000n, away.odds) });
      const msgs: FeedMessage[] = [
        settleMsg(ext, 100, HOME),
        { type: "rollback_bet_settlement", event_id: ext, timestamp: 200, markets: [{ id: 1 }] },
        settleMsg(ext, 300, AWAY),
      ];
      // Consumer one in order and each twice; consumer two reversed (or rotated), each twice.
      streams[0]?.push(...msgs, ...msgs);
      const other = i % 2 ? [...msgs].reverse() : [msgs[1], msgs[2], msgs[0]];
      streams[1]?.push(...(other as FeedMessage[]), ...(other as FeedMessage[]));
    }
    await Promise.all(
      streams.map(async (s) => {
        for (const msg of s) await feed("UOF", msg);
      }),
    );
    for (const b of bets) {
      expect((await bet(b.id))?.status).toBe("settled");
      const net = (await moves(b.id))
        .filter((r) => r.kind === "win")
        .reduce((s, r) => s + BigInt(r.amount), 0n);
      expect(net).toBe(b.paid);
      expect(await mainBalance(t.app, b.member)).toBe(b.paid);
    }
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });
});

describe("a debt is never forgotten by a cash-out", () => {
  const rollback = (ext: string, ts: number): FeedMessage => ({
    type: "rollback_bet_settlement",
    event_id: ext,
    timestamp: ts,
    markets: [{ id: 1 }],
  });
  /** The settlement undone; the market trades again at the prices it had (the feed's next odds). */
  const undo = async (ext: string, ts: number) => {
    await feed("UOF", rollback(ext, ts));
    await feed("UOF", {
      type: "odds_change",
      event_id: ext,
      timestamp: ts + 1,
      markets: [
        {
          id: 1,
          status: 1,
          outcomes: [
            { id: "1", odds: 2.1 },
            { id: "2", odds: 3.3 },
            { id: "3", odds: 3.6 },
          ],
        },
      ],
    });
  };
  /** A member's bet settled as a win; `spent` of the win goes on another bet before the feed undoes it. */
  const wonAndSpent = async (name: string, ext: string, spent: bigint) => {
    const m = await registerMember(t.app, name, 10_000n);
    const { pick } = await feedMatch(t.app, ext);
    const other = await feedMatch(t.app, `${ext}:o`);
    const home = pick("1", "home");
    const id = await single(m.id, home, 10_000n);
    const value = (await cashoutQuote(sb(t.app).db, m.id, id))?.value;
    if (value === undefined) throw new Error("no cash-out offer");
    await feed("UOF", settleMsg(ext, 100));
    await single(m.id, other.pick("1", "home"), spent);
    return { m, id, value, won: win(10_000n, home.odds) };
  };

  it("a cash-out of a reopened bet nets its debt: the quote shows it, the member gets the value less the debt", async () => {
    const { m, id, value, won } = await wonAndSpent("fdnet", "fd:n1", 5_000n);
    await undo("fd:n1", 200);
    // The win was taken back as far as the balance went; the 5,000 spent is the bet's debt.
    expect(await mainBalance(t.app, m.id)).toBe(0n);
    expect(await bet(id)).toMatchObject({ status: "open", debt: "5000" });
    expect(await cashoutQuote(sb(t.app).db, m.id, id)).toEqual({
      value,
      debt: 5_000n,
      amount: value - 5_000n,
    });
    // The amount the player saw is the net one; the gross value is no longer offered.
    await expect(cashout(sb(t.app), m.id, id, value)).rejects.toMatchObject({ code: "SB_CASHOUT_CHANGED" });
    await cashout(sb(t.app), m.id, id, value - 5_000n);
    expect(await bet(id)).toMatchObject({
      status: "cashed_out",
      debt: "0",
      paid: String(value - 5_000n),
      payout: String(value),
    });
    expect(await mainBalance(t.app, m.id)).toBe(value - 5_000n);
    // The bet's record nets to the cash-out less the debt it repaid: the undone win counts nothing.
    const wins = (await moves(id)).filter((r) => r.kind === "win").map((r) => BigInt(r.amount));
    expect(wins).toEqual([won, -won, value - 5_000n]);
    // A late settlement finds the bet closed and pays nothing more.
    await feed("UOF", settleMsg("fd:n1", 300));
    expect(await mainBalance(t.app, m.id)).toBe(value - 5_000n);
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });

  it("a bet whose debt exceeds its cash-out value cannot be cashed out; its settlement still nets the debt", async () => {
    const { m, id, value } = await wonAndSpent("fdover", "fd:o1", 15_000n);
    await undo("fd:o1", 200);
    expect(await bet(id)).toMatchObject({ status: "open", debt: "15000" });
    expect(await cashoutQuote(sb(t.app).db, m.id, id)).toEqual({ value, debt: 15_000n, amount: null });
    await expect(cashout(sb(t.app), m.id, id, 1n)).rejects.toMatchObject({ code: "SB_CASHOUT_DEBT" });
    expect(await bet(id)).toMatchObject({ status: "open", debt: "15000" });
    expect(await mainBalance(t.app, m.id)).toBe(0n);
    await feed("UOF", settleMsg("fd:o1", 300));
    expect(await bet(id)).toMatchObject({ status: "settled", debt: "0" });
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });

  it("cash-outs racing the settlement's rollback on 10 bets: each refused while settled, or paid net of its debt, once", async () => {
    const N = 10;
    const rows = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        // Every third bet's debt is above its value: it can never be cashed out.
        wonAndSpent(`fdrace${i}`, `fd:r${i}`, i % 3 === 2 ? 15_000n : 2_000n + BigInt(i) * 100n),
      ),
    );
    const spentOf = (i: number) => (i % 3 === 2 ? 15_000n : 2_000n + BigInt(i) * 100n);
    const tryCashout = (i: number) => {
      const r = rows[i];
      if (!r) throw new Error("no row");
      return cashout(sb(t.app), r.m.id, r.id, r.value - spentOf(i)).then(
        () => "cashed" as const,
        (e: unknown) => {
          if (e instanceof AppError && ["SB_CASHOUT_UNAVAILABLE", "SB_CASHOUT_DEBT"].includes(e.code))
            return "refused" as const;
          throw e;
        },
      );
    };
    // Half start with the cash-out, half with the rollback: both orders race.
    const first = await Promise.all(
      rows.map(async (_, i) => {
        const back = () => undo(`fd:r${i}`, 200);
        return i % 2
          ? (await Promise.all([tryCashout(i), back()]))[0]
          : (await Promise.all([back(), tryCashout(i)]))[1];
      }),
    );
    // Whoever lost the race asks again: the bet is open now, with its debt.
    const second = await Promise.all(rows.map((_, i) => (first[i] === "cashed" ? "cashed" : tryCashout(i))));
    for (const [i, r] of rows.entries()) {
      const b = await bet(r.id);
      const spent = spentOf(i);
      if (spent >= r.value) {
        expect(second[i]).toBe("refused");
        expect(b).toMatchObject({ status: "open", debt: String(spent) });
        expect(await mainBalance(t.app, r.m.id)).toBe(0n);
        continue;
      }
      expect(second[i]).toBe("cashed");
      expect(b).toMatchObject({ status: "cashed_out", debt: "0", paid: String(r.value - spent) });
      expect(await mainBalance(t.app, r.m.id)).toBe(r.value - spent);
    }
    expect((await reconcile(sb(t.app).db)).ok).toBe(true);
  });
});
