import { type LegResult, VOID } from "@panalo/game-math/sportsbook/bets";
import { fairProbabilities, pricesWithMargin } from "@panalo/game-math/sportsbook/odds";
import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "./db.ts";

/**
 * The feed adapter. Messages have the shapes of Sportradar's Unified Odds
 * Feed (odds_change, bet_stop, bet_settlement, bet_cancel, rollback_bet_settlement; a fixture
 * message stands for UOF's fixture API), as JSON with the XML's attribute names. Both adapters
 * — the real feed's receiver and the simulator — hand messages to `applyFeedMessage`.
 *
 * Exactly once and out of order: a message seen before (source, event, kind, timestamp) is
 * ignored; odds and bet stops older than a market's last odds are ignored; a settlement older
 * than a rollback already applied is ignored, and a rollback only undoes an older settlement.
 */
export type UofMarketRef = { id: number; specifiers?: string };
export type UofOutcome = { id: string; odds?: number; active?: 0 | 1; name?: string };
export type UofSettledOutcome = {
  id: string;
  result: 0 | 1;
  void_factor?: 0.5 | 1;
  dead_heat_factor?: number;
};

export type FeedMessage =
  | {
      type: "fixture";
      event_id: string;
      timestamp: number;
      sport: string;
      tournament: { id: string; name: string; country?: string };
      competitors: [{ id: string; name: string }, { id: string; name: string }];
      scheduled: string;
      hot?: boolean;
    }
  | {
      type: "odds_change";
      event_id: string;
      timestamp: number;
      /** UOF sport_event_status: status 0 not started, 1 live, 3 ended, 4 closed. */
      sport_event_status?: {
        status: 0 | 1 | 3 | 4;
        home_score: number;
        away_score: number;
        match_time?: number;
        period?: string;
        ht_score?: [number, number];
      };
      markets?: Array<UofMarketRef & { status: 1 | 0 | -1; outcomes: UofOutcome[] }>;
    }
  | { type: "bet_stop"; event_id: string; timestamp: number; market_ids?: number[] }
  | {
      type: "bet_settlement";
      event_id: string;
      timestamp: number;
      /** UOF certainty: 1 live scouted, 2 confirmed. Both settle; a confirmation that agrees moves no money. */
      certainty?: 1 | 2;
      markets: Array<UofMarketRef & { outcomes: UofSettledOutcome[] }>;
    }
  | {
      type: "bet_cancel";
      event_id: string;
      timestamp: number;
      markets?: UofMarketRef[];
      /** Only the bets placed in [start_time, end_time) (feed ms) are void: their legs, not the market. */
      start_time?: number;
      end_time?: number;
      superceded_by?: string;
    }
  | {
      type: "rollback_bet_cancel";
      event_id: string;
      timestamp: number;
      markets?: UofMarketRef[];
      start_time?: number;
      end_time?: number;
    }
  | { type: "rollback_bet_settlement"; event_id: string; timestamp: number; markets: UofMarketRef[] }
  | {
      type: "fixture_change";
      event_id: string;
      timestamp: number;
      start_time?: number;
      change_type?: number;
    };

/** UOF market ids the book takes, and what they are. */
export const MARKET_TYPES: Record<number, { kind: string; period: "ft" | "1h"; spec?: "hcp" | "total" }> = {
  1: { kind: "1x2", period: "ft" },
  60: { kind: "1x2", period: "1h" },
  186: { kind: "moneyline", period: "ft" },
  219: { kind: "moneyline", period: "ft" },
  16: { kind: "handicap", period: "ft", spec: "hcp" },
  66: { kind: "handicap", period: "1h", spec: "hcp" },
  18: { kind: "total", period: "ft", spec: "total" },
  68: { kind: "total", period: "1h", spec: "total" },
  41: { kind: "correct_score", period: "ft" },
  45: { kind: "correct_score", period: "ft" },
  199: { kind: "correct_score", period: "ft" },
};
/** UOF outcome ids → the book's outcome codes (correct score keeps "h:a"). */
const OUTCOME_CODES: Record<string, string> = {
  "1": "home",
  "2": "draw",
  "3": "away",
  "4": "home",
  "5": "away",
  "1714": "home",
  "1715": "away",
  "12": "over",
  "13": "under",
};
/** The book's code of a market's outcome: correct score keeps its "h:a" (uof-xml.ts maps UOF's ids). */
export const outcomeCode = (market: number, id: string) =>
  MARKET_TYPES[market]?.kind === "correct_score" ? id : (OUTCOME_CODES[id] ?? id);

