import { randomUUID } from "node:crypto";
import { formatMinor } from "@panalo/contracts/money";
import type { WordSource } from "@panalo/game-math/uniform";
import { sql } from "drizzle-orm";
import { type RgsContext, RgsError } from "../context.ts";
import { type RgsTx, rows } from "../db.ts";
import { newClientSeed, newServerSeed, seedHash } from "../fairness.ts";
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
export interface ContinuousGame<Action, State, Env = undefined> {
  /** rgs.room_seats.game; sessions of its rooms have game id `<name>:<room id>`. */
  name: string;
  /** Seats per room. */
  seats: number;
  /** Buy-in bounds (centavos). */
  minBuyIn: bigint;
  maxBuyIn: bigint;
  /** A seat without an action this long is stood up and paid out. */
  idleMs: number;
  /**
   * A round's state when it opens. A round of a sitting (`openSittingRound`) gets the sitting's
   * client seed and `nonceBase`, the number of actions its earlier rounds took on the seed pair.
   */
  initial(from?: { clientSeed: string; nonceBase: number; roomId: string }): State;
  /** The action as sent by the player, validated (null: refused as BET_INVALID). */
  parse(raw: unknown): Action | null;
  /**
   * One action on the player's round: what it stakes from the round's balance and what it wins,
   * from `words` (the seat's seed, "act:<action number>") or from `env` (the seat's seed, the
   * action's number, what `load` read) — never from the client. `detail` is logged with it.
   */
  act(state: State, action: Action, words: WordSource, env?: ActEnv<Env>): ActOutcome<State>;
  /** Read, in the actions' transaction, what they need beyond the round (fish: the sea now). */
  load?(tx: RgsTx, seat: Record<string, unknown>, now: Date): Promise<Env>;
  /** Write, in the same transaction, what the batch changed beyond the round (fish: kills). */
  record?(
    tx: RgsTx,
    seat: Record<string, unknown>,
    done: Array<{ seq: number; detail: unknown }>,
    now: Date,
  ): Promise<void>;
  /** The answer to an action on a round that ended (default SEAT_CLOSED). */
  closedCode?: "SEAT_CLOSED" | "MAGAZINE_CLOSED";
  /**
   * The sweep freed seats in these rooms (players stood up for idleness): tell the others at the
   * room (fish: its socket). A failure here is only logged by the caller's onError: the next
   * event or a resync catches up.
   */
  seatsFreed?(ctx: RoundsContext, roomIds: string[]): Promise<void>;
}

export interface ActEnv<Env> {
  /** The action's number on its round (1, 2, …). */
  seq: number;
  /** The round's committed seed (a sitting's round: the sitting's server seed). */
  seed: string;
  now: Date;
  /** What the game's `load` read (undefined without one). */
  room: Env;
}

export interface ActOutcome<State> {
  stake: bigint;
  win: bigint;
  state: State;
  /** What the action decided, logged (room_actions.result) and answered again on a repeat. */
  detail?: unknown;
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
    // A sitting's round carries the sitting's seed, revealed only when the sitting ends.
    seed: open || (r.sitting_id !== null && r.sitting_id !== undefined) ? null : String(r.seed),
    buyIn: formatMinor(BigInt(String(r.total))),
    onRound: formatMinor(BigInt(String(r.on_round))),
    actions: Number(r.seq),
    status,
    balance: r.balance === null || r.balance === undefined ? null : formatMinor(BigInt(String(r.balance))),
  };
}

const jsonOf = (v: unknown): unknown => (typeof v === "string" ? JSON.parse(v) : v);

const roomOf = (game: { name: string }, session: SessionRow): string => {
  const prefix = `${game.name}:`;
  if (!session.gameId.startsWith(prefix)) throw new RgsError("ROOM_NOT_FOUND", 404);
  return session.gameId.slice(prefix.length);
};

/** Sit down in the lowest free seat of the session's room with a buy-in: one debit. */
export async function joinRoom<A, S, E>(
  ctx: RgsContext,
  game: ContinuousGame<A, S, E>,
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
  /** What the game logged with the action (its `detail`), if anything. */
  detail?: unknown;
}

