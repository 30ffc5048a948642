import { randomUUID } from "node:crypto";
import { formatMinor } from "@panalo/contracts/money";
import {
  type CardId,
  cardName,
  DEFAULT_TONGITS,
  defaultAction,
  type HoldemAction,
  type HoldemState,
  act as holdemAct,
  legalActions,
  seededDeck,
  startHand,
  startTongits,
  type TongitsAction,
  type TongitsState,
  tongitsAct,
  tongitsActions,
  tongitsDefaultAction,
  verifyDeck,
} from "@panalo/game-math/cards/index";
import { sql } from "drizzle-orm";
import { type RgsContext, RgsError } from "../context.ts";
import { type RgsDb, type RgsTx, rows } from "../db.ts";
import { newServerSeed } from "../fairness.ts";
import { SEATS_STORE } from "../rounds/continuous.ts";
import { holdLease, newRoundSeed, type RoundsContext, roundSeedHash } from "../rounds/engine.ts";
import { at, placeStake, stakeMoves, stakeRowOf } from "../rounds/stakes.ts";
import type { SessionRow } from "../schema.ts";

/**
 * PVP card rooms (docs/cards.md): No-Limit Hold'em and Tongits tables on the continuous rooms.
 *
 * Money: a seat is a rgs.room_seats row of game `cards` (the engine's stake row): sitting down is
 * its ONE debit (the buy-in, through placeStake), its `on_round` is the player's stack, standing
 * up is its ONE credit of the stack, a rebuy is one more debit on the same round
 * (`<seat>:rebuy:<id>`). A hand moves chips between stacks only when it completes, in one
 * transaction holding the table row, the hand row and the seat rows in id order (the lock order
 * of every writer here: table → hand → seats). A hand left `playing` by a leader that lost the
 * table's lease (SIGKILLed, paused) is voided by the next leader: it moved nothing, so every stack
 * is its value at the hand's start, and the void is a guarded update, so it happens once.
 */
export const CARDS_GAME = "cards";
export const CARDS_VENDOR = "PNP";
const seatMoves = stakeMoves(SEATS_STORE);

export type CardGame = "holdem" | "tongits";

export interface CardTable {
  id: string;
  game: CardGame;
  name: string;
  smallBlind: bigint | null;
  bigBlind: bigint | null;
  stake: bigint | null;
  seats: number;
  minBuyIn: bigint;
  maxBuyIn: bigint;
  rakePpm: number;
  rakeCap: bigint;
  actionMs: number;
  timeBankMs: number;
  pauseMs: number;
  enabled: boolean;
  /** Fair play: refuse a second player from one address or device (null: the global setting). */
  distinctPlayers: boolean | null;
}

const big = (v: unknown) => BigInt(String(v ?? 0));
const bigOrNull = (v: unknown) => (v === null || v === undefined ? null : big(v));
const jsonOf = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;

function tableOf(r: Record<string, unknown>): CardTable {
  return {
    id: String(r.id),
    game: String(r.game) as CardGame,
    name: String(r.name),
    smallBlind: bigOrNull(r.small_blind),
    bigBlind: bigOrNull(r.big_blind),
    stake: bigOrNull(r.stake),
    seats: Number(r.seats),
    minBuyIn: big(r.min_buy_in),
    maxBuyIn: big(r.max_buy_in),
    rakePpm: Number(r.rake_ppm),
    rakeCap: big(r.rake_cap),
    actionMs: Number(r.action_ms),
    timeBankMs: Number(r.time_bank_ms),
    pauseMs: Number(r.pause_ms),
    enabled: Boolean(r.enabled),
    distinctPlayers:
      r.distinct_players === null || r.distinct_players === undefined ? null : Boolean(r.distinct_players),
  };
}

export { tableOf as cardTableOf };

/** The tables every fresh game server opens with (the back office changes them later). */
export const CARD_SEED_TABLES = [
  {
    id: "holdem-1",
    game: "holdem",
    name: "Hold'em 1/2",
    sb: 100,
    bb: 200,
    stake: null,
    seats: 6,
    min: 40_00,
    max: 200_00,
  },
  {
    id: "holdem-2",
    game: "holdem",
    name: "Hold'em 5/10",
    sb: 500,
    bb: 1000,
    stake: null,
    seats: 9,
    min: 200_00,
    max: 1000_00,
  },
  {
    id: "tongits-1",
    game: "tongits",
    name: "Tongits 5",
    sb: null,
    bb: null,
    stake: 500,
    seats: 3,
    min: 100_00,
    max: 500_00,
  },
  {
    id: "tongits-2",
    game: "tongits",
    name: "Tongits 20",
    sb: null,
    bb: null,
    stake: 2000,
    seats: 3,
    min: 400_00,
    max: 2000_00,
  },
] as const;

export async function seedCardTables(db: RgsDb): Promise<void> {
  for (const t of CARD_SEED_TABLES)
    await db.execute(
      sql`INSERT INTO rgs.card_tables (id, game, name, small_blind, big_blind, stake, seats, min_buy_in, max_buy_in,
            rake_ppm, rake_cap, action_ms, time_bank_ms, pause_ms)
          VALUES (${t.id}, ${t.game}, ${t.name}, ${t.sb}, ${t.bb}, ${t.stake}, ${t.seats}, ${t.min}, ${t.max},
            50000, 3000, 20000, 30000, 3000)
          ON CONFLICT (id) DO NOTHING`,
    );
}

/** A table's row locked for the caller's transaction (the first lock of every writer). */
async function lockTable(tx: RgsTx, tableId: string): Promise<CardTable> {
  const [r] = await rows<Record<string, unknown>>(
    tx,
    sql`SELECT * FROM rgs.card_tables WHERE id = ${tableId} FOR UPDATE`,
  );
  if (!r) throw new RgsError("TABLE_NOT_FOUND", 404);
  return tableOf(r);
}

export interface TableListing {
  tableId: string;
  game: CardGame;
  name: string;
  smallBlind: string | null;
  bigBlind: string | null;
  stake: string | null;
  seats: number;
  seatsTaken: number;
  minBuyIn: string;
  maxBuyIn: string;
  rakePercent: string;
  rakeCap: string;
  actionSeconds: number;
  enabled: boolean;
}

