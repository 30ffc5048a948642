import {
  AdminFishReportQuery,
  type AdminFishRoom,
  AdminFishRoomUpdate,
  AdminFishShotsQuery,
} from "@panalo/contracts/fish-admin";
import type { FastifyInstance } from "fastify";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { rgsAdminForwarder } from "../../lib/rgs-admin.ts";
import { route } from "../../lib/route.ts";

/**
 * The back office's fish rooms (vendor PNF, docs/fish.md "Back office"): /api/admin/fish* checks
 * the operator's permission (tables.read / tables.write like the other in-house rooms; a
 * player's shots players.read), then calls the game server's /rgs/admin/fish* signed with
 * HMAC(APP_SECRET, "rgs-admin") and the operator's name; a room's change is audited.
 */
export async function fishAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const forward = rgsAdminForwarder(app, ctx, "SERVICE_UNAVAILABLE");

  const read = [requireOperator(ctx, "tables.read")];
  route(app, { method: "GET", url: "/api/admin/fish/rooms", guards: read }, async (i) =>
    forward(i.reply, operatorOf(i.req).username, "GET", "/rgs/admin/fish/rooms"),
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/fish/rooms",
      body: AdminFishRoomUpdate,
      guards: [requireOperator(ctx, "tables.write")],
    },
    async (i) => {
      const op = operatorOf(i.req);
      const before = (
        (await forward(null, op.username, "GET", "/rgs/admin/fish/rooms")) as AdminFishRoom[]
      ).find((r) => r.roomId === i.body.roomId);
      const after = (await forward(i.reply, op.username, "PUT", "/rgs/admin/fish/rooms", i.body)) as
        | AdminFishRoom
        | undefined;
      if (after === undefined) return undefined;
      // The settings, not the live figures, are what changed.
      const settings = (r: AdminFishRoom) => ({
        minBet: r.minBet,
        maxBet: r.maxBet,
        seats: r.seats,
        rtpBp: r.rtpBp,
        enabled: r.enabled,
      });
      await recordAudit(ctx.db, {
        operatorId: op.id,
        operatorName: op.username,
        action: "update",
        entityType: "fish_room",
        entityId: i.body.roomId,
        before: before ? settings(before) : null,
        after: settings(after),
        ip: i.ip,
      });
      return after;
    },
  );
  route(
    app,
    { method: "GET", url: "/api/admin/fish/report", query: AdminFishReportQuery, guards: read },
    async (i) =>
      forward(
        i.reply,
        operatorOf(i.req).username,
        "GET",
        `/rgs/admin/fish/report?from=${i.query.from}&to=${i.query.to}`,
      ),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/fish/shots",
      query: AdminFishShotsQuery,
      guards: [requireOperator(ctx, "players.read")],
    },
    async (i) =>
      forward(
        i.reply,
        operatorOf(i.req).username,
        "GET",
        `/rgs/admin/fish/shots?playerId=${i.query.playerId}&page=${i.query.page}`,
      ),
  );
}