const MATCH_STATUS: Record<number, string> = { 0: "not_started", 1: "live", 3: "ended", 4: "closed" };

export const marketKey = (m: UofMarketRef) => (m.specifiers ? `${m.id}|${m.specifiers}` : String(m.id));

/** The line in quarters from "hcp=-0.25" or "total=2.5". */
export function lineOf(m: UofMarketRef): number | null {
  const t = MARKET_TYPES[m.id];
  if (!t?.spec) return null;
  const v = new RegExp(`(?:^|\\|)${t.spec}=(-?\\d+(?:\\.\\d+)?)`).exec(m.specifiers ?? "");
  if (!v) return null;
  const q = Number(v[1]) * 4;
  return Number.isInteger(q) && Math.abs(q) <= 4000 ? q : null;
}

export function legResultOf(o: UofSettledOutcome): LegResult {
  const voidPermille = o.void_factor === 1 ? 1000 : o.void_factor === 0.5 ? 500 : 0;
  if (voidPermille === 1000) return VOID;
  const r: LegResult = { won: o.result === 1, voidPermille };
  if (o.result === 1 && o.dead_heat_factor && o.dead_heat_factor < 1) {
    r.deadHeat = [Math.max(1, Math.round(o.dead_heat_factor * 1000)), 1000];
  }
  return r;
}

export interface Applied {
  duplicate: boolean;
  matchId: number | null;
  /** Markets settled or cancelled now: their bets can settle. */
  settle: number[];
  /** Markets whose settlement was rolled back: their settled bets go back to open. */
  unsettle: number[];
  /** Bets (by id) whose legs a time-ranged cancel or its rollback changed: settled ones reopen. */
  reopen: number[];
  /** Something a viewer sees changed (odds, status, score). */
  push: boolean;
}

