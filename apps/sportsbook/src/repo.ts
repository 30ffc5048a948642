import type { SportsMarket, SportsMatch } from "@panalo/contracts/sports";
import type { MarketKind } from "@panalo/game-math/sportsbook/settle";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "./db.ts";

/**
 * The sportsbook's reads and writes behind its calls (player lists, the trading desk, the four-eyes
 * queue, the feed's state, the report). The feed adapter (feed.ts), settlement (settle.ts),
 * placement (place.ts) and the bets' money (book.ts) keep their statements with the transaction
 * and the locks they belong to.
 */

// ---- the player's lists ----

interface MatchRow {
  id: string;
  sport: string;
  category: "SPORTS" | "ESPORTS";
  league_id: string;
  league: string;
  home: string;
  away: string;
  start_at: Date | string;
  status: string;
  score_home: number;
  score_away: number;
  minute: number | null;
  period: string;
  hot: boolean;
  markets: Array<{
    id: number;
    kind: SportsMarket["kind"];
    period: "ft" | "1h";
    line_q: number | null;
    status: string;
    outcomes: SportsMarket["outcomes"];
  }> | null;
}

/** A list shows a match's main markets: 1X2 or moneyline, and the full-time handicap and total nearest the middle. */
const MAIN = sql`(mk.kind IN ('1x2', 'moneyline') OR (mk.kind IN ('handicap', 'total') AND mk.ext_key IN (
  SELECT ext_key FROM sportsbook.sb_markets x WHERE x.match_id = mk.match_id AND x.kind = mk.kind AND x.period = 'ft'
  ORDER BY abs(coalesce(x.line_q, 0) - CASE WHEN x.kind = 'total' THEN 10 ELSE 0 END) LIMIT 1))) AND mk.period = 'ft'`;

/**
 * Enabled matches (of enabled leagues and sports) matching `where`, with their open markets (all
 * of them, or the main ones); a market of a suspended match, or with a price under the floor,
 * shows suspended.
 */