/**
 * Play a batch of actions on the player's seat (a burst of fish shots is one call): all in one
 * transaction that holds the seat row, each applied once (a repeated request id answers its
 * first result), in order, each refused batch leaving the round as it was. The platform is not
 * called: the money moves on the round's balance and is settled when the player leaves.
 */
export async function actOnSeat<A, S, E>(
  ctx: RgsContext,
  game: ContinuousGame<A, S, E>,
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
    const done = new Map(
      (
        await rows<Record<string, unknown>>(
          tx,
          sql`SELECT seq, request_id, stake, win, result FROM rgs.room_actions WHERE seat_id = ${seatId}
              AND request_id IN (${sql.join(
                actions.map((a) => sql`${a.requestId}`),
                sql`, `,
              )})`,
        )
      ).map((r) => [String(r.request_id), r]),
    );
    // After the close no action is applied; a repeat of actions applied before it still
    // answers their first results (a shot's retry after its magazine closed).
    if (seat.status !== "placed" && actions.some((a) => !done.has(a.requestId)))
      throw new RgsError(game.closedCode ?? "SEAT_CLOSED", 409);
    let onRound = BigInt(String(seat.on_round));
    let seq = Number(seat.seq);
    let state = jsonOf(seat.state) as S;
    const now = ctx.now();
    // Read only when an action is new: a repeated batch answers from the log.
    const room =
      game.load && actions.some((a) => !done.has(a.requestId))
        ? await game.load(tx, seat, now)
        : (undefined as E);
    const results: ActionResult[] = [];
    // Each action is logged as the player sent it, with what it staked and won.
    const fresh: Array<{
      seq: number;
      requestId: string;
      data: unknown;
      stake: bigint;
      win: bigint;
      detail: unknown;
    }> = [];
    for (const a of actions) {
      const known = done.get(a.requestId);
      if (known) {
        const detail = known.result === null || known.result === undefined ? undefined : jsonOf(known.result);
        results.push({
          requestId: a.requestId,
          seq: Number(known.seq),
          stake: formatMinor(BigInt(String(known.stake))),
          win: formatMinor(BigInt(String(known.win))),
          ...(detail === undefined ? {} : { detail }),
        });
        continue;
      }
      seq += 1;
      const r = game.act(state, a.action, seedWords(String(seat.seed), `act:${seq}`), {
        seq,
        seed: String(seat.seed),
        now,
        room,
      });
      // The round's balance pays the stake first; never below zero.
      if (r.stake < 0n || r.win < 0n || r.stake > onRound) throw new RgsError("INSUFFICIENT_FUNDS", 409);
      onRound += r.win - r.stake;
      state = r.state;
      fresh.push({ seq, requestId: a.requestId, data: a.raw, stake: r.stake, win: r.win, detail: r.detail });
      results.push({
        requestId: a.requestId,
        seq,
        stake: formatMinor(r.stake),
        win: formatMinor(r.win),
        ...(r.detail === undefined ? {} : { detail: r.detail }),
      });
    }
    if (fresh.length > 0) {
      await tx.execute(
        sql`INSERT INTO rgs.room_actions (seat_id, seq, request_id, kind, data, stake, win, result, created_at)
            VALUES ${sql.join(
              fresh.map(
                (f) =>
                  sql`(${seatId}, ${f.seq}, ${f.requestId}, ${game.name}, ${JSON.stringify(f.data)}::jsonb,
                    ${f.stake.toString()}::bigint, ${f.win.toString()}::bigint,
                    ${f.detail === undefined ? null : JSON.stringify(f.detail)}::jsonb, ${at(ctx.now())})`,
              ),
              sql`, `,
            )}`,
      );
      await tx.execute(
        sql`UPDATE rgs.room_seats SET on_round = ${onRound.toString()}::bigint, seq = ${seq},
              state = ${JSON.stringify(state)}::jsonb, last_action_at = ${at(ctx.now())}, updated_at = ${at(ctx.now())}
            WHERE id = ${seatId}`,
      );
      if (game.record)
        await game.record(
          tx,
          seat,
          fresh.map((f) => ({ seq: f.seq, detail: f.detail })),
          now,
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
export async function sweepSeats<A, S, E>(
  ctx: RoundsContext,
  game: ContinuousGame<A, S, E>,
): Promise<number> {
  if (!(await holdLease(ctx, `${game.name}:seats`))) return 0;
  const since = at(new Date(ctx.now().getTime() - game.idleMs));
  // Idle rounds, and rounds whose sitting ended while their debit was on its way (the leave
  // found them not yet placed): closed and paid.
  const idle = await rows<{ id: string; room_id: string; sitting_id: string | null }>(
    ctx.db,
    sql`SELECT s.id, s.room_id, s.sitting_id FROM rgs.room_seats s LEFT JOIN rgs.room_sittings t ON t.id = s.sitting_id
        WHERE s.game = ${game.name} AND s.status = 'placed' AND (s.last_action_at < ${since} OR t.status = 'left')
        ORDER BY s.last_action_at LIMIT 200`,
  );
  const freed = new Set<string>();
  for (const s of idle) {
    await leaveSeat(ctx, String(s.id));
    // A seat without a sitting is its round: closing it frees the seat.
    if (s.sitting_id === null || s.sitting_id === undefined) freed.add(String(s.room_id));
  }
  // Sittings idle with no round open: the seat frees and the server seed is revealed.
  const idleSittings = await rows<{ id: string }>(
    ctx.db,
    sql`SELECT t.id FROM rgs.room_sittings t
        WHERE t.game = ${game.name} AND t.status = 'seated' AND t.last_action_at < ${since}
          AND NOT EXISTS (SELECT 1 FROM rgs.room_seats s WHERE s.sitting_id = t.id
            AND (s.status IN ('debit_pending', 'placed') OR s.last_action_at >= ${since}))
        LIMIT 200`,
  );
  for (const s of idleSittings) freed.add((await standUp(ctx, String(s.id))).roomId);
  // The others at each room hear of the seats freed (their screens take the cannon away).
  let untold: unknown = null;
  if (freed.size > 0 && game.seatsFreed)
    await game.seatsFreed(ctx, [...freed]).catch((err: unknown) => {
      untold = err;
    });
  await seatMoves.retry(ctx);
  if (untold) throw untold;
  return idle.length + idleSittings.length;
}

/**
 * Run the continuous games' sweep in this process (idle seats stood up, owed credits and
 * rollbacks sent; each game's sweep runs only in the holder of its lease). Answers a stop
 * function.
 */
/*
 * Sittings: several rounds per seat. A sitting holds a seat for one player's session with the
 * session's committed server seed (SHA-256 of its text shown at the join; the seed at the leave)
 * and the player's client seed; the money moves in rounds of the sitting (rgs.room_seats rows
 * with its sitting_id: the fish game's magazines), one open at a time, each ONE debit when it
 * opens and ONE credit of what is left on it when it closes — by the player, by the leave, by the
 * idle sweep, or by the sweep after a crash (a round left placed is idle). The actions of every
 * round of a sitting draw on the same seed pair; each round's state starts at `nonceBase`, the
 * number of actions its earlier rounds took, so nonces never repeat.
 */
export interface SittingView {
  sittingId: string;
  roomId: string;
  seat: number;
  serverSeedHash: string;
  clientSeed: string;
  /** The server seed, once the sitting ended (anyone can then recompute every action). */
  serverSeed: string | null;
  status: "seated" | "left";
}

export function sittingView(r: Record<string, unknown>): SittingView {
  const status = String(r.status) === "seated" ? "seated" : "left";
  return {
    sittingId: String(r.id),
    roomId: String(r.room_id),
    seat: Number(r.seat),
    serverSeedHash: String(r.server_seed_hash),
    clientSeed: String(r.client_seed),
    serverSeed: status === "left" ? String(r.server_seed) : null,
    status,
  };
}

/**
 * Take a seat (no money moves): the session's seat if it has one, else the lowest free seat of
 * the first of `rooms` with one, else seat 1 of the room `openRoom` opens. One sitting down at a
 * time per `lockKey` (the rooms' group: a fish stake level), so two players never take one seat
 * and a new room opens only when every room is full. Idempotent on (session, requestId).
 */
export async function sitDown<A, S, E>(
  ctx: RgsContext,
  game: ContinuousGame<A, S, E>,
  session: SessionRow,
  input: {
    requestId: string;
    clientSeed?: string | undefined;
    lockKey: string;
    /** The rooms taking seats, in order; a room with its own seat count names it (else `game.seats`). */
    rooms: (tx: RgsTx) => Promise<Array<string | { id: string; seats: number }>>;
    openRoom: (tx: RgsTx) => Promise<string>;
  },
): Promise<SittingView> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${game.name}:sit:${input.lockKey}`}))`);
    const [mine] = await rows<Record<string, unknown>>(
      tx,
      sql`SELECT * FROM rgs.room_sittings WHERE session_id = ${session.id}
            AND (request_id = ${input.requestId} OR status = 'seated')
          ORDER BY (request_id = ${input.requestId}) DESC LIMIT 1`,
    );
    if (mine) return sittingView(mine);
    const seatsOf = async (roomIds: string[]) => {
      if (roomIds.length === 0) return new Map<string, Set<number>>();
      const taken = await rows<{ room_id: string; seat: unknown }>(
        tx,
        sql`SELECT room_id, seat FROM rgs.room_sittings WHERE game = ${game.name} AND status = 'seated'
            AND room_id IN (${sql.join(
              roomIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      const by = new Map<string, Set<number>>(roomIds.map((id) => [id, new Set<number>()]));
      for (const r of taken) by.get(String(r.room_id))?.add(Number(r.seat));
      return by;
    };
    const candidates = (await input.rooms(tx)).map((r) =>
      typeof r === "string" ? { id: r, seats: game.seats } : r,
    );
    const taken = await seatsOf(candidates.map((r) => r.id));
    let roomId: string | null = null;
    let seat = 0;
    for (const { id, seats } of candidates) {
      const free = Array.from({ length: seats }, (_, i) => i + 1).find((n) => !taken.get(id)?.has(n));
      if (free !== undefined) {
        roomId = id;
        seat = free;
        break;
      }
    }
    if (roomId === null) {
      roomId = await input.openRoom(tx);
      seat = 1;
    }
    const serverSeed = newServerSeed();
    const now = at(ctx.now());
    const [row] = await rows<Record<string, unknown>>(
      tx,
      sql`INSERT INTO rgs.room_sittings (id, game, room_id, seat, session_id, request_id, player_id, server_seed,
            server_seed_hash, client_seed, status, joined_at, last_action_at)
          VALUES (${randomUUID()}, ${game.name}, ${roomId}, ${seat}, ${session.id}, ${input.requestId},
            ${session.playerId}, ${serverSeed}, ${seedHash(serverSeed)}, ${input.clientSeed ?? newClientSeed()},
            'seated', ${now}, ${now})
          RETURNING *`,
    );
    return sittingView(row as Record<string, unknown>);
  });
}

/** A sitting of the session's player, or ROUND_NOT_FOUND. */
export async function mySitting(
  ctx: RgsContext,
  session: SessionRow,
  sittingId: string,
): Promise<Record<string, unknown>> {
  const [row] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT * FROM rgs.room_sittings WHERE id = ${sittingId} AND player_id = ${session.playerId}`,
  );
  if (!row) throw new RgsError("ROUND_NOT_FOUND", 404);
  return row;
}

/**
 * Open a round of a sitting: ONE debit of `amount` (placeStake), the round's state from the
 * game's `initial` with the sitting's client seed and the nonces taken so far. Refused while
 * another round of the sitting is open (ROUND_OPEN) or once the sitting ended (SEAT_CLOSED).
 * A sitting that ended while this debit was on its way has the round closed (paid back) at once.
 */
export async function openSittingRound<A, S, E>(
  ctx: RgsContext,
  game: ContinuousGame<A, S, E>,
  session: SessionRow,
  sittingId: string,
  input: { requestId: string; amount: bigint },
): Promise<SeatView> {
  if (input.amount <= 0n) throw new RgsError("BET_INVALID", 400);
  // A sitting's room never changes: the debit names it in the betting record.
  const sat = await mySitting(ctx, session, sittingId);
  const view = await placeStake(ctx, SEATS_STORE, session, {
    requestId: input.requestId,
    gameCode: String(sat.room_id),
    closed: "BETS_CLOSED",
    view: seatView,
    reserve: async (tx, id, lease, created) => {
      // The sitting's row orders its rounds: one opens at a time, and never after the leave.
      const [sitting] = await rows<Record<string, unknown>>(
        tx,
        sql`SELECT * FROM rgs.room_sittings WHERE id = ${sittingId} AND session_id = ${session.id} FOR UPDATE`,
      );
      if (!sitting) throw new RgsError("ROUND_NOT_FOUND", 404);
      if (sitting.status !== "seated") throw new RgsError("SEAT_CLOSED", 409);
      const [before] = await rows<{ open: unknown; nonces: unknown }>(
        tx,
        sql`SELECT count(*) FILTER (WHERE status IN ('debit_pending', 'placed')) AS open,
              COALESCE(sum(seq), 0) AS nonces
            FROM rgs.room_seats WHERE sitting_id = ${sittingId}`,
      );
      if (Number(before?.open ?? 0) > 0) throw new RgsError("ROUND_OPEN", 409);
      const state = game.initial({
        clientSeed: String(sitting.client_seed),
        nonceBase: Number(before?.nonces ?? 0),
        roomId: String(sitting.room_id),
      });
      await tx.execute(
        sql`INSERT INTO rgs.room_seats (id, game, room_id, seat, session_id, request_id, player_id, vendor, currency,
              seed, seed_hash, total, on_round, state, status, next_attempt_at, last_action_at, created_at, updated_at,
              sitting_id)
            VALUES (${id}, ${game.name}, ${String(sitting.room_id)}, ${Number(sitting.seat)}, ${session.id},
              ${input.requestId}, ${session.playerId}, ${session.vendor}, ${session.currency},
              ${String(sitting.server_seed)}, ${String(sitting.server_seed_hash)}, ${input.amount.toString()}::bigint,
              ${input.amount.toString()}::bigint, ${JSON.stringify(state)}::jsonb, 'debit_pending', ${lease},
              ${created}, ${created}, ${created}, ${sittingId})`,
      );
      await tx.execute(sql`UPDATE rgs.room_sittings SET last_action_at = ${created} WHERE id = ${sittingId}`);
      return input.amount;
    },
  });
  const [still] = await rows<{ status: string }>(
    ctx.db,
    sql`SELECT status FROM rgs.room_sittings WHERE id = ${sittingId}`,
  );
  if (still?.status !== "seated" && view.status === "placed") return leaveSeat(ctx, view.seatId);
  return view;
}

/**
 * End a sitting: no round opens on it any more, its open round is closed and paid (ONE credit of
 * what is left on it), the seat frees and the server seed is revealed. A repeat changes nothing.
 */
export async function standUp(ctx: RgsContext, sittingId: string): Promise<SittingView> {
  await ctx.db.execute(
    sql`UPDATE rgs.room_sittings SET status = 'left', left_at = ${at(ctx.now())}
        WHERE id = ${sittingId} AND status = 'seated'`,
  );
  const open = await rows<{ id: string }>(
    ctx.db,
    sql`SELECT id FROM rgs.room_seats WHERE sitting_id = ${sittingId} AND status = 'placed'`,
  );
  for (const r of open) await leaveSeat(ctx, String(r.id));
  const [row] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT * FROM rgs.room_sittings WHERE id = ${sittingId}`,
  );
  if (!row) throw new RgsError("ROUND_NOT_FOUND", 404);
  return sittingView(row);
}

export function startSeats(
  ctx: RoundsContext,
  // biome-ignore lint/suspicious/noExplicitAny: games of different action, state and env types
  games: Array<ContinuousGame<any, any, any>>,
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
