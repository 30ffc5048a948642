import {
  AdminTableReportQuery,
  AdminTableRoundsQuery,
  AdminTableUpdate,
  TABLE_LIMIT_KINDS,
} from "@panalo/contracts/live-tables";
import { formatMinor } from "@panalo/contracts/money";
import { TABLE_MATH } from "@panalo/game-math/tables/index";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { big } from "../lottery/context.ts";
import { roomChanged, roundHistory } from "../rounds/engine.ts";
import { adminMinor, manilaDays, marginOf, ok, parse, signedAdminRoutes } from "../rounds/routes.ts";
import { TABLES, type TablesContext } from "./engine.ts";
import { loadTable, roundView, spotKind, tableInfo } from "./model.ts";
import { tableInfos } from "./routes.ts";

/**
 * The live tables' back-office API under /rgs/admin/tables, signed by the platform
 * like the lottery's (lottery/admin-auth.ts): settings, current state, round history with the
 * revealed seeds, and a report per table of bets, wins and margin.
 */
export async function tableAdminRoutes(
  app: FastifyInstance,
  ctx: TablesContext,
  secret: string,
): Promise<void> {
  await signedAdminRoutes(app, secret, (scope, operatorOf, bodyOf) => {
    scope.get("/admin/tables", async (req) => {
      operatorOf(req);
      return ok(await tableInfos(ctx));
    });
    scope.put("/admin/tables", async (req) => {
      operatorOf(req);
      const u = parse(AdminTableUpdate, bodyOf(req));
      const t = await loadTable(ctx.db, u.id);
      if (!t) throw new RgsError("TABLE_NOT_FOUND", 404);
      const minBet = u.minBet !== undefined ? adminMinor("minBet", u.minBet) : t.minBet;
      const maxBet = u.maxBet !== undefined ? adminMinor("maxBet", u.maxBet) : t.maxBet;
      if (maxBet < minBet)
        throw new RgsError("VALIDATION_ERROR", 400, null, [
          {
            path: u.maxBet !== undefined ? "maxBet" : "minBet",
            message: "The maximum bet must not be below the minimum",
          },
        ]);
      const chips = u.chips ? u.chips.map((c, i) => adminMinor(`chips.${i}`, c)) : t.chips;
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
              const lo = adminMinor(`limits.${k}.min`, v.min);
              const hi = adminMinor(`limits.${k}.max`, v.max);
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
      const round = await roomChanged(ctx, TABLES, after);
      return ok(tableInfo(after, ctx.now(), ctx.hub.players(after.id), round));
    });
    scope.get("/admin/tables/rounds", async (req) => {
      operatorOf(req);
      const q = parse(AdminTableRoundsQuery, req.query);
      const rs = await roundHistory(ctx, TABLES, q.tableId, q.page);
      return ok(
        rs.map(({ round, stakes, row }) => ({
          ...roundView(round),
          betSets: stakes,
          bets: formatMinor(big(row.bets_total)),
          wins: formatMinor(big(row.wins_total)),
          settledAt: round.settledAt?.toISOString() ?? null,
        })),
      );
    });
    scope.get("/admin/tables/report", async (req) => {
      operatorOf(req);
      const q = parse(AdminTableReportQuery, req.query);
      const { from, to } = manilaDays(q);
      const rs = await rows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT t.id, count(r.id) AS rounds, COALESCE(sum(r.bets_total), 0) AS bets, COALESCE(sum(r.wins_total), 0) AS wins,
              count(r.id) FILTER (WHERE r.status = 'void') AS voided
            FROM rgs.live_tables t LEFT JOIN rgs.table_rounds r ON r.table_id = t.id
              AND r.settled_at >= ${from}::timestamptz AND r.settled_at < ${to}::timestamptz
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
            ...marginOf(bets, wins),
          };
        }),
      );
    });
  });
}
