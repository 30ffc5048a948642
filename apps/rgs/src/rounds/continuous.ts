import { formatMinor } from "@panalo/contracts/money";
import type { WordSource } from "@panalo/game-math/uniform";
import { sql } from "drizzle-orm";
import { type RgsContext, RgsError } from "../context.ts";
import { rows } from "../db.ts";
import type { SessionRow } from "../schema.ts";
import { holdLease, newRoundSeed, type RoundsContext, roundSeedHash, seedWords } from "./engine.ts";
import { at, placeStake, type StakeStore, stakeMoves, stakeRowOf } from "./stakes.ts";

/**
 * Continuous rooms on the round engine: a round that runs until the player leaves (fish, PVP
 * cards). A player sits down in a free seat of a room with a buy-in — ONE debit, the seat row
 * is the player's round — and plays on a balance held on that round: each action (a shot, a
 * hand, or a batch of them) takes its stake from that balance and adds its win, decided from the
 * seat's committed seed and the action's number, and is logged once (idempotent on its request
 * id). Leaving — or being stood up after `idleMs` without an action — decides the win as what is
 * left on the round and sends ONE credit of it (0.00 included), closing the round in the betting
 * record. The seat row is the engine's stake row: a credit that failed, or a join whose sender
 * died, is paid or rolled back by the same retry pass as the tables' bets.
 */
export interface ContinuousGame<Action, State> {
  /** rgs.room_seats.game; sessions of its rooms have game id `<name>:<room id>`. */
  name: string;
  /** Seats per room. */
  seats: number;
  /** Buy-in bounds (centavos). */
  minBuyIn: bigint;
  maxBuyIn: bigint;
  /** A seat without an action this long is stood up and paid out. */
  idleMs: number;
  initial(): State;
  /** The action as sent by the player, validated (null: refused as BET_INVALID). */
  parse(raw: unknown): Action | null;
  /**
   * One action on the player's round: what it stakes from the round's balance and what it wins,
   * from `words` (the seat's seed, "act:<action number>") — never from the client.
   */
  act(state: State, action: Action, words: WordSource): { stake: bigint; win: bigint; state: State };
}

export const SEATS_STORE: StakeStore = { table: "room_seats", round: "id", room: "room_id" };
const seatMoves = stakeMoves(SEATS_STORE);

export interface SeatView {
  seatId: string;
  roomId: string;
  seat: number;
  seedHash: string;
  /** The seed, once the player left (anyone can then recompute every action). */
  seed: string | null;
  buyIn: string;
  onRound: string;
  actions: number;
  status: string;
  balance: string | null;
}

function seatView(r: Record<string, unknown>): SeatView {
  const status = String(r.status);
  const open = status === "debit_pending" || status === "placed";
  return {
    seatId: String(r.id),
    roomId: String(r.room_id),
    seat: Number(r.seat),
    seedHash: String(r.seed_hash),
    seed: open ? null : String(r.seed),
    buyIn: formatMinor(BigInt(String(r.total))),
    onRound: formatMinor(BigInt(String(r.on_round))),
    actions: Number(r.seq),
    status,
    balance: r.balance === null || r.balance === undefined ? null : formatMinor(BigInt(String(r.balance))),
  };
}

const roomOf = (game: { name: string }, session: SessionRow): string => {
  const prefix = `${game.name}:`;
  if (!session.gameId.startsWith(prefix)) throw new RgsError("ROOM_NOT_FOUND", 404);
  return session.gameId.slice(prefix.length);
};

