import { GameListQuery, GameUpdate, VendorUpdate } from "@panalo/contracts/admin-games";
import { Id } from "@panalo/contracts/input";
import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { games, gameVendors } from "../../db/schema/games.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { recordAudit } from "../admin/audit.ts";
import { operatorOf, requireOperator } from "../admin/guard.ts";
import { searchTextOf } from "./repo.ts";

const NodeParams = z.object({ nodeId: Id });

const vendorDto = (v: typeof gameVendors.$inferSelect, counts?: { games: number; enabledGames: number }) => ({
  nodeId: v.nodeId,
  vassalage: v.vassalage,
  gameType: v.gameType,
  displayName: v.displayName,
  smallIcon: v.smallIcon,
  logo: v.logo,
  logoHover: v.logoHover,
  isHot: v.isHot,
  enabled: v.enabled,
  sort: v.sort,
  version: v.version,
  games: counts?.games ?? 0,
  enabledGames: counts?.enabledGames ?? 0,
});

const gameDto = (g: typeof games.$inferSelect) => ({
  nodeId: g.nodeId,
  vendor: g.vendor,
  gameCode: g.gameCode,
  gameType: g.gameType,
  gameClassify: g.gameClassify,
  names: Object.fromEntries(Object.entries(g.names).filter((e): e is [string, string] => Boolean(e[1]))),
  thumbnail: g.thumbnail,
  isHot: g.isHot,
  enabled: g.enabled,
  sort: g.sort,
  version: g.version,
});

/**
 * The games catalogue in the back office (issue 14 point 15): every vendor and game, listed or
 * not, and their edits — on or off, order, hot flag, images, category and names per language.
 * The player site reads the catalogue straight from these tables on every call (no server cache;
 * its answers are `no-store`), so a change shows on the next page a player opens. Each edit is
 * optimistic (the version the editor loaded) and audited with before and after.
 */
export async function gameAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const read = [requireOperator(ctx, "content.read")];
  const write = [requireOperator(ctx, "content.write")];

  route(app, { method: "GET", url: "/api/admin/games/vendors", guards: read }, async () => {
    const [vendors, counts] = await Promise.all([
      db
        .select()
        .from(gameVendors)
        .orderBy(asc(gameVendors.gameType), asc(gameVendors.sort), asc(gameVendors.nodeId)),
      db
        .select({
          vendor: games.vendor,
          games: count(),
          enabledGames: sql<number>`count(*) FILTER (WHERE ${games.enabled})`.mapWith(Number),
        })
        .from(games)
        .groupBy(games.vendor),
    ]);
    return vendors.map((v) =>
      vendorDto(
        v,
        counts.find((c) => c.vendor === v.vassalage),
      ),
    );
  });

  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/games/vendors/:nodeId",
      params: NodeParams,
      body: VendorUpdate,
      guards: write,
    },
    async ({ params, body, req, ip }) => {
      const op = operatorOf(req);
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(gameVendors)
          .where(eq(gameVendors.nodeId, params.nodeId))
          .for("update");
        if (!before) throw Errors.notFound("vendor");
        const { version, ...values } = body;
        if (before.version !== version) throw Errors.conflict("VERSION_CONFLICT");
        const [after] = await tx
          .update(gameVendors)
          .set({ ...values, version: before.version + 1, updatedAt: sql`now()` })
          .where(eq(gameVendors.nodeId, before.nodeId))
          .returning();
        if (!after) throw Errors.internal();
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "update",
          entityType: "game-vendor",
          entityId: before.vassalage,
          before: vendorDto(before),
          after: vendorDto(after),
          ip,
        });
        return vendorDto(after);
      });
    },
  );

  route(
    app,
    { method: "GET", url: "/api/admin/games", query: GameListQuery, guards: read },
    async ({ query }) => {
      const search = query.q ? `%${searchTextOf(query.q).replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where: SQL | undefined = and(
        query.vendor ? eq(games.vendor, query.vendor) : undefined,
        query.gameType ? eq(games.gameType, query.gameType) : undefined,
        query.enabled ? eq(games.enabled, query.enabled === "true") : undefined,
        search
          ? sql`(${games.searchText} LIKE ${search} OR lower(${games.gameCode}) LIKE ${search})`
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(games)
          .where(where)
          .orderBy(asc(games.sort), asc(games.nodeId))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(games).where(where),
      ]);
      return { items: rows.map(gameDto), total: total?.n ?? 0 };
    },
  );

  route(
    app,
    { method: "PUT", url: "/api/admin/games/:nodeId", params: NodeParams, body: GameUpdate, guards: write },
    async ({ params, body, req, ip }) => {
      const op = operatorOf(req);
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(games).where(eq(games.nodeId, params.nodeId)).for("update");
        if (!before) throw Errors.notFound("game");
        const { version, names: input, ...values } = body;
        if (before.version !== version) throw Errors.conflict("VERSION_CONFLICT");
        const names = Object.fromEntries(
          Object.entries(input).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
        );
        const [after] = await tx
          .update(games)
          .set({
            ...values,
            names,
            // The search matches every language's name (spec §4 search).
            searchText: searchTextOf([...Object.values(names), before.gameCode].join(" ")),
            version: before.version + 1,
          })
          .where(eq(games.nodeId, before.nodeId))
          .returning();
        if (!after) throw Errors.internal();
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "update",
          entityType: "game",
          entityId: `${before.vendor}:${before.gameCode}`,
          before: gameDto(before),
          after: gameDto(after),
          ip,
        });
        return gameDto(after);
      });
    },
  );
}
