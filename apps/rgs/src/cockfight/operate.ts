import { randomUUID } from "node:crypto";
import {
  type AdminCockfightEventCreate,
  type AdminCockfightFightCreate,
  COCKFIGHT_GAME_CODE,
  type CockfightResult,
} from "@panalo/contracts/cockfight";
import { formatMinor } from "@panalo/contracts/money";
import { type PoolBet, settleFight } from "@panalo/game-math/cockfight/index";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import type { RoundsContext } from "../rounds/engine.ts";
import { adminMinor } from "../rounds/routes.ts";
import { at, type StakeRow, stakeMoves, stakeRowOf } from "../rounds/stakes.ts";
import { COCKFIGHT_STORE, eventRow, type FightRow, fightRow, loadFight, publishFight } from "./model.ts";

/**
 * What operators do to the arena (the back office, signed calls): schedule an event and its
 * fights, open and close betting, declare a result, and confirm it — a different operator from
 * the one who declared (four eyes) — which settles the fight once. Every change is one guarded
 * UPDATE of the fight row (its status in the WHERE), so a repeated or raced call changes nothing.
 */
const moves = stakeMoves(COCKFIGHT_STORE);
const publish = (ctx: RoundsContext, f: FightRow, results?: Record<string, { bet: string; win: string }>) =>
  publishFight(ctx.hub, COCKFIGHT_GAME_CODE, f, results);

export async function createEvent(
  ctx: RoundsContext,
  operator: string,
  input: z.infer<typeof AdminCockfightEventCreate>,
) {
  const min = adminMinor("minBet", input.minBet);
  const max = adminMinor("maxBet", input.maxBet);
  if (max < min)
    throw new RgsError("VALIDATION_ERROR", 400, null, [{ path: "maxBet", message: "below minBet" }]);
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`INSERT INTO rgs.cockfight_events (id, arena, event_date, video_url, plasada_bp, draw_pays_x100,
          min_bet, max_bet, created_by)
        VALUES (${randomUUID()}, ${input.arena}, ${input.date}::date, ${input.videoUrl}, ${input.plasadaBp},
          ${input.drawPaysX100}, ${min.toString()}::bigint, ${max.toString()}::bigint, ${operator})
        RETURNING *`,
  );
  return eventRow(r as Record<string, unknown>);
}

