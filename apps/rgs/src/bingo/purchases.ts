import type { BingoBuyRequest, BingoPurchaseView } from "@panalo/contracts/bingo";
import { formatMinor } from "@panalo/contracts/money";
import { sql } from "drizzle-orm";
import { type RgsContext, RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { big } from "../lottery/context.ts";
import { placeStake, type StakeStore, sessionRoom } from "../rounds/stakes.ts";
import type { SessionRow } from "../schema.ts";
import { BINGO_SESSION_PREFIX, loadRoom, purchaseTickets, stripsFor } from "./model.ts";

/** Where a room's purchases live (the engine's stake rows). */
export const BINGO_STORE: StakeStore = { table: "bingo_purchases", round: "game_id", room: "room_id" };

export interface PurchaseRow {
  id: string;
  gameId: string;
  roomId: string;
  playerId: number;
  vendor: string;
  count: number;
  firstTicket: number;
  tickets: number[][][];
  total: bigint;
  win: bigint | null;
  status: string;
  balance: bigint | null;
  attempts: number;
}

export function purchaseRow(r: Record<string, unknown>): PurchaseRow {
  return {
    id: String(r.id),
    gameId: String(r.game_id),
    roomId: String(r.room_id),
    playerId: Number(r.player_id),
    vendor: String(r.vendor),
    count: Number(r.count),
    firstTicket: Number(r.first_ticket),
    tickets: (typeof r.tickets === "string" ? JSON.parse(r.tickets) : r.tickets) as number[][][],
    total: big(r.total),
    win: r.win === null || r.win === undefined ? null : big(r.win),
    status: String(r.status),
    balance: r.balance === null || r.balance === undefined ? null : big(r.balance),
    attempts: Number(r.attempts ?? 0),
  };
}

export function purchaseView(p: PurchaseRow): BingoPurchaseView {
  return {
    purchaseId: p.id,
    gameId: p.gameId,
    count: p.count,
    total: formatMinor(p.total),
    win: p.win === null ? null : formatMinor(p.win),
    status: p.status,
    balance: p.balance === null ? null : formatMinor(p.balance),
    tickets: p.tickets.map((numbers, i) => ({ ticketNo: p.firstTicket + i, numbers })),
  };
}

/**
 * Buy `count` tickets for the room's game on sale: all of them or none (the engine's
 * placeStake: one transaction, then ONE debit for the set). The game row is locked FOR UPDATE
 * while the sales window, the player's and the game's ticket limits are checked and the next
 * ticket and strip numbers are taken, so two players buying the last tickets cannot both pass,
 * and the leader's close (an update of the same row) waits for it.
 */
export async function buyTickets(
  ctx: RgsContext,
  session: SessionRow,
  input: BingoBuyRequest,
): Promise<BingoPurchaseView> {
  const room = await sessionRoom(
    session,
    BINGO_SESSION_PREFIX,
    (id) => loadRoom(ctx.db, id),
    "ROOM_NOT_FOUND",
  );
  return placeStake(ctx, BINGO_STORE, session, {
    requestId: input.requestId,
    gameCode: room.id,
    closed: "GAME_SALES_CLOSED",
    view: (r) => purchaseView(purchaseRow(r)),
    // The game's live figures (tickets sold, sales: the pool shown while selling) move with it.
    alsoOnPlaced: sql`, counted AS (
        UPDATE rgs.bingo_games g SET tickets_sold = g.tickets_sold + moved.count, sales = g.sales + moved.total
        FROM moved WHERE g.id = moved.game_id AND g.status = 'selling' RETURNING g.id)`,
    reserve: async (tx, id, lease, created) => {
      const [g] = await rows<Record<string, unknown>>(
        tx,
        sql`SELECT room_id, kind, status, starts_at, seed, ticket_price, next_ticket, next_strip
            FROM rgs.bingo_games WHERE id = ${input.gameId} FOR UPDATE`,
      );
      if (!g || g.room_id !== room.id) throw new RgsError("ROUND_NOT_FOUND", 404);
      if (g.status !== "selling" || ctx.now().getTime() >= new Date(g.starts_at as string).getTime())
        throw new RgsError("GAME_SALES_CLOSED", 409);
      const [held] = await rows<{ mine: unknown; all: unknown }>(
        tx,
        sql`SELECT COALESCE(sum(count) FILTER (WHERE player_id = ${session.playerId}), 0) AS mine,
              COALESCE(sum(count), 0) AS all
            FROM rgs.bingo_purchases WHERE game_id = ${input.gameId} AND status IN ('debit_pending', 'placed')`,
      );
      const mine = Number(held?.mine ?? 0);
      const all = Number(held?.all ?? 0);
      if (mine + input.count > room.maxTickets)
        throw new RgsError("TICKET_LIMIT", 409, null, undefined, { max: String(room.maxTickets) });
      if (all + input.count > room.gameTickets)
        throw new RgsError("TICKETS_SOLD_OUT", 409, null, undefined, {
          left: String(Math.max(0, room.gameTickets - all)),
        });
      const kind = g.kind as typeof room.kind;
      const firstTicket = Number(g.next_ticket) + 1;
      const firstStrip = Number(g.next_strip);
      const tickets = purchaseTickets(kind, String(g.seed), firstStrip, input.count);
      const total = big(g.ticket_price) * BigInt(input.count);
      await tx.execute(
        sql`UPDATE rgs.bingo_games SET next_ticket = next_ticket + ${input.count}, next_strip = next_strip + ${stripsFor(kind, input.count)}
            WHERE id = ${input.gameId}`,
      );
      await tx.execute(
        sql`INSERT INTO rgs.bingo_purchases (id, game_id, room_id, session_id, request_id, player_id, vendor, currency,
              count, first_ticket, first_strip, tickets, total, status, next_attempt_at, created_at, updated_at)
            VALUES (${id}, ${input.gameId}, ${room.id}, ${session.id}, ${input.requestId}, ${session.playerId},
              ${session.vendor}, ${session.currency}, ${input.count}, ${firstTicket}, ${firstStrip},
              ${JSON.stringify(tickets)}::jsonb, ${total.toString()}::bigint, 'debit_pending', ${lease}, ${created}, ${created})`,
      );
      return total;
    },
  });
}
