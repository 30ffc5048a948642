import { randomUUID } from "node:crypto";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { sql } from "drizzle-orm";
import type { RgsContext } from "../context.ts";
import { rows } from "../db.ts";
import { pgArray } from "../lottery/context.ts";
import { holdLease, releaseLease, type TablesContext } from "../tables/engine.ts";
import { at, newTableSeed, tableSeedHash } from "../tables/model.ts";
import {
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
import {
  creditPurchase,
  type PurchaseRow,
  purchaseRow,
  retryPurchases,
  rollbackPurchase,
} from "./purchases.ts";

/**
 * Bingo rooms on the shared-round engine (issue 18 point 4). A room is led like a live table:
 * the process holding its lease row (rgs.table_leases, key "bingo:<room>") moves its games,
 * every change is a conditional update that also checks the lease, so a process that lost it
 * changes nothing. A game: selling (its seed's hash published; tickets dealt from the seed) →
 * at the start time sales close, unanswered debits are rolled back, the game is decided once
 * from the seed and the tickets sold (drawing; the result stored, not shown) → one ball every
 * ball_ms is shown (balls_drawn, resumable: a new leader continues from the stored count) →
 * at the last prize's ball, each purchase's prize is decided once (placed → credit_pending)
 * and paid (settled). Games with no tickets settle at once.
 */
export type BingoContext = TablesContext;

const fenced = (ctx: BingoContext, roomId: string) =>
  sql`EXISTS (SELECT 1 FROM rgs.table_leases WHERE table_id = ${roomLeaseKey(roomId)} AND holder = ${ctx.holder}
        AND expires_at > ${at(ctx.now())})`;

export async function latestGame(ctx: RgsContext, roomId: string): Promise<BingoGame | null> {
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT * FROM rgs.bingo_games WHERE room_id = ${roomId} ORDER BY game_no DESC LIMIT 1`,
  );
  return r ? gameRow(r) : null;
}

const publish = (ctx: BingoContext, g: BingoGame, results?: Record<string, { bet: string; win: string }>) =>
  ctx.hub.publish({ type: "bingo", tableId: roomLeaseKey(g.roomId), game: gameView(g), results });

/** One step of a room as its leader; answers how long to wait before the next (ms). */
export async function stepRoom(ctx: BingoContext, room: BingoRoom): Promise<number> {
  if (!(await holdLease(ctx, roomLeaseKey(room.id)))) return Math.max(200, ctx.leaseTtlMs / 3);
  const renew = Math.max(50, ctx.leaseTtlMs / 3);
  const now = ctx.now().getTime();
  const game = await latestGame(ctx, room.id);
  if (!game || game.status === "settled" || game.status === "void") {
    // The room's settings as they are now (the back office may have changed them): each game
    // takes its price, prizes and pace when it opens.
    const fresh = (await loadRoom(ctx.db, room.id)) ?? room;
    if (!roomOpen(fresh, ctx.now())) return renew;
    await openGame(ctx, fresh, (game?.gameNo ?? 0) + 1);
    return Math.min(renew, fresh.salesMs);
  }
  if (game.status === "selling") {
    const left = game.startsAt.getTime() - now;
    if (left > 0) return Math.min(renew, left);
    if (-left > ctx.voidAfterMs) {
      await voidGame(ctx, game);
      return 0;
    }
    const started = await startDraw(ctx, game);
    return started ? 0 : renew;
  }
  // drawing: show the balls that are due.
  return drawBalls(ctx, game, renew);
}

export async function openGame(
  ctx: BingoContext,
  room: BingoRoom,
  gameNo: number,
): Promise<BingoGame | null> {
  const seed = newTableSeed();
  const opens = ctx.now();
  const starts = new Date(opens.getTime() + room.salesMs);
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`INSERT INTO rgs.bingo_games (id, room_id, game_no, kind, status, seed, seed_hash, ticket_price, pool_bp, split,
          guaranteed, ball_ms, opens_at, starts_at)
        SELECT ${randomUUID()}, ${room.id}, ${gameNo}, ${room.kind}, 'selling', ${seed}, ${tableSeedHash(seed)},
          ${room.ticketPrice.toString()}::bigint, ${room.poolBp}, ${JSON.stringify(room.split)}::jsonb,
          ${room.guaranteed.toString()}::bigint, ${room.ballMs}, ${at(opens)}, ${at(starts)}
        WHERE ${fenced(ctx, room.id)}
        ON CONFLICT (room_id, game_no) DO NOTHING
        RETURNING *`,
  );
  if (!r) return null;
  const g = gameRow(r);
  publish(ctx, g);
  return g;
}

/**
 * Close sales and decide the game: debits still on their way get a grace, then are rolled
 * back; the placed purchases' tickets (by ticket number) and the seed decide every prize.
 * The row update to drawing is the commitment point: it happens once (status = 'selling').
 */
export async function startDraw(ctx: BingoContext, game: BingoGame): Promise<boolean> {
  const until = Date.now() + ctx.closeGraceMs;
  // The close itself: a purchase's transaction holds the game row FOR UPDATE, so once this
  // statement's lock is ours no purchase can pass the window any more.
  await ctx.db.execute(
    sql`UPDATE rgs.bingo_games SET starts_at = starts_at WHERE id = ${game.id} AND status = 'selling'`,
  );
  for (;;) {
    const [p] = await rows<{ n: unknown }>(
      ctx.db,
      sql`SELECT count(*) AS n FROM rgs.bingo_purchases WHERE game_id = ${game.id} AND status = 'debit_pending'`,
    );
    if (Number(p?.n ?? 0) === 0 || Date.now() >= until) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const stale = (
    await rows<Record<string, unknown>>(
      ctx.db,
      sql`UPDATE rgs.bingo_purchases SET status = 'rollback_pending', next_attempt_at = ${at(ctx.now())}, updated_at = ${at(ctx.now())}
          WHERE game_id = ${game.id} AND status = 'debit_pending' RETURNING *`,
    )
  ).map(purchaseRow);
  const placed = (
    await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.bingo_purchases WHERE game_id = ${game.id} AND status = 'placed' ORDER BY first_ticket`,
    )
  ).map(purchaseRow);
  const tickets = placed.flatMap((p) =>
    p.tickets.map((numbers, i) => ({ ticketNo: p.firstTicket + i, numbers })),
  );
  const sales = placed.reduce((a, p) => a + p.total, 0n);
  const decided = decideGame(game, sales, tickets);
  const noTickets = tickets.length === 0;
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`UPDATE rgs.bingo_games SET status = ${noTickets ? "settled" : "drawing"}, tickets_sold = ${tickets.length},
          sales = ${sales.toString()}::bigint, pool = ${decided.pool.toString()}::bigint,
          result = ${JSON.stringify(decided.prizes)}::jsonb, balls_total = ${decided.balls}, balls_drawn = 0,
          draw_started_at = ${at(ctx.now())}, settled_at = ${noTickets ? at(ctx.now()) : null}
        WHERE id = ${game.id} AND status = 'selling' AND ${fenced(ctx, game.roomId)} RETURNING *`,
  );
  await payOut(ctx, stale);
  if (!r) return false;
  publish(ctx, gameRow(r));
  return true;
}