/** The lobby: every table with its stakes, buy-in range and seats taken, filtered by game and stake. */
export async function cardTables(
  ctx: RgsContext,
  filter: { game?: CardGame | undefined; stake?: bigint | undefined; tableId?: string } = {},
): Promise<TableListing[]> {
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT t.*, (SELECT count(*) FROM rgs.room_seats s WHERE s.game = ${CARDS_GAME} AND s.room_id = t.id
          AND s.status IN ('debit_pending', 'placed')) AS taken
        FROM rgs.card_tables t
        WHERE ${filter.tableId === undefined ? sql`true` : sql`t.id = ${filter.tableId}`}
        ORDER BY t.game, COALESCE(t.big_blind, t.stake), t.id`,
  );
  return list
    .map((r) => ({ t: tableOf(r), taken: Number(r.taken) }))
    .filter(({ t }) => !filter.game || t.game === filter.game)
    .filter(({ t }) => filter.stake === undefined || (t.bigBlind ?? t.stake) === filter.stake)
    .map(({ t, taken }) => listingOf(t, taken));
}

const tableIdOf = (session: SessionRow): string => {
  const prefix = `${CARDS_GAME}:`;
  if (!session.gameId.startsWith(prefix)) throw new RgsError("TABLE_NOT_FOUND", 404);
  return session.gameId.slice(prefix.length);
};

export interface CardSeatView {
  seatId: string;
  tableId: string;
  seat: number;
  buyIn: string;
  stack: string;
  status: string;
  leaving: boolean;
  timeBankMs: number;
  balance: string | null;
}

interface SeatState {
  timeBankMs: number;
  leaving?: boolean;
  /** Where the player sat down from: the request's address and the screen's device id. */
  address?: string | null;
  device?: string | null;
}

/** The operators' global fair-play rule (rgs.card_settings), a table's own overriding it. */
async function distinctPlayersRule(exec: RgsDb | RgsTx, table: CardTable): Promise<boolean> {
  if (table.distinctPlayers !== null) return table.distinctPlayers;
  const [r] = await rows<{ distinct_players: unknown }>(
    exec,
    sql`SELECT distinct_players FROM rgs.card_settings WHERE id = 1`,
  );
  return Boolean(r?.distinct_players);
}

function seatView(r: Record<string, unknown>): CardSeatView {
  const state = jsonOf<SeatState>(r.state);
  return {
    seatId: String(r.id),
    tableId: String(r.room_id),
    seat: Number(r.seat),
    buyIn: formatMinor(big(r.total)),
    stack: formatMinor(big(r.on_round)),
    status: String(r.status),
    leaving: Boolean(state.leaving),
    timeBankMs: Number(state.timeBankMs ?? 0),
    balance: r.balance === null || r.balance === undefined ? null : formatMinor(big(r.balance)),
  };
}

/**
 * Sit down at the session's table: the lowest free seat, ONE debit of the buy-in (placeStake;
 * idempotent on the request id). The platform refuses bonus money for this vendor
 * (BONUS_BUY_IN_NOT_ALLOWED: a buy-in is real money only).
 */
export async function joinTable(
  ctx: RgsContext,
  session: SessionRow,
  input: { requestId: string; buyIn: bigint; address?: string | null; device?: string | null },
): Promise<CardSeatView> {
  const tableId = tableIdOf(session);
  const address = input.address ?? null;
  const device = input.device ?? null;
  return placeStake(ctx, SEATS_STORE, session, {
    requestId: input.requestId,
    gameCode: tableId,
    closed: "BETS_CLOSED",
    view: seatView,
    reserve: async (tx, id, lease, created) => {
      const table = await lockTable(tx, tableId);
      if (!table.enabled) throw new RgsError("TABLE_CLOSED", 409);
      if (input.buyIn < table.minBuyIn || input.buyIn > table.maxBuyIn)
        throw new RgsError("CARDS_BUY_IN", 400, null, undefined, {
          min: formatMinor(table.minBuyIn),
          max: formatMinor(table.maxBuyIn),
        });
      const seated = await rows<{ seat: unknown; player_id: unknown; state: unknown }>(
        tx,
        sql`SELECT seat, player_id, state FROM rgs.room_seats WHERE game = ${CARDS_GAME} AND room_id = ${tableId}
            AND status IN ('debit_pending', 'placed')`,
      );
      if (seated.some((s) => Number(s.player_id) === session.playerId))
        throw new RgsError("CARDS_ALREADY_SEATED", 409);
      // Fair play: two accounts from one address or device at one table could play as a team
      // (see each other's cards, squeeze a third player), so the operator may refuse the second.
      // Checked under the table's row lock, so two such players joining at once cannot both sit.
      if (
        (address !== null || device !== null) &&
        (await distinctPlayersRule(tx, table)) &&
        seated.some((s) => {
          const st = jsonOf<SeatState>(s.state);
          return (address !== null && st.address === address) || (device !== null && st.device === device);
        })
      )
        throw new RgsError("CARDS_SAME_ADDRESS", 409);
      const taken = new Set(seated.map((s) => Number(s.seat)));
      const seat = Array.from({ length: table.seats }, (_, i) => i + 1).find((n) => !taken.has(n));
      if (seat === undefined) throw new RgsError("ROOM_FULL", 409);
      const seed = newRoundSeed();
      const state: SeatState = { timeBankMs: table.timeBankMs, address, device };
      await tx.execute(
        sql`INSERT INTO rgs.room_seats (id, game, room_id, seat, session_id, request_id, player_id, vendor, currency,
              seed, seed_hash, total, on_round, state, status, next_attempt_at, last_action_at, created_at, updated_at)
            VALUES (${id}, ${CARDS_GAME}, ${tableId}, ${seat}, ${session.id}, ${input.requestId}, ${session.playerId},
              ${session.vendor}, ${session.currency}, ${seed}, ${roundSeedHash(seed)}, ${input.buyIn.toString()}::bigint,
              ${input.buyIn.toString()}::bigint, ${JSON.stringify(state)}::jsonb, 'debit_pending', ${lease},
              ${created}, ${created}, ${created})`,
      );
      return input.buyIn;
    },
  });
}

async function mySeat(exec: RgsDb | RgsTx, session: SessionRow, seatId: string, lock = false) {
  const [seat] = await rows<Record<string, unknown>>(
    exec,
    lock
      ? sql`SELECT * FROM rgs.room_seats WHERE id = ${seatId} AND game = ${CARDS_GAME} FOR UPDATE`
      : sql`SELECT * FROM rgs.room_seats WHERE id = ${seatId} AND game = ${CARDS_GAME}`,
  );
  if (!seat || Number(seat.player_id) !== session.playerId) throw new RgsError("ROUND_NOT_FOUND", 404);
  return seat;
}

async function playingHand(tx: RgsTx | RgsDb, tableId: string, lock: boolean) {
  const [h] = await rows<Record<string, unknown>>(
    tx,
    lock
      ? sql`SELECT * FROM rgs.card_hands WHERE table_id = ${tableId} AND status = 'playing' FOR UPDATE`
      : sql`SELECT * FROM rgs.card_hands WHERE table_id = ${tableId} AND status = 'playing'`,
  );
  return h;
}

const dealtIn = (hand: Record<string, unknown> | undefined, seatId: string) =>
  hand ? jsonOf<HandSeat[]>(hand.seats).some((s) => s.seatId === seatId) : false;

/**
 * Stand up: ONE credit of the stack (placed → credit_pending decides it once; a repeat, or the
 * leader's stand-up after a hand racing it, changes nothing twice). A player dealt into the hand
 * being played is marked leaving: their turns time out (check or fold; Tongits: draw and discard)
 * and they stand up when the hand ends, so a stack is never paid while a hand can still move it.
 */
export async function leaveTable(
  ctx: RgsContext,
  seatId: string,
  session?: SessionRow,
): Promise<CardSeatView> {
  const lease = at(new Date(ctx.now().getTime() + ctx.leaseMs));
  const moved = await ctx.db.transaction(async (tx) => {
    const [peek] = await rows<{ room_id: string }>(
      tx,
      sql`SELECT room_id FROM rgs.room_seats WHERE id = ${seatId} AND game = ${CARDS_GAME}`,
    );
    if (!peek) throw new RgsError("ROUND_NOT_FOUND", 404);
    await lockTable(tx, String(peek.room_id));
    const seat = session
      ? await mySeat(tx, session, seatId, true)
      : (
          await rows<Record<string, unknown>>(
            tx,
            sql`SELECT * FROM rgs.room_seats WHERE id = ${seatId} FOR UPDATE`,
          )
        )[0];
    if (seat?.status !== "placed") return null;
    if (dealtIn(await playingHand(tx, String(peek.room_id), false), seatId)) {
      await tx.execute(
        sql`UPDATE rgs.room_seats SET state = state || '{"leaving": true}'::jsonb, updated_at = ${at(ctx.now())}
            WHERE id = ${seatId}`,
      );
      return null;
    }
    const [left] = await rows<Record<string, unknown>>(
      tx,
      sql`UPDATE rgs.room_seats SET status = 'credit_pending', win = on_round, next_attempt_at = ${lease},
            updated_at = ${at(ctx.now())}
          WHERE id = ${seatId} AND status = 'placed' RETURNING *`,
    );
    return left ?? null;
  });
  if (moved) await seatMoves.credit(ctx, stakeRowOf(SEATS_STORE, moved));
  const [now] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT * FROM rgs.room_seats WHERE id = ${seatId}`,
  );
  if (!now) throw new RgsError("ROUND_NOT_FOUND", 404);
  return seatView(now);
}

/**
 * A rebuy: ONE debit of `amount` on the seat's round (transaction `<seat>:rebuy:<id>`), the stack
 * after it at most the table's maximum buy-in. The row is written before the call; the stack grows
 * in the statement that records the platform's yes (guarded by the row's status, so once). A
 * rebuy whose answer was lost stays `debit_pending` and the sweep rolls it back.
 */
