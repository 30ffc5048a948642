import type { CrashBetRequest, CrashBetView } from "@panalo/contracts/crash";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { MAX_AUTO_X100, multiplierAt } from "@panalo/game-math/crash/index";
import { sql } from "drizzle-orm";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { creditQueueOf } from "../rounds/credit-queue.ts";
import type { RoundsContext } from "../rounds/engine.ts";
import { at, placeStake, sessionRoom, stakeRowOf } from "../rounds/stakes.ts";
import type { SessionRow } from "../schema.ts";
import { CRASH_STORE } from "./engine.ts";
import { feedOf } from "./feed.ts";
import { betView, CRASH_SESSION_PREFIX, crashKey, loadRoom, playerLabel } from "./model.ts";

/** "2.50" → 250 (x100), or null when not a multiplier above 1.00 within the limit. */
export function parseX100(text: string): number | null {
  const m = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const v = Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
  return v > 100 && v <= MAX_AUTO_X100 ? v : null;
}

const isUniqueViolation = (err: unknown) =>
  typeof err === "object" && err !== null && (err as { code?: unknown }).code === "23505";

/**
 * One bet in the round taking bets (the engine's placeStake: one transaction, then ONE debit).
 * The round row is held FOR SHARE while the window and the limits are judged, so the leader's
 * close (an update of that row) comes before or after the whole bet. One bet per player per
 * round (a unique index; a second answers ALREADY_BET).
 */
export async function placeBet(
  ctx: RoundsContext,
  session: SessionRow,
  input: CrashBetRequest,
): Promise<CrashBetView> {
  const room = await sessionRoom(
    session,
    CRASH_SESSION_PREFIX,
    (id) => loadRoom(ctx.db, id),
    "ROOM_NOT_FOUND",
  );
  const amount = parseMoney(input.amount);
  if (amount === null || amount < room.minBet || amount > room.maxBet)
    throw new RgsError("STAKE_LIMIT", 409, null, undefined, {
      game: "Crash",
      min: formatMinor(room.minBet),
      max: formatMinor(room.maxBet),
    });
  const auto = input.autoCashout === undefined ? null : parseX100(input.autoCashout);
  if (input.autoCashout !== undefined && auto === null)
    throw new RgsError("VALIDATION_ERROR", 400, null, [{ path: "autoCashout", message: "1.01 – 10000.00" }]);
  try {
    const view = await placeStake(ctx, CRASH_STORE, session, {
      requestId: input.requestId,
      gameCode: room.id,
      closed: "BETS_CLOSED",
      view: (r) => betView(r),
      reserve: async (tx, id, lease, created) => {
        const [g] = await rows<Record<string, unknown>>(
          tx,
          sql`SELECT room_id, status, closes_at FROM rgs.crash_rounds WHERE id = ${input.roundId} FOR SHARE`,
        );
        if (!g || g.room_id !== room.id) throw new RgsError("ROUND_NOT_FOUND", 404);
        if (g.status !== "betting" || ctx.now().getTime() >= new Date(g.closes_at as string).getTime())
          throw new RgsError("BETS_CLOSED", 409);
        const [mine] = await rows<{ id: string }>(
          tx,
          sql`SELECT id FROM rgs.crash_bets WHERE round_id = ${input.roundId} AND player_id = ${session.playerId}
                AND status NOT IN ('refused', 'rollback_pending', 'rolled_back') LIMIT 1`,
        );
        if (mine) throw new RgsError("ALREADY_BET", 409);
        await tx.execute(
          sql`INSERT INTO rgs.crash_bets (id, round_id, room_id, session_id, request_id, player_id, vendor, currency,
                total, auto_x100, status, next_attempt_at, created_at, updated_at)
              VALUES (${id}, ${input.roundId}, ${room.id}, ${session.id}, ${input.requestId}, ${session.playerId},
                ${session.vendor}, ${session.currency}, ${amount.toString()}::bigint, ${auto}, 'debit_pending',
                ${lease}, ${created}, ${created})`,
        );
        return amount;
      },
    });
    const [g] = await rows<{ round_no: unknown }>(
      ctx.db,
      sql`SELECT round_no FROM rgs.crash_rounds WHERE id = ${input.roundId}`,
    );
    feedOf(ctx.hub).push(crashKey(room.id), Number(g?.round_no ?? 0), {
      kind: "bet",
      betId: view.betId,
      player: view.player,
      amount: view.amount,
    });
    return view;
  } catch (err) {
    if (isUniqueViolation(err)) throw new RgsError("ALREADY_BET", 409);
    throw err;
  }
}