/** Show the balls due by now (one every ball_ms from the draw's start); settle at the last one. */
async function drawBalls(ctx: BingoContext, game: BingoGame, renew: number): Promise<number> {
  const total = game.ballsTotal ?? 0;
  const started = (game.drawStartedAt ?? ctx.now()).getTime();
  const due = Math.min(total, Math.floor((ctx.now().getTime() - started) / game.ballMs) + 1);
  // A leader taking over continues from the stored count: balls are shown one at a time.
  if (due > game.ballsDrawn) {
    const [r] = await rows<Record<string, unknown>>(
      ctx.db,
      sql`UPDATE rgs.bingo_games SET balls_drawn = ${game.ballsDrawn + 1}
          WHERE id = ${game.id} AND status = 'drawing' AND balls_drawn = ${game.ballsDrawn} AND ${fenced(ctx, game.roomId)}
          RETURNING *`,
    );
    if (!r) return renew;
    const g = gameRow(r);
    if (g.ballsDrawn < total) {
      publish(ctx, g);
      return due > g.ballsDrawn ? 0 : Math.max(0, started + g.ballsDrawn * game.ballMs - ctx.now().getTime());
    }
    game = g;
  }
  if (game.ballsDrawn >= total) {
    await settleGame(ctx, game);
    return 0;
  }
  return Math.min(renew, Math.max(0, started + game.ballsDrawn * game.ballMs - ctx.now().getTime()));
}

