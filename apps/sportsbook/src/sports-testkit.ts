import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { post } from "../../server/src/modules/ledger/ledger.ts";
import { applyFeedMessage, cashout, cashoutQuote } from "./book.ts";
import type { SportsContext } from "./context.ts";
import { type Executor, queryRows } from "./db.ts";
import { placeBet } from "./place.ts";

/** The sportsbook mounted in a test's platform (app.ts): its context, as its own calls take it. */
export function sb(app: FastifyInstance): SportsContext {
  if (!app.sportsbook) throw new Error("the sportsbook is not mounted in this app");
  return app.sportsbook;
}

/** Test helpers of the sportsbook: a match from the feed with 1X2, handicap −0.25 and total 2.25. */
export async function feedMatch(
  app: FastifyInstance | SportsContext,
  ext: string,
  opts: { live?: boolean; start?: Date } = {},
) {
  // The book mounted in a test platform, or one of its own (external.test.ts).
  const ctx = "host" in app ? app : sb(app);
  const start = opts.start ?? new Date(Date.now() + 3600_000);
  await applyFeedMessage(ctx, "test", {
    type: "fixture",
    event_id: ext,
    timestamp: 1,
    sport: "football",
    tournament: { id: "t:epl", name: "Premier League" },
    competitors: [
      { id: `${ext}:h`, name: `${ext} Home` },
      { id: `${ext}:a`, name: `${ext} Away` },
    ],
    scheduled: start.toISOString(),
  });
  await applyFeedMessage(ctx, "test", {
    type: "odds_change",
    event_id: ext,
    timestamp: 10,
    sport_event_status: {
      status: opts.live ? 1 : 0,
      home_score: 0,
      away_score: 0,
      ...(opts.live ? { match_time: 10 } : {}),
    },
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
      {
        id: 16,
        specifiers: "hcp=-0.25",
        status: 1,
        outcomes: [
          { id: "1714", odds: 1.95 },
          { id: "1715", odds: 1.95 },
        ],
      },
      {
        id: 18,
        specifiers: "total=2.25",
        status: 1,
        outcomes: [
          { id: "12", odds: 1.9 },
          { id: "13", odds: 2.0 },
        ],
      },
    ],
  });
  const outcomes = await queryRows<{
    id: string;
    key: string;
    code: string;
    odds: number;
    market_id: string;
  }>(
    ctx.db,
    sql`SELECT o.id, mk.ext_key AS key, o.code, o.odds, o.market_id FROM sportsbook.sb_outcomes o JOIN sportsbook.sb_markets mk ON mk.id = o.market_id
        JOIN sportsbook.sb_matches m ON m.id = mk.match_id WHERE m.ext_id = ${ext} ORDER BY o.id`,
  );
  const pick = (key: string, code: string) => {
    const o = outcomes.find((x) => x.key === key && x.code === code);
    if (!o) throw new Error(`no outcome ${key} ${code}`);
    return { outcomeId: Number(o.id), odds: o.odds, marketId: Number(o.market_id) };
  };
  return { pick };
}

/** The member's main wallet on the platform (its ledger, not the book's). */
export async function mainBalance(app: FastifyInstance, memberId: number): Promise<bigint> {
  const [r] = await queryRows<{ balance: string }>(
    app.ctx.db,
    sql`SELECT balance FROM ledger_accounts WHERE member_id = ${memberId} AND kind = 'main' AND currency = 'PHP'`,
  );
  return BigInt(r?.balance ?? "0");
}

/**
 * The crash tests' book of open bets, every result in and nothing settled yet: `players`
 * members funded with 1,000.00 each on the platform's ledger (`platform`); twenty bets placed
 * through the book (their stakes taken by debits), the first six cashed out; the rest of `bets`
 * written in bulk, each with its bet on the platform (as the bench writes them). The book's next
 * settlement (its sweep) settles them all.
 */
