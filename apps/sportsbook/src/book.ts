import { formatMinor } from "@panalo/contracts/money";
import type { SportsBet, SportsMatch, SportsOddsPush } from "@panalo/contracts/sports";
import type { LegResult } from "@panalo/game-math/sportsbook/bets";
import { type CashoutLeg, cashoutOffer } from "@panalo/game-math/sportsbook/cashout";
import { sql } from "drizzle-orm";
import type { SportsContext } from "./context.ts";
import { type Executor, queryRows } from "./db.ts";
import { AppError } from "./errors.ts";
import { applyFeedMessageIn, type FeedMessage } from "./feed.ts";
import { betTidOf, driveBet, queueCalls } from "./money.ts";
import { matchWithMarkets } from "./repo.ts";
import { LEG_RESULT, settleBets, unsettleBets } from "./settle.ts";

/** The shared-store channel of odds pushes; the public socket (routes.ts, odds-watchers.ts) fans them out. */
export const ODDS_CHANNEL = "sb:odds";

/** Apply a feed message, then settle or reopen the bets it touches and tell viewers. */
export async function applyFeedMessage(ctx: SportsContext, source: string, msg: FeedMessage) {
  const applied = await ctx.db.transaction((tx) => applyFeedMessageIn(tx, source, msg));
  if (applied.duplicate && SETTLING.has(msg.type)) {
    // Seen before: its bets' follow-up may have been cut short (a crash before the ack), so what
    // is still to do on the match is finished; when all was done, this finds nothing.
    await finishMatch(ctx, msg.event_id);
    return applied;
  }
  if (applied.duplicate) return applied;
  if (applied.unsettle.length || applied.reopen.length)
    await unsettleBets(ctx, applied.unsettle, applied.reopen);
  if (applied.settle.length) await settleBets(ctx, applied.settle);
  if (applied.push && applied.matchId) await pushMatch(ctx, applied.matchId);
  return applied;
}

const SETTLING = new Set(["bet_settlement", "bet_cancel", "rollback_bet_settlement", "rollback_bet_cancel"]);

/** Reopen the bets of a match's markets whose settlement was undone, and settle what can settle. */
export async function finishMatch(ctx: SportsContext, eventId: string): Promise<void> {
  const rows = await queryRows<{ id: string; pending: boolean; done: boolean }>(
    ctx.db,
    sql`SELECT mk.id, mk.unsettle_pending AS pending, mk.status IN ('settled', 'cancelled') AS done
        FROM sportsbook.sb_markets mk JOIN sportsbook.sb_matches m ON m.id = mk.match_id
        WHERE m.ext_id = ${eventId} AND (mk.unsettle_pending OR mk.status IN ('settled', 'cancelled'))`,
  );
  const pending = rows.filter((r) => r.pending).map((r) => Number(r.id));
  if (pending.length) await unsettleBets(ctx, pending);
  // Legs voided by a ranged cancel sit on markets in any state: their bets are found by the legs.
  const voided = await queryRows<{ market_id: string }>(
    ctx.db,
    sql`SELECT DISTINCT l.market_id FROM sportsbook.sb_bet_legs l JOIN sportsbook.sb_bets b ON b.id = l.bet_id AND b.status = 'open'
        JOIN sportsbook.sb_matches m ON m.id = l.match_id WHERE m.ext_id = ${eventId} AND l.void_ts IS NOT NULL`,
  );
  const settle = [
    ...rows.filter((r) => r.done).map((r) => Number(r.id)),
    ...voided.map((r) => Number(r.market_id)),
  ];
  if (settle.length) await settleBets(ctx, settle);
}

/** Where a match stands now, as the odds socket tells its viewers: status, score, minute, prices. */
export function oddsPushOf(m: SportsMatch): SportsOddsPush {
  return {
    type: "odds",
    matchId: m.id,
    status: m.status,
    score: m.score,
    minute: m.minute,
    markets: m.markets.map((mk) => ({
      id: mk.id,
      status: mk.status,
      outcomes: mk.outcomes.map((o) => ({ id: o.id, odds: o.odds, active: o.active })),
    })),
  };
}