/** Sit down in the lowest free seat of the session's room with a buy-in: one debit. */
export async function joinRoom<A, S>(
  ctx: RgsContext,
  game: ContinuousGame<A, S>,
  session: SessionRow,
  input: { requestId: string; buyIn: bigint },
): Promise<SeatView> {
  const roomId = roomOf(game, session);
  if (input.buyIn < game.minBuyIn || input.buyIn > game.maxBuyIn) throw new RgsError("BET_INVALID", 400);
  return placeStake(ctx, SEATS_STORE, session, {
    requestId: input.requestId,
    gameCode: roomId,
    closed: "BETS_CLOSED",
    view: seatView,
    reserve: async (tx, id, lease, created) => {
      // One join at a time per room: the free seat is chosen and taken under this lock.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${game.name}:${roomId}`}))`);
      const taken = new Set(
        (
          await rows<{ seat: unknown }>(
            tx,
            sql`SELECT seat FROM rgs.room_seats WHERE game = ${game.name} AND room_id = ${roomId}
                AND status IN ('debit_pending', 'placed')`,
          )
        ).map((r) => Number(r.seat)),
      );
      const seat = Array.from({ length: game.seats }, (_, i) => i + 1).find((n) => !taken.has(n));
      if (seat === undefined) throw new RgsError("ROOM_FULL", 409);
      const seed = newRoundSeed();
      await tx.execute(
        sql`INSERT INTO rgs.room_seats (id, game, room_id, seat, session_id, request_id, player_id, vendor, currency,
              seed, seed_hash, total, on_round, state, status, next_attempt_at, last_action_at, created_at, updated_at)
            VALUES (${id}, ${game.name}, ${roomId}, ${seat}, ${session.id}, ${input.requestId}, ${session.playerId},
              ${session.vendor}, ${session.currency}, ${seed}, ${roundSeedHash(seed)}, ${input.buyIn.toString()}::bigint,
              ${input.buyIn.toString()}::bigint, ${JSON.stringify(game.initial())}::jsonb, 'debit_pending', ${lease},
              ${created}, ${created}, ${created})`,
      );
      return input.buyIn;
    },
  });
}

export interface ActionResult {
  requestId: string;
  seq: number;
  stake: string;
  win: string;
}

/**
 * Play a batch of actions on the player's seat (a burst of fish shots is one call): all in one
 * transaction that holds the seat row, each applied once (a repeated request id answers its
 * first result), in order, each refused batch leaving the round as it was. The platform is not
 * called: the money moves on the round's balance and is settled when the player leaves.
 */
export async function actOnSeat<A, S>(
  ctx: RgsContext,
  game: ContinuousGame<A, S>,
  session: SessionRow,
  seatId: string,
  batch: Array<{ requestId: string; action: unknown }>,
): Promise<{ onRound: string; results: ActionResult[] }> {
  const actions = batch.map((b) => {
    const a = game.parse(b.action);
    if (a === null) throw new RgsError("BET_INVALID", 400);
    return { requestId: b.requestId, action: a, raw: b.action };
  });
  return ctx.db.transaction(async (tx) => {
    const [seat] = await rows<Record<string, unknown>>(
      tx,
      sql`SELECT * FROM rgs.room_seats WHERE id = ${seatId} AND game = ${game.name} FOR UPDATE`,
    );
    if (!seat || Number(seat.player_id) !== session.playerId) throw new RgsError("ROUND_NOT_FOUND", 404);
    if (seat.status !== "placed") throw new RgsError("SEAT_CLOSED", 409);
    const done = new Map(
      (
        await rows<Record<string, unknown>>(
          tx,
          sql`SELECT seq, request_id, stake, win FROM rgs.room_actions WHERE seat_id = ${seatId}
              AND request_id IN (${sql.join(
                actions.map((a) => sql`${a.requestId}`),
                sql`, `,
              )})`,
        )
      ).map((r) => [String(r.request_id), r]),
    );
    let onRound = BigInt(String(seat.on_round));
    let seq = Number(seat.seq);
    let state = (typeof seat.state === "string" ? JSON.parse(seat.state) : seat.state) as S;
    const results: ActionResult[] = [];
    // Each action is logged as the player sent it, with what it staked and won.
    const fresh: Array<{ seq: number; requestId: string; data: unknown; stake: bigint; win: bigint }> = [];
    for (const a of actions) {
      const known = done.get(a.requestId);
      if (known) {
        results.push({
          requestId: a.requestId,
          seq: Number(known.seq),
          stake: formatMinor(BigInt(String(known.stake))),
          win: formatMinor(BigInt(String(known.win))),
        });
        continue;
      }
      seq += 1;
      const r = game.act(state, a.action, seedWords(String(seat.seed), `act:${seq}`));
      // The round's balance pays the stake first; never below zero.
      if (r.stake < 0n || r.win < 0n || r.stake > onRound) throw new RgsError("INSUFFICIENT_FUNDS", 409);
      onRound += r.win - r.stake;
      state = r.state;
      fresh.push({ seq, requestId: a.requestId, data: a.raw, stake: r.stake, win: r.win });
      results.push({ requestId: a.requestId, seq, stake: formatMinor(r.stake), win: formatMinor(r.win) });
    }
    if (fresh.length > 0) {
      await tx.execute(
        sql`INSERT INTO rgs.room_actions (seat_id, seq, request_id, kind, data, stake, win, created_at)
            VALUES ${sql.join(
              fresh.map(
                (f) =>
                  sql`(${seatId}, ${f.seq}, ${f.requestId}, ${game.name}, ${JSON.stringify(f.data)}::jsonb,
                    ${f.stake.toString()}::bigint, ${f.win.toString()}::bigint, ${at(ctx.now())})`,
              ),
              sql`, `,
            )}`,
      );
      await tx.execute(
        sql`UPDATE rgs.room_seats SET on_round = ${onRound.toString()}::bigint, seq = ${seq},
              state = ${JSON.stringify(state)}::jsonb, last_action_at = ${at(ctx.now())}, updated_at = ${at(ctx.now())}
            WHERE id = ${seatId}`,
      );
    }
    return { onRound: formatMinor(onRound), results };
  });
}

