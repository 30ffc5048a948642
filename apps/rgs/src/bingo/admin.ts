import { AdminBingoGamesQuery, AdminBingoReportQuery, AdminBingoRoomUpdate } from "@panalo/contracts/bingo";
import { formatMinor } from "@panalo/contracts/money";
import { validSplit } from "@panalo/game-math/bingo/index";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { big } from "../lottery/context.ts";
import { roomChanged, roundHistory } from "../rounds/engine.ts";
import { adminMinor, manilaDays, marginOf, ok, parse, signedAdminRoutes } from "../rounds/routes.ts";
import { BINGO, type BingoContext } from "./engine.ts";
import { gameView, loadRoom, roomInfo, roomLeaseKey } from "./model.ts";
import { roomInfos } from "./routes.ts";

/**
 * The bingo rooms' back-office API under /rgs/admin/bingo, signed by the
 * platform like the tables' (lottery/admin-auth.ts): settings, current state, game history
 * with the revealed seeds, and a report per room of tickets sold, prizes and margin.
 */
export async function bingoAdminRoutes(
  app: FastifyInstance,
  ctx: BingoContext,
  secret: string,
): Promise<void> {
  await signedAdminRoutes(app, secret, (scope, operatorOf, bodyOf) => {
    scope.get("/admin/bingo/rooms", async (req) => {
      operatorOf(req);
      return ok(await roomInfos(ctx));
    });
    scope.put("/admin/bingo/rooms", async (req) => {
      operatorOf(req);
      const u = parse(AdminBingoRoomUpdate, bodyOf(req));
      const r = await loadRoom(ctx.db, u.id);
      if (!r) throw new RgsError("ROOM_NOT_FOUND", 404);
      const split = u.split ?? r.split;
      if (!validSplit(r.kind, split))
        throw new RgsError("VALIDATION_ERROR", 400, null, [
          { path: "split", message: "one share per prize of the room, adding up to 10000 (100%)" },
        ]);
      const price = u.ticketPrice !== undefined ? adminMinor("ticketPrice", u.ticketPrice) : r.ticketPrice;
      const guaranteed =
        u.guaranteed !== undefined ? adminMinor("guaranteed", u.guaranteed, true) : r.guaranteed;
      const opensAt = u.opensAt !== undefined ? u.opensAt : r.opensAt;
      const closesAt = u.closesAt !== undefined ? u.closesAt : r.closesAt;
      if ((opensAt === null) !== (closesAt === null))
        throw new RgsError("VALIDATION_ERROR", 400, null, [{ path: "closesAt", message: "both or neither" }]);
      await ctx.db.execute(
        sql`UPDATE rgs.bingo_rooms SET ticket_price = ${price.toString()}::bigint, pool_bp = ${u.poolBp ?? r.poolBp},
              split = ${JSON.stringify(split)}::jsonb, guaranteed = ${guaranteed.toString()}::bigint,
              sales_ms = ${u.salesMs ?? r.salesMs}, ball_ms = ${u.ballMs ?? r.ballMs},
              max_tickets = ${u.maxTickets ?? r.maxTickets}, game_tickets = ${u.gameTickets ?? r.gameTickets},
              opens_at = ${opensAt}::time, closes_at = ${closesAt}::time, enabled = ${u.enabled ?? r.enabled},
              updated_at = now()
            WHERE id = ${u.id}`,
      );
      const after = await loadRoom(ctx.db, u.id);
      if (!after) throw new RgsError("ROOM_NOT_FOUND", 404);
      // A room switched off while selling: the game is void and every ticket refunded. A game
      // already drawing finishes (its result is fixed).
      const game = await roomChanged(ctx, BINGO, after);
      return ok(roomInfo(after, ctx.now(), ctx.hub.players(roomLeaseKey(after.id)), game));
    });
    scope.get("/admin/bingo/games", async (req) => {
      operatorOf(req);
      const q = parse(AdminBingoGamesQuery, req.query);
      const rs = await roundHistory(ctx, BINGO, q.roomId, q.page);
      return ok(
        rs.map(({ round: g, stakes }) => ({
          ...gameView(g),
          purchases: stakes,
          sales: formatMinor(g.sales),
          wins: formatMinor(g.winsTotal),
          settledAt: g.settledAt?.toISOString() ?? null,
        })),
      );
    });
    scope.get("/admin/bingo/report", async (req) => {
      operatorOf(req);
      const q = parse(AdminBingoReportQuery, req.query);
      const { from, to } = manilaDays(q);
      const rs = await rows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT r.id, count(g.id) FILTER (WHERE g.status = 'settled') AS games,
              count(g.id) FILTER (WHERE g.status = 'void') AS voided,
              COALESCE(sum(g.tickets_sold) FILTER (WHERE g.status = 'settled'), 0) AS tickets,
              COALESCE(sum(g.sales) FILTER (WHERE g.status = 'settled'), 0) AS sales,
              COALESCE(sum(g.wins_total) FILTER (WHERE g.status = 'settled'), 0) AS prizes
            FROM rgs.bingo_rooms r LEFT JOIN rgs.bingo_games g ON g.room_id = r.id
              AND g.settled_at >= ${from}::timestamptz AND g.settled_at < ${to}::timestamptz
            GROUP BY r.id ORDER BY r.id`,
      );
      return ok(
        rs.map((r) => {
          const sales = big(r.sales);
          const prizes = big(r.prizes);
          return {
            roomId: String(r.id),
            games: Number(r.games),
            voided: Number(r.voided),
            tickets: Number(r.tickets),
            sales: formatMinor(sales),
            prizes: formatMinor(prizes),
            ...marginOf(sales, prizes),
          };
        }),
      );
    });
  });
}
