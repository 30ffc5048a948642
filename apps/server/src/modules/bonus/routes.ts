import { DepositBonusQuery } from "@panalo/contracts/bonus";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../lib/context.ts";
import { route } from "../../lib/route.ts";
import { memberOf, requireMember } from "../members/service.ts";
import { depositBonusOptions, listBonuses } from "./service.ts";

/** The member centre's bonus calls (spec §2 bonusDetails; §3 the deposit page's bonus choice). */
export async function bonusRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const real = [requireMember(ctx, { realOnly: true })];
  route(app, { method: "GET", url: "/wps/bonus/list", guards: real }, async ({ req }) => ({
    items: await listBonuses(ctx.db, memberOf(req).id),
  }));
  route(
    app,
    { method: "GET", url: "/wps/bonus/depositOptions", query: DepositBonusQuery, guards: real },
    async ({ req, query }) => depositBonusOptions(ctx.db, memberOf(req).id, query.amount ?? null),
  );
}