/** Apply one message in the caller's transaction. */
export async function applyFeedMessageIn(tx: Tx, source: string, msg: FeedMessage): Promise<Applied> {
  const out: Applied = {
    duplicate: false,
    matchId: null,
    settle: [],
    unsettle: [],
    reopen: [],
    push: false,
  };
  const [fresh] = await queryRows<{ ts: string }>(
    tx,
    sql`INSERT INTO sportsbook.sb_feed_messages (source, event_id, kind, ts)
        VALUES (${source}, ${msg.event_id}, ${msg.type}, ${msg.timestamp})
        ON CONFLICT DO NOTHING RETURNING ts`,
  );
  if (!fresh) return { ...out, duplicate: true };
  if (msg.type === "fixture") {
    out.matchId = await applyFixture(tx, msg);
    out.push = true;
    return out;
  }
  const [match] = await queryRows<{ id: string; margin_bp: number; min_odds: number; status_ts: string }>(
    tx,
    sql`SELECT m.id, s.margin_bp, (SELECT min_odds FROM sportsbook.sb_book) AS min_odds, m.status_ts FROM sportsbook.sb_matches m
        JOIN sportsbook.sb_leagues l ON l.id = m.league_id JOIN sportsbook.sb_sports s ON s.code = l.sport
        WHERE m.ext_id = ${msg.event_id} FOR UPDATE OF m`,
  );
  if (!match) return out;
  const matchId = Number(match.id);
  out.matchId = matchId;
  const ts = msg.timestamp;
  switch (msg.type) {
    case "odds_change": {
      const st = msg.sport_event_status;
      if (st && ts > Number(match.status_ts)) {
        await tx.execute(sql`UPDATE sportsbook.sb_matches SET status = ${MATCH_STATUS[st.status] ?? "live"},
            score_home = ${st.home_score}, score_away = ${st.away_score}, minute = ${st.match_time ?? null},
            period = ${st.period ?? ""}, ht_home = ${st.ht_score?.[0] ?? null}, ht_away = ${st.ht_score?.[1] ?? null},
            status_ts = ${ts}, updated_at = now() WHERE id = ${matchId}`);
        out.push = true;
      }
      for (const m of msg.markets ?? []) {
        if (await applyOdds(tx, matchId, match.margin_bp, match.min_odds, ts, m)) out.push = true;
      }
      if (msg.markets?.length) await suspendIncoherent(tx, matchId);
      return out;
    }
    case "bet_stop": {
      const keys = msg.market_ids ?? null;
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`UPDATE sportsbook.sb_markets SET status = 'suspended', suspend_seq = suspend_seq + 1, odds_ts = ${ts}
            WHERE match_id = ${matchId} AND status = 'active' AND odds_ts < ${ts}
              AND (${keys ? JSON.stringify(keys) : null}::jsonb IS NULL
                   OR split_part(ext_key, '|', 1) IN (SELECT jsonb_array_elements_text(${keys ? JSON.stringify(keys) : null}::jsonb)))
            RETURNING id`,
      );
      out.push = rows.length > 0;
      return out;
    }
    case "bet_settlement": {
      for (const m of msg.markets) {
        const [mk] = await queryRows<{
          id: string;
          status: string;
          settled_ts: string;
          rollback_ts: string;
          settled_source: string;
        }>(
          tx,
          sql`SELECT id, status, settled_ts, rollback_ts, settled_source FROM sportsbook.sb_markets
              WHERE match_id = ${matchId} AND ext_key = ${marketKey(m)} FOR UPDATE`,
        );
        if (!mk) continue;
        // The feed's settlement takes over a trader's (whatever its timestamp); else older is ignored.
        const overManual = source !== MANUAL && mk.settled_source === MANUAL;
        if (!overManual && (ts <= Number(mk.rollback_ts) || ts <= Number(mk.settled_ts))) continue;
        const named = new Map(m.outcomes.map((o) => [outcomeCode(m.id, o.id), legResultOf(o)]));
        const was = mk.status === "settled" || mk.status === "cancelled";
        if (mk.status === "settled") {
          // The same results again (a confirmation, or the feed agreeing with a trader): no money moves.
          const now = await queryRows<{ code: string; result: LegResult | null }>(
            tx,
            sql`SELECT code, result FROM sportsbook.sb_outcomes WHERE market_id = ${mk.id}`,
          );
          if (now.every((o) => sameResult(o.result, named.get(o.code) ?? LOST))) {
            await tx.execute(
              sql`UPDATE sportsbook.sb_markets SET settled_ts = ${ts}, settled_source = ${source} WHERE id = ${mk.id}`,
            );
            continue;
          }
        }
        if (was) out.unsettle.push(Number(mk.id)); // the older settlement is undone first
        const results = [...named].map(([code, result]) => ({ code, result }));
        await tx.execute(sql`UPDATE sportsbook.sb_outcomes o SET result = x.result
            FROM jsonb_to_recordset(${JSON.stringify(results)}::jsonb) AS x(code text, result jsonb)
            WHERE o.market_id = ${mk.id} AND o.code = x.code`);
        // Outcomes the message does not name lose.
        await tx.execute(sql`UPDATE sportsbook.sb_outcomes SET result = ${JSON.stringify(LOST)}::jsonb
            WHERE market_id = ${mk.id} AND code NOT IN (SELECT x->>'code' FROM jsonb_array_elements(${JSON.stringify(results)}::jsonb) x)`);
        await tx.execute(
          sql`UPDATE sportsbook.sb_markets SET status = 'settled', settled_ts = ${ts}, settled_source = ${source},
                unsettle_pending = unsettle_pending OR ${was} WHERE id = ${mk.id}`,
        );
        out.settle.push(Number(mk.id));
      }
      out.push = out.settle.length > 0;
      return out;
    }
    case "bet_cancel":
    case "rollback_bet_cancel": {
      const keys = msg.markets ? JSON.stringify(msg.markets.map(marketKey)) : null;
      if (msg.start_time !== undefined || msg.end_time !== undefined) {
        // Bets placed in the range: their legs on these markets are void (or no longer void).
        const from = new Date(msg.start_time ?? 0).toISOString();
        const to = new Date(msg.end_time ?? 8_640_000_000_000_000).toISOString();
        // A cancel applies to legs not void and not un-voided by a newer rollback (a replayed older
        // cancel after its rollback changes nothing); a rollback, to legs an older cancel voided.
        const cancel = msg.type === "bet_cancel";
        const rows = await queryRows<{ bet_id: string; market_id: string; status: string }>(
          tx,
          sql`UPDATE sportsbook.sb_bet_legs l SET void_ts = ${cancel ? ts : null},
                unvoid_ts = ${cancel ? sql`l.unvoid_ts` : sql`${ts}`}
              FROM sportsbook.sb_bets b, sportsbook.sb_markets mk
              WHERE b.id = l.bet_id AND mk.id = l.market_id AND mk.match_id = ${matchId}
                AND b.placed_at >= ${from}::timestamptz AND b.placed_at < ${to}::timestamptz
                AND b.status <> 'cashed_out'
                AND ${cancel ? sql`l.void_ts IS NULL AND l.unvoid_ts < ${ts}` : sql`l.void_ts < ${ts}`}
                AND (${keys}::jsonb IS NULL OR mk.ext_key IN (SELECT jsonb_array_elements_text(${keys}::jsonb)))
              RETURNING l.bet_id, l.market_id, b.status`,
        );
        out.reopen.push(...rows.filter((r) => r.status !== "open").map((r) => Number(r.bet_id)));
        out.settle.push(...new Set(rows.map((r) => Number(r.market_id))));
        out.push = rows.length > 0;
        return out;
      }
      const overManual = source !== MANUAL ? sql`mk.settled_source = ${MANUAL}` : sql`false`;
      if (msg.type === "rollback_bet_cancel") {
        const rows = await queryRows<{ id: string; was: string }>(
          tx,
          sql`UPDATE sportsbook.sb_markets mk SET rollback_ts = GREATEST(mk.rollback_ts, ${ts}),
                status = CASE WHEN old.status = 'cancelled' THEN 'suspended' ELSE mk.status END,
                settled_ts = CASE WHEN old.status = 'cancelled' THEN 0 ELSE mk.settled_ts END,
                settled_source = CASE WHEN old.status = 'cancelled' THEN '' ELSE mk.settled_source END,
                unsettle_pending = mk.unsettle_pending OR old.status = 'cancelled'
              FROM sportsbook.sb_markets old WHERE old.id = mk.id AND mk.match_id = ${matchId}
                AND (mk.rollback_ts < ${ts} OR ${overManual})
                AND (old.status <> 'cancelled' OR old.settled_ts < ${ts} OR ${overManual})
                AND (${keys}::jsonb IS NULL OR mk.ext_key IN (SELECT jsonb_array_elements_text(${keys}::jsonb)))
              RETURNING mk.id, old.status AS was`,
        );
        const ids = rows.filter((r) => r.was === "cancelled").map((r) => Number(r.id));
        if (ids.length)
          await tx.execute(sql`UPDATE sportsbook.sb_outcomes SET result = NULL
              WHERE market_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`);
        if (!msg.markets)
          await tx.execute(sql`UPDATE sportsbook.sb_matches SET status = CASE WHEN start_at > now() THEN 'not_started' ELSE 'live' END,
              updated_at = now() WHERE id = ${matchId} AND status = 'cancelled'`);
        out.unsettle.push(...ids);
        out.push = ids.length > 0;
        return out;
      }
      const rows = await queryRows<{ id: string; was: string }>(
        tx,
        sql`UPDATE sportsbook.sb_markets mk SET status = 'cancelled', settled_ts = ${ts}, settled_source = ${source},
              unsettle_pending = mk.unsettle_pending OR old.status IN ('settled', 'cancelled')
            FROM sportsbook.sb_markets old WHERE old.id = mk.id AND mk.match_id = ${matchId}
              AND ((mk.settled_ts < ${ts} AND mk.rollback_ts < ${ts}) OR ${overManual})
              AND (${keys}::jsonb IS NULL OR mk.ext_key IN (SELECT jsonb_array_elements_text(${keys}::jsonb)))
            RETURNING mk.id, old.status AS was`,
      );
      const ids = rows.map((r) => Number(r.id));
      out.unsettle.push(
        ...rows.filter((r) => r.was === "settled" || r.was === "cancelled").map((r) => Number(r.id)),
      );
      if (ids.length) {
        await tx.execute(sql`UPDATE sportsbook.sb_outcomes SET result = ${JSON.stringify(VOID)}::jsonb
            WHERE market_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`);
      }
      if (!msg.markets)
        await tx.execute(
          sql`UPDATE sportsbook.sb_matches SET status = 'cancelled', updated_at = now() WHERE id = ${matchId}`,
        );
      out.settle.push(...ids);
      out.push = true;
      return out;
    }
    case "rollback_bet_settlement": {
      const overManual = source !== MANUAL ? sql`settled_source = ${MANUAL}` : sql`false`;
      for (const m of msg.markets) {
        const [mk] = await queryRows<{ id: string; undo: boolean }>(
          tx,
          sql`UPDATE sportsbook.sb_markets mk SET rollback_ts = GREATEST(mk.rollback_ts, ${ts}),
                status = CASE WHEN x.undo THEN 'suspended' ELSE mk.status END,
                settled_ts = CASE WHEN x.undo THEN 0 ELSE mk.settled_ts END,
                settled_source = CASE WHEN x.undo THEN '' ELSE mk.settled_source END,
                unsettle_pending = mk.unsettle_pending OR x.undo
              FROM (SELECT id, status = 'settled' AND (settled_ts < ${ts} OR ${overManual}) AS undo
                    FROM sportsbook.sb_markets WHERE match_id = ${matchId} AND ext_key = ${marketKey(m)}
                      AND (rollback_ts < ${ts} OR ${overManual})) x
              WHERE mk.id = x.id
              RETURNING mk.id, x.undo`,
        );
        if (!mk?.undo) continue;
        await tx.execute(sql`UPDATE sportsbook.sb_outcomes SET result = NULL WHERE market_id = ${mk.id}`);
        out.unsettle.push(Number(mk.id));
      }
      out.push = out.unsettle.length > 0;
      return out;
    }
    case "fixture_change": {
      // UOF says the fixture changed; a new start time is taken while the match has not started.
      if (msg.start_time !== undefined) {
        await tx.execute(sql`UPDATE sportsbook.sb_matches SET start_at = ${new Date(msg.start_time).toISOString()}::timestamptz,
            updated_at = now() WHERE id = ${matchId} AND status = 'not_started'`);
        out.push = true;
      }
      return out;
    }
  }
}

