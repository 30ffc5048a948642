import {
  AdminRgExcludeRequest,
  type AdminRgMember,
  AdminRgMemberParams,
  type AdminRgSettings,
  AdminRgSettingsRequest,
} from "@panalo/contracts/responsible-gaming";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { recordAudit } from "../admin/audit.ts";
import { operatorOf, requireOperator } from "../admin/guard.ts";
import { readSetting } from "../content/settings.ts";
import { exclude, exclusionsOf, historyOf, RG_SETTINGS_KEY, rgSettings, rgState } from "./service.ts";

/**
 * Back office (issue 17 point 8): a member's responsible-gaming view (limits, waiting raises,
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
      const [m] = await queryRows<{ username: string }>(
        ctx.db,
        sql`SELECT username FROM members WHERE id = ${id}`,
      );
      if (!m) throw Errors.notFound("member");
      const [state, exclusions, history] = await Promise.all([
        rgState(ctx.db, id, ctx.clock.now()),
        exclusionsOf(ctx.db, id),
        historyOf(ctx.db, id),
      ]);
      return { memberId: id, username: m.username, state, exclusions, history };
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
      const [m] = await queryRows<{ id: string }>(ctx.db, sql`SELECT id FROM members WHERE id = ${id}`);
      if (!m) throw Errors.notFound("member");
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
      await ctx.db.execute(
        sql`INSERT INTO settings (key, value) VALUES (${RG_SETTINGS_KEY}, ${JSON.stringify(value)}::jsonb)
            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      );
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