export async function addFight(ctx: RoundsContext, input: z.infer<typeof AdminCockfightFightCreate>) {
  const [e] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT * FROM rgs.cockfight_events WHERE id = ${input.eventId}`,
  );
  if (!e) throw new RgsError("EVENT_NOT_FOUND", 404);
  const ev = eventRow(e);
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`INSERT INTO rgs.cockfight_fights (id, event_id, fight_no, meron, wala, plasada_bp, draw_pays_x100, min_bet, max_bet)
        VALUES (${randomUUID()}, ${ev.id}, ${input.fightNo}, ${JSON.stringify(input.meron)}::jsonb,
          ${JSON.stringify(input.wala)}::jsonb, ${ev.plasadaBp}, ${ev.drawPaysX100},
          ${ev.minBet.toString()}::bigint, ${ev.maxBet.toString()}::bigint)
        ON CONFLICT (event_id, fight_no) DO NOTHING RETURNING *`,
  );
  if (!r)
    throw new RgsError("VALIDATION_ERROR", 400, null, [{ path: "fightNo", message: "already scheduled" }]);
  const f = fightRow(r);
  publish(ctx, f);
  return f;
}

/** Why a guarded change found no row: the fight is missing, or in another state. */
async function refuse(ctx: RoundsContext, fightId: string): Promise<never> {
  const f = await loadFight(ctx.db, fightId);
  if (!f) throw new RgsError("FIGHT_NOT_FOUND", 404);
  throw new RgsError("FIGHT_STATE", 409, null, undefined, { status: f.status });
}

async function change(ctx: RoundsContext, fightId: string, update: ReturnType<typeof sql>) {
  const [r] = await rows<Record<string, unknown>>(ctx.db, update);
  if (!r) return refuse(ctx, fightId);
  const f = fightRow(r);
  publish(ctx, f);
  return f;
}

export function openFight(ctx: RoundsContext, fightId: string, closeAfterSeconds?: number) {
  const now = ctx.now();
  const closes = closeAfterSeconds ? at(new Date(now.getTime() + closeAfterSeconds * 1000)) : sql`NULL`;
  return change(
    ctx,
    fightId,
    sql`UPDATE rgs.cockfight_fights SET status = 'open', opened_at = ${at(now)}, closes_at = ${closes},
          updated_at = ${at(now)}
        WHERE id = ${fightId} AND status = 'scheduled' RETURNING *`,
  );
}

/**
 * Stop betting. The UPDATE waits for every bet whose transaction holds the row (FOR SHARE), so
 * a bet is either judged before the close (and counts) or after it (BETS_CLOSED).
 */
export function closeFight(ctx: RoundsContext, fightId: string) {
  const now = at(ctx.now());
  return change(
    ctx,
    fightId,
    sql`UPDATE rgs.cockfight_fights SET status = 'closed', closed_at = ${now}, updated_at = ${now}
        WHERE id = ${fightId} AND status = 'open' RETURNING *`,
  );
}

/** Fights whose set closing time passed are closed (the sweep; bets were refused from that instant). */
export async function closeDueFights(ctx: RoundsContext): Promise<number> {
  const now = at(ctx.now());
  const closed = await rows<Record<string, unknown>>(
    ctx.db,
    sql`UPDATE rgs.cockfight_fights SET status = 'closed', closed_at = closes_at, updated_at = ${now}
        WHERE status = 'open' AND closes_at <= ${now} RETURNING *`,
  );
  for (const r of closed) publish(ctx, fightRow(r));
  return closed.length;
}

/**
 * The first operator's declaration: once per fight (a second declaration is refused until a
 * second operator rejects the first). Betting must be closed; a cancellation may also stop a
 * fight still scheduled or open (it closes it). Nothing is paid here.
 */
export async function declareResult(
  ctx: RoundsContext,
  operator: string,
  fightId: string,
  result: CockfightResult,
) {
  const now = at(ctx.now());
  const states = result === "cancelled" ? sql`('scheduled', 'open', 'closed')` : sql`('closed')`;
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`UPDATE rgs.cockfight_fights SET declared_result = ${result}, declared_by = ${operator},
          declared_at = ${now}, status = 'closed', closed_at = COALESCE(closed_at, ${now}), updated_at = ${now}
        WHERE id = ${fightId} AND declared_result IS NULL AND status IN ${states} RETURNING *`,
  );
  if (!r) {
    const f = await loadFight(ctx.db, fightId);
    if (f?.declaredResult && f.status !== "settled") throw new RgsError("RESULT_DECLARED", 409);
    return refuse(ctx, fightId);
  }
  const f = fightRow(r);
  publish(ctx, f);
  return f;
}

/** A second operator turns a wrong declaration down; the fight waits for a new one. */
export async function rejectResult(ctx: RoundsContext, operator: string, fightId: string) {
  const now = at(ctx.now());
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`UPDATE rgs.cockfight_fights SET declared_result = NULL, declared_by = NULL, declared_at = NULL,
          updated_at = ${now}
        WHERE id = ${fightId} AND status = 'closed' AND declared_result IS NOT NULL AND declared_by <> ${operator}
        RETURNING *`,
  );
  if (r) return fightRow(r);
  const f = await loadFight(ctx.db, fightId);
  if (f?.declaredBy === operator) throw new RgsError("FOUR_EYES", 403);
  return refuse(ctx, fightId);
}

/**
 * The second operator's confirmation settles the fight, once. In one transaction holding the
 * fight row FOR UPDATE: the confirming operator must differ from the declaring one and name the
 * same result; bets whose debit is still unanswered are given back (rollback_pending: their
 * answer, when it comes, finds them so); the placed bets are settled by the pari-mutuel rules
 * (each placed → credit_pending with its win, guarded by its status) and the fight becomes
 * settled with its commission and remainder. Then ONE credit per bet (win, refund or 0.00);
 * a credit that fails stays owed and the retry pass sends it.
 */
export async function confirmResult(
  ctx: RoundsContext,
  operator: string,
  fightId: string,
  result: CockfightResult,
) {
  const now = ctx.now();
  const lease = at(new Date(now.getTime() + ctx.leaseMs));
  const done = await ctx.db.transaction(async (tx) => {
    const f = await loadFight(tx, fightId, sql`FOR UPDATE`);
    if (!f) throw new RgsError("FIGHT_NOT_FOUND", 404);
    if (f.status !== "closed" || f.declaredResult === null)
      throw new RgsError("FIGHT_STATE", 409, null, undefined, { status: f.status });
    if (f.declaredBy === operator) throw new RgsError("FOUR_EYES", 403);
    if (f.declaredResult !== result) throw new RgsError("RESULT_MISMATCH", 409);
    const refunds = await rows<Record<string, unknown>>(
      tx,
      sql`UPDATE rgs.cockfight_bets SET status = 'rollback_pending', next_attempt_at = ${lease}, updated_at = ${at(now)}
          WHERE fight_id = ${fightId} AND status = 'debit_pending' RETURNING *`,
    );
    const placed = (
      await rows<Record<string, unknown>>(
        tx,
        sql`SELECT * FROM rgs.cockfight_bets WHERE fight_id = ${fightId} AND status = 'placed' ORDER BY id`,
      )
    ).map((r) => stakeRowOf(COCKFIGHT_STORE, r));
    const bets: PoolBet[] = placed.map((s) => ({
      id: s.id,
      side: String(s.row.side) as PoolBet["side"],
      stake: s.total,
    }));
    const s = settleFight(bets, result, f);
    const ids = placed.map((p) => p.id);
    const wins = placed.map((p) => (s.wins.get(p.id) ?? 0n).toString());
    const credited = await rows<Record<string, unknown>>(
      tx,
      sql`UPDATE rgs.cockfight_bets b SET status = 'credit_pending', win = w.win::bigint,
            next_attempt_at = ${lease}, updated_at = ${at(now)}
          FROM unnest(${`{${ids.join(",")}}`}::uuid[], ${`{${wins.join(",")}}`}::text[]) AS w(id, win)
          WHERE b.id = w.id AND b.status = 'placed' RETURNING b.*`,
    );
    const paid = [...s.wins.values()].reduce((a, b) => a + b, 0n);
    const [r] = await rows<Record<string, unknown>>(
      tx,
      sql`UPDATE rgs.cockfight_fights SET status = 'settled', confirmed_by = ${operator}, confirmed_at = ${at(now)},
            pool_meron = ${s.pools.meron.toString()}::bigint, pool_wala = ${s.pools.wala.toString()}::bigint,
            pool_draw = ${s.pools.draw.toString()}::bigint, commission = ${s.commission.toString()}::bigint,
            remainder = ${s.remainder.toString()}::bigint, odds_paid = ${s.oddsPaid?.toString() ?? null}::bigint,
            wins_total = ${paid.toString()}::bigint, settled_at = ${at(now)}, updated_at = ${at(now)}
          WHERE id = ${fightId} AND status = 'closed' RETURNING *`,
    );
    return {
      fight: fightRow(r as Record<string, unknown>),
      owed: [...credited, ...refunds].map((x) => stakeRowOf(COCKFIGHT_STORE, x)),
    };
  });
  // Each player's stake and payout on the fight, pushed only to that player.
  const sums = new Map<number, { bet: bigint; win: bigint }>();
  for (const s of done.owed) {
    if (s.status !== "credit_pending") continue;
    const m = sums.get(s.playerId) ?? { bet: 0n, win: 0n };
    sums.set(s.playerId, { bet: m.bet + s.total, win: m.win + (s.win ?? 0n) });
  }
  const results = Object.fromEntries(
    [...sums].map(([p, m]) => [String(p), { bet: formatMinor(m.bet), win: formatMinor(m.win) }]),
  );
  await moves.payOut(ctx, done.owed as StakeRow[], 16);
  publish(ctx, done.fight, results);
  return done.fight;
}

/** The sweep: fights due closed, owed credits and rollbacks sent (and dead senders' debits). */
export async function sweepCockfight(ctx: RoundsContext): Promise<void> {
  await closeDueFights(ctx);
  await moves.retry(ctx);
}

export function startCockfightSweep(
  ctx: RoundsContext,
  everyMs: number,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepCockfight(ctx)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