/** Each purchase's prize from the stored result (its tickets' shares), decided once, then paid. */
export async function settleGame(ctx: BingoContext, game: BingoGame): Promise<void> {
  const placed = (
    await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.bingo_purchases WHERE game_id = ${game.id} AND status = 'placed'`,
    )
  ).map(purchaseRow);
  const share = new Map<number, bigint>();
  for (const p of game.result ?? [])
    for (const w of p.winners)
      share.set(w.ticketNo, (share.get(w.ticketNo) ?? 0n) + (parseMoney(w.share) ?? 0n));
  const wins = placed.map((p) => {
    let win = 0n;
    for (let i = 0; i < p.count; i++) win += share.get(p.firstTicket + i) ?? 0n;
    return win;
  });
  const lease = at(new Date(ctx.now().getTime() + ctx.leaseMs));
  if (placed.length > 0)
    await ctx.db.execute(
      sql`UPDATE rgs.bingo_purchases p SET status = 'credit_pending', win = u.win, next_attempt_at = ${lease},
            updated_at = ${at(ctx.now())}
          FROM unnest(${pgArray(placed.map((p) => p.id))}::uuid[], ${pgArray(wins)}::bigint[]) AS u(id, win)
          WHERE p.id = u.id AND p.status = 'placed'
            AND EXISTS (SELECT 1 FROM rgs.bingo_games g WHERE g.id = ${game.id} AND g.status = 'drawing')`,
    );
  const [done] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`UPDATE rgs.bingo_games g SET status = 'settled', settled_at = ${at(ctx.now())}, wins_total = s.wins
        FROM (SELECT COALESCE(sum(win), 0) AS wins FROM rgs.bingo_purchases
              WHERE game_id = ${game.id} AND status IN ('credit_pending', 'settled')) s
        WHERE g.id = ${game.id} AND g.status = 'drawing' AND ${fenced(ctx, game.roomId)} RETURNING g.*`,
  );
  if (!done) return;
  const settled = gameRow(done);
  const owed = (
    await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.bingo_purchases WHERE game_id = ${game.id} AND status IN ('credit_pending', 'settled')`,
    )
  ).map(purchaseRow);
  const per = new Map<number, { bet: bigint; win: bigint }>();
  for (const p of owed) {
    const x = per.get(p.playerId) ?? { bet: 0n, win: 0n };
    x.bet += p.total;
    x.win += p.win ?? 0n;
    per.set(p.playerId, x);
  }
  const results: Record<string, { bet: string; win: string }> = {};
  for (const [id, x] of per) results[String(id)] = { bet: formatMinor(x.bet), win: formatMinor(x.win) };
  publish(ctx, settled, results);
  await payOut(
    ctx,
    owed.filter((p) => p.status === "credit_pending"),
  );
}

async function payOut(ctx: BingoContext, list: PurchaseRow[]): Promise<void> {
  let i = 0;
  const worker = async () => {
    while (i < list.length) {
      const p = list[i++] as PurchaseRow;
      if (p.status === "credit_pending") await creditPurchase(ctx, p);
      else if (p.status === "rollback_pending") await rollbackPurchase(ctx, p);
    }
  };
  await Promise.all(Array.from({ length: Math.min(ctx.creditConcurrency, list.length) }, worker));
}

/**
 * Void a game before any ball was shown (a room switched off, a game stuck after a crash):
 * every purchase is rolled back. A game already drawing keeps running (its result is fixed).
 */
export async function voidGame(ctx: BingoContext, game: BingoGame, force = false): Promise<boolean> {
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`UPDATE rgs.bingo_games SET status = 'void', settled_at = ${at(ctx.now())}
        WHERE id = ${game.id} AND (status = 'selling' OR (status = 'drawing' AND balls_drawn = 0))
          AND (${force} OR ${fenced(ctx, game.roomId)}) RETURNING *`,
  );
  if (!r) return false;
  const list = (
    await rows<Record<string, unknown>>(
      ctx.db,
      sql`UPDATE rgs.bingo_purchases SET status = 'rollback_pending', next_attempt_at = ${at(ctx.now())}, updated_at = ${at(ctx.now())}
          WHERE game_id = ${game.id} AND status IN ('debit_pending', 'placed') RETURNING *`,
    )
  ).map(purchaseRow);
  publish(ctx, gameRow(r));
  await payOut(ctx, list);
  return true;
}

/** Run every room's loop in this process (each acts only while it holds the lease) and the retry pass. */
export function startBingoEngine(
  ctx: BingoContext,
  onError: (err: unknown) => void,
  opts: { reloadMs?: number; retryMs?: number } = {},
): () => Promise<void> {
  let stopped = false;
  const loops = new Map<string, Promise<void>>();
  let rooms = new Map<string, BingoRoom>();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const loop = async (id: string) => {
    while (!stopped) {
      const room = rooms.get(id);
      if (!room) return;
      let wait = 500;
      try {
        wait = await stepRoom(ctx, room);
      } catch (err) {
        onError(err);
      }
      if (wait > 0) await sleep(Math.min(wait, 1000));
    }
  };
  const reload = async () => {
    try {
      rooms = new Map((await loadRooms(ctx.db)).map((r) => [r.id, r]));
      for (const id of rooms.keys())
        if (!loops.has(id))
          loops.set(
            id,
            loop(id).finally(() => loops.delete(id)),
          );
    } catch (err) {
      onError(err);
    }
  };
  let retrying: Promise<unknown> | null = null;
  const retry = () => {
    if (retrying || stopped) return;
    retrying = retryPurchases(ctx)
      .catch(onError)
      .finally(() => {
        retrying = null;
      });
  };
  const reloadTimer = setInterval(() => void reload(), opts.reloadMs ?? 2000);
  const retryTimer = setInterval(retry, opts.retryMs ?? 1000);
  reloadTimer.unref();
  retryTimer.unref();
  void reload();
  return async () => {
    stopped = true;
    clearInterval(reloadTimer);
    clearInterval(retryTimer);
    await Promise.all([...loops.values()]);
    await retrying;
    for (const id of rooms.keys()) await releaseLease(ctx, roomLeaseKey(id)).catch(() => undefined);
  };
}
