import {
  AdminTableReportQuery,
  AdminTableRoundsQuery,
  AdminTableUpdate,
  type TableInfo,
} from "@panalo/contracts/live-tables";
import type { FastifyInstance } from "fastify";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { rgsAdminForwarder } from "../../lib/rgs-admin.ts";
import { route } from "../../lib/route.ts";

/**
 * The back office's live tables: /api/admin/tables* checks the operator's
 * permission (tables.read / tables.write), then calls the game server's /rgs/admin/tables*
 * signed with HMAC(APP_SECRET, "rgs-admin") and the operator's name; changes are audited.
 */
export async function liveTableAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const forward = rgsAdminForwarder(app, ctx, "LIVE_TABLES_UNAVAILABLE");
  const read = [requireOperator(ctx, "tables.read")];
  route(app, { method: "GET", url: "/api/admin/tables", guards: read }, async (i) =>
    forward(i.reply, operatorOf(i.req).username, "GET", "/rgs/admin/tables"),
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/tables",
      body: AdminTableUpdate,
      guards: [requireOperator(ctx, "tables.write")],
    },
    async (i) => {
      const op = operatorOf(i.req);
      const before = ((await forward(null, op.username, "GET", "/rgs/admin/tables")) as TableInfo[]).find(
        (t) => t.id === i.body.id,
      );
      const after = (await forward(i.reply, op.username, "PUT", "/rgs/admin/tables", i.body)) as
        | TableInfo
        | undefined;
      if (after === undefined) return undefined;
      const { round: _b, players: _pb, ...beforeSettings } = before ?? ({} as TableInfo);
      const { round: _a, players: _pa, ...afterSettings } = after;
      await recordAudit(ctx.db, {
        operatorId: op.id,
        operatorName: op.username,
        action: "update",
        entityType: "live_table",
        entityId: i.body.id,
        before: before ? beforeSettings : null,
        after: afterSettings,
        ip: i.ip,
      });
      return after;
    },
  );
  route(
    app,
    { method: "GET", url: "/api/admin/tables/rounds", query: AdminTableRoundsQuery, guards: read },
    async (i) =>
      forward(
        i.reply,
        operatorOf(i.req).username,
        "GET",
        `/rgs/admin/tables/rounds?tableId=${encodeURIComponent(i.query.tableId)}&page=${i.query.page}`,
      ),
  );
  route(
    app,
    { method: "GET", url: "/api/admin/tables/report", query: AdminTableReportQuery, guards: read },
    async (i) =>
      forward(
        i.reply,
        operatorOf(i.req).username,
        "GET",
        `/rgs/admin/tables/report?from=${i.query.from}&to=${i.query.to}`,
      ),
  );
}
