import { BigId } from "@panalo/contracts/input";
import { formatMinor } from "@panalo/contracts/money";
import { type MarketKind, settleOutcome } from "@panalo/game-math/sportsbook/settle";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { queryRows } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { sendCsv } from "../../lib/csv.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { applyFeedMessage, pushMatch } from "./book.ts";
import { MANUAL, type UofSettledOutcome } from "./feed.ts";
import "./messages.ts";
import { simulate } from "./simulator.ts";

const Id = z.object({ id: BigId });
const Code = z.object({ code: z.string().max(20) });
const money = z.coerce.number().int().positive().max(1e12);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The trading desk: sports, leagues and matches on or off; margin and stake
 * limits per sport, limits per market and per player; suspension of a market or a match;
 * manual settlement or void with four eyes (one operator asks, another approves); liability per
 * match and outcome; turnover, payouts and margin per sport and day (JSON or CSV). Reading needs
 * sports.read, changing sports.write; every change is audited.
 */
export async function sportsAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const read = [requireOperator(ctx, "sports.read")];
  const write = [requireOperator(ctx, "sports.write")];
  const audit = (
    req: FastifyRequest,
    action: string,
    entityType: string,
    entityId: string,
    before: unknown,
    after: unknown,
  ) => {
    const op = operatorOf(req);
    return recordAudit(ctx.db, {
      operatorId: op.id,
      operatorName: op.username,
      action,
      entityType,
      entityId,
      before,
      after,
      ip: req.ip,
    });
  };

  route(app, { method: "GET", url: "/api/admin/sports/sports", guards: read }, async () => ({
    sports: await queryRows(
      ctx.db,
      sql`SELECT code, name, category, enabled, margin_bp AS "marginBp",
        min_stake::text AS "minStake", max_stake::text AS "maxStake" FROM sb_sports ORDER BY sort_order`,
    ),
    book: (
      await queryRows(
        ctx.db,
        sql`SELECT max_legs AS "maxLegs", live_delay_ms AS "liveDelayMs",
        cashout_margin_bp AS "cashoutMarginBp", max_payout::text AS "maxPayout", min_odds AS "minOdds" FROM sb_book`,
      )
    )[0],
  }));
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/sports/sports/:code",
      params: Code,
      guards: write,
      body: z.object({
        enabled: z.boolean().optional(),
        marginBp: z.number().int().min(0).max(3000).optional(),
        minStake: money.optional(),
        maxStake: money.optional(),
      }),
    },
    async ({ params, body, req }) => {
      const [before] = await queryRows(ctx.db, sql`SELECT * FROM sb_sports WHERE code = ${params.code}`);
      if (!before) throw Errors.notFound("sport");
      await ctx.db.execute(sql`UPDATE sb_sports SET enabled = coalesce(${body.enabled ?? null}, enabled),
          margin_bp = coalesce(${body.marginBp ?? null}, margin_bp), min_stake = coalesce(${body.minStake ?? null}, min_stake),
          max_stake = coalesce(${body.maxStake ?? null}, max_stake) WHERE code = ${params.code}`);
      await audit(req, "update", "sb_sport", params.code, before, body);
      return null;
    },
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/sports/book",
      guards: write,
      body: z.object({
        maxLegs: z.number().int().min(2).max(20),
        liveDelayMs: z.number().int().min(0).max(15000),
        cashoutMarginBp: z.number().int().min(0).max(5000),
        /** The price floor in thousandths (1050 = 1.05); unchanged when absent. */
        minOdds: z.number().int().min(1001).max(2000).optional(),
      }),
    },
    async ({ body, req }) => {
      await ctx.db.execute(
        sql`UPDATE sb_book SET max_legs = ${body.maxLegs}, live_delay_ms = ${body.liveDelayMs}, cashout_margin_bp = ${body.cashoutMarginBp},
          min_odds = coalesce(${body.minOdds ?? null}::int, min_odds)`,
      );
      await audit(req, "update", "sb_book", "book", null, body);
      return null;
    },
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/sports/leagues",
      guards: read,
      query: z.object({ sport: z.string().max(20).optional() }),
    },
    async ({ query }) => ({
      leagues: await queryRows(
        ctx.db,
        sql`SELECT id, sport, name, country, enabled FROM sb_leagues
        WHERE ${query.sport ?? null}::text IS NULL OR sport = ${query.sport ?? null} ORDER BY sport, name`,
      ),
    }),
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/sports/leagues/:id",
      params: Id,
      guards: write,
      body: z.object({ enabled: z.boolean() }),
    },
    async ({ params, body, req }) => {
      await ctx.db.execute(sql`UPDATE sb_leagues SET enabled = ${body.enabled} WHERE id = ${params.id}`);
      await audit(req, "update", "sb_league", String(params.id), null, body);
      return null;
    },
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/sports/matches",
      guards: read,
      query: z.object({
        status: z.enum(["open", "done"]).default("open"),
        sport: z.string().max(20).optional(),
      }),
    },
    async ({ query }) => ({
      matches: await queryRows(
        ctx.db,
        sql`SELECT m.id, l.sport, l.name AS league, h.name AS home, a.name AS away, m.start_at AS "startAt", m.status,
              m.enabled, m.suspended, m.hot, m.score_home AS "scoreHome", m.score_away AS "scoreAway",
              coalesce((SELECT sum(b.stake) FROM sb_bets b WHERE b.status = 'open' AND b.id IN (SELECT bet_id FROM sb_bet_legs WHERE match_id = m.id)), 0)::text AS "openStake"
            FROM sb_matches m JOIN sb_leagues l ON l.id = m.league_id JOIN sb_teams h ON h.id = m.home_id JOIN sb_teams a ON a.id = m.away_id
            WHERE ${query.status === "open" ? sql`m.status IN ('not_started', 'live', 'ended')` : sql`m.status IN ('closed', 'cancelled')`}
              AND (${query.sport ?? null}::text IS NULL OR l.sport = ${query.sport ?? null})
            ORDER BY m.start_at ${query.status === "open" ? sql`ASC` : sql`DESC`} LIMIT 200`,
      ),
    }),
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/sports/matches/:id",
      params: Id,
      guards: write,
      body: z.object({
        enabled: z.boolean().optional(),
        suspended: z.boolean().optional(),
        hot: z.boolean().optional(),
      }),
    },
    async ({ params, body, req }) => {
      await ctx.db.execute(sql`UPDATE sb_matches SET enabled = coalesce(${body.enabled ?? null}, enabled),
          suspended = coalesce(${body.suspended ?? null}, suspended), hot = coalesce(${body.hot ?? null}, hot) WHERE id = ${params.id}`);
      // A suspension also moves the markets' count, so a live bet waiting its delay is refused.
      if (body.suspended)
        await ctx.db.execute(
          sql`UPDATE sb_markets SET suspend_seq = suspend_seq + 1 WHERE match_id = ${params.id}`,
        );
      await audit(req, "update", "sb_match", String(params.id), null, body);
      await pushMatch(ctx, params.id);
      return null;
    },
  );
  route(
    app,
    { method: "GET", url: "/api/admin/sports/matches/:id/liability", params: Id, guards: read },
    async ({ params }) => {
      // Per outcome: what open bets staked on it and what they would pay if it wins (parlays
      // count their whole potential on each leg: the book's worst case).
      const rows = await queryRows<{
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
      }>(
        ctx.db,
        sql`SELECT mk.id AS market_id, mk.kind, mk.period, mk.line_q, mk.status, mk.trader_suspended, mk.min_stake::text, mk.max_stake::text,
            o.id AS outcome_id, o.name, o.odds, count(b.id)::int AS bets, coalesce(sum(b.stake), 0)::text AS stake,
            coalesce(sum(b.potential), 0)::text AS liability
          FROM sb_markets mk JOIN sb_outcomes o ON o.market_id = mk.id
          LEFT JOIN sb_bet_legs l ON l.outcome_id = o.id LEFT JOIN sb_bets b ON b.id = l.bet_id AND b.status = 'open'
          WHERE mk.match_id = ${params.id} GROUP BY mk.id, o.id ORDER BY mk.kind, mk.period, mk.line_q, o.id`,
      );
      return {
        outcomes: rows.map((r) => ({
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
        })),
      };
    },
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/sports/markets/:id",
      params: Id,
      guards: write,
      body: z.object({
        suspended: z.boolean().optional(),
        minStake: money.nullable().optional(),
        maxStake: money.nullable().optional(),
      }),
    },
    async ({ params, body, req }) => {
      const [mk] = await queryRows<{ match_id: string }>(
        ctx.db,
        sql`UPDATE sb_markets SET trader_suspended = coalesce(${body.suspended ?? null}, trader_suspended),
            suspend_seq = suspend_seq + CASE WHEN ${body.suspended ?? false} THEN 1 ELSE 0 END,
            min_stake = CASE WHEN ${body.minStake !== undefined} THEN ${body.minStake ?? null}::bigint ELSE min_stake END,
            max_stake = CASE WHEN ${body.maxStake !== undefined} THEN ${body.maxStake ?? null}::bigint ELSE max_stake END
            WHERE id = ${params.id} RETURNING match_id`,
      );
      if (!mk) throw Errors.notFound("market");
      await audit(req, "update", "sb_market", String(params.id), null, body);
      await pushMatch(ctx, Number(mk.match_id));
      return null;
    },
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/sports/limits/:id",
      params: Id,
      guards: write,
      body: z.object({ maxStake: money.nullable() }),
    },
    async ({ params, body, req }) => {
      const [known] = await queryRows<{ id: string }>(
        ctx.db,
        sql`SELECT id FROM members WHERE id = ${params.id}`,
      );
      if (!known) throw Errors.notFound("player");
      if (body.maxStake === null)
        await ctx.db.execute(sql`DELETE FROM sb_player_limits WHERE member_id = ${params.id}`);
      else
        await ctx.db.execute(sql`INSERT INTO sb_player_limits (member_id, max_stake) VALUES (${params.id}, ${body.maxStake})
          ON CONFLICT (member_id) DO UPDATE SET max_stake = EXCLUDED.max_stake, updated_at = now()`);
      await audit(req, "update", "sb_player_limit", String(params.id), null, body);
      return null;
    },
  );

  // Manual settlement or void (four eyes): one operator asks, another approves.
  const Manual = z.object({
    kind: z.enum(["settle", "void"]),
    matchId: z.number().int().positive(),
    score: z.tuple([z.number().int().min(0).max(1000), z.number().int().min(0).max(1000)]).optional(),
    htScore: z.tuple([z.number().int().min(0).max(1000), z.number().int().min(0).max(1000)]).optional(),
  });
  // The feed adapter's state (per UOF product), the messages it refused, and the debts a rolled-
  // back settlement or void left (what the member had already spent: the operator's to recover).
  route(app, { method: "GET", url: "/api/admin/sports/feed-status", guards: read }, async () => ({
    products: await queryRows(
      ctx.db,
      sql`SELECT product, last_ts::text AS "lastTs", last_alive_at AS "lastAliveAt", recovery_request_id::text AS "recoveryRequestId",
            recovery_asked_at AS "recoveryAskedAt", recovery_done_at AS "recoveryDoneAt" FROM sb_feed_state ORDER BY product`,
    ),
    rejects: await queryRows(
      ctx.db,
      sql`SELECT id, routing_key AS "routingKey", reason, received_at AS "receivedAt" FROM sb_feed_rejects ORDER BY id DESC LIMIT 100`,
    ),
    debts: (
      await queryRows<{
        betId: string;
        memberId: string;
        username: string;
        currency: string;
        debt: string;
        status: string;
      }>(
        ctx.db,
        sql`SELECT b.id AS "betId", b.member_id AS "memberId", m.username, b.currency, b.debt::text AS debt, b.status
            FROM sb_bets b JOIN members m ON m.id = b.member_id WHERE b.debt > 0 ORDER BY b.id DESC LIMIT 500`,
      )
    ).map((d) => ({
      ...d,
      betId: Number(d.betId),
      memberId: Number(d.memberId),
      debt: formatMinor(BigInt(d.debt)),
    })),
  }));
  route(app, { method: "GET", url: "/api/admin/sports/manual", guards: read }, async () => ({
    actions: await queryRows(
      ctx.db,
      sql`SELECT a.id, a.kind, a.match_id AS "matchId", a.payload, a.status, a.requested_name AS "requestedBy",
        a.decided_name AS "decidedBy", a.created_at AS "createdAt" FROM sb_manual_actions a ORDER BY a.id DESC LIMIT 100`,
    ),
  }));
  route(
    app,
    { method: "POST", url: "/api/admin/sports/manual", guards: write, body: Manual },
    async ({ body, req }) => {
      if (body.kind === "settle" && !body.score)
        throw Errors.validation([{ path: "score", message: "required" }]);
      const op = operatorOf(req);
      const [row] = await queryRows<{ id: string }>(
        ctx.db,
        sql`INSERT INTO sb_manual_actions (kind, match_id, payload, requested_by, requested_name)
          VALUES (${body.kind}, ${body.matchId}, ${JSON.stringify({ score: body.score, htScore: body.htScore })}::jsonb, ${op.id}, ${op.username}) RETURNING id`,
      );
      await audit(req, "create", "sb_manual_action", String(row?.id), null, body);
      return { id: Number(row?.id) };
    },
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/sports/manual/:id/:decision",
      params: z.object({ id: z.coerce.number().int().positive(), decision: z.enum(["approve", "reject"]) }),
      guards: write,
    },
    async ({ params, req }) => {
      const op = operatorOf(req);
      const [a] = await queryRows<{
        kind: "settle" | "void";
        match_id: string;
        payload: { score?: [number, number]; htScore?: [number, number] };
        requested_by: string;
      }>(
        ctx.db,
        sql`SELECT kind, match_id, payload, requested_by FROM sb_manual_actions WHERE id = ${params.id} AND status = 'pending'`,
      );
      if (!a) throw Errors.notFound("action");
      if (Number(a.requested_by) === op.id) throw new AppError("SB_FOUR_EYES", 403);
      const moved = await queryRows(
        ctx.db,
        sql`UPDATE sb_manual_actions SET status = ${params.decision === "approve" ? "approved" : "rejected"}, decided_by = ${op.id},
            decided_name = ${op.username}, decided_at = now() WHERE id = ${params.id} AND status = 'pending' RETURNING id`,
      );
      if (!moved.length) throw Errors.notFound("action");
      if (params.decision === "approve") await applyManual(ctx, a.kind, Number(a.match_id), a.payload);
      await audit(req, params.decision, "sb_manual_action", String(params.id), null, null);
      return null;
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/admin/sports/report",
      guards: read,
      query: z.object({ from: Day, to: Day, format: z.enum(["json", "csv"]).default("json") }),
    },
    async ({ query, reply }) => {
      // By the Manila day a bet was settled: stake, what it paid, and the book's margin.
      const rows = await queryRows<{
        day: string;
        sport: string;
        bets: number;
        turnover: string;
        payouts: string;
      }>(
        ctx.db,
        sql`SELECT to_char(b.settled_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS day, l.sport,
              count(*)::int AS bets, sum(b.stake)::text AS turnover, sum(coalesce(b.payout, 0))::text AS payouts
            FROM sb_bets b JOIN sb_bet_legs g ON g.bet_id = b.id AND g.idx = 0
            JOIN sb_matches m ON m.id = g.match_id JOIN sb_leagues l ON l.id = m.league_id
            WHERE b.status <> 'open' AND b.settled_at >= (${query.from}::date)::timestamp AT TIME ZONE 'Asia/Manila'
              AND b.settled_at < (${query.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Manila'
            GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      const out = rows.map((r) => {
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
      if (query.format === "csv") {
        return sendCsv(
          reply,
          `sports-${query.from}-${query.to}.csv`,
          ["day", "sport", "bets", "turnover", "payouts", "margin", "marginPct"],
          out,
        );
      }
      return { rows: out };
    },
  );

  // The simulator's test hook: one tick now or at a given time, for one match or the next few
  // matches of each sport; nothing waits on the schedule.
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/sports/simulator/tick",
      guards: write,
      body: z.object({
        at: z.iso.datetime().optional(),
        matchId: z.number().int().positive().optional(),
        perSport: z.number().int().min(1).max(50).optional(),
      }),
    },
    async ({ body }) => {
      // One match by its book id (the whole window is searched), or the next matches per sport.
      const [m] = body.matchId
        ? await queryRows<{ ext_id: string }>(
            ctx.db,
            sql`SELECT ext_id FROM sb_matches WHERE id = ${body.matchId}`,
          )
        : [];
      if (body.matchId && !m) throw Errors.notFound("match");
      return {
        messages: await simulate(ctx, {
          ...(body.at ? { at: new Date(body.at) } : {}),
          ...(m ? { only: m.ext_id } : {}),
          ...(body.perSport ? { perSport: body.perSport } : {}),
        }),
      };
    },
  );
}

/** A trader's settlement from a final score, or a void, as feed messages of source "manual". */
async function applyManual(
  ctx: AppContext,
  kind: "settle" | "void",
  matchId: number,
  p: { score?: [number, number]; htScore?: [number, number] },
) {
  // Feed time (ms), after anything the feed has said of the match's markets; the feed's own later
  // settlement, cancel or rollback still takes over (feed.ts, MANUAL).
  const [m] = await queryRows<{ ext_id: string; last: string }>(
    ctx.db,
    sql`SELECT m.ext_id, (SELECT coalesce(max(GREATEST(odds_ts, settled_ts, rollback_ts)), 0) FROM sb_markets WHERE match_id = m.id) AS last
        FROM sb_matches m WHERE m.id = ${matchId}`,
  );
  if (!m) throw Errors.notFound("match");
  const ts = Math.max(Date.now(), Number(m.last) + 1);
  if (kind === "void") {
    await applyFeedMessage(ctx, MANUAL, { type: "bet_cancel", event_id: m.ext_id, timestamp: ts });
    return;
  }
  const markets = await queryRows<{
    ext_key: string;
    kind: MarketKind;
    period: "ft" | "1h";
    line_q: number | null;
    codes: string[];
  }>(
    ctx.db,
    sql`SELECT mk.ext_key, mk.kind, mk.period, mk.line_q, (SELECT jsonb_agg(o.code) FROM sb_outcomes o WHERE o.market_id = mk.id) AS codes
        FROM sb_markets mk WHERE mk.match_id = ${matchId} AND mk.status IN ('active', 'suspended')`,
  );
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
    event_id: m.ext_id,
    timestamp: ts,
    markets: out,
  });
}
