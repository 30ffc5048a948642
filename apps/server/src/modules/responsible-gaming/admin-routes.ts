import {
  AdminRgExcludeRequest,
  type AdminRgMember,
  AdminRgMemberParams,
  type AdminRgSettings,
  AdminRgSettingsRequest,
} from "@panalo/contracts/responsible-gaming";
import type { FastifyInstance } from "fastify";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { readSetting } from "../content/service.ts";
import { memberUsernames } from "../members/service.ts";
import {
  exclude,
  exclusionsOf,
  historyOf,
  RG_SETTINGS_KEY,
  rgSettings,
  rgState,
  saveRgSettings,
} from "./service.ts";

/**
 * Back office: a member's responsible-gaming view (limits, waiting raises,
 * exclusions, every change, reality-check settings), reachable from the player view; an
 * operator may impose a cooling-off or exclusion (never lift one early), audited; the
 * operator's settings (the reality-check default; the age rule is shown, edited with the brand).
 */
export async function rgAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const read = [requireOperator(ctx, "players.read")];
  const write = [requireOperator(ctx, "players.write")];
  const settingsWrite = [requireOperator(ctx, "system.write")];

  route(
    app,
    { method: "GET", url: "/api/admin/rg/members/:id", params: AdminRgMemberParams, guards: read },
    async (i): Promise<AdminRgMember> => {
      const id = i.params.id;
      const username = (await memberUsernames(ctx.db, [id])).get(id);
      if (username === undefined) throw Errors.notFound("member");
      const [state, exclusions, history] = await Promise.all([
        rgState(ctx.db, id, ctx.clock.now()),
        exclusionsOf(ctx.db, id),
        historyOf(ctx.db, id),
      ]);
      return { memberId: id, username, state, exclusions, history };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/admin/rg/members/:id/exclude",
      params: AdminRgMemberParams,
      body: AdminRgExcludeRequest,
      guards: write,
    },
    async (i) => {
      const id = i.params.id;
      if (!(await memberUsernames(ctx.db, [id])).has(id)) throw Errors.notFound("member");
      const op = operatorOf(i.req);
      const done = await exclude(
        ctx,
        id,
        { kind: i.body.kind, days: i.body.days },
        { operatorId: op.id, reason: i.body.reason },
      );
      await recordAudit(ctx.db, {
        operatorId: op.id,
        operatorName: op.username,
        action: "rg.exclude",
        entityType: "member",
        entityId: String(id),
        before: null,
        after: {
          kind: i.body.kind,
          days: i.body.days,
          endsAt: done.endsAt.toISOString(),
          reason: i.body.reason,
        },
        ip: i.req.ip,
      });
      return { id: done.id, endsAt: done.endsAt.toISOString() };
    },
  );

  const settingsView = async (): Promise<AdminRgSettings> => {
    const [s, brand] = await Promise.all([rgSettings(ctx.db), readSetting(ctx.db, "brand")]);
    return { realityCheckDefaultMinutes: s.realityCheckDefaultMinutes, minimumAge: brand.minimumAge };
  };
  route(app, { method: "GET", url: "/api/admin/rg/settings", guards: read }, settingsView);
  route(
    app,
    { method: "PUT", url: "/api/admin/rg/settings", body: AdminRgSettingsRequest, guards: settingsWrite },
    async (i) => {
      const before = await rgSettings(ctx.db);
      const value = { realityCheckDefaultMinutes: i.body.realityCheckDefaultMinutes };
      await saveRgSettings(ctx.db, value);
      const op = operatorOf(i.req);
      await recordAudit(ctx.db, {
        operatorId: op.id,
        operatorName: op.username,
        action: "rg.settings",
        entityType: "settings",
        entityId: RG_SETTINGS_KEY,
        before,
        after: value,
        ip: i.req.ip,
      });
      return settingsView();
    },
  );
}