async function matchesWhere(exec: Executor, where: SQL, all: boolean, limit = 200): Promise<SportsMatch[]> {
  const rows = await queryRows<MatchRow>(
    exec,
    sql`SELECT m.id, s.code AS sport, s.category, l.id AS league_id, l.name AS league, h.name AS home, a.name AS away,
          m.start_at, m.status, m.score_home, m.score_away, m.minute, m.period, m.hot,
          (SELECT jsonb_agg(jsonb_build_object('id', mk.id, 'kind', mk.kind, 'period', mk.period, 'line_q', mk.line_q,
                 'status', CASE WHEN mk.trader_suspended OR m.suspended OR EXISTS (
                     SELECT 1 FROM sportsbook.sb_outcomes f WHERE f.market_id = mk.id AND f.odds < (SELECT min_odds FROM sportsbook.sb_book))
                   THEN 'suspended' ELSE mk.status END,
                 'outcomes', (SELECT jsonb_agg(jsonb_build_object('id', o.id, 'code', o.code, 'name', o.name, 'odds', o.odds, 'active', o.active) ORDER BY o.id)
                              FROM sportsbook.sb_outcomes o WHERE o.market_id = mk.id)) ORDER BY mk.kind, mk.period, mk.line_q)
             FROM sportsbook.sb_markets mk WHERE mk.match_id = m.id AND mk.status IN ('active', 'suspended')
               AND (${all} OR ${MAIN})) AS markets
        FROM sportsbook.sb_matches m JOIN sportsbook.sb_leagues l ON l.id = m.league_id JOIN sportsbook.sb_sports s ON s.code = l.sport
        JOIN sportsbook.sb_teams h ON h.id = m.home_id JOIN sportsbook.sb_teams a ON a.id = m.away_id
        WHERE m.enabled AND l.enabled AND s.enabled AND ${where}
        ORDER BY m.start_at, m.id LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    sport: r.sport,
    category: r.category,
    league: { id: Number(r.league_id), name: r.league },
    home: r.home,
    away: r.away,
    startAt: new Date(r.start_at).toISOString(),
    status: r.status,
    score: [r.score_home, r.score_away],
    minute: r.minute,
    period: r.period,
    hot: r.hot,
    markets: (r.markets ?? []).map((mk) => ({
      id: mk.id,
      kind: mk.kind,
      period: mk.period,
      line: mk.line_q === null ? null : mk.line_q / 4,
      status: mk.status,
      outcomes: mk.outcomes ?? [],
    })),
  }));
}

export type MatchTab = "today" | "early" | "live";

/** The tabs: live now; today (Manila day) not started; early: later days. */
function tabWhere(tab: MatchTab, now: Date): SQL {
  const manilaMidnight = new Date(
    Math.floor((now.getTime() + 8 * 3600_000) / 86_400_000) * 86_400_000 - 8 * 3600_000 + 86_400_000,
  );
  if (tab === "live") return sql`m.status = 'live'`;
  if (tab === "today") return sql`m.status = 'not_started' AND m.start_at < ${manilaMidnight}`;
  return sql`m.status = 'not_started' AND m.start_at >= ${manilaMidnight}`;
}

export interface MatchListFilter {
  category: string;
  tab: MatchTab;
  now: Date;
  sport?: string | undefined;
  league?: number | undefined;
}

/** A tab's matches of one category, optionally of one sport or league, with their main markets. */
export function tabMatches(exec: Executor, f: MatchListFilter): Promise<SportsMatch[]> {
  return matchesWhere(
    exec,
    sql`s.category = ${f.category} AND ${tabWhere(f.tab, f.now)}
      AND (${f.sport ?? null}::text IS NULL OR s.code = ${f.sport ?? null})
      AND (${f.league ?? null}::bigint IS NULL OR l.id = ${f.league ?? null})`,
    false,
  );
}

/** The hot matches of a category not yet over (at most 12), with their main markets. */
export function hotMatches(exec: Executor, category: string): Promise<SportsMatch[]> {
  return matchesWhere(
    exec,
    sql`s.category = ${category} AND m.hot AND m.status IN ('not_started', 'live')`,
    false,
    12,
  );
}

/** One match with all its open markets; undefined when it is not shown (unknown or switched off). */
/** The matches of these ids (enabled ones), with all their open markets: one statement. */
export function matchesWithMarkets(exec: Executor, ids: readonly number[]): Promise<SportsMatch[]> {
  if (!ids.length) return Promise.resolve([]);
  return matchesWhere(
    exec,
    sql`m.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    true,
    ids.length,
  );
}

export async function matchWithMarkets(exec: Executor, matchId: number): Promise<SportsMatch | undefined> {
  const [m] = await matchesWhere(exec, sql`m.id = ${matchId}`, true);
  return m;
}

export interface MenuSport {
  code: string;
  name: string;
  leagues: Array<{ id: number; name: string; count: number }> | null;
  live: number;
}

/** The enabled sports of a category with their live count and the leagues that have matches to come. */
export function menu(exec: Executor, category: string): Promise<MenuSport[]> {
  return queryRows<MenuSport>(
    exec,
    sql`SELECT s.code, s.name,
          (SELECT count(*)::int FROM sportsbook.sb_matches m JOIN sportsbook.sb_leagues l ON l.id = m.league_id
            WHERE l.sport = s.code AND m.status = 'live' AND m.enabled AND l.enabled) AS live,
          (SELECT jsonb_agg(jsonb_build_object('id', l.id, 'name', l.name, 'count', c.n) ORDER BY l.sort_order, l.name)
             FROM sportsbook.sb_leagues l JOIN LATERAL (SELECT count(*)::int AS n FROM sportsbook.sb_matches m
               WHERE m.league_id = l.id AND m.status IN ('not_started', 'live') AND m.enabled) c ON c.n > 0
            WHERE l.sport = s.code AND l.enabled) AS leagues
        FROM sportsbook.sb_sports s WHERE s.enabled AND s.category = ${category} ORDER BY s.sort_order`,
  );
}

// ---- the trading desk: sports, the book, leagues, matches, markets, player limits ----