/**
 * Leave a seat: what is on the round is its win, decided once (placed → credit_pending, which
 * also stops every later action), then ONE credit closes the round. A repeated leave, or one
 * racing the idle sweep, changes nothing twice; a credit that failed stays owed to the retry pass.
 */
export async function leaveSeat(ctx: RgsContext, seatId: string): Promise<SeatView> {
  const lease = at(new Date(ctx.now().getTime() + ctx.leaseMs));
  const [left] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`UPDATE rgs.room_seats SET status = 'credit_pending', win = on_round, next_attempt_at = ${lease},
          updated_at = ${at(ctx.now())}
        WHERE id = ${seatId} AND status = 'placed' RETURNING *`,
  );
  if (left) await seatMoves.credit(ctx, stakeRowOf(SEATS_STORE, left));
  const [now] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT * FROM rgs.room_seats WHERE id = ${seatId}`,
  );
  if (!now) throw new RgsError("ROUND_NOT_FOUND", 404);
  return seatView(now);
}

/** A player's leave through the API: only the seat's own player. */
export async function leaveMySeat(ctx: RgsContext, session: SessionRow, seatId: string): Promise<SeatView> {
  const [seat] = await rows<{ player_id: unknown }>(
    ctx.db,
    sql`SELECT player_id FROM rgs.room_seats WHERE id = ${seatId}`,
  );
  if (!seat || Number(seat.player_id) !== session.playerId) throw new RgsError("ROUND_NOT_FOUND", 404);
  return leaveSeat(ctx, seatId);
}

/**
 * One pass of a continuous game by the holder of its lease: seats idle past `idleMs` are stood
 * up and paid; then the retry pass over every seat (credits owed, joins whose sender died).
 */
export async function sweepSeats<A, S>(ctx: RoundsContext, game: ContinuousGame<A, S>): Promise<number> {
  if (!(await holdLease(ctx, `${game.name}:seats`))) return 0;
  const idle = await rows<{ id: string }>(
    ctx.db,
    sql`SELECT id FROM rgs.room_seats WHERE game = ${game.name} AND status = 'placed'
          AND last_action_at < ${at(new Date(ctx.now().getTime() - game.idleMs))}
        ORDER BY last_action_at LIMIT 200`,
  );
  for (const s of idle) await leaveSeat(ctx, String(s.id));
  await seatMoves.retry(ctx);
  return idle.length;
}

/**
 * Run the continuous games' sweep in this process (idle seats stood up, owed credits and
 * rollbacks sent; each game's sweep runs only in the holder of its lease). Answers a stop
 * function.
 */
export function startSeats(
  ctx: RoundsContext,
  // biome-ignore lint/suspicious/noExplicitAny: games of different action and state types
  games: Array<ContinuousGame<any, any>>,
  onError: (err: unknown, game: string) => void,
  everyMs = 1000,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = Promise.all(games.map((g) => sweepSeats(ctx, g).catch((err) => onError(err, g.name)))).finally(
      () => {
        running = null;
      },
    );
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
