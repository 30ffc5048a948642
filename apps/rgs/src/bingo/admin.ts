import { AdminBingoGamesQuery, AdminBingoReportQuery, AdminBingoRoomUpdate } from "@panalo/contracts/bingo";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { validSplit } from "@panalo/game-math/bingo/index";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { ADMIN_OPERATOR_HEADER, ADMIN_SIGNATURE_HEADER, verifyAdminCall } from "../lottery/admin-auth.ts";
import { big } from "../lottery/context.ts";
import { type BingoContext, latestGame, voidGame } from "./engine.ts";
import { gameRow, gameView, loadRoom, roomInfo, roomLeaseKey, roomOpen } from "./model.ts";
import { parse, roomInfos } from "./routes.ts";

const ok = <T>(value: T) => ({ success: true as const, value });
const minor = (path: string, v: string, zero = false): bigint => {
  const m = parseMoney(v);
  if (m === null || m < 0n || (!zero && m === 0n))
    throw new RgsError("VALIDATION_ERROR", 400, null, [{ path, message: "must be more than 0.00" }]);
  return m;
};

/**
 * The bingo rooms' back-office API (issue 18 point 6) under /rgs/admin/bingo, signed by the
 * platform like the tables' (lottery/admin-auth.ts): settings, current state, game history
 * with the revealed seeds, and a report per room of tickets sold, prizes and margin.
 */
export async function bingoAdminRoutes(
  app: FastifyInstance,
  ctx: BingoContext,
  secret: string,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 64 * 1024 },
      (_r, body, done) => done(null, body),
    );
    const operatorOf = (req: FastifyRequest): string => {
      const name = verifyAdminCall(secret, {
        method: req.method,
        path: req.url,
        body: typeof req.body === "string" ? req.body : "",
        signature: req.headers[ADMIN_SIGNATURE_HEADER] as string | undefined,
        operator: req.headers[ADMIN_OPERATOR_HEADER] as string | undefined,
      });
      if (!name) throw new RgsError("UNAUTHORIZED", 401);
      return name;
    };
    scope.get("/admin/bingo/rooms", async (req) => {
      operatorOf(req);
      return ok(await roomInfos(ctx));
    });
    scope.put("/admin/bingo/rooms", async (req) => {
      operatorOf(req);
      let body: unknown;
      try {
        body = typeof req.body === "string" && req.body ? JSON.parse(req.body) : {};
      } catch {
        throw new RgsError("VALIDATION_ERROR", 400);
      }
      const u = parse(AdminBingoRoomUpdate, body);
      const r = await loadRoom(ctx.db, u.id);
      if (!r) throw new RgsError("ROOM_NOT_FOUND", 404);
      const split = u.split ?? r.split;
      if (!validSplit(r.kind, split))
        throw new RgsError("VALIDATION_ERROR", 400, null, [
          { path: "split", message: "one share per prize of the room, adding up to 10000 (100%)" },
        ]);
      const price = u.ticketPrice !== undefined ? minor("ticketPrice", u.ticketPrice) : r.ticketPrice;
      const guaranteed = u.guaranteed !== undefined ? minor("guaranteed", u.guaranteed, true) : r.guaranteed;
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
      const game = await latestGame(ctx, after.id);
      if (game && !roomOpen(after, ctx.now()) && game.status === "selling") await voidGame(ctx, game, true);
      return ok(
        roomInfo(after, ctx.now(), ctx.hub.players(roomLeaseKey(after.id)), await latestGame(ctx, after.id)),
      );
    });
    scope.get("/admin/bingo/games", async (req) => {
      operatorOf(req);
      const q = parse(AdminBingoGamesQuery, req.query);
      const size = 50;
      const rs = await rows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT g.*, (SELECT count(*) FROM rgs.bingo_purchases p WHERE p.game_id = g.id) AS purchases
            FROM rgs.bingo_games g WHERE g.room_id = ${q.roomId}
            ORDER BY g.game_no DESC LIMIT ${size} OFFSET ${(q.page - 1) * size}`,
      );
      return ok(
        rs.map((r) => {
          const g = gameRow(r);
          return {
            ...gameView(g),
            purchases: Number(r.purchases),
            sales: formatMinor(g.sales),
            wins: formatMinor(g.winsTotal),
            settledAt: g.settledAt?.toISOString() ?? null,
          };
        }),
      );
    });
    scope.get("/admin/bingo/report", async (req) => {
      operatorOf(req);
      const q = parse(AdminBingoReportQuery, req.query);
      const from = new Date(`${q.from}T00:00:00+08:00`);
      const to = new Date(new Date(`${q.to}T00:00:00+08:00`).getTime() + 86_400_000);
      const rs = await rows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT r.id, count(g.id) FILTER (WHERE g.status = 'settled') AS games,
              count(g.id) FILTER (WHERE g.status = 'void') AS voided,
              COALESCE(sum(g.tickets_sold) FILTER (WHERE g.status = 'settled'), 0) AS tickets,
              COALESCE(sum(g.sales) FILTER (WHERE g.status = 'settled'), 0) AS sales,
              COALESCE(sum(g.wins_total) FILTER (WHERE g.status = 'settled'), 0) AS prizes
            FROM rgs.bingo_rooms r LEFT JOIN rgs.bingo_games g ON g.room_id = r.id
              AND g.settled_at >= ${from.toISOString()}::timestamptz AND g.settled_at < ${to.toISOString()}::timestamptz
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
            margin: formatMinor(sales - prizes),
            marginPercent: sales > 0n ? (Number(((sales - prizes) * 10000n) / sales) / 100).toFixed(2) : null,
          };
        }),
      );
    });
  });
}