/**
 * Cash out the player's bet in a flying round at `arrived` (when the request reached this
 * server: the server's clock decides, never the client's). Judged against the round's stored
 * start and crash instant: arrived before crash_at wins the curve's multiplier at that instant
 * (or the automatic target, if the curve passed it first); at or after crash_at loses
 * (CRASHED). The bet row is held FOR UPDATE and moved placed → credit_pending once (one short
 * transaction); the answer and the room's feed follow at once, and its ONE credit is sent after
 * the answer through the process's credit queue (batched `credits`; a failure stays owed: the
 * retry pass sends it). A repeat answers the cash-out already taken.
 */
export async function cashOut(
  ctx: RoundsContext,
  session: SessionRow,
  roundId: string,
  arrived: Date,
): Promise<CrashBetView & { accepted: number }> {
  const lease = at(new Date(ctx.now().getTime() + ctx.leaseMs));
  const decided = await ctx.db.transaction(async (tx) => {
    const [b] = await rows<Record<string, unknown>>(
      tx,
      sql`SELECT b.*, r.status AS round_status, r.round_no, r.started_at, r.crash_at
          FROM rgs.crash_bets b JOIN rgs.crash_rounds r ON r.id = b.round_id
          WHERE b.round_id = ${roundId} AND b.player_id = ${session.playerId} AND b.session_id = ${session.id}
            AND b.status IN ('placed', 'credit_pending', 'settled')
          FOR UPDATE OF b`,
    );
    if (!b) throw new RgsError("NO_BET", 409);
    if (b.status !== "placed") {
      if (b.cashout_x100 !== null) return { row: b, fresh: false };
      throw new RgsError("CRASHED", 409);
    }
    if (b.round_status !== "flying" || !b.started_at || !b.crash_at) throw new RgsError("NO_BET", 409);
    const started = new Date(b.started_at as string).getTime();
    if (arrived.getTime() >= new Date(b.crash_at as string).getTime()) throw new RgsError("CRASHED", 409);
    let x = multiplierAt(arrived.getTime() - started);
    const auto = b.auto_x100 === null ? null : Number(b.auto_x100);
    // The curve passed the automatic target first: that is the cash-out (the leader may not
    // have recorded it yet).
    if (auto !== null && auto <= x) x = auto;
    const [moved] = await rows<Record<string, unknown>>(
      tx,
      sql`UPDATE rgs.crash_bets SET status = 'credit_pending', cashout_x100 = ${x}, cashed_at = ${at(arrived)},
            win = (total * ${x}) / 100, next_attempt_at = ${lease}, updated_at = ${at(ctx.now())}
          WHERE id = ${String(b.id)} AND status = 'placed' RETURNING *`,
    );
    if (!moved) throw new RgsError("CRASHED", 409);
    return { row: { ...moved, round_no: b.round_no }, fresh: true };
  });
  const row = decided.row;
  const view = betView(row);
  const accepted = Date.now();
  if (decided.fresh) {
    feedOf(ctx.hub).push(crashKey(String(row.room_id)), Number(row.round_no), {
      kind: "cashout",
      betId: view.betId,
      player: playerLabel(Number(row.player_id)),
      cashout: view.cashout,
      win: view.win,
      at: accepted,
    });
    // The win is owed in the database already (credit_pending, leased): it is paid after the
    // answer, batched with the other cash-outs (a row the queue cannot take, or whose request
    // fails, is paid by the retry pass once its lease runs out). The answer carries no balance
    // until the credit is recorded (the client adds the win to what it shows; the settlement's
    // refresh reads the platform's).
    view.balance = null;
    creditQueueOf(ctx, CRASH_STORE).push(stakeRowOf(CRASH_STORE, row));
  }
  return { ...view, accepted };
}

/** Everyone's bets in a round (the room's list), without automatic targets or balances. */
export async function roundBets(ctx: RoundsContext, roundId: string): Promise<Record<string, unknown>[]> {
  return rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT id, round_id, player_id, total, cashout_x100, win, status FROM rgs.crash_bets
        WHERE round_id = ${roundId} AND status IN ('placed', 'credit_pending', 'settled')
        ORDER BY created_at LIMIT 500`,
  );
}

/** The player's last bets with their rounds' crash points (shown once crashed). */
export async function myBets(
  ctx: RoundsContext,
  session: SessionRow,
  limit: number,
): Promise<CrashBetView[]> {
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT b.*, r.round_no, CASE WHEN r.status = 'settled' THEN r.crash_x100 END AS crash_x100
        FROM rgs.crash_bets b JOIN rgs.crash_rounds r ON r.id = b.round_id
        WHERE b.player_id = ${session.playerId} AND b.vendor = ${session.vendor} AND b.room_id = ${session.gameId.slice(CRASH_SESSION_PREFIX.length)}
          AND b.status IN ('placed', 'credit_pending', 'settled')
        ORDER BY b.created_at DESC LIMIT ${limit}`,
  );
  return list.map(betView);
}