/** The source of a trader's manual settlement (admin-routes.ts): the feed's messages take over from it. */
export const MANUAL = "manual";
const LOST: LegResult = { won: false, voidPermille: 0 };
const sameResult = (a: LegResult | null, b: LegResult) =>
  a !== null &&
  a.won === b.won &&
  a.voidPermille === b.voidPermille &&
  JSON.stringify(a.deadHeat ?? null) === JSON.stringify(b.deadHeat ?? null);

async function applyFixture(tx: Tx, msg: Extract<FeedMessage, { type: "fixture" }>): Promise<number | null> {
  const [sport] = await queryRows<{ code: string }>(
    tx,
    sql`SELECT code FROM sportsbook.sb_sports WHERE code = ${msg.sport}`,
  );
  if (!sport) return null;
  const t = msg.tournament;
  const [league] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO sportsbook.sb_leagues (ext_id, sport, name, country) VALUES (${t.id}, ${msg.sport}, ${t.name}, ${t.country ?? ""})
        ON CONFLICT (ext_id) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
  );
  const teamIds: number[] = [];
  for (const c of msg.competitors) {
    const [team] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO sportsbook.sb_teams (ext_id, sport, name) VALUES (${c.id}, ${msg.sport}, ${c.name})
          ON CONFLICT (ext_id) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    );
    teamIds.push(Number(team?.id));
  }
  const [m] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO sportsbook.sb_matches (ext_id, league_id, home_id, away_id, start_at, hot)
        VALUES (${msg.event_id}, ${league?.id}, ${teamIds[0]}, ${teamIds[1]}, ${msg.scheduled}, ${msg.hot ?? false})
        ON CONFLICT (ext_id) DO UPDATE SET start_at = EXCLUDED.start_at RETURNING id`,
  );
  return m ? Number(m.id) : null;
}

/**
 * Prices across a match's markets agree: a handicap side at least as easy as winning outright
 * (the home side at a line of 0 or more, the away side at 0 or less) is never priced more than
 * 5 % above that side's win in the same period's 1X2 or moneyline — it would sell a near-sure
 * thing at a winner's price. Such a handicap market is suspended until the feed's next prices.
 */
async function suspendIncoherent(tx: Tx, matchId: number): Promise<void> {
  await tx.execute(sql`UPDATE sportsbook.sb_markets h SET status = 'suspended', suspend_seq = h.suspend_seq + 1
      WHERE h.match_id = ${matchId} AND h.kind = 'handicap' AND h.status = 'active' AND EXISTS (
        SELECT 1 FROM sportsbook.sb_outcomes ho
        JOIN sportsbook.sb_markets w ON w.match_id = h.match_id AND w.period = h.period AND w.kind IN ('1x2', 'moneyline')
        JOIN sportsbook.sb_outcomes wo ON wo.market_id = w.id AND wo.code = ho.code
        WHERE ho.market_id = h.id AND wo.active
          AND ((ho.code = 'home' AND h.line_q >= 0) OR (ho.code = 'away' AND h.line_q <= 0))
          AND ho.odds::bigint * 100 > wo.odds::bigint * 105)`);
}

async function applyOdds(
  tx: Tx,
  matchId: number,
  marginBp: number,
  minOdds: number,
  ts: number,
  m: UofMarketRef & { status: 1 | 0 | -1; outcomes: UofOutcome[] },
): Promise<boolean> {
  const type = MARKET_TYPES[m.id];
  if (!type) return false;
  const priced = m.outcomes.filter((o) => o.odds && o.odds > 1);
  if (priced.length < 2) return false;
  // The feed's prices with their overround taken out, then the book's margin for the sport.
  const feedOdds = priced.map((o) => Math.round((o.odds ?? 0) * 1000));
  const fair = fairProbabilities(feedOdds).map(([n, d]) => Number(n) / Number(d));
  const odds = pricesWithMargin(fair, marginBp);
  // A price under the book's floor means the market is nearly decided: neither side is sold
  // (the favourite cannot win anything worth the risk, the outsider is all but lost).
  const status = m.status === 1 && odds.every((o) => (o ?? 0) >= minOdds) ? "active" : "suspended";
  const [mk] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO sportsbook.sb_markets (match_id, ext_key, kind, period, line_q, status, odds_ts)
        VALUES (${matchId}, ${marketKey(m)}, ${type.kind}, ${type.period}, ${lineOf(m)}, ${status}, ${ts})
        ON CONFLICT (match_id, ext_key) DO UPDATE SET
          status = CASE WHEN sb_markets.status IN ('settled', 'cancelled') THEN sb_markets.status ELSE EXCLUDED.status END,
          suspend_seq = sb_markets.suspend_seq
            + CASE WHEN EXCLUDED.status = 'suspended' AND sb_markets.status = 'active' THEN 1 ELSE 0 END,
          odds_ts = EXCLUDED.odds_ts
        WHERE sb_markets.odds_ts < EXCLUDED.odds_ts
        RETURNING id`,
  );
  if (!mk) return false;
  const rows = priced.map((o, i) => ({
    code: outcomeCode(m.id, o.id),
    name: o.name ?? null,
    odds: odds[i],
    active: o.active !== 0,
  }));
  await tx.execute(sql`INSERT INTO sportsbook.sb_outcomes (market_id, code, name, odds, active)
      SELECT ${mk.id}, x.code,
        -- UOF's odds carry no names: the teams', or the outcome's own.
        coalesce(x.name, CASE x.code WHEN 'home' THEN h.name WHEN 'away' THEN a.name WHEN 'draw' THEN 'Draw'
          WHEN 'over' THEN 'Over' WHEN 'under' THEN 'Under' WHEN 'other' THEN 'Other' ELSE x.code END),
        x.odds, x.active
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(code text, name text, odds int, active boolean)
      JOIN sportsbook.sb_matches mt ON mt.id = ${matchId} JOIN sportsbook.sb_teams h ON h.id = mt.home_id JOIN sportsbook.sb_teams a ON a.id = mt.away_id
      ON CONFLICT (market_id, code) DO UPDATE SET odds = EXCLUDED.odds, active = EXCLUDED.active,
        odds_version = sb_outcomes.odds_version + CASE WHEN sb_outcomes.odds <> EXCLUDED.odds THEN 1 ELSE 0 END`);
  return true;
}
