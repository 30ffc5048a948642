import {
  AdminTableReportQuery,
  AdminTableRoundsQuery,
  AdminTableUpdate,
  TABLE_LIMIT_KINDS,
} from "@panalo/contracts/live-tables";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { TABLE_MATH } from "@panalo/game-math/tables/index";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { ADMIN_OPERATOR_HEADER, ADMIN_SIGNATURE_HEADER, verifyAdminCall } from "../lottery/admin-auth.ts";
import { big } from "../lottery/context.ts";
import { latestRound, type TablesContext, voidRound } from "./engine.ts";
import { isOpenAt, loadTable, roundRow, roundView, spotKind, tableInfo } from "./model.ts";
import { tableInfos } from "./routes.ts";

const ok = <T>(value: T) => ({ success: true as const, value });
function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data ?? {});
  if (!r.success)
    throw new RgsError(
      "VALIDATION_ERROR",
      400,
      null,
      r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  return r.data;
}
const minor = (path: string, v: string): bigint => {
  const m = parseMoney(v);
  if (m === null || m <= 0n)
    throw new RgsError("VALIDATION_ERROR", 400, null, [{ path, message: "must be more than 0.00" }]);
  return m;
};

/**
 * The live tables' back-office API (issue 18) under /rgs/admin/tables, signed by the platform
 * like the lottery's (lottery/admin-auth.ts): settings, current state, round history with the
 * revealed seeds, and a report per table of bets, wins and margin.
 */