export interface SportSettings {
  code: string;
  name: string;
  category: string;
  enabled: boolean;
  marginBp: number;
  minStake: string;
  maxStake: string;
}

export function sportSettings(exec: Executor): Promise<SportSettings[]> {
  return queryRows<SportSettings>(
    exec,
    sql`SELECT code, name, category, enabled, margin_bp AS "marginBp",
        min_stake::text AS "minStake", max_stake::text AS "maxStake" FROM sportsbook.sb_sports ORDER BY sort_order`,
  );
}

export interface BookSettings {
  maxLegs: number;
  liveDelayMs: number;
  cashoutMarginBp: number;
  maxPayout: string;
  minOdds: number;
}

export async function bookSettings(exec: Executor): Promise<BookSettings | undefined> {
  const [row] = await queryRows<BookSettings>(
    exec,
    sql`SELECT max_legs AS "maxLegs", live_delay_ms AS "liveDelayMs",
        cashout_margin_bp AS "cashoutMarginBp", max_payout::text AS "maxPayout", min_odds AS "minOdds" FROM sportsbook.sb_book`,
  );
  return row;
}

/** A sport's whole row as stored (what the audit records as "before"). */
export async function sportRow(exec: Executor, code: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT * FROM sportsbook.sb_sports WHERE code = ${code}`,
  );
  return row;
}

export interface SportPatch {
  enabled?: boolean | undefined;
  marginBp?: number | undefined;
  minStake?: number | undefined;
  maxStake?: number | undefined;
}

/** Change what is given of a sport's settings; the rest stays. */
export async function updateSport(exec: Executor, code: string, p: SportPatch): Promise<void> {
  await exec.execute(sql`UPDATE sportsbook.sb_sports SET enabled = coalesce(${p.enabled ?? null}, enabled),
          margin_bp = coalesce(${p.marginBp ?? null}, margin_bp), min_stake = coalesce(${p.minStake ?? null}, min_stake),
          max_stake = coalesce(${p.maxStake ?? null}, max_stake) WHERE code = ${code}`);
}

export interface BookPatch {
  maxLegs: number;
  liveDelayMs: number;
  cashoutMarginBp: number;
  /** The price floor in thousandths; unchanged when absent. */
  minOdds?: number | undefined;
}

export async function updateBook(exec: Executor, p: BookPatch): Promise<void> {
  await exec.execute(
    sql`UPDATE sportsbook.sb_book SET max_legs = ${p.maxLegs}, live_delay_ms = ${p.liveDelayMs}, cashout_margin_bp = ${p.cashoutMarginBp},
          min_odds = coalesce(${p.minOdds ?? null}::int, min_odds)`,
  );
}

export interface LeagueRow {
  id: string;
  sport: string;
  name: string;
  country: string | null;
  enabled: boolean;
}

/** Leagues of one sport, or of all, by sport and name. */
export function leagues(exec: Executor, sport: string | undefined): Promise<LeagueRow[]> {
  return queryRows<LeagueRow>(
    exec,
    sql`SELECT id, sport, name, country, enabled FROM sportsbook.sb_leagues
        WHERE ${sport ?? null}::text IS NULL OR sport = ${sport ?? null} ORDER BY sport, name`,
  );
}

export async function setLeagueEnabled(exec: Executor, id: number, enabled: boolean): Promise<void> {
  await exec.execute(sql`UPDATE sportsbook.sb_leagues SET enabled = ${enabled} WHERE id = ${id}`);
}

export interface TradingMatch {
  id: string;
  leagueId: string;
  sport: string;
  league: string;
  home: string;
  away: string;
  startAt: Date | string;
  status: string;
  enabled: boolean;
  suspended: boolean;
  hot: boolean;
  scoreHome: number;
  scoreAway: number;
  /** What open bets with a leg on the match staked. */
  openStake: string;
}

/** The desk's matches, filtered and ordered by the shared list query (packages/contracts/src/list-query.ts). */
export interface TradingMatchFilter {
  status: "open" | "done" | "not_started" | "live" | "ended" | "closed" | "cancelled";
  sport?: string | undefined;
  league?: number | undefined;
  /** Start instants [from, to) of a Manila day. */
  from?: Date | undefined;
  to?: Date | undefined;
  q?: string | undefined;
}

function tradingWhere(f: TradingMatchFilter): SQL {
  const status =
    f.status === "open"
      ? sql`m.status IN ('not_started', 'live', 'ended')`
      : f.status === "done"
        ? sql`m.status IN ('closed', 'cancelled')`
        : sql`m.status = ${f.status}`;
  const parts: SQL[] = [status];
  if (f.sport) parts.push(sql`l.sport = ${f.sport}`);
  if (f.league) parts.push(sql`m.league_id = ${f.league}`);
  if (f.from) parts.push(sql`m.start_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`m.start_at < ${f.to.toISOString()}::timestamptz`);
  if (f.q) {
    // Digits are a match id; any other text is part of a team's name (sb_teams is small).
    if (/^\d{1,15}$/.test(f.q)) parts.push(sql`m.id = ${Number(f.q)}`);
    else {
      const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(sql`(m.home_id IN (SELECT id FROM sportsbook.sb_teams WHERE name ILIKE ${like})
        OR m.away_id IN (SELECT id FROM sportsbook.sb_teams WHERE name ILIKE ${like}))`);
    }
  }
  return sql.join(parts, sql` AND `);
}