export async function rebuy(
  ctx: RgsContext,
  session: SessionRow,
  seatId: string,
  input: { requestId: string; amount: bigint },
): Promise<CardSeatView> {
  const answerOf = async (id: string) => {
    const [r] = await rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT * FROM rgs.card_rebuys WHERE id = ${id}`,
    );
    if (r?.status === "refused") {
      const code = String(r.error_code ?? "");
      if (code === "BONUS_BUY_IN_NOT_ALLOWED") throw new RgsError("BONUS_BUY_IN_NOT_ALLOWED", 409);
      if (code === "INSUFFICIENT_FUNDS") throw new RgsError("INSUFFICIENT_FUNDS", 409);
      throw new RgsError("PLATFORM_UNAVAILABLE", 503);
    }
    if (r?.status !== "placed") throw new RgsError("PLATFORM_UNAVAILABLE", 503);
    return seatView(await mySeat(ctx.db, session, seatId));
  };
  const [seen] = await rows<{ id: string }>(
    ctx.db,
    sql`SELECT id FROM rgs.card_rebuys WHERE seat_id = ${seatId} AND request_id = ${input.requestId}`,
  );
  if (seen) return answerOf(seen.id);
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    const seat = await mySeat(tx, session, seatId, true);
    if (seat.status !== "placed") throw new RgsError("SEAT_CLOSED", 409);
    const [t] = await rows<Record<string, unknown>>(
      tx,
      sql`SELECT * FROM rgs.card_tables WHERE id = ${String(seat.room_id)}`,
    );
    const table = tableOf(t as Record<string, unknown>);
    const [pending] = await rows<{ sum: unknown }>(
      tx,
      sql`SELECT COALESCE(sum(amount), 0) AS sum FROM rgs.card_rebuys WHERE seat_id = ${seatId} AND status = 'debit_pending'`,
    );
    if (input.amount <= 0n || big(seat.on_round) + big(pending?.sum) + input.amount > table.maxBuyIn)
      throw new RgsError("CARDS_BUY_IN", 400, null, undefined, {
        min: "0.01",
        max: formatMinor(table.maxBuyIn - big(seat.on_round)),
      });
    await tx.execute(
      sql`INSERT INTO rgs.card_rebuys (id, seat_id, request_id, amount, status, created_at, updated_at)
          VALUES (${id}, ${seatId}, ${input.requestId}, ${input.amount.toString()}::bigint, 'debit_pending',
            ${at(ctx.now())}, ${at(ctx.now())})`,
    );
  });
  const r = await ctx.client.call(session.vendor, "debit", {
    token: session.token,
    playerId: session.playerId,
    transactionId: `${seatId}:rebuy:${id}`,
    roundId: seatId,
    amount: formatMinor(input.amount),
    roundClosed: false,
    gameCode: tableIdOf(session),
  });
  if (r.kind === "ok")
    await ctx.db.execute(
      sql`WITH moved AS (UPDATE rgs.card_rebuys SET status = 'placed', updated_at = ${at(ctx.now())}
            WHERE id = ${id} AND status = 'debit_pending' RETURNING seat_id, amount)
          UPDATE rgs.room_seats s SET on_round = s.on_round + moved.amount, updated_at = ${at(ctx.now())}
          FROM moved WHERE s.id = moved.seat_id`,
    );
  else if (r.kind === "refused")
    await ctx.db.execute(
      sql`UPDATE rgs.card_rebuys SET status = 'refused', error_code = ${r.code}, updated_at = ${at(ctx.now())}
          WHERE id = ${id} AND status = 'debit_pending'`,
    );
  return answerOf(id);
}

/** Rebuys whose debit's answer was lost (older than the lease): rolled back, once each. */
async function rollbackStaleRebuys(ctx: RgsContext): Promise<void> {
  const stale = await rows<Record<string, unknown>>(
    ctx.db,
    sql`UPDATE rgs.card_rebuys SET status = 'rollback_pending', updated_at = ${at(ctx.now())}
        WHERE status IN ('debit_pending', 'rollback_pending')
          AND updated_at < ${at(new Date(ctx.now().getTime() - ctx.leaseMs))}
        RETURNING id, seat_id, amount,
          (SELECT vendor FROM rgs.room_seats s WHERE s.id = seat_id) AS vendor,
          (SELECT player_id FROM rgs.room_seats s WHERE s.id = seat_id) AS player_id,
          (SELECT room_id FROM rgs.room_seats s WHERE s.id = seat_id) AS room_id`,
  );
  for (const s of stale) {
    const r = await ctx.client.call(String(s.vendor), "rollback", {
      playerId: Number(s.player_id),
      transactionId: `${String(s.seat_id)}:rebuy:${String(s.id)}:rollback`,
      roundId: String(s.seat_id),
      refTransactionId: `${String(s.seat_id)}:rebuy:${String(s.id)}`,
      amount: formatMinor(big(s.amount)),
      roundClosed: false,
    });
    // BET_ROLLED_BACK: an earlier copy of this rollback was applied.
    if (r.kind === "ok" || (r.kind === "refused" && r.code === "BET_ROLLED_BACK"))
      await ctx.db.execute(
        sql`UPDATE rgs.card_rebuys SET status = 'rolled_back', updated_at = ${at(ctx.now())}
            WHERE id = ${String(s.id)} AND status = 'rollback_pending'`,
      );
  }
}

// ---------------------------------------------------------------------------------------------
// Hands

/** A seat dealt into a hand, with its stack at the start. */
interface HandSeat {
  seatId: string;
  seat: number;
  playerId: number;
  stack: number;
}

/** What a hand row's `state` holds: the engine's state, the time banks, Tongits' last draw. */
interface HandState {
  holdem?: HoldemState;
  tongits?: TongitsState;
  /** Seat → time bank left (ms). */
  banks: Record<number, number>;
  /** Tongits: the card the player to move drew this turn (the timeout discards it). */
  lastDrawn?: CardId | null;
  /** The number of actions logged. */
  seq: number;
}

/** The seat (table seat number) whose move it is, or null when nobody's (complete). */
function actingSeat(hs: HandState, seats: HandSeat[]): number | null {
  if (hs.holdem) {
    const s = hs.holdem;
    if (s.phase === "complete" || s.toAct < 0) return null;
    return s.players[s.toAct]?.seat ?? null;
  }
  const t = hs.tongits as TongitsState;
  if (t.phase === "complete") return null;
  return seats[t.turn]?.seat ?? null;
}

/** Showdown runs itself: a hand that can win is shown, one that cannot is mucked. */
function runShowdown(s: HoldemState): HoldemState {
  let state = s;
  while (state.phase === "showdown") {
    const legal = legalActions(state);
    if (!legal) break;
    const r = holdemAct(state, legal.player, { type: legal.muck ? "muck" : "show" });
    if (!r.ok) break;
    state = r.state;
  }
  return state;
}

/**
 * Deal the next hand at a table when it has the players for it and the pause after the last one
 * has passed: Hold'em 2 or more seated players with chips, Tongits 3. The button (dealer) moves
 * one player on; a new server seed per hand, its hash and the deck hash stored (shown) now.
 */
export async function dealHand(ctx: RoundsContext, tableId: string): Promise<string | null> {
  return ctx.db.transaction(async (tx) => {
    const table = await lockTable(tx, tableId);
    if (!table.enabled) return null;
    if (await playingHand(tx, tableId, false)) return null;
    const [last] = await rows<Record<string, unknown>>(
      tx,
      sql`SELECT no, button, ended_at FROM rgs.card_hands WHERE table_id = ${tableId} ORDER BY no DESC LIMIT 1`,
    );
    if (last?.ended_at && new Date(String(last.ended_at)).getTime() + table.pauseMs > ctx.now().getTime())
      return null;
    const seated = await rows<Record<string, unknown>>(
      tx,
      sql`SELECT * FROM rgs.room_seats WHERE game = ${CARDS_GAME} AND room_id = ${tableId} AND status = 'placed'
            AND on_round > 0 AND NOT COALESCE((state->>'leaving')::boolean, false)
          ORDER BY seat`,
    );
    const need = table.game === "holdem" ? 2 : 3;
    if (seated.length < need) return null;
    const seats: HandSeat[] = seated.slice(0, table.game === "holdem" ? 9 : 3).map((r) => ({
      seatId: String(r.id),
      seat: Number(r.seat),
      playerId: Number(r.player_id),
      stack: Number(r.on_round),
    }));
    const prevButton = last?.button === null || last?.button === undefined ? 0 : Number(last.button);
    const button = (seats.find((s) => s.seat > prevButton) ?? seats[0])?.seat as number;
    const id = randomUUID();
    const no = Number(last?.no ?? 0) + 1;
    const serverSeed = newServerSeed();
    const clientSeed = `${tableId}:${no}`;
    const deck = seededDeck(serverSeed, clientSeed, id);
    const banks = Object.fromEntries(
      seated.map((r) => [Number(r.seat), Number(jsonOf<SeatState>(r.state).timeBankMs ?? 0)]),
    );
    const hs: HandState =
      table.game === "holdem"
        ? {
            holdem: startHand({
              config: {
                smallBlind: Number(table.smallBlind),
                bigBlind: Number(table.bigBlind),
                rakePpm: table.rakePpm,
                rakeCap: Number(table.rakeCap),
              },
              seats: seats.map((s) => ({ seat: s.seat, stack: s.stack })),
              buttonSeat: button,
              deck: deck.cards,
            }),
            banks,
            seq: 0,
          }
        : {
            tongits: startTongits({
              config: { ...DEFAULT_TONGITS, stake: Number(table.stake), rakePpm: table.rakePpm },
              dealer: seats.findIndex((s) => s.seat === button),
              deck: deck.cards,
            }),
            banks,
            lastDrawn: null,
            seq: 0,
          };
    if (hs.holdem) hs.holdem = runShowdown(hs.holdem);
    const now = ctx.now();
    await tx.execute(
      sql`INSERT INTO rgs.card_hands (id, table_id, no, status, holder, server_seed, server_seed_hash, client_seed,
            deck_hash, cards, seats, state, button, acting_seat, turn_started_at, deadline, started_at)
          VALUES (${id}, ${tableId}, ${no}, 'playing', ${ctx.holder}, ${serverSeed}, ${deck.serverSeedHash},
            ${clientSeed}, ${deck.deckHash}, ${JSON.stringify(deck.cards)}::jsonb, ${JSON.stringify(seats)}::jsonb,
            ${JSON.stringify(hs)}::jsonb, ${button}, ${actingSeat(hs, seats)}, ${at(now)},
            ${at(new Date(now.getTime() + table.actionMs))}, ${at(now)})`,
    );
    // A hand over before anyone acts (everyone all-in on the blinds) settles at once.
    if (actingSeat(hs, seats) === null) await finishHand(ctx, tx, table, id, seats, hs);
    return id;
  });
}

export type CardAction = { type: string; [k: string]: unknown };

/** Turns in a row that ran out before a seat is stood up (after the hand). */
export const TIMEOUTS_TO_LEAVE = 3;

/**
 * One action on the playing hand, in the transaction that holds the table and the hand: run
 * through the game's engine, logged once, the next turn's clock started; a hand this completes is
 * settled in the same transaction. A Tongits timeout in the draw phase draws and discards the
 * card drawn (two engine actions, one log entry each).
 */
async function applyAction(
  ctx: RgsContext,
  tx: RgsTx,
  table: CardTable,
  hand: Record<string, unknown>,
  seat: number,
  action: CardAction,
  requestId: string,
  timedOut: boolean,
): Promise<void> {
  const seats = jsonOf<HandSeat[]>(hand.seats);
  let hs = jsonOf<HandState>(hand.state);
  const logged: Array<{ action: unknown; requestId: string }> = [];
  const apply = (a: CardAction, rid: string) => {
    if (hs.holdem) {
      const idx = hs.holdem.players.findIndex((p) => p.seat === seat);
      const r = holdemAct(hs.holdem, idx, a as HoldemAction);
      if (!r.ok) throw new RgsError("CARDS_ACTION_REFUSED", 409, null, undefined, { reason: r.code });
      hs = { ...hs, holdem: runShowdown(r.state) };
    } else {
      const t = hs.tongits as TongitsState;
      const idx = seats.findIndex((s) => s.seat === seat);
      const before = t.players[idx]?.hand ?? [];
      const r = tongitsAct(t, idx, a as TongitsAction);
      if (!r.ok) throw new RgsError("CARDS_ACTION_REFUSED", 409, null, undefined, { reason: r.code });
      const after = r.state.players[idx]?.hand ?? [];
      const drawn = a.type === "draw" ? (after.find((c) => !before.includes(c)) ?? null) : hs.lastDrawn;
      hs = { ...hs, tongits: r.state, lastDrawn: r.state.turn === idx ? drawn : null };
    }
    logged.push({ action: a, requestId: rid });
  };
  apply(action, requestId);
  // Tongits' timeout: draw, then discard the card drawn (else the engine's default discard).
  if (timedOut && hs.tongits && action.type === "draw" && hs.tongits.phase === "play") {
    const card = hs.lastDrawn;
    const hand2 = hs.tongits.players[hs.tongits.turn]?.hand ?? [];
    const discard: CardAction =
      card !== null && card !== undefined && hand2.includes(card)
        ? { type: "discard", card }
        : ((tongitsDefaultAction(hs.tongits) ?? { type: "fold" }) as CardAction);
    apply(discard, `${requestId}:discard`);
  }
  // The seat's time bank: what the turn took beyond its action time is spent from it.
  const now = ctx.now();
  const turnStart = new Date(String(hand.turn_started_at)).getTime();
  const over = now.getTime() - (turnStart + table.actionMs);
  if (over > 0) hs.banks[seat] = Math.max(0, (hs.banks[seat] ?? 0) - over);
  const handId = String(hand.id);
  const logRows = logged.map((l) => {
    hs.seq += 1;
    return sql`(${handId}, ${hs.seq}, ${seat}, ${l.requestId}, ${JSON.stringify(l.action)}::jsonb, ${timedOut}, ${at(now)})`;
  });
  // An absent player is stood up after TIMEOUTS_TO_LEAVE turns in a row ran out (their stack
  // stops paying blinds to nobody); any move of their own starts the count again.
  const seatId = seats.find((x) => x.seat === seat)?.seatId ?? "";
  const seatState = timedOut
    ? sql`state || jsonb_build_object('timeouts',
              COALESCE((state->>'timeouts')::int, 0) + 1,
              'leaving', COALESCE((state->>'leaving')::boolean, false)
                OR COALESCE((state->>'timeouts')::int, 0) + 1 >= ${TIMEOUTS_TO_LEAVE})`
    : sql`state || '{"timeouts": 0}'::jsonb`;
  const next = actingSeat(hs, seats);
  // The move's log, the seat's timeout count and the hand's new state and clock in ONE statement
  // (one round trip): three tables, each row already locked or new, so the order is the one the
  // transaction took its locks in (table → hand → seat).
  await tx.execute(
    sql`WITH logged AS (
          INSERT INTO rgs.card_actions (hand_id, seq, seat, request_id, action, timed_out, created_at)
          VALUES ${sql.join(logRows, sql`, `)}
        ), seat AS (
          UPDATE rgs.room_seats SET state = ${seatState} WHERE id = ${seatId}
        )
        UPDATE rgs.card_hands SET state = ${JSON.stringify(hs)}::jsonb, acting_seat = ${next},
          turn_started_at = ${at(now)}, deadline = ${at(new Date(now.getTime() + table.actionMs))}, on_bank = false
        WHERE id = ${handId} AND status = 'playing'`,
  );
  if (next === null) await finishHand(ctx, tx, table, handId, seats, hs);
}

/**
 * Settle a completed hand in the caller's transaction: each dealt-in seat's stack moves by what
 * the hand won or lost (Hold'em: the engine's stacks; Tongits: the payments, a loser paying at
 * most their stack, the rake a share of what the winner takes, capped), the rake recorded, the
 * seed revealed. Guarded by the hand's status: a hand settles once, and never after a void.
 */
async function finishHand(
  ctx: RgsContext,
  tx: RgsTx,
  table: CardTable,
  handId: string,
  seats: HandSeat[],
  hs: HandState,
): Promise<void> {
  const delta = new Map<string, bigint>();
  let rake = 0n;
  let pots: unknown = null;
  let result: unknown = null;
  if (hs.holdem) {
    const r = hs.holdem.result;
    if (!r) throw new Error("hand not complete");
    for (const p of hs.holdem.players) {
      const s = seats.find((x) => x.seat === p.seat) as HandSeat;
      delta.set(s.seatId, BigInt(p.stack - s.stack));
    }
    rake = BigInt(r.rake);
    pots = r.pots;
    result = { won: r.won, shown: r.shown, returned: r.returned, board: hs.holdem.board.map(cardName) };
  } else {
    const t = hs.tongits as TongitsState;
    const r = t.result;
    if (!r) throw new Error("game not complete");
    let taken = 0n;
    seats.forEach((s, i) => {
      if (i === r.winner) return;
      const owed = BigInt(Math.max(0, -(r.payments[i] ?? 0)));
      const pay = owed < BigInt(s.stack) ? owed : BigInt(s.stack);
      taken += pay;
      delta.set(s.seatId, -pay);
    });
    rake = (taken * BigInt(table.rakePpm)) / 1_000_000n;
    if (rake > table.rakeCap) rake = table.rakeCap;
    delta.set(seats[r.winner]?.seatId as string, taken - rake);
    result = { ...r, paid: Object.fromEntries([...delta].map(([k, v]) => [k, v.toString()])) };
  }
  const [done] = await rows<{ id: string }>(
    tx,
    sql`UPDATE rgs.card_hands SET status = 'complete', rake = ${rake.toString()}::bigint,
          pots = ${JSON.stringify(pots)}::jsonb, result = ${JSON.stringify(result)}::jsonb,
          acting_seat = NULL, deadline = NULL, ended_at = ${at(ctx.now())}
        WHERE id = ${handId} AND status = 'playing' RETURNING id`,
  );
  if (!done) return;
  const ids = [...delta.keys()].sort();
  const locked = await rows<{ id: string; status: string }>(
    tx,
    sql`SELECT id, status FROM rgs.room_seats WHERE id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) ORDER BY id FOR UPDATE`,
  );
  // A dealt-in seat cannot have been paid out during the hand (the leave waits for its end).
  if (locked.some((s) => s.status !== "placed"))
    throw new Error(`hand ${handId}: a dealt-in seat is not placed`);
  const bankOf = (seatId: string) => hs.banks[seats.find((s) => s.seatId === seatId)?.seat ?? -1] ?? 0;
  // Every dealt-in seat's stack and time bank in one statement (the rows are locked above).
  await tx.execute(
    sql`UPDATE rgs.room_seats s SET on_round = s.on_round + v.delta, state = s.state || v.bank,
          last_action_at = ${at(ctx.now())}, updated_at = ${at(ctx.now())}
        FROM (VALUES ${sql.join(
          ids.map(
            (id) =>
              sql`(${id}::uuid, ${(delta.get(id) ?? 0n).toString()}::bigint, ${JSON.stringify({ timeBankMs: bankOf(id) })}::jsonb)`,
          ),
          sql`, `,
        )}) AS v (id, delta, bank)
        WHERE s.id = v.id`,
  );
}

/**
 * A player's action on the hand at their table. Accepted until the turn's deadline inclusive
 * (the time bank's, once the leader extended it); after it the leader's timeout acts for the
 * player. Both hold the hand row, so exactly one of them decides a turn. Refused while the hand's
 * leader has lost the table's lease (the hand is about to be voided). Idempotent on request id.
 */
export async function actOnHand(
  ctx: RgsContext,
  session: SessionRow,
  input: { requestId: string; action: CardAction },
): Promise<HandView> {
  await actTransaction(ctx, session, input);
  return handView(ctx, session);
}

/**
 * A player's move as the table's route makes it: the move's transaction, then ONE read of the
 * table that both tells every socket of the table its own view (`publishTable`) and answers the
 * mover (their view of the same read).
 */
export async function actAndTell(
  ctx: RoundsContext,
  session: SessionRow,
  input: { requestId: string; action: CardAction },
): Promise<HandView> {
  await actTransaction(ctx, session, input);
  const snap = await publishTable(ctx, tableIdOf(session));
  return viewOf(snap ?? (await readTable(ctx.db, tableIdOf(session))), session.playerId, ctx.now());
}

async function actTransaction(
  ctx: RgsContext,
  session: SessionRow,
  input: { requestId: string; action: CardAction },
): Promise<void> {
  const tableId = tableIdOf(session);
  await ctx.db.transaction(async (tx) => {
    const table = await lockTable(tx, tableId);
    // Under the table's lock, in ONE statement: the hand in play (locked: table → hand), the
    // player's seat, whether this request was already applied (a repeat changes nothing), and
    // whether the hand's leader still holds the table's lease.
    const [seat] = await rows<{ hand: unknown; seat: unknown; seen: unknown; alive: unknown }>(
      tx,
      sql`WITH h AS (SELECT * FROM rgs.card_hands WHERE table_id = ${tableId} AND status = 'playing' FOR UPDATE)
          SELECT (SELECT row_to_json(h) FROM h) AS hand, s.seat,
            EXISTS (SELECT 1 FROM rgs.card_actions a JOIN rgs.card_hands p ON p.id = a.hand_id
                    WHERE p.table_id = ${tableId} AND a.seat = s.seat AND a.request_id = ${input.requestId}
                      AND p.started_at >= s.created_at) AS seen,
            EXISTS (SELECT 1 FROM rgs.table_leases l JOIN h ON l.holder = h.holder
                    WHERE l.table_id = ${cardsKey(tableId)} AND l.expires_at > ${at(ctx.now())}) AS alive
          FROM (SELECT 1) AS one
          LEFT JOIN rgs.room_seats s ON s.game = ${CARDS_GAME} AND s.room_id = ${tableId}
            AND s.player_id = ${session.playerId} AND s.status = 'placed'`,
    );
    const hand =
      seat?.hand === null || seat?.hand === undefined
        ? undefined
        : jsonOf<Record<string, unknown>>(seat.hand);
    if (!seat || seat.seat === null || seat.seat === undefined) throw new RgsError("SEAT_CLOSED", 409);
    const seatNo = Number(seat.seat);
    if (truthy(seat.seen)) return;
    if (!hand) throw new RgsError("CARDS_NO_HAND", 409);
    if (!truthy(seat.alive)) throw new RgsError("SERVICE_UNAVAILABLE", 503);
    if (Number(hand.acting_seat) !== seatNo) throw new RgsError("CARDS_NOT_YOUR_TURN", 409);
    // The turn's last instant: its deadline, or, before the leader extended it, the deadline
    // plus what is left of the seat's time bank (the same instant the leader's timeout waits for).
    const bank = hand.on_bank ? 0 : (jsonOf<HandState>(hand.state).banks[seatNo] ?? 0);
    if (ctx.now().getTime() > new Date(String(hand.deadline)).getTime() + bank)
      throw new RgsError("CARDS_TIMED_OUT", 409);
    await applyAction(ctx, tx, table, hand, seatNo, input.action, input.requestId, false);
  });
}

/** A boolean column as either driver answers it (true, or 't' from a raw protocol). */
const truthy = (v: unknown): boolean => v === true || v === "t" || v === "true" || v === 1;

/**
 * The leader's step of one table (it holds the table's lease): void a hand dealt by another
 * leader, act for a player whose turn ran out (first the time bank extends the turn, once), stand
 * up players who asked to leave during the hand, deal the next hand.
 */
export async function stepTable(ctx: RoundsContext, tableId: string, leased = false): Promise<boolean> {
  const key = `${CARDS_GAME}:${tableId}`;
  if (!leased && !(await holdLease(ctx, key))) return false;
  const moved = await ctx.db.transaction(async (tx): Promise<boolean> => {
    const table = await lockTable(tx, tableId);
    const hand = await playingHand(tx, tableId, true);
    if (!hand) return false;
    if (String(hand.holder) !== ctx.holder) {
      // Dealt by a leader that is gone: nothing moved, so the stacks are the hand's start values.
      await tx.execute(
        sql`UPDATE rgs.card_hands SET status = 'void', acting_seat = NULL, deadline = NULL, ended_at = ${at(ctx.now())}
            WHERE id = ${String(hand.id)} AND status = 'playing'`,
      );
      return true;
    }
    const deadline = new Date(String(hand.deadline)).getTime();
    if (ctx.now().getTime() <= deadline) return false;
    const seat = Number(hand.acting_seat);
    const hs = jsonOf<HandState>(hand.state);
    const bank = hs.banks[seat] ?? 0;
    const seats = jsonOf<HandSeat[]>(hand.seats);
    const leaving = await rows<{ ok: unknown }>(
      tx,
      sql`SELECT 1 AS ok FROM rgs.room_seats WHERE id = ${seats.find((s) => s.seat === seat)?.seatId ?? ""}
            AND COALESCE((state->>'leaving')::boolean, false)`,
    );
    if (!hand.on_bank && bank > 0 && leaving.length === 0) {
      await tx.execute(
        sql`UPDATE rgs.card_hands SET on_bank = true, deadline = ${at(new Date(deadline + bank))}
            WHERE id = ${String(hand.id)}`,
      );
      return true;
    }
    // Tongits: a player who drew and then let the clock run out discards the card drawn.
    const t = hs.tongits;
    const drawn = t && t.phase === "play" ? hs.lastDrawn : null;
    const timeout = hs.holdem
      ? (defaultAction(hs.holdem) as CardAction | null)
      : drawn !== null && drawn !== undefined && t?.players[t.turn]?.hand.includes(drawn)
        ? { type: "discard", card: drawn }
        : (tongitsDefaultAction(t as TongitsState) as CardAction | null);
    if (!timeout) return false;
    await applyAction(ctx, tx, table, hand, seat, timeout, `timeout:${hs.seq + 1}`, true);
    return true;
  });
  // Players who asked to leave during the hand stand up once it is over.
  const leaving = await rows<{ id: string }>(
    ctx.db,
    sql`SELECT id FROM rgs.room_seats WHERE game = ${CARDS_GAME} AND room_id = ${tableId} AND status = 'placed'
          AND COALESCE((state->>'leaving')::boolean, false)`,
  );
  for (const s of leaving) await leaveTable(ctx, s.id);
  const dealt = await dealHand(ctx, tableId);
  const changed = moved || leaving.length > 0 || dealt !== null;
  if (changed) void publishTable(ctx, tableId);
  return changed;
}

/** The table's hub key (its socket: /rgs/ws/cards/<table>). */
export const cardsKey = (tableId: string): string => `${CARDS_GAME}:${tableId}`;

/**
 * What a seated player's socket gets with `cards.changed` beside the public view (`mine`): their
 * seat, their own entry of the hand's players (with their hidden cards) and what they may do
 * now. The screen puts the entry in place of the public one (`withMine`): that is exactly their
 * view (`viewOf` for them), without a read of its own.
 */
export interface SeatPush {
  seat: CardSeatView | null;
  player: Record<string, unknown> | null;
  legal: unknown;
}

/** A seated player's view from the public one and their own part (what the screen does). */
export function withMine(pub: HandView, mine: SeatPush | null | undefined): HandView {
  if (!mine) return pub;
  const own = mine.seat?.seat;
  const hand = pub.hand && {
    ...pub.hand,
    legal: mine.legal,
    game: {
      ...(pub.hand.game as Record<string, unknown>),
      players: ((pub.hand.game as { players: Array<{ seat?: number }> }).players ?? []).map((p) =>
        mine.player && p.seat === own ? mine.player : p,
      ),
    },
  };
  return { ...pub, seat: mine.seat, hand };
}

/**
 * Per hub (the routes' and the leader's contexts share it) and table: the read queued to tell
 * the table's sockets (at most one waits), so one process's events about a table leave in order.
 */
const publishing = new WeakMap<
  RoundsContext["hub"],
  Map<string, { tail: Promise<unknown>; queued: Promise<TableSnapshot | null> | null }>
>();

/**
 * Tell the table's sockets that it changed (a seat, a move, a deal, a timeout, a void), each
 * socket its own view: ONE read of the table (`readTable`), the public view built once (what a
 * spectator, or a socket not signed in, gets) and, per seated player, only their own part
 * (`SeatPush`: their hidden cards, their legal moves), which the hub gives to that player's
 * sockets only (`results` → `mine`, also across processes through the relay). A screen needs no
 * read of its own after an event; `/state` stays for a reconnect. Reads of one table are made one
 * after another, so the events leave in the order of the changes; changes that come while a read
 * is queued share it (its read starts after all of them). Answers the read (null if it failed:
 * the next change or the screen's own slow read shows it).
 */
export function publishTable(ctx: RoundsContext, tableId: string): Promise<TableSnapshot | null> {
  let byTable = publishing.get(ctx.hub);
  if (!byTable) {
    byTable = new Map();
    publishing.set(ctx.hub, byTable);
  }
  let p = byTable.get(tableId);
  if (!p) {
    p = { tail: Promise.resolve(), queued: null };
    byTable.set(tableId, p);
  }
  if (p.queued) return p.queued;
  const slot = p;
  const queued = slot.tail.then(async () => {
    // From here on a change needs a read that starts later than this one.
    slot.queued = null;
    try {
      const snap = await readTable(ctx.db, tableId);
      tellTable(ctx, tableId, snap);
      return snap;
    } catch {
      return null;
    }
  });
  slot.queued = queued;
  slot.tail = queued;
  return queued;
}

function tellTable(ctx: RoundsContext, tableId: string, snap: TableSnapshot): void {
  const now = ctx.now();
  const view = viewOf(snap, null, now);
  const results: Record<string, SeatPush> = {};
  for (const r of snap.seats) {
    const playerId = Number(r.player_id);
    // Computed for this player only: their own cards and moves, nobody else's.
    const v = viewOf(snap, playerId, now);
    const own = v.seat?.seat;
    const players = (v.hand?.game as { players?: Array<Record<string, unknown>> } | undefined)?.players ?? [];
    results[String(playerId)] = {
      seat: v.seat,
      player: players.find((x) => x.seat === own) ?? null,
      legal: v.hand?.legal ?? null,
    };
  }
  // The hand and its move count are public (every screen shows them): a screen, or a bench
  // timing a move's arrival, tells by them which move the view shows.
  ctx.hub.publish({
    type: "cards.changed",
    tableId: cardsKey(tableId),
    game: { tableId, handId: view.hand?.handId, seq: view.hand?.seq, view },
    results,
  });
}

/** The quick emotes a seated player may send to the table (no free text: nothing to moderate). */
export const CARD_EMOTES = ["thumbs_up", "laugh", "wow", "angry", "cry", "good_game"] as const;
export type CardEmote = (typeof CARD_EMOTES)[number];
/** At most one emote per seat in this time: a table's screens are not a place for flooding. */
export const EMOTE_INTERVAL_MS = 3000;

/**
 * A seated player's emote, told to everyone at the table (`cards.emote` with the seat). The rate
 * limit is one guarded update of the seat row (its last emote's instant), so it holds across
 * processes and two emotes sent at once cannot both pass; it takes no other lock.
 */
export async function sendEmote(
  ctx: RoundsContext,
  session: SessionRow,
  emote: CardEmote,
): Promise<{ seat: number; emote: CardEmote; at: number }> {
  const tableId = tableIdOf(session);
  const now = ctx.now().getTime();
  const [seat] = await rows<{ id: string; seat: unknown; last: unknown }>(
    ctx.db,
    sql`SELECT id, seat, (state->>'emoteAt')::bigint AS last FROM rgs.room_seats
        WHERE game = ${CARDS_GAME} AND room_id = ${tableId} AND player_id = ${session.playerId} AND status = 'placed'`,
  );
  if (!seat) throw new RgsError("SEAT_CLOSED", 409);
  const [sent] = await rows<{ id: string }>(
    ctx.db,
    sql`UPDATE rgs.room_seats SET state = state || jsonb_build_object('emoteAt', ${now}::bigint)
        WHERE id = ${seat.id} AND status = 'placed'
          AND COALESCE((state->>'emoteAt')::bigint, 0) <= ${now - EMOTE_INTERVAL_MS}::bigint
        RETURNING id`,
  );
  if (!sent) throw new RgsError("CARDS_EMOTE_TOO_FAST", 429);
  const out = { seat: Number(seat.seat), emote, at: now };
  ctx.hub.publish({ type: "cards.emote", tableId: cardsKey(tableId), game: { tableId, ...out } });
  return out;
}

/** Tables a pass steps at once: a pass takes as long as its slowest table, not their sum. */
const STEP_CONCURRENCY = 4;

/**
 * Claim or renew, in one statement, the leases of the given tables (sorted, so two processes
 * taking the same set lock their rows in the same order); answers the tables this process holds.
 */
async function holdTableLeases(ctx: RoundsContext, tableIds: string[]): Promise<Set<string>> {
  if (tableIds.length === 0) return new Set();
  const now = ctx.now();
  const keys = tableIds.map(cardsKey).sort();
  const held = await rows<{ table_id: string }>(
    ctx.db,
    sql`INSERT INTO rgs.table_leases AS l (table_id, holder, expires_at)
        SELECT k, ${ctx.holder}, ${at(new Date(now.getTime() + ctx.leaseTtlMs))}::timestamptz
          FROM jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) AS k ORDER BY k
        ON CONFLICT (table_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
        WHERE l.holder = EXCLUDED.holder OR l.expires_at <= ${at(now)}
        RETURNING l.table_id`,
  );
  return new Set(held.map((h) => h.table_id.slice(CARDS_GAME.length + 1)));
}

/**
 * One pass over every table that has something to step (each stepped only by the holder of its
 * lease), then the retry pass. A table with no hand in play and nobody seated has nothing to
 * time out, void, stand up or deal, so it is not locked or leased at all: an empty lobby costs
 * one indexed statement a pass, not several per table (both conditions are partial indexes).
 * The leases of the tables in play are renewed together in one statement; of those, only a table
 * with something due is stepped (its turn's clock ran out, its hand was dealt by a leader that is
 * gone, or it has no hand in play and its pause is over: a deal or a leaver to stand up), so a
 * hand waiting for a player's move costs nothing beyond its share of the renewal.
 */
export async function sweepCards(ctx: RoundsContext, retry = true): Promise<void> {
  const now = at(ctx.now());
  const tables = await rows<{ id: string; due: boolean }>(
    ctx.db,
    sql`SELECT t.id,
          CASE WHEN h.id IS NOT NULL THEN h.holder <> ${ctx.holder} OR h.deadline < ${now}
               ELSE COALESCE((SELECT l.ended_at + make_interval(secs => t.pause_ms / 1000.0) <= ${now}
                              FROM rgs.card_hands l WHERE l.table_id = t.id ORDER BY l.no DESC LIMIT 1), true)
                    OR EXISTS (SELECT 1 FROM rgs.room_seats s
                               WHERE s.game = ${CARDS_GAME} AND s.room_id = t.id AND s.status = 'placed'
                                 AND COALESCE((s.state->>'leaving')::boolean, false))
          END AS due
        FROM rgs.card_tables t
        LEFT JOIN rgs.card_hands h ON h.table_id = t.id AND h.status = 'playing'
        WHERE h.id IS NOT NULL
           OR EXISTS (SELECT 1 FROM rgs.room_seats s
                      WHERE s.game = ${CARDS_GAME} AND s.room_id = t.id AND s.status IN ('debit_pending', 'placed'))
        ORDER BY t.id`,
  );
  const held = await holdTableLeases(
    ctx,
    tables.map((t) => t.id),
  );
  const due = tables.filter((t) => t.due && held.has(t.id)).map((t) => t.id);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < due.length) await stepTable(ctx, due[next++] as string, true);
  };
  await Promise.all(Array.from({ length: Math.min(STEP_CONCURRENCY, due.length) }, worker));
  if (retry && (await holdLease(ctx, `${CARDS_GAME}:seats`))) {
    await seatMoves.retry(ctx);
    await rollbackStaleRebuys(ctx);
  }
}

export function startCards(
  ctx: RoundsContext,
  onError: (err: unknown) => void,
  everyMs = 250,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  // Seats and rebuys whose wallet call's answer was lost are retried at most once a second (the
  // rounds engine's pace): a retry waits for a lease to lapse anyway, and a turn's clock needs
  // the faster pass, a lost answer does not.
  let lastRetry = 0;
  const timer = setInterval(() => {
    if (running) return;
    const now = Date.now();
    const retry = now - lastRetry >= 1000;
    if (retry) lastRetry = now;
    running = sweepCards(ctx, retry)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  // The leases this process holds are also renewed on a clock of their own: a pass that waits
  // (a table's lock, a busy database) must not let them lapse, or every move at those tables is
  // refused until the hand's turn times out. Only a lease still held is extended (never one
  // another process may have taken), so a crash still lets them lapse, as the void needs.
  let renewing: Promise<unknown> | null = null;
  const renewal = setInterval(
    () => {
      if (renewing) return;
      renewing = renewCardLeases(ctx)
        .catch(onError)
        .finally(() => {
          renewing = null;
        });
    },
    Math.max(everyMs, Math.floor(ctx.leaseTtlMs / 3)),
  );
  renewal.unref();
  return async () => {
    clearInterval(timer);
    clearInterval(renewal);
    await running;
    await renewing;
  };
}

/** Extend, in one statement, every card table lease this process holds and that has not lapsed. */
export async function renewCardLeases(ctx: RoundsContext): Promise<void> {
  const now = ctx.now();
  await ctx.db.execute(
    sql`UPDATE rgs.table_leases SET expires_at = ${at(new Date(now.getTime() + ctx.leaseTtlMs))}
        WHERE holder = ${ctx.holder} AND table_id LIKE ${`${CARDS_GAME}:%`} AND table_id <> ${`${CARDS_GAME}:seats`}
          AND expires_at > ${at(now)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// What a player sees (also the reconnect: the screen reads it again and resumes the hand)

export interface HandView {
  /** The server's clock now (the screen's timer counts to `deadline` on it). */
  now: string;
  table: TableListing | null;
  seat: CardSeatView | null;
  seats: Array<{ seat: number; stack: string; playerId: number; leaving: boolean }>;
  hand: {
    handId: string;
    no: number;
    status: string;
    serverSeedHash: string;
    clientSeed: string;
    deckHash: string;
    /** Revealed once the hand is over (complete or void). */
    serverSeed: string | null;
    actingSeat: number | null;
    deadline: string | null;
    onBank: boolean;
    button: number | null;
    /** Moves made in the hand so far (a screen sees that something happened, and animates it). */
    seq: number;
    /** The game's public state with only the viewer's own hidden cards. */
    game: unknown;
    /** What the viewer may do now (their turn), or null. */
    legal: unknown;
    result: unknown;
    rake: string;
  } | null;
}

/**
 * Everything a view of the table shows, read in ONE statement: the table with its seats taken,
 * the seated players in seat order and the current (or last) hand. Rows come back as JSON
 * (bigints as numbers, timestamps as ISO text), which the view reads the same way.
 */
export interface TableSnapshot {
  table: Record<string, unknown> | null;
  taken: number;
  seats: Record<string, unknown>[];
  hand: Record<string, unknown> | null;
}

export async function readTable(exec: RgsDb | RgsTx, tableId: string): Promise<TableSnapshot> {
  const [r] = await rows<{ t: unknown; taken: unknown; seats: unknown; hand: unknown }>(
    exec,
    sql`SELECT row_to_json(t) AS t,
          (SELECT count(*) FROM rgs.room_seats s WHERE s.game = ${CARDS_GAME} AND s.room_id = t.id
            AND s.status IN ('debit_pending', 'placed')) AS taken,
          (SELECT COALESCE(json_agg(x ORDER BY x.seat), '[]'::json) FROM (
             SELECT s.id, s.room_id, s.seat, s.player_id, s.total, s.on_round, s.status, s.state
             FROM rgs.room_seats s
             WHERE s.game = ${CARDS_GAME} AND s.room_id = t.id AND s.status = 'placed') x) AS seats,
          (SELECT row_to_json(x) FROM (
             SELECT h.id, h.no, h.status, h.server_seed, h.server_seed_hash, h.client_seed, h.deck_hash, h.seats,
               h.state, h.button, h.acting_seat, h.deadline, h.on_bank, h.result, h.rake
             FROM rgs.card_hands h WHERE h.table_id = t.id ORDER BY h.no DESC LIMIT 1) x) AS hand
        FROM rgs.card_tables t WHERE t.id = ${tableId}`,
  );
  if (!r) return { table: null, taken: 0, seats: [], hand: null };
  return {
    table: jsonOf<Record<string, unknown>>(r.t),
    taken: Number(r.taken),
    seats: jsonOf<Record<string, unknown>[]>(r.seats),
    hand: r.hand === null || r.hand === undefined ? null : jsonOf<Record<string, unknown>>(r.hand),
  };
}

/** A table as the lobby lists it (the back office's list starts from it too). */
export function listingOf(t: CardTable, taken: number): TableListing {
  return {
    tableId: t.id,
    game: t.game,
    name: t.name,
    smallBlind: t.smallBlind === null ? null : formatMinor(t.smallBlind),
    bigBlind: t.bigBlind === null ? null : formatMinor(t.bigBlind),
    stake: t.stake === null ? null : formatMinor(t.stake),
    seats: t.seats,
    seatsTaken: taken,
    minBuyIn: formatMinor(t.minBuyIn),
    maxBuyIn: formatMinor(t.maxBuyIn),
    rakePercent: (t.rakePpm / 10_000).toString(),
    rakeCap: formatMinor(t.rakeCap),
    actionSeconds: Math.round(t.actionMs / 1000),
    enabled: t.enabled,
  };
}

/** The player's view (GET /state; also how a screen resumes a hand after a reconnect). */
export async function handView(ctx: RgsContext, session: SessionRow): Promise<HandView> {
  return viewOf(await readTable(ctx.db, tableIdOf(session)), session.playerId, ctx.now());
}

/**
 * The table as one viewer sees it: `playerId` a seated player (their own hidden cards and what
 * they may do), or null for the public view (a spectator: nobody's hidden cards).
 */
export function viewOf(snap: TableSnapshot, playerId: number | null, when: Date): HandView {
  const table = snap.table ? listingOf(tableOf(snap.table), snap.taken) : null;
  const seatRows = snap.seats;
  const mine = playerId === null ? undefined : seatRows.find((r) => Number(r.player_id) === playerId);
  const h = snap.hand ?? undefined;
  const seats = seatRows.map((r) => ({
    seat: Number(r.seat),
    stack: formatMinor(big(r.on_round)),
    playerId: Number(r.player_id),
    leaving: Boolean(jsonOf<SeatState>(r.state).leaving),
  }));
  const now = when.toISOString();
  if (!h) return { now, table, seat: mine ? seatView(mine) : null, seats, hand: null };
  const over = h.status !== "playing";
  const hs = jsonOf<HandState>(h.state);
  const dealt = jsonOf<HandSeat[]>(h.seats);
  const me = mine ? Number(mine.seat) : -1;
  let game: unknown;
  let legal: unknown = null;
  if (hs.holdem) {
    const s = hs.holdem;
    game = {
      board: s.board.map(cardName),
      phase: s.phase,
      currentBet: s.currentBet,
      pot: s.players.reduce((a, p) => a + p.committed, 0),
      players: s.players.map((p) => ({
        seat: p.seat,
        stack: p.stack,
        streetBet: p.streetBet,
        committed: p.committed,
        folded: p.folded,
        allIn: p.allIn,
        hole: p.seat === me || p.shown ? p.hole.map(cardName) : null,
      })),
      log: s.log,
    };
    const l = legalActions(s);
    if (!over && l && l.seat === me) legal = l;
  } else {
    const t = hs.tongits as TongitsState;
    game = {
      phase: t.phase,
      turnSeat: dealt[t.turn]?.seat ?? null,
      stock: t.stock.length,
      discards: t.discards.map(cardName),
      melds: t.melds.map((m) => ({
        owner: dealt[m.owner]?.seat,
        cards: m.secret && !over ? null : m.cards.map(cardName),
      })),
      players: t.players.map((p, i) => ({
        seat: dealt[i]?.seat,
        cards: p.hand.length,
        hand: dealt[i]?.seat === me || over ? p.hand.map(cardName) : null,
      })),
    };
    const idx = dealt.findIndex((d) => d.seat === me);
    if (!over && idx === t.turn) legal = tongitsActions(t);
  }
  return {
    now,
    table,
    seat: mine ? seatView(mine) : null,
    seats,
    hand: {
      handId: String(h.id),
      no: Number(h.no),
      status: String(h.status),
      serverSeedHash: String(h.server_seed_hash),
      clientSeed: String(h.client_seed),
      deckHash: String(h.deck_hash),
      serverSeed: over ? String(h.server_seed) : null,
      actingSeat: h.acting_seat === null ? null : Number(h.acting_seat),
      deadline: h.deadline === null ? null : new Date(String(h.deadline)).toISOString(),
      onBank: Boolean(h.on_bank),
      button: h.button === null ? null : Number(h.button),
      seq: hs.seq,
      game,
      legal,
      result: h.result === null ? null : jsonOf(h.result),
      rake: formatMinor(big(h.rake)),
    },
  };
}

/** Per seat, the seat's stack and the chips it has in the playing hand (tests, the back office). */
export async function tableStacks(exec: RgsDb, tableId: string): Promise<Map<number, bigint>> {
  const r = await rows<{ seat: unknown; on_round: unknown }>(
    exec,
    sql`SELECT seat, on_round FROM rgs.room_seats WHERE game = ${CARDS_GAME} AND room_id = ${tableId}
          AND status = 'placed' ORDER BY seat`,
  );
  return new Map(r.map((x) => [Number(x.seat), big(x.on_round)]));
}

/** A finished hand's deck recomputed from its revealed seed (refused while it is being played). */
export async function verifyHand(
  ctx: RgsContext,
  handId: string,
): Promise<{
  handId: string;
  tableId: string;
  no: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  deckHash: string;
  ok: boolean;
  problems: string[];
  deck: string[];
}> {
  const [h] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT * FROM rgs.card_hands WHERE id = ${handId}`,
  );
  if (!h) throw new RgsError("ROUND_NOT_FOUND", 404);
  if (String(h.status) === "playing") throw new RgsError("CARDS_NO_HAND", 409);
  const record = {
    serverSeed: String(h.server_seed),
    serverSeedHash: String(h.server_seed_hash),
    clientSeed: String(h.client_seed),
    handId,
    deckHash: String(h.deck_hash),
    cards: jsonOf<CardId[]>(h.cards),
  };
  const r = verifyDeck(record);
  return {
    handId,
    tableId: String(h.table_id),
    no: Number(h.no),
    serverSeed: record.serverSeed,
    serverSeedHash: record.serverSeedHash,
    clientSeed: record.clientSeed,
    deckHash: record.deckHash,
    ok: r.ok,
    problems: r.problems,
    deck: r.cards.map(cardName),
  };
}
