import { parseMoney } from "@panalo/contracts/money";
import { sql } from "drizzle-orm";
import type { RgsContext } from "../context.ts";
import { rows } from "../db.ts";
import {
  latest,
  type RoundGame,
  type RoundsContext,
  stepRoom as stepAny,
  voidRound,
} from "../rounds/engine.ts";
import { at } from "../rounds/stakes.ts";
import {
  BINGO_SESSION_PREFIX,
  type BingoGame,
  type BingoRoom,
  decideGame,
  gameRow,
  gameView,
  loadRoom,
  loadRooms,
  roomLeaseKey,
  roomOpen,
} from "./model.ts";
import { BINGO_STORE } from "./purchases.ts";

/**
 * Bingo rooms on the round engine (rounds/engine.ts). A game: selling (its seed's hash
 * published; tickets dealt from the seed) → at the start time sales close (by the row's lock),
 * unanswered debits are rolled back and the game is decided once from the seed and the tickets
 * sold (drawing; the result stored, not shown) → one ball every ball_ms is shown (balls_drawn,
 * resumable: a new leader continues from the stored count) → at the last prize's ball each
 * purchase's prizes are decided once and paid (settled). A room's key is "bingo:<room id>".
 */
export const BINGO: RoundGame<BingoRoom, BingoGame> = {
  name: "bingo",
  sessionPrefix: BINGO_SESSION_PREFIX,
  key: roomLeaseKey,
  store: {
    roomsTable: "bingo_rooms",
    rounds: "bingo_games",
    room: "room_id",
    no: "game_no",
    closes: "starts_at",
    stakes: BINGO_STORE,
    stakeOrder: "first_ticket",
  },
  phases: { open: "selling", revealed: "drawing" },
  // Before any ball was shown: a game already drawing keeps running (its result is fixed).
  voidable: sql`status = 'selling' OR (status = 'drawing' AND balls_drawn = 0)`,
  loadRooms: (db) => loadRooms(db),
  loadRoom,
  isOpen: roomOpen,
  windowMs: (r) => r.salesMs,
  pauseMs: () => 0,
  roundColumns: (r) => ({
    kind: sql`${r.kind}`,
    ticket_price: sql`${r.ticketPrice.toString()}::bigint`,
    pool_bp: sql`${r.poolBp}`,
    split: sql`${JSON.stringify(r.split)}::jsonb`,
    guaranteed: sql`${r.guaranteed.toString()}::bigint`,
    ball_ms: sql`${r.ballMs}`,
  }),
  roundOf: gameRow,
  info: (g) => ({
    id: g.id,
    roomId: g.roomId,
    no: g.gameNo,
    status: g.status,
    seed: g.seed,
    closesAt: g.startsAt,
    settledAt: g.settledAt,
  }),
  event: (g, results) => ({
    type: "bingo",
    tableId: roomLeaseKey(g.roomId),
    game: gameView(g),
    seq: g.gameNo,
    results,
  }),
  // The placed purchases' tickets (by ticket number) and the seed decide every prize.
  reveal: (g, placed, now) => {
    const tickets = placed.flatMap((p) =>
      (p.row.tickets as number[][][]).map((numbers, i) => ({
        ticketNo: Number(p.row.first_ticket) + i,
        numbers,
      })),
    );
    const sales = placed.reduce((a, p) => a + p.total, 0n);
    const decided = decideGame(g, sales, tickets);
    return sql`tickets_sold = ${tickets.length}, sales = ${sales.toString()}::bigint,
      pool = ${decided.pool.toString()}::bigint, result = ${JSON.stringify(decided.prizes)}::jsonb,
      balls_total = ${decided.balls}, balls_drawn = 0, draw_started_at = ${at(now)}`;
  },
  draw: drawBalls,
  // A purchase wins its tickets' shares of the prizes.
  winOf: (g, p) => {
    const first = Number(p.row.first_ticket);
    const count = Number(p.row.count);
    let win = 0n;
    for (const prize of g.result ?? [])
      for (const w of prize.winners)
        if (w.ticketNo >= first && w.ticketNo < first + count) win += parseMoney(w.share) ?? 0n;
    return win;
  },
};

/** Show the balls due by now (one every ball_ms from the draw's start); "done" at the last one. */
async function drawBalls(
  ctx: RoundsContext,
  game: BingoGame,
  fenced: ReturnType<typeof sql>,
  renew: number,
): Promise<number | "done"> {
  const total = game.ballsTotal ?? 0;
  const started = (game.drawStartedAt ?? ctx.now()).getTime();
  const due = Math.min(total, Math.floor((ctx.now().getTime() - started) / game.ballMs) + 1);
  // A leader taking over continues from the stored count: balls are shown one at a time.
  if (due > game.ballsDrawn) {
    const [r] = await rows<Record<string, unknown>>(
      ctx.db,
      sql`UPDATE rgs.bingo_games SET balls_drawn = ${game.ballsDrawn + 1}
          WHERE id = ${game.id} AND status = 'drawing' AND balls_drawn = ${game.ballsDrawn} AND ${fenced}
          RETURNING *`,
    );
    if (!r) return renew;
    const g = gameRow(r);
    if (g.ballsDrawn < total) {
      ctx.hub.publish(BINGO.event(g));
      return due > g.ballsDrawn ? 0 : Math.max(0, started + g.ballsDrawn * game.ballMs - ctx.now().getTime());
    }
    return "done";
  }
  if (game.ballsDrawn >= total) return "done";
  return Math.min(renew, Math.max(0, started + game.ballsDrawn * game.ballMs - ctx.now().getTime()));
}

export type BingoContext = RoundsContext;

export const latestGame = (ctx: RgsContext, roomId: string) => latest(ctx, BINGO, roomId);
export const stepRoom = (ctx: BingoContext, room: BingoRoom) => stepAny(ctx, BINGO, room);
export const voidGame = (ctx: BingoContext, game: BingoGame, force = false) =>
  voidRound(ctx, BINGO, game, force);
