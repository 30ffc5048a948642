import {
  AdminCardHandsQuery,
  AdminCardOpponentsQuery,
  AdminCardPairsQuery,
  AdminCardReportQuery,
  AdminCardSettings,
  type AdminCardTable,
  AdminCardTableUpdate,
} from "@panalo/contracts/cards-admin";
import type { FastifyInstance } from "fastify";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { rgsAdminForwarder } from "../../lib/rgs-admin.ts";
import { route } from "../../lib/route.ts";

/**
 * The back office's card tables (vendor PNP, docs/cards.md "Back office"): /api/admin/cards*
 * checks the operator's permission (tables.read / tables.write like the other in-house rooms; a
 * player's hands, opponents and the pairs report players.read), then calls the game server's
 * /rgs/admin/cards* signed with HMAC(APP_SECRET, "rgs-admin") and the operator's name. A table's
 * change and the fair-play rule's are audited.
 */
export async function cardsAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const forward = rgsAdminForwarder(app, ctx, "SERVICE_UNAVAILABLE");
  const read = [requireOperator(ctx, "tables.read")];
  const write = [requireOperator(ctx, "tables.write")];
  const players = [requireOperator(ctx, "players.read")];
  const qs = (q: Record<string, unknown>) =>
    new URLSearchParams(
      Object.entries(q)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    ).toString();

  route(app, { method: "GET", url: "/api/admin/cards/tables", guards: read }, async (i) =>
    forward(i.reply, operatorOf(i.req).username, "GET", "/rgs/admin/cards/tables"),
  );
  route(
    app,
    { method: "PUT", url: "/api/admin/cards/tables", body: AdminCardTableUpdate, guards: write },
    async (i) => {
      const op = operatorOf(i.req);
      const before = (
        (await forward(null, op.username, "GET", "/rgs/admin/cards/tables")) as AdminCardTable[]
      ).find((r) => r.tableId === i.body.tableId);
      const after = (await forward(i.reply, op.username, "PUT", "/rgs/admin/cards/tables", i.body)) as
        | AdminCardTable
        | undefined;
      if (after === undefined) return undefined;
      // The settings, not the live figures, are what changed.
      const settings = ({ live: _live, ...s }: AdminCardTable) => s;
      await recordAudit(ctx.db, {
        operatorId: op.id,
        operatorName: op.username,
        action: "update",
        entityType: "card_table",
        entityId: i.body.tableId,
        before: before ? settings(before) : null,
        after: settings(after),
        ip: i.ip,
      });
      return after;
    },
  );
  route(app, { method: "GET", url: "/api/admin/cards/settings", guards: read }, async (i) =>
    forward(i.reply, operatorOf(i.req).username, "GET", "/rgs/admin/cards/settings"),
  );
  route(
    app,
    { method: "PUT", url: "/api/admin/cards/settings", body: AdminCardSettings, guards: write },
    async (i) => {
      const op = operatorOf(i.req);
      const before = await forward(null, op.username, "GET", "/rgs/admin/cards/settings");
      const after = await forward(i.reply, op.username, "PUT", "/rgs/admin/cards/settings", i.body);
      if (after === undefined) return undefined;
      await recordAudit(ctx.db, {
        operatorId: op.id,
        operatorName: op.username,
        action: "update",
        entityType: "card_settings",
        entityId: "fair-play",
        before,
        after,
        ip: i.ip,
      });
      return after;
    },
  );
  // The hand history: a table's needs tables.read (no player filter passed on), a player's
  // (/player-hands) players.read.
  route(
    app,
    { method: "GET", url: "/api/admin/cards/hands", query: AdminCardHandsQuery, guards: read },
    async (i) =>
      forward(
        i.reply,
        operatorOf(i.req).username,
        "GET",
        `/rgs/admin/cards/hands?${qs({ tableId: i.query.tableId, page: i.query.page })}`,
      ),
  );
  route(
    app,
    { method: "GET", url: "/api/admin/cards/report", query: AdminCardReportQuery, guards: read },
    async (i) =>
      forward(i.reply, operatorOf(i.req).username, "GET", `/rgs/admin/cards/report?${qs(i.query)}`),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/cards/player-hands",
      query: AdminCardHandsQuery.required({ playerId: true }),
      guards: players,
    },
    async (i) =>
      forward(
        i.reply,
        operatorOf(i.req).username,
        "GET",
        `/rgs/admin/cards/hands?${qs({ playerId: i.query.playerId, page: i.query.page })}`,
      ),
  );
  route(
    app,
    { method: "GET", url: "/api/admin/cards/opponents", query: AdminCardOpponentsQuery, guards: players },
    async (i) =>
      forward(i.reply, operatorOf(i.req).username, "GET", `/rgs/admin/cards/opponents?${qs(i.query)}`),
  );
  route(
    app,
    { method: "GET", url: "/api/admin/cards/pairs", query: AdminCardPairsQuery, guards: players },
    async (i) => forward(i.reply, operatorOf(i.req).username, "GET", `/rgs/admin/cards/pairs?${qs(i.query)}`),
  );
}
