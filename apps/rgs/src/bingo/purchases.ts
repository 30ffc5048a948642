import { randomUUID } from "node:crypto";
import type { BingoBuyRequest, BingoPurchaseView } from "@panalo/contracts/bingo";
import { formatMinor } from "@panalo/contracts/money";
import { sql } from "drizzle-orm";
import { type RgsContext, RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { big } from "../lottery/context.ts";
import type { CallResult } from "../protocol-client.ts";
import type { SessionRow } from "../schema.ts";
import { balanceOf } from "../settle.ts";
import { loggedStake, stakeBetTx, stakeMoves } from "../stakes.ts";
import { at } from "../tables/model.ts";
import { BINGO_SESSION_PREFIX, loadRoom, purchaseTickets, stripsFor } from "./model.ts";

export const purchaseBetTx = stakeBetTx;

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

function refusal(code: string): {
  code: "INSUFFICIENT_FUNDS" | "SESSION_EXPIRED" | "PLATFORM_UNAVAILABLE";
  status: number;
} {
  if (code === "INSUFFICIENT_FUNDS") return { code, status: 409 };
  if (["INVALID_TOKEN", "ACCOUNT_LOCKED", "PLAYER_NOT_FOUND"].includes(code))
    return { code: "SESSION_EXPIRED", status: 401 };
  return { code: "PLATFORM_UNAVAILABLE", status: 503 };
}

/** Record a protocol call with the purchase's change in one statement. */

/**
 * Buy `count` tickets for the room's game on sale (issue 18): all of them or none. The game
 * row is locked FOR UPDATE while the sales window, the player's and the game's ticket limits
 * are checked and the next ticket and strip numbers are taken, so two players buying the last
 * tickets cannot both pass, and the leader's close (an update of the same row) waits for it.
 * Then ONE debit for the set; a debit still unanswered when sales close is rolled back by the
 * leader and this request answers GAME_SALES_CLOSED. Idempotent on (session, requestId).
 */
export async function buyTickets(
  ctx: RgsContext,
  session: SessionRow,
  input: BingoBuyRequest,
): Promise<BingoPurchaseView> {
  if (!session.gameId.startsWith(BINGO_SESSION_PREFIX)) throw new RgsError("ROOM_NOT_FOUND", 404);
  const room = await loadRoom(ctx.db, session.gameId.slice(BINGO_SESSION_PREFIX.length));
  if (!room) throw new RgsError("ROOM_NOT_FOUND", 404);
  const again = await existing(ctx, session.id, input.requestId);
  if (again) return answer(again);
  const id = randomUUID();
  const created = ctx.now();
  let total = 0n;
  try {
    await ctx.db.transaction(async (tx) => {
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
      total = big(g.ticket_price) * BigInt(input.count);
      await tx.execute(
        sql`UPDATE rgs.bingo_games SET next_ticket = next_ticket + ${input.count}, next_strip = next_strip + ${stripsFor(kind, input.count)}
            WHERE id = ${input.gameId}`,
      );
      await tx.execute(
        sql`INSERT INTO rgs.bingo_purchases (id, game_id, room_id, session_id, request_id, player_id, vendor, currency,
              count, first_ticket, first_strip, tickets, total, status, next_attempt_at, created_at, updated_at)
            VALUES (${id}, ${input.gameId}, ${room.id}, ${session.id}, ${input.requestId}, ${session.playerId},
              ${session.vendor}, ${session.currency}, ${input.count}, ${firstTicket}, ${firstStrip},
              ${JSON.stringify(tickets)}::jsonb, ${total.toString()}::bigint, 'debit_pending',
              ${at(new Date(created.getTime() + ctx.leaseMs))}, ${at(created)}, ${at(created)})`,
      );
    });
  } catch (err) {
    const same = await existing(ctx, session.id, input.requestId);
    if (same) return answer(same);
    throw err;
  }

  const r = await ctx.client.call(session.vendor, "debit", {
    token: session.token,
    playerId: session.playerId,
    transactionId: purchaseBetTx(id),
    roundId: id,
    amount: formatMinor(total),
    roundClosed: false,
    gameCode: room.id,
  });
  const balance = balanceOf(r);
  const now = at(ctx.now());
  if (r.kind === "ok") {
    const moved = await loggedStake(
      ctx,
      id,
      "debit",
      r,
      // The game's live figures (tickets sold, sales: the pool shown while selling) move with it.
      sql`, moved AS (
            UPDATE rgs.bingo_purchases SET status = 'placed', balance = ${balance?.toString() ?? null}::bigint,
              updated_at = ${now} WHERE id = ${id} AND status = 'debit_pending' RETURNING id, game_id, count, total),
          counted AS (
            UPDATE rgs.bingo_games g SET tickets_sold = g.tickets_sold + moved.count, sales = g.sales + moved.total
            FROM moved WHERE g.id = moved.game_id AND g.status = 'selling' RETURNING g.id)
          SELECT id FROM moved`,
    );
    if (moved.length === 0)
      throw new RgsError("GAME_SALES_CLOSED", 409, balance === null ? null : formatMinor(balance));
    const row = await existing(ctx, session.id, input.requestId);
    return answer(row as Record<string, unknown>);
  }
  if (r.kind === "refused") {
    await loggedStake(
      ctx,
      id,
      "debit",
      r,
      sql` UPDATE rgs.bingo_purchases SET status = 'refused', error_code = ${r.code.slice(0, 100)},
            balance = ${balance?.toString() ?? null}::bigint, updated_at = ${now}
          WHERE id = ${id} AND status = 'debit_pending' RETURNING id`,
    );
    const f = refusal(r.code);
    throw new RgsError(f.code, f.status, balance === null ? null : formatMinor(balance));
  }
  await loggedStake(
    ctx,
    id,
    "debit",
    r,
    sql` UPDATE rgs.bingo_purchases SET status = 'rollback_pending', next_attempt_at = ${now}, updated_at = ${now}
        WHERE id = ${id} AND status = 'debit_pending' RETURNING id`,
  );
  await rollbackPurchase(ctx, { id, vendor: session.vendor, playerId: session.playerId, total, attempts: 0 });
  throw new RgsError("PLATFORM_UNAVAILABLE", 503);
}

async function existing(ctx: RgsContext, sessionId: string, requestId: string) {
  return (
    await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.bingo_purchases WHERE session_id = ${sessionId} AND request_id = ${requestId}`,
    )
  )[0];
}

function answer(r: Record<string, unknown>): BingoPurchaseView {
  const p = purchaseRow(r);
  const balance = p.balance === null ? null : formatMinor(p.balance);
  if (p.status === "refused") {
    const f = refusal(String(r.error_code ?? ""));
    throw new RgsError(f.code, f.status, balance);
  }
  if (p.status === "rollback_pending" || p.status === "rolled_back")
    throw new RgsError("GAME_SALES_CLOSED", 409, balance);
  if (p.status === "debit_pending") throw new RgsError("PLATFORM_UNAVAILABLE", 503);
  return purchaseView(p);
}

const moves = stakeMoves("bingo_purchases", (r) => {
  const p = purchaseRow(r);
  return { ...p, gameCode: p.roomId };
});

/** Pay a purchase's prizes (0.00 too: it closes the game in the betting record). */
export const creditPurchase = (
  ctx: RgsContext,
  p: Pick<PurchaseRow, "id" | "vendor" | "playerId" | "win" | "attempts" | "roomId">,
): Promise<CallResult> => moves.credit(ctx, { ...p, gameCode: p.roomId });

/** Give a purchase's stake back (a void game, a debit with no trustworthy answer). */
export const rollbackPurchase = moves.rollback;

/**
 * Purchases whose money is not where it belongs yet: prizes owed, rollbacks owed, debits whose
 * buyer died (rolled back). Claimed FOR UPDATE SKIP LOCKED with a lease, so two processes never
 * send the same one at once.
 */
export const retryPurchases = moves.retry;
