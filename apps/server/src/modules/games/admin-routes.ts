import { GameCreate, GameListQuery, GameUpdate, VendorUpdate } from "@panalo/contracts/admin-games";
import { GameCategories, GameCategory } from "@panalo/contracts/content";
import { BigId, Id } from "@panalo/contracts/input";
import { manilaDay, manilaDayStart } from "@panalo/contracts/manila-time";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { requirePlayer } from "../members/service.ts";
import { bettingRecord } from "./betting-record.ts";
import {
  adminCategories,
  adminGames,
  adminVendors,
  createGame,
  setCategoryOrder,
  updateGame,
  updateVendor,
} from "./service.ts";

const NodeParams = z.object({ nodeId: Id });
const PlayerParams = z.object({ id: BigId });
/** The latest rounds the player page shows (the betting record's last 31 days). */
const ROUNDS_SHOWN = 10;

/**
 * The games catalogue in the back office: every vendor and game, listed or not, and their edits
 * (the rules and the audit: `updateVendor`, `updateGame` in service.ts).
 */
export async function gameAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const read = [requireOperator(ctx, "content.read")];
  const write = [requireOperator(ctx, "games.write")];

  route(app, { method: "GET", url: "/api/admin/games/vendors", guards: read }, async () => adminVendors(ctx));

  // The header nav's categories: their order and which are shown.
  route(app, { method: "GET", url: "/api/admin/games/categories", guards: read }, async () =>
    adminCategories(ctx),
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/games/categories",
      guards: write,
      body: z.object({
        order: z
          .array(z.object({ code: GameCategory, shown: z.boolean() }))
          .min(1)
          .max(GameCategories.length),
      }),
    },
    async ({ body, req, ip }) => setCategoryOrder(ctx, operatorOf(req), body.order, ip),
  );

  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/games/vendors/:nodeId",
      params: NodeParams,
      body: VendorUpdate,
      guards: write,
    },
    async ({ params, body, req, ip }) => updateVendor(ctx, operatorOf(req), params.nodeId, body, ip),
  );

  route(
    app,
    { method: "GET", url: "/api/admin/games", query: GameListQuery, guards: read },
    async ({ query }) =>
      adminGames(
        ctx,
        {
          vendor: query.vendor,
          gameType: query.gameType,
          enabled: query.enabled ? query.enabled === "true" : undefined,
          q: query.q,
        },
        query.page,
        query.pageSize,
      ),
  );

  route(
    app,
    { method: "POST", url: "/api/admin/games", body: GameCreate, guards: write },
    async ({ body, req, ip }) => createGame(ctx, operatorOf(req), body, ip),
  );

  route(
    app,
    { method: "PUT", url: "/api/admin/games/:nodeId", params: NodeParams, body: GameUpdate, guards: write },
    async ({ params, body, req, ip }) => updateGame(ctx, operatorOf(req), params.nodeId, body, ip),
  );

  // The player page's latest rounds: finance data (stakes and wins), as the wallet is.
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/players/:id/rounds",
      params: PlayerParams,
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ params }) => {
      await requirePlayer(ctx.db, params.id);
      const today = manilaDayStart(ctx.clock.now());
      const day = (d: Date) => manilaDay(d);
      return bettingRecord(
        ctx,
        params.id,
        {
          startDate: day(new Date(today.getTime() - 30 * 86_400_000)),
          endDate: day(today),
          page: 1,
          pageSize: ROUNDS_SHOWN,
        },
        "EN",
      );
    },
  );
}
