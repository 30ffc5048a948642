import { BigId } from "@panalo/contracts/input";
import { AdminMatchesQuery, LiabilityQuery } from "@panalo/contracts/list-query";
import { sendCsv } from "@panalo/service-kit/csv";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { SportsContext } from "./context.ts";
import { route } from "./route.ts";
import * as sports from "./service.ts";

const Id = z.object({ id: BigId });
const Code = z.object({ code: z.string().max(20) });
const money = z.coerce.number().int().positive().max(1e12);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The trading desk: sports, leagues and matches on or off; margin and stake
 * limits per sport, limits per market and per player; suspension of a market or a match;
 * manual settlement or void with four eyes (one operator asks, another approves); liability per
 * match and outcome; turnover, payouts and margin per sport and day (JSON or CSV). Reading needs
 * sports.read, changing sports.write, a settlement or void by hand (asking or approving)
 * sports.settle; every change is audited.
 */
export async function sportsAdminRoutes(app: FastifyInstance, ctx: SportsContext): Promise<void> {
  const read = [ctx.host.requireOperator("sports.read")];
  const write = [ctx.host.requireOperator("sports.write")];
  const settle = [ctx.host.requireOperator("sports.settle")];
  const audit = (
    req: FastifyRequest,
    action: string,
    entityType: string,
    entityId: string,
    before: unknown,
    after: unknown,
  ) => {
    const op = ctx.host.operatorOf(req);
    return ctx.host.audit({
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
    sports: await sports.sportSettings(ctx.db),
    book: await sports.bookSettings(ctx.db),
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
      const before = await sports.updateSport(ctx, params.code, body);
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
      await sports.updateBook(ctx, body);
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
    async ({ query }) => ({ leagues: await sports.leagues(ctx, query.sport) }),
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
      await sports.setLeagueEnabled(ctx, params.id, body.enabled);
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
      query: AdminMatchesQuery,
    },
    async ({ query }) => sports.tradingMatches(ctx, query),
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
      await sports.updateMatch(ctx, params.id, body);
      await audit(req, "update", "sb_match", String(params.id), null, body);
      return null;
    },
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/sports/matches/:id/liability",
      params: Id,
      query: LiabilityQuery,
      guards: read,
    },
    async ({ params, query }) => sports.liability(ctx, params.id, query),
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
      await sports.updateMarket(ctx, params.id, body);
      await audit(req, "update", "sb_market", String(params.id), null, body);
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
      await sports.setPlayerLimit(ctx, params.id, body.maxStake);
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
  route(app, { method: "GET", url: "/api/admin/sports/feed-status", guards: read }, async () =>
    sports.feedStatus(ctx),
  );
  route(app, { method: "GET", url: "/api/admin/sports/manual", guards: read }, async () => ({
    actions: await sports.manualActions(ctx.db),
  }));
  route(
    app,
    { method: "POST", url: "/api/admin/sports/manual", guards: settle, body: Manual },
    async ({ body, req }) => {
      const id = await sports.requestManual(ctx, ctx.host.operatorOf(req), body.kind, body.matchId, {
        score: body.score,
        htScore: body.htScore,
      });
      await audit(req, "create", "sb_manual_action", String(id), null, body);
      return { id };
    },
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/sports/manual/:id/:decision",
      params: z.object({ id: z.coerce.number().int().positive(), decision: z.enum(["approve", "reject"]) }),
      guards: settle,
    },
    async ({ params, req }) => {
      await sports.decideManual(ctx, ctx.host.operatorOf(req), params.id, params.decision);
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
      const out = await sports.report(ctx, query.from, query.to);
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
    async ({ body }) => ({
      messages: await sports.simulatorTick(ctx, {
        at: body.at ? new Date(body.at) : undefined,
        matchId: body.matchId,
        perSport: body.perSport,
      }),
    }),
  );
}
