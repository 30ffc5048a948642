import { type AdminMatchesQuery, dayRange, offsetOf } from "@panalo/contracts/list-query";
import { formatMinor } from "@panalo/contracts/money";
import type { PlaceBetRequest, SportsBet, SportsOddsPush } from "@panalo/contracts/sports";
import { settleOutcome } from "@panalo/game-math/sportsbook/settle";
import { applyFeedMessage, myBets, oddsPushOf, pushMatch } from "./book.ts";
import type { SportsContext } from "./context.ts";
import { AppError, Errors } from "./errors.ts";
import { MANUAL, type UofSettledOutcome } from "./feed.ts";
import { placeBet } from "./place.ts";
import * as repo from "./repo.ts";
import { simulate } from "./simulator.ts";

/**
 * The sportsbook's rules behind its calls: the player's lists and bets, and the trading desk
 * (settings, suspensions, limits, four-eyes manual settlement, liability, the feed's state, the
 * report). The routes check and shape; the engine stays in feed.ts (the feed adapter), place.ts
 * (placement), settle.ts (settlement) and book.ts (applying the feed, cash-out, my bets).
 */

export { applyFeedMessage, cashout, cashoutQuote, myBets, ODDS_CHANNEL, pushMatch } from "./book.ts";
export { placeBet } from "./place.ts";
export {
  type BookPatch,
  bookSettings,
  hotMatches,
  type ManualKind,
  type ManualPayload,
  type MarketPatch,
  type MatchFlags,
  type MatchListFilter,
  manualActions,
  matchWithMarkets,
  menu,
  type Operator,
  type SportPatch,
  sportSettings,
  tabMatches,
} from "./repo.ts";
export { simulate } from "./simulator.ts";

/**
 * Where each of these matches stands now, as pushes: a viewer that starts watching gets them
 * once, so a change between the list it loaded and its watch reaching the server is not lost.
 */
export async function currentPushes(ctx: SportsContext, ids: readonly number[]): Promise<SportsOddsPush[]> {
  return (await repo.matchesWithMarkets(ctx.db, ids)).map(oddsPushOf);
}

// ---- the player ----

/** Place a bet and answer it as the player's open bets show it (its id alone if it is not open). */
export async function placeAndShow(
  ctx: SportsContext,
  memberId: number,
  req: PlaceBetRequest,
): Promise<SportsBet | { id: number }> {
  const placed = await placeBet(ctx, memberId, req);
  const [bet] = (await myBets(ctx.db, memberId, "open", 50)).filter((b) => b.id === placed.id);
  return bet ?? { id: placed.id };
}

// ---- the trading desk ----

/** Change a sport's settings; its row as it was (for the audit). Not found when there is no such sport. */
export async function updateSport(
  ctx: SportsContext,
  code: string,
  patch: repo.SportPatch,
): Promise<Record<string, unknown>> {
  const before = await repo.sportRow(ctx.db, code);
  if (!before) throw Errors.notFound("sport");
  await repo.updateSport(ctx.db, code, patch);
  return before;
}

export async function updateBook(ctx: SportsContext, patch: repo.BookPatch): Promise<void> {
  await repo.updateBook(ctx.db, patch);
}

export function leagues(ctx: SportsContext, sport: string | undefined) {
  return repo.leagues(ctx.db, sport);
}

export async function setLeagueEnabled(ctx: SportsContext, id: number, enabled: boolean): Promise<void> {
  await repo.setLeagueEnabled(ctx.db, id, enabled);
}

