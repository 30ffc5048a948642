import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { applyFeedMessage } from "./book.ts";
import type { SportsContext } from "./context.ts";
import { queryRows } from "./db.ts";

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