export async function tableAdminRoutes(
  app: FastifyInstance,
  ctx: TablesContext,
  secret: string,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 64 * 1024 },
      (_r, body, done) => done(null, body),
    );
    const operatorOf = (req: FastifyRequest): string => {
      const name = verifyAdminCall(secret, {
        method: req.method,
        path: req.url,
        body: typeof req.body === "string" ? req.body : "",
        signature: req.headers[ADMIN_SIGNATURE_HEADER] as string | undefined,
        operator: req.headers[ADMIN_OPERATOR_HEADER] as string | undefined,
      });
      if (!name) throw new RgsError("UNAUTHORIZED", 401);
      return name;
    };
    scope.get("/admin/tables", async (req) => {
      operatorOf(req);
      return ok(await tableInfos(ctx));
    });
    scope.put("/admin/tables", async (req) => {
      operatorOf(req);
      let body: unknown;
      try {
        body = typeof req.body === "string" && req.body ? JSON.parse(req.body) : {};
      } catch {
        throw new RgsError("VALIDATION_ERROR", 400);
      }
      const u = parse(AdminTableUpdate, body);
      const t = await loadTable(ctx.db, u.id);
      if (!t) throw new RgsError("TABLE_NOT_FOUND", 404);
      const minBet = u.minBet !== undefined ? minor("minBet", u.minBet) : t.minBet;
      const maxBet = u.maxBet !== undefined ? minor("maxBet", u.maxBet) : t.maxBet;
      if (maxBet < minBet)
        throw new RgsError("VALIDATION_ERROR", 400, null, [
          {
            path: u.maxBet !== undefined ? "maxBet" : "minBet",
            message: "The maximum bet must not be below the minimum",
          },
        ]);
      const chips = u.chips ? u.chips.map((c, i) => minor(`chips.${i}`, c)) : t.chips;
      // Limits only for bets the game has (checked against its maths, not only the list).
      const kinds = new Set(TABLE_MATH[t.game].spots.map(spotKind));
      const unknown = Object.keys(u.limits ?? {}).filter(
        (k) => !kinds.has(k) || !TABLE_LIMIT_KINDS[t.game].includes(k),
      );
      if (unknown.length > 0)
        throw new RgsError(
          "VALIDATION_ERROR",
          400,
          null,
          unknown.map((k) => ({ path: `limits.${k}`, message: `There is no ${k} bet at ${t.game}` })),
        );
      const tooBig = chips.findIndex((c) => c > maxBet);
      if (tooBig >= 0)
        throw new RgsError("VALIDATION_ERROR", 400, null, [
          { path: `chips.${tooBig}`, message: "Above the table's maximum bet" },
        ]);
      const limits = u.limits
        ? Object.fromEntries(
            Object.entries(u.limits).map(([k, v]) => {
              const lo = minor(`limits.${k}.min`, v.min);
              const hi = minor(`limits.${k}.max`, v.max);
              if (hi < lo)
                throw new RgsError("VALIDATION_ERROR", 400, null, [
                  { path: `limits.${k}.max`, message: "Must not be below this spot's minimum" },
                ]);
              return [k, { min: Number(lo), max: Number(hi) }];
            }),
          )
        : Object.fromEntries(
            Object.entries(t.limits).map(([k, v]) => [k, { min: Number(v.min), max: Number(v.max) }]),
          );
      const opensAt = u.opensAt !== undefined ? u.opensAt : t.opensAt;
      const closesAt = u.closesAt !== undefined ? u.closesAt : t.closesAt;
      await ctx.db.execute(
        sql`UPDATE rgs.live_tables SET betting_ms = ${u.bettingMs ?? t.bettingMs}, pause_ms = ${u.pauseMs ?? t.pauseMs},
              chips = ${`{${[...chips].sort((a, b) => (a < b ? -1 : 1)).join(",")}}`}::bigint[], min_bet = ${minBet.toString()}::bigint, max_bet = ${maxBet.toString()}::bigint,
              limits = ${JSON.stringify(limits)}::jsonb, opens_at = ${opensAt}::time, closes_at = ${closesAt}::time,
              enabled = ${u.enabled ?? t.enabled}, updated_at = now()
            WHERE id = ${u.id}`,
      );
      const after = await loadTable(ctx.db, u.id);
      if (!after) throw new RgsError("TABLE_NOT_FOUND", 404);
      // A table switched off mid-round: the round's bets are given back (not yet revealed).
      const round = await latestRound(ctx, after.id);
      if (round && !isOpenAt(after, ctx.now()) && (round.status === "betting" || round.status === "closed"))
        await voidRound(ctx, round, true);
      return ok(tableInfo(after, ctx.now(), ctx.hub.players(after.id), await latestRound(ctx, after.id)));
    });
    scope.get("/admin/tables/rounds", async (req) => {
      operatorOf(req);
      const q = parse(AdminTableRoundsQuery, req.query);
      const size = 50;
      const rs = await rows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT r.*, (SELECT count(*) FROM rgs.table_bets b WHERE b.round_id = r.id) AS bet_sets
            FROM rgs.table_rounds r WHERE r.table_id = ${q.tableId}
            ORDER BY r.round_no DESC LIMIT ${size} OFFSET ${(q.page - 1) * size}`,
      );
      return ok(
        rs.map((r) => ({
          ...roundView(roundRow(r)),
          betSets: Number(r.bet_sets),
          bets: formatMinor(big(r.bets_total)),
          wins: formatMinor(big(r.wins_total)),
          settledAt: r.settled_at ? new Date(r.settled_at as string).toISOString() : null,
        })),
      );
    });
    scope.get("/admin/tables/report", async (req) => {
      operatorOf(req);
      const q = parse(AdminTableReportQuery, req.query);
      // Manila days, [from, to] inclusive.
      const from = new Date(`${q.from}T00:00:00+08:00`);
      const to = new Date(new Date(`${q.to}T00:00:00+08:00`).getTime() + 86_400_000);
      const rs = await rows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT t.id, count(r.id) AS rounds, COALESCE(sum(r.bets_total), 0) AS bets, COALESCE(sum(r.wins_total), 0) AS wins,
              count(r.id) FILTER (WHERE r.status = 'void') AS voided
            FROM rgs.live_tables t LEFT JOIN rgs.table_rounds r ON r.table_id = t.id
              AND r.settled_at >= ${from.toISOString()}::timestamptz AND r.settled_at < ${to.toISOString()}::timestamptz
            GROUP BY t.id ORDER BY t.id`,
      );
      return ok(
        rs.map((r) => {
          const bets = big(r.bets);
          const wins = big(r.wins);
          return {
            tableId: String(r.id),
            rounds: Number(r.rounds),
            voided: Number(r.voided),
            bets: formatMinor(bets),
            wins: formatMinor(wins),
            margin: formatMinor(bets - wins),
            marginPercent: bets > 0n ? (Number(((bets - wins) * 10000n) / bets) / 100).toFixed(2) : null,
          };
        }),
      );
    });
  });
}