/** Each sort key of the list as its own columns (the caller's text never reaches the SQL). */
const MATCH_ORDER = {
  startAt: sql`m.start_at`,
  id: sql`m.id`,
  league: sql`l.name`,
  status: sql`m.status`,
} as const;

/**
 * One page of the desk's matches and how many match the filter. The open stake is a subquery
 * per row of the page only (sb_bet_legs_match_idx), never of the whole list.
 */
export async function tradingMatches(
  exec: Executor,
  f: TradingMatchFilter,
  page: { sort: keyof typeof MATCH_ORDER; direction: "asc" | "desc"; limit: number; offset: number },
): Promise<{ rows: TradingMatch[]; total: number }> {
  const where = tradingWhere(f);
  const dir = page.direction === "asc" ? sql`ASC` : sql`DESC`;
  const [rows, [count]] = await Promise.all([
    queryRows<TradingMatch>(
      exec,
      sql`SELECT m.id, l.id AS "leagueId", l.sport, l.name AS league, h.name AS home, a.name AS away, m.start_at AS "startAt", m.status,
              m.enabled, m.suspended, m.hot, m.score_home AS "scoreHome", m.score_away AS "scoreAway",
              coalesce((SELECT sum(b.stake) FROM sportsbook.sb_bets b WHERE b.status = 'open' AND b.id IN (SELECT bet_id FROM sportsbook.sb_bet_legs WHERE match_id = m.id)), 0)::text AS "openStake"
            FROM sportsbook.sb_matches m JOIN sportsbook.sb_leagues l ON l.id = m.league_id JOIN sportsbook.sb_teams h ON h.id = m.home_id JOIN sportsbook.sb_teams a ON a.id = m.away_id
            WHERE ${where}
            ORDER BY ${MATCH_ORDER[page.sort]} ${dir}, m.id ${dir} LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    queryRows<{ n: number }>(
      exec,
      sql`SELECT count(*)::int AS n FROM sportsbook.sb_matches m JOIN sportsbook.sb_leagues l ON l.id = m.league_id WHERE ${where}`,
    ),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export interface MatchFlags {
  enabled?: boolean | undefined;
  suspended?: boolean | undefined;
  hot?: boolean | undefined;
}

/** Change what is given of a match's trader flags; the rest stays. */
export async function updateMatchFlags(exec: Executor, matchId: number, f: MatchFlags): Promise<void> {
  await exec.execute(sql`UPDATE sportsbook.sb_matches SET enabled = coalesce(${f.enabled ?? null}, enabled),
          suspended = coalesce(${f.suspended ?? null}, suspended), hot = coalesce(${f.hot ?? null}, hot) WHERE id = ${matchId}`);
}

/** Move the suspension count of every market of a match (a live bet waiting its delay sees it). */
export async function bumpMatchSuspendSeq(exec: Executor, matchId: number): Promise<void> {
  await exec.execute(
    sql`UPDATE sportsbook.sb_markets SET suspend_seq = suspend_seq + 1 WHERE match_id = ${matchId}`,
  );
}

export interface LiabilityRow {
  market_id: string;
  kind: string;
  period: string;
  line_q: number | null;
  status: string;
  trader_suspended: boolean;
  min_stake: string | null;
  max_stake: string | null;
  outcome_id: string;
  name: string;
  odds: number;
  bets: number;
  stake: string;
  liability: string;
}

/**
 * Per outcome of a match: open bets on it, their stake and their whole potential (a parlay counts
 * its potential on each of its legs).
 */
export async function liabilityRows(
  exec: Executor,
  matchId: number,
  page: { sort: "market" | "liability" | "stake"; direction: "asc" | "desc"; limit: number; offset: number },
): Promise<{ rows: LiabilityRow[]; total: number }> {
  const dir = page.direction === "asc" ? sql`ASC` : sql`DESC`;
  const order =
    page.sort === "market"
      ? sql`mk.kind ${dir}, mk.period ${dir}, mk.line_q ${dir}, o.id ${dir}`
      : sql`${page.sort === "stake" ? sql`coalesce(sum(b.stake), 0)` : sql`coalesce(sum(b.potential), 0)`} ${dir}, o.id ASC`;
  const [rows, [count]] = await Promise.all([
    queryRows<LiabilityRow>(
      exec,
      sql`SELECT mk.id AS market_id, mk.kind, mk.period, mk.line_q, mk.status, mk.trader_suspended, mk.min_stake::text, mk.max_stake::text,
            o.id AS outcome_id, o.name, o.odds, count(b.id)::int AS bets, coalesce(sum(b.stake), 0)::text AS stake,
            coalesce(sum(b.potential), 0)::text AS liability
          FROM sportsbook.sb_markets mk JOIN sportsbook.sb_outcomes o ON o.market_id = mk.id
          LEFT JOIN sportsbook.sb_bet_legs l ON l.outcome_id = o.id LEFT JOIN sportsbook.sb_bets b ON b.id = l.bet_id AND b.status = 'open'
          WHERE mk.match_id = ${matchId} GROUP BY mk.id, o.id ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    queryRows<{ n: number }>(
      exec,
      sql`SELECT count(*)::int AS n FROM sportsbook.sb_markets mk JOIN sportsbook.sb_outcomes o ON o.market_id = mk.id WHERE mk.match_id = ${matchId}`,
    ),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export interface MarketPatch {
  suspended?: boolean | undefined;
  /** null clears the market's own limit; undefined leaves it. */
  minStake?: number | null | undefined;
  maxStake?: number | null | undefined;
}

/**
 * Change a market's trader suspension and limits; a suspension also moves its suspension count.
 * The market's match, or undefined when there is no such market.
 */
export async function updateMarket(
  exec: Executor,
  marketId: number,
  p: MarketPatch,
): Promise<number | undefined> {
  const [mk] = await queryRows<{ match_id: string }>(
    exec,
    sql`UPDATE sportsbook.sb_markets SET trader_suspended = coalesce(${p.suspended ?? null}, trader_suspended),
            suspend_seq = suspend_seq + CASE WHEN ${p.suspended ?? false} THEN 1 ELSE 0 END,
            min_stake = CASE WHEN ${p.minStake !== undefined} THEN ${p.minStake ?? null}::bigint ELSE min_stake END,
            max_stake = CASE WHEN ${p.maxStake !== undefined} THEN ${p.maxStake ?? null}::bigint ELSE max_stake END
            WHERE id = ${marketId} RETURNING match_id`,
  );
  return mk ? Number(mk.match_id) : undefined;
}

export async function deletePlayerLimit(exec: Executor, memberId: number): Promise<void> {
  await exec.execute(sql`DELETE FROM sportsbook.sb_player_limits WHERE member_id = ${memberId}`);
}

export async function upsertPlayerLimit(exec: Executor, memberId: number, maxStake: number): Promise<void> {
  await exec.execute(sql`INSERT INTO sportsbook.sb_player_limits (member_id, max_stake) VALUES (${memberId}, ${maxStake})
          ON CONFLICT (member_id) DO UPDATE SET max_stake = EXCLUDED.max_stake, updated_at = now()`);
}

// ---- the feed adapter's state ----

export interface FeedProductState {
  product: number;
  lastTs: string | null;
  lastAliveAt: Date | string | null;
  recoveryRequestId: string | null;
  recoveryAskedAt: Date | string | null;
  recoveryDoneAt: Date | string | null;
}

export function feedProducts(exec: Executor): Promise<FeedProductState[]> {
  return queryRows<FeedProductState>(
    exec,
    sql`SELECT product, last_ts::text AS "lastTs", last_alive_at AS "lastAliveAt", recovery_request_id::text AS "recoveryRequestId",
            recovery_asked_at AS "recoveryAskedAt", recovery_done_at AS "recoveryDoneAt" FROM sportsbook.sb_feed_state ORDER BY product`,
  );
}

export interface FeedReject {
  id: string;
  routingKey: string | null;
  reason: string;
  receivedAt: Date | string;
}

/** The latest 100 messages the adapter refused. */
export function feedRejects(exec: Executor): Promise<FeedReject[]> {
  return queryRows<FeedReject>(
    exec,
    sql`SELECT id, routing_key AS "routingKey", reason, received_at AS "receivedAt" FROM sportsbook.sb_feed_rejects ORDER BY id DESC LIMIT 100`,
  );
}

export interface BetDebt {
  betId: string;
  memberId: string;
  currency: string;
  debt: string;
  status: string;
}

/** The latest 500 bets that still carry a debt (a reversal that met a spent balance). */
export function betDebts(exec: Executor): Promise<BetDebt[]> {
  return queryRows<BetDebt>(
    exec,
    sql`SELECT b.id AS "betId", b.member_id AS "memberId", b.currency, b.debt::text AS debt, b.status
        FROM sportsbook.sb_bets b WHERE b.debt > 0 ORDER BY b.id DESC LIMIT 500`,
  );
}

// ---- manual settlement or void (four eyes) ----

export type ManualKind = "settle" | "void";
export interface ManualPayload {
  score?: [number, number] | undefined;
  htScore?: [number, number] | undefined;
}

export interface ManualActionRow {
  id: string;
  kind: ManualKind;
  matchId: string;
  payload: ManualPayload;
  status: string;
  requestedBy: string;
  decidedBy: string | null;
  createdAt: Date | string;
}

/** The latest 100 requests, newest first (the operators by name). */
export function manualActions(exec: Executor): Promise<ManualActionRow[]> {
  return queryRows<ManualActionRow>(
    exec,
    sql`SELECT a.id, a.kind, a.match_id AS "matchId", a.payload, a.status, a.requested_name AS "requestedBy",
        a.decided_name AS "decidedBy", a.created_at AS "createdAt" FROM sportsbook.sb_manual_actions a ORDER BY a.id DESC LIMIT 100`,
  );
}

export interface Operator {
  id: number;
  username: string;
}

/** A new pending request; its id. */
export async function insertManualAction(
  exec: Executor,
  kind: ManualKind,
  matchId: number,
  payload: ManualPayload,
  by: Operator,
): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    exec,
    sql`INSERT INTO sportsbook.sb_manual_actions (kind, match_id, payload, requested_by, requested_name)
          VALUES (${kind}, ${matchId}, ${JSON.stringify(payload)}::jsonb, ${by.id}, ${by.username}) RETURNING id`,
  );
  return Number(row?.id);
}

export interface PendingManualAction {
  kind: ManualKind;
  matchId: number;
  payload: ManualPayload;
  requestedBy: number;
}

export async function pendingManualAction(
  exec: Executor,
  id: number,
): Promise<PendingManualAction | undefined> {
  const [a] = await queryRows<{
    kind: ManualKind;
    match_id: string;
    payload: ManualPayload;
    requested_by: string;
  }>(
    exec,
    sql`SELECT kind, match_id, payload, requested_by FROM sportsbook.sb_manual_actions WHERE id = ${id} AND status = 'pending'`,
  );
  return (
    a && {
      kind: a.kind,
      matchId: Number(a.match_id),
      payload: a.payload,
      requestedBy: Number(a.requested_by),
    }
  );
}

/** Approve or reject a request that is still pending; false when it no longer is. */
export async function decideManualAction(
  exec: Executor,
  id: number,
  status: "approved" | "rejected",
  by: Operator,
): Promise<boolean> {
  const moved = await queryRows(
    exec,
    sql`UPDATE sportsbook.sb_manual_actions SET status = ${status}, decided_by = ${by.id},
            decided_name = ${by.username}, decided_at = now() WHERE id = ${id} AND status = 'pending' RETURNING id`,
  );
  return moved.length > 0;
}

/**
 * A match's feed id and the latest feed time (ms) of anything the feed said of its markets (0
 * when nothing); undefined when there is no such match.
 */
export async function matchFeedTime(
  exec: Executor,
  matchId: number,
): Promise<{ extId: string; last: number } | undefined> {
  const [m] = await queryRows<{ ext_id: string; last: string }>(
    exec,
    sql`SELECT m.ext_id, (SELECT coalesce(max(GREATEST(odds_ts, settled_ts, rollback_ts)), 0) FROM sportsbook.sb_markets WHERE match_id = m.id) AS last
        FROM sportsbook.sb_matches m WHERE m.id = ${matchId}`,
  );
  return m && { extId: m.ext_id, last: Number(m.last) };
}

export interface OpenMarket {
  ext_key: string;
  kind: MarketKind;
  period: "ft" | "1h";
  line_q: number | null;
  /** Its outcomes' codes. */
  codes: string[];
}

/** A match's markets not yet settled or cancelled, with their outcomes' codes. */
export function openMarketsOf(exec: Executor, matchId: number): Promise<OpenMarket[]> {
  return queryRows<OpenMarket>(
    exec,
    sql`SELECT mk.ext_key, mk.kind, mk.period, mk.line_q, (SELECT jsonb_agg(o.code) FROM sportsbook.sb_outcomes o WHERE o.market_id = mk.id) AS codes
        FROM sportsbook.sb_markets mk WHERE mk.match_id = ${matchId} AND mk.status IN ('active', 'suspended')`,
  );
}

/** A match's feed id; undefined when there is no such match. */
export async function matchExtId(exec: Executor, matchId: number): Promise<string | undefined> {
  const [m] = await queryRows<{ ext_id: string }>(
    exec,
    sql`SELECT ext_id FROM sportsbook.sb_matches WHERE id = ${matchId}`,
  );
  return m?.ext_id;
}

// ---- the report ----

export interface ReportRow {
  day: string;
  sport: string;
  bets: number;
  turnover: string;
  payouts: string;
}

/**
 * Bets settled (any way but open) per Manila day of settlement and sport (of the first leg), days
 * `from` to `to` inclusive: count, stake and what they paid.
 */
export function settledBySportAndDay(exec: Executor, from: string, to: string): Promise<ReportRow[]> {
  return queryRows<ReportRow>(
    exec,
    sql`SELECT to_char(b.settled_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS day, l.sport,
              count(*)::int AS bets, sum(b.stake)::text AS turnover, sum(coalesce(b.payout, 0))::text AS payouts
            FROM sportsbook.sb_bets b JOIN sportsbook.sb_bet_legs g ON g.bet_id = b.id AND g.idx = 0
            JOIN sportsbook.sb_matches m ON m.id = g.match_id JOIN sportsbook.sb_leagues l ON l.id = m.league_id
            WHERE b.status <> 'open' AND b.settled_at >= (${from}::date)::timestamp AT TIME ZONE 'Asia/Manila'
              AND b.settled_at < (${to}::date + 1)::timestamp AT TIME ZONE 'Asia/Manila'
            GROUP BY 1, 2 ORDER BY 1, 2`,
  );
}