export async function pushMatch(ctx: SportsContext, matchId: number): Promise<void> {
  const m = await matchWithMarkets(ctx.db, matchId);
  if (!m) return;
  await ctx.store.publish(ODDS_CHANNEL, JSON.stringify(oddsPushOf(m)));
}

const LEG_STATE = (r: LegResult | null): SportsBet["legs"][number]["state"] => {
  if (!r) return "open";
  if (r.voidPermille === 1000) return "void";
  if (r.voidPermille === 500) return r.won ? "half_won" : "half_lost";
  return r.won ? "won" : "lost";
};

export async function myBets(
  exec: Executor,
  memberId: number,
  state: "open" | "settled",
  limit = 50,
): Promise<SportsBet[]> {
  const rows = await queryRows<{
    id: string;
    kind: SportsBet["kind"];
    system_code: string | null;
    stake: string;
    potential: string;
    payout: string | null;
    status: SportsBet["status"];
    placed_at: string | Date;
    settled_at: string | Date | null;
    legs: Array<{
      outcomeId: number;
      matchId: number;
      match: string;
      market: string;
      line: number | null;
      outcome: string;
      odds: number;
      result: LegResult | null;
    }>;
  }>(
    exec,
    sql`SELECT b.id, b.kind, b.system_code, b.stake, b.potential, b.payout, b.status, b.placed_at, b.settled_at,
          (SELECT jsonb_agg(jsonb_build_object('outcomeId', o.id, 'matchId', m.id, 'match', h.name || ' v ' || a.name,
              'market', mk.kind || CASE WHEN mk.period = '1h' THEN ' 1H' ELSE '' END, 'line', mk.line_q / 4.0,
              'outcome', o.name, 'odds', l.odds, 'result', ${LEG_RESULT}) ORDER BY l.idx)
             FROM sportsbook.sb_bet_legs l JOIN sportsbook.sb_outcomes o ON o.id = l.outcome_id JOIN sportsbook.sb_markets mk ON mk.id = l.market_id
             JOIN sportsbook.sb_matches m ON m.id = l.match_id JOIN sportsbook.sb_teams h ON h.id = m.home_id JOIN sportsbook.sb_teams a ON a.id = m.away_id
            WHERE l.bet_id = b.id) AS legs
        FROM sportsbook.sb_bets b WHERE b.member_id = ${memberId}
          AND ${state === "open" ? sql`b.status = 'open'` : sql`b.status <> 'open'`}
        ORDER BY b.placed_at DESC, b.id DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    systemCode: r.system_code,
    stake: formatMinor(BigInt(r.stake)),
    potential: formatMinor(BigInt(r.potential)),
    payout: r.payout === null ? null : formatMinor(BigInt(r.payout)),
    status: r.status,
    placedAt: new Date(r.placed_at).toISOString(),
    settledAt: r.settled_at ? new Date(r.settled_at).toISOString() : null,
    legs: r.legs.map((l) => ({
      ...l,
      line: l.line === null ? null : Number(l.line),
      state: LEG_STATE(
        r.status === "open" || r.status === "cashed_out" || r.status === "settled" || r.status === "void"
          ? l.result
          : null,
      ),
    })),
  }));
}

/**
 * The cash-out offer of an open single or parlay: from the current prices of
 * its open legs' markets, with the book's cash-out margin. Null when a market is not open.
 * `value` is what the bet is worth now; `debt` what the member still owes on it (a settlement
 * rolled back after the win was spent); `amount` what a cash-out pays: the value less the debt,
 * as a settlement nets it. A bet whose debt takes its whole value cannot be cashed out (amount
 * null), so a cashed-out bet never leaves a debt that nothing would collect.
 */
export interface CashoutQuote {
  value: bigint;
  debt: bigint;
  amount: bigint | null;
}

export async function cashoutQuote(
  exec: Executor,
  memberId: number,
  betId: number,
): Promise<CashoutQuote | null> {
  const [bet] = await queryRows<{
    kind: string;
    status: string;
    stake_per_line: string;
    debt: string;
    margin: number;
  }>(
    exec,
    sql`SELECT b.kind, b.status, b.stake_per_line, b.debt, k.cashout_margin_bp AS margin FROM sportsbook.sb_bets b, sportsbook.sb_book k
        WHERE b.id = ${betId} AND b.member_id = ${memberId}`,
  );
  if (bet?.status !== "open" || bet.kind === "system") return null;
  const legs = await queryRows<{
    odds: number;
    outcome_id: string;
    result: LegResult | null;
    open: boolean;
    market: Array<{ id: number; odds: number }>;
  }>(
    exec,
    sql`SELECT l.odds, l.outcome_id, ${LEG_RESULT} AS result,
          (mk.status = 'active' AND NOT mk.trader_suspended AND NOT m.suspended AND m.enabled) AS open,
          (SELECT jsonb_agg(jsonb_build_object('id', x.id, 'odds', x.odds) ORDER BY x.id) FROM sportsbook.sb_outcomes x WHERE x.market_id = mk.id) AS market
        FROM sportsbook.sb_bet_legs l JOIN sportsbook.sb_outcomes o ON o.id = l.outcome_id JOIN sportsbook.sb_markets mk ON mk.id = l.market_id
        JOIN sportsbook.sb_matches m ON m.id = l.match_id WHERE l.bet_id = ${betId} ORDER BY l.idx`,
  );
  const cl: CashoutLeg[] = [];
  for (const l of legs) {
    if (l.result) {
      cl.push({ state: "settled", odds: l.odds, result: l.result });
      continue;
    }
    if (!l.open) return null;
    const outcome = l.market.findIndex((x) => x.id === Number(l.outcome_id));
    cl.push({ state: "open", odds: l.odds, outcome, marketOdds: l.market.map((x) => x.odds) });
  }
  // Every leg decided: the bet is due for settlement, not for a cash-out.
  if (!cl.some((l) => l.state === "open")) return null;
  const value = cashoutOffer(BigInt(bet.stake_per_line), cl, bet.margin);
  if (value <= 0n) return null;
  const debt = BigInt(bet.debt);
  return { value, debt, amount: value > debt ? value - debt : null };
}

/**
 * Cash out at the amount the player saw, if the book still offers at least that. The bet's due
 * calls are sent first (a reversal's answer is what sets its debt); one still due under the
 * bet's row lock (another driver's, this instant) refuses the cash-out for now.
 */
export async function cashout(
  ctx: SportsContext,
  memberId: number,
  betId: number,
  amount: bigint,
): Promise<bigint> {
  await driveBet(ctx, betId);
  const paid = await ctx.db.transaction(async (tx) => {
    const [b] = await queryRows<{ id: string; bet_tid: string | null }>(
      tx,
      sql`SELECT id, bet_tid FROM sportsbook.sb_bets WHERE id = ${betId} AND member_id = ${memberId} AND status = 'open' FOR UPDATE`,
    );
    if (!b) throw new AppError("SB_CASHOUT_UNAVAILABLE", 409);
    const [due] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM sportsbook.sb_money_calls WHERE bet_id = ${betId} AND done_at IS NULL`,
    );
    if (due?.n) throw new AppError("SB_CASHOUT_UNAVAILABLE", 409);
    // Read under the bet's row lock: a rollback that reopened it has committed its debt.
    const quote = await cashoutQuote(tx, memberId, betId);
    if (quote === null) throw new AppError("SB_CASHOUT_UNAVAILABLE", 409);
    if (quote.amount === null) throw new AppError("SB_CASHOUT_DEBT", 409);
    if (quote.amount < amount)
      throw new AppError("SB_CASHOUT_CHANGED", 409, {}, undefined, { amount: formatMinor(quote.amount) });
    // The debt is settled out of the cash-out's value: the bet closes owing nothing; its payout
    // is what the bet returned (the debt it repaid and what the member receives).
    const tid = `sbc:${betId}`;
    await tx.execute(sql`UPDATE sportsbook.sb_bets SET status = 'cashed_out', payout = ${(amount + quote.debt).toString()},
        paid = ${amount.toString()}, debt = 0, settle_version = settle_version + 1, settled_at = now(),
        settle_call = 'credit', settle_tid = ${tid}
        WHERE id = ${betId}`);
    // The payment: a credit that closes the round.
    await queueCalls(tx, [{ betId, call: "credit", tid, ref: betTidOf(b), amount }]);
    return amount;
  });
  await driveBet(ctx, betId);
  return paid;
}