export async function tradingMatches(ctx: SportsContext, q: AdminMatchesQuery) {
  const { rows, total } = await repo.tradingMatches(
    ctx.db,
    { ...q.filters, ...dayRange(q.filters.day, q.filters.day) },
    { sort: q.sort, direction: q.direction, limit: q.pageSize, offset: offsetOf(q) },
  );
  return {
    items: rows.map((m) => ({ ...m, id: Number(m.id), leagueId: Number(m.leagueId) })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Change a match's trader flags and tell its viewers. */
export async function updateMatch(
  ctx: SportsContext,
  matchId: number,
  flags: repo.MatchFlags,
): Promise<void> {
  await repo.updateMatchFlags(ctx.db, matchId, flags);
  // A suspension also moves the markets' count, so a live bet waiting its delay is refused.
  if (flags.suspended) await repo.bumpMatchSuspendSeq(ctx.db, matchId);
  await pushMatch(ctx, matchId);
}

/** Change a market's suspension and limits and tell its match's viewers; not found when there is no such market. */
export async function updateMarket(
  ctx: SportsContext,
  marketId: number,
  patch: repo.MarketPatch,
): Promise<void> {
  const matchId = await repo.updateMarket(ctx.db, marketId, patch);
  if (matchId === undefined) throw Errors.notFound("market");
  await pushMatch(ctx, matchId);
}

/** Set a player's stake limit (null removes it); not found when there is no such player. */
export async function setPlayerLimit(
  ctx: SportsContext,
  memberId: number,
  maxStake: number | null,
): Promise<void> {
  if ((await ctx.host.memberCurrency(memberId)) === null) throw Errors.notFound("player");
  if (maxStake === null) await repo.deletePlayerLimit(ctx.db, memberId);
  else await repo.upsertPlayerLimit(ctx.db, memberId, maxStake);
}

/**
 * Per outcome of a match: what open bets staked on it and what they would pay if it wins
 * (parlays count their whole potential on each leg: the book's worst case).
 */
export async function liability(
  ctx: SportsContext,
  matchId: number,
  q: { page: number; pageSize: number; sort: "market" | "liability" | "stake"; direction: "asc" | "desc" },
) {
  const { rows, total } = await repo.liabilityRows(ctx.db, matchId, {
    sort: q.sort,
    direction: q.direction,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  const items = rows.map((r) => ({
    marketId: Number(r.market_id),
    market: `${r.kind}${r.period === "1h" ? " 1H" : ""}${r.line_q === null ? "" : ` ${r.line_q / 4}`}`,
    status: r.trader_suspended ? "suspended" : r.status,
    minStake: r.min_stake,
    maxStake: r.max_stake,
    outcomeId: Number(r.outcome_id),
    name: r.name,
    odds: r.odds,
    bets: r.bets,
    stake: formatMinor(BigInt(r.stake)),
    liability: formatMinor(BigInt(r.liability)),
  }));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/**
 * The feed adapter's state (per UOF product), the messages it refused, and the debts a rolled-
 * back settlement or void left (what the member had already spent: the operator's to recover).
 */
export async function feedStatus(ctx: SportsContext) {
  const products = await repo.feedProducts(ctx.db);
  const rejects = await repo.feedRejects(ctx.db);
  const debts = await repo.betDebts(ctx.db);
  const names = await ctx.host.memberNames(debts.map((d) => Number(d.memberId)));
  return {
    products,
    rejects,
    debts: debts.map((d) => ({
      betId: Number(d.betId),
      memberId: Number(d.memberId),
      // Every bet's member exists (sb_bets.member_id references members).
      username: names.get(Number(d.memberId)) ?? "",
      currency: d.currency,
      debt: formatMinor(BigInt(d.debt)),
      status: d.status,
    })),
  };
}

/** Ask for a manual settlement (from a final score) or void of a match; the request's id. */
export async function requestManual(
  ctx: SportsContext,
  by: repo.Operator,
  kind: repo.ManualKind,
  matchId: number,
  payload: repo.ManualPayload,
): Promise<number> {
  if (kind === "settle" && !payload.score) throw Errors.validation([{ path: "score", message: "required" }]);
  return repo.insertManualAction(
    ctx.db,
    kind,
    matchId,
    { score: payload.score, htScore: payload.htScore },
    by,
  );
}

/**
 * Approve or reject a pending request. Four eyes: the operator who asked cannot decide it. An
 * approval applies it through the feed adapter.
 */
export async function decideManual(
  ctx: SportsContext,
  by: repo.Operator,
  id: number,
  decision: "approve" | "reject",
): Promise<void> {
  const a = await repo.pendingManualAction(ctx.db, id);
  if (!a) throw Errors.notFound("action");
  if (a.requestedBy === by.id) throw new AppError("SB_FOUR_EYES", 403);
  // Only one decision moves it out of pending: a second, concurrent one finds nothing.
  const moved = await repo.decideManualAction(
    ctx.db,
    id,
    decision === "approve" ? "approved" : "rejected",
    by,
  );
  if (!moved) throw Errors.notFound("action");
  if (decision === "approve") await applyManual(ctx, a.kind, a.matchId, a.payload);
}

/** A trader's settlement from a final score, or a void, as feed messages of source "manual". */
async function applyManual(
  ctx: SportsContext,
  kind: repo.ManualKind,
  matchId: number,
  p: repo.ManualPayload,
) {
  // Feed time (ms), after anything the feed has said of the match's markets; the feed's own later
  // settlement, cancel or rollback still takes over (feed.ts, MANUAL).
  const m = await repo.matchFeedTime(ctx.db, matchId);
  if (!m) throw Errors.notFound("match");
  const ts = Math.max(Date.now(), m.last + 1);
  if (kind === "void") {
    await applyFeedMessage(ctx, MANUAL, { type: "bet_cancel", event_id: m.extId, timestamp: ts });
    return;
  }
  const markets = await repo.openMarketsOf(ctx.db, matchId);
  const out = markets.flatMap((mk) => {
    const s = mk.period === "1h" ? p.htScore : p.score;
    if (!s) return [];
    const score = { home: s[0], away: s[1] };
    const hasExact = mk.codes.includes(`${s[0]}:${s[1]}`);
    const outcomes: UofSettledOutcome[] = mk.codes.map((code) => {
      const r =
        code === "other"
          ? { won: !hasExact, voidPermille: 0 }
          : settleOutcome(mk.kind, mk.line_q, code, score);
      return {
        id: code,
        result: r.won ? 1 : 0,
        ...(r.voidPermille === 1000
          ? { void_factor: 1 as const }
          : r.voidPermille === 500
            ? { void_factor: 0.5 as const }
            : {}),
      };
    });
    const [id, specifiers] = mk.ext_key.split("|");
    return [{ id: Number(id), ...(specifiers ? { specifiers } : {}), outcomes }];
  });
  await applyFeedMessage(ctx, MANUAL, {
    type: "bet_settlement",
    event_id: m.extId,
    timestamp: ts,
    markets: out,
  });
}

/** A type, not an interface: the CSV writer takes it as a record of columns. */
export type ReportLine = {
  day: string;
  sport: string;
  bets: number;
  turnover: string;
  payouts: string;
  margin: string;
  marginPct: string;
};

/** By the Manila day a bet was settled and its sport: stake, what it paid, and the book's margin. */
export async function report(ctx: SportsContext, from: string, to: string): Promise<ReportLine[]> {
  const rows = await repo.settledBySportAndDay(ctx.db, from, to);
  return rows.map((r) => {
    const t = BigInt(r.turnover);
    const p = BigInt(r.payouts);
    return {
      day: r.day,
      sport: r.sport,
      bets: r.bets,
      turnover: formatMinor(t),
      payouts: formatMinor(p),
      margin: formatMinor(t - p),
      marginPct: t > 0n ? (Number(((t - p) * 10000n) / t) / 100).toFixed(2) : "0.00",
    };
  });
}

export interface SimulatorTick {
  at?: Date | undefined;
  matchId?: number | undefined;
  perSport?: number | undefined;
}

/**
 * One simulator tick now or at a given time, for one match by its book id (the whole window is
 * searched) or the next matches of each sport; not found when the match is unknown.
 */
export async function simulatorTick(ctx: SportsContext, t: SimulatorTick) {
  const extId = t.matchId ? await repo.matchExtId(ctx.db, t.matchId) : undefined;
  if (t.matchId && extId === undefined) throw Errors.notFound("match");
  return simulate(ctx, {
    ...(t.at ? { at: t.at } : {}),
    ...(extId !== undefined ? { only: extId } : {}),
    ...(t.perSport ? { perSport: t.perSport } : {}),
  });
}