export async function crashBook(
  book: SportsContext,
  platform: Executor,
  o: { prefix: string; players: number; bets: number },
): Promise<{ ids: number[]; cashedOut: Array<{ id: number; member: number }> }> {
  const q = <T>(s: ReturnType<typeof sql>) => queryRows<T>(platform, s);
  await book.db.execute(sql`UPDATE sportsbook.sb_book SET live_delay_ms = 0`);
  const { pick } = await feedMatch(book, `${o.prefix}:m1`);
  const members = await q<{ id: string }>(
    sql`INSERT INTO members (username) SELECT ${`sb${o.prefix}`} || g FROM generate_series(1, ${o.players}) g RETURNING id`,
  );
  const ids = members.map((m) => Number(m.id)).sort((a, b) => a - b);
  for (const id of ids)
    await post(platform as Parameters<typeof post>[0], {
      idempotencyKey: `${o.prefix}-fund-${id}`,
      type: "deposit",
      memberId: id,
      legs: [
        { account: { house: "cash", currency: "PHP" }, amount: -100_000n },
        { account: { member: id, kind: "main", currency: "PHP" }, amount: 100_000n },
      ],
    });
  const home = pick("1", "home");
  const placed: Array<{ id: number; member: number }> = [];
  for (let i = 0; i < 20; i++) {
    const member = ids[i % o.players] as number;
    const b = await placeBet(book, member, {
      kind: "single",
      legs: [{ outcomeId: home.outcomeId, odds: home.odds }],
      stake: 1000n,
      oddsPolicy: "any",
      idempotencyKey: `${o.prefix}-placed-${i}`,
    });
    placed.push({ id: Number(b.id), member });
  }
  const cashedOut = placed.slice(0, 6);
  for (const b of cashedOut) {
    const quote = await cashoutQuote(book.db, b.member, b.id);
    expect(quote?.amount).toBeGreaterThan(0n);
    await cashout(book, b.member, b.id, quote?.amount ?? 0n);
  }
  const outcomes = await q<{ id: string }>(
    sql`SELECT o.id FROM sportsbook.sb_outcomes o JOIN sportsbook.sb_markets mk ON mk.id = o.market_id ORDER BY o.id`,
  );
  await book.db.execute(sql`INSERT INTO sportsbook.sb_bets (member_id, idempotency_key, currency, vendor, kind, stake, stake_per_line, potential)
      SELECT (${JSON.stringify(ids)}::jsonb->>(g % ${o.players}))::bigint, 'bulk-' || g, 'PHP', 'PNSB', 'single', 1000, 1000, 3000
      FROM generate_series(1, ${o.bets - placed.length}) g`);
  await book.db.execute(sql`INSERT INTO sportsbook.sb_bet_legs (bet_id, idx, outcome_id, market_id, match_id, odds)
      SELECT b.id, 0, o.id, o.market_id, mk.match_id, o.odds FROM sportsbook.sb_bets b
      JOIN sportsbook.sb_outcomes o ON o.id = (${JSON.stringify(outcomes.map((x) => Number(x.id)))}::jsonb->>(b.id % ${outcomes.length})::int)::bigint
      JOIN sportsbook.sb_markets mk ON mk.id = o.market_id WHERE b.idempotency_key LIKE 'bulk-%'`);
  await book.db.execute(sql`INSERT INTO provider_transactions (vendor, transaction_id, kind, round_id, member_id, amount, game_code, fingerprint, response)
      SELECT 'PNSB', 'sb:' || id, 'bet', 'sb-' || id, member_id, stake, 'SPORTS', 'bulk', '{}'::jsonb
      FROM sportsbook.sb_bets WHERE idempotency_key LIKE 'bulk-%'`);
  // Every result in (as the feed's settlement writes them), nothing settled yet.
  await book.db.execute(sql`UPDATE sportsbook.sb_outcomes SET result = CASE WHEN code IN ('home', 'over')
      THEN '{"won":true,"voidPermille":0}'::jsonb ELSE '{"won":false,"voidPermille":0}'::jsonb END`);
  await book.db.execute(sql`UPDATE sportsbook.sb_markets SET status = 'settled', settled_ts = 100`);
  await book.db.execute(sql`ANALYZE`);
  return { ids, cashedOut };
}
