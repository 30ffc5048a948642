import { formatMinor } from "@panalo/contracts/money";
import type { ShotRecord } from "@panalo/game-math/fish/index";
import { sql } from "drizzle-orm";
import { type RgsContext, RgsError } from "../context.ts";
import { type RgsDb, type RgsTx, rows } from "../db.ts";
import { newServerSeed } from "../fairness.ts";
import {
  type ActionResult,
  type ContinuousGame,
  leaveSeat,
  mySitting,
  openSittingRound,
  type SittingView,
  sitDown,
  sittingView,
  standUp,
} from "../rounds/continuous.ts";
import { at } from "../rounds/stakes.ts";
import type { SessionRow } from "../schema.ts";
import {
  catchFields,
  FISH_GAME,
  FISH_LEVELS,
  FISH_RTP_BP,
  FISH_RULES,
  FISH_SEATS,
  FISH_VENDOR,
  type FishLevel,
  fishLevel,
  MAGAZINE_PACE_MS,
  MAGAZINE_SHOTS,
  type MagazineState,
  type Sea,
  type Shot,
  type ShotDetail,
  validCannon,
} from "./game.ts";
import { publishSeats } from "./live.ts";
import { type Fired, fireShots, forgetMagazine, primeMagazine } from "./shots.ts";

export {
  CANNON_LEVELS,
  FISH_GAME,
  FISH_IDLE_MS,
  FISH_LEVELS,
  FISH_RTP_BP,
  FISH_SEATS,
  FISH_VENDOR,
  type FishLevel,
  fishLevel,
  MAGAZINE_PACE_MS,
  MAGAZINE_SHOTS,
  type Shot,
  type ShotDetail,
  shotBet,
} from "./game.ts";

/**
 * The fish game on the continuous rooms: its rules (game.ts), and a seat the idle sweep frees
 * told to the others at the sea over the room's socket (their screens take its cannon away).
 */
export const FISH: ContinuousGame<Shot, MagazineState, Sea> = {
  ...FISH_RULES,
  seatsFreed: async (ctx, roomIds) => {
    for (const roomId of roomIds) await publishSeats(ctx, roomId);
  },
};

/**
 * The in-house fish-shooting game (vendor PNF "Panalo Fishing") on the continuous rooms of the
 * round engine (docs/fish.md "Rooms and magazines"). Rooms by stake level, four seats around one
 * sea; a player's sitting holds a seat and the session's committed server seed; the money moves
 * in magazines: one debit of N shots' stake, shots fired from it, ONE credit of its kills' wins
 * and its unfired stake when it closes.
 */

export interface FishRoom {
  roomId: string;
  game: typeof FISH_GAME;
  vendor: typeof FISH_VENDOR;
  level: string;
  minBet: string;
  maxBet: string;
  seats: number;
  seatsFree: number;
  /** The sea's seed and start: the client draws every fish from them (paths.ts). */
  seaSeed: string;
  startedAt: string;
  rtpBp: number;
  /** Switched off in the back office: it takes no new seat. */
  enabled: boolean;
}

export const roomView = (r: Record<string, unknown>, seated: number): FishRoom => {
  const level = fishLevel(String(r.level));
  const seats = Number(r.seats);
  return {
    roomId: String(r.id),
    game: FISH_GAME,
    vendor: FISH_VENDOR,
    level: level.id,
    minBet: formatMinor(BigInt(String(r.min_bet))),
    maxBet: formatMinor(BigInt(String(r.max_bet))),
    seats,
    seatsFree: Math.max(0, seats - seated),
    seaSeed: String(r.sea_seed),
    startedAt: new Date(String(r.started_at)).toISOString(),
    rtpBp: Number(r.rtp_bp),
    enabled: r.enabled === true || r.enabled === "t",
  };
};

/**
 * Open room `no` of a stake level: a fresh sea, with the settings of the level's first room
 * (the operator's bets, seats and RTP for the level), or the level's own when it has none.
 * Several processes may open the same room at once (each seeds the first rooms at start): the
 * first insert makes it and the others do nothing. No conflict target is named: the room's id
 * and its (level, no) are the same key under two unique indexes, and a named target would let
 * the other index's violation through as an error when the inserts race.
 */
async function openRoom(db: RgsDb | RgsTx, level: string, no: number, now: Date): Promise<string> {
  const id = `${level}-${no}`;
  const l = fishLevel(level);
  const [first] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT rtp_bp, min_bet, max_bet, seats FROM rgs.fish_rooms WHERE level = ${level} ORDER BY no LIMIT 1`,
  );
  await db.execute(
    sql`INSERT INTO rgs.fish_rooms (id, level, no, rtp_bp, sea_seed, started_at, min_bet, max_bet, seats, enabled)
        VALUES (${id}, ${level}, ${no}, ${Number(first?.rtp_bp ?? FISH_RTP_BP)}, ${newServerSeed()}, ${at(now)},
          ${String(first?.min_bet ?? l.minBet)}::bigint, ${String(first?.max_bet ?? l.maxBet)}::bigint,
          ${Number(first?.seats ?? FISH_SEATS)}, true)
        ON CONFLICT DO NOTHING`,
  );
  return id;
}

/** Every stake level has its first room from the start (the room list shows each level). */
export async function seedFishRooms(db: RgsDb, now = new Date()): Promise<void> {
  for (const l of FISH_LEVELS) await openRoom(db, l.id, 1, now);
}

/**
 * The fish rooms for the platform's room list: each room's stake level, bet range and seats
 * free, by level then room number.
 */
export async function fishRooms(ctx: RgsContext): Promise<FishRoom[]> {
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT r.*, (SELECT count(*) FROM rgs.room_sittings s WHERE s.game = ${FISH_GAME} AND s.room_id = r.id
          AND s.status = 'seated') AS seated
        FROM rgs.fish_rooms r ORDER BY r.level, r.no`,
  );
  const order = new Map(FISH_LEVELS.map((l, i) => [l.id, i]));
  return list
    .filter((r) => order.has(String(r.level)))
    .sort(
      (a, b) =>
        (order.get(String(a.level)) ?? 0) - (order.get(String(b.level)) ?? 0) || Number(a.no) - Number(b.no),
    )
    .map((r) => roomView(r, Number(r.seated)));
}

export async function fishRoom(ctx: RgsContext, roomId: string): Promise<FishRoom> {
  const room = (await fishRooms(ctx)).find((r) => r.roomId === roomId);
  if (!room) throw new RgsError("ROOM_NOT_FOUND", 404);
  return room;
}

/** A fish session's stake level (its game id is `fish:<level>`). */
export function sessionLevel(session: SessionRow): FishLevel {
  const prefix = `${FISH_GAME}:`;
  if (!session.gameId.startsWith(prefix)) throw new RgsError("ROOM_NOT_FOUND", 404);
  return fishLevel(session.gameId.slice(prefix.length));
}

export interface MagazineView {
  magazineId: string;
  sittingId: string;
  roomId: string;
  seat: number;
  /** What the magazine's debit took: its shots times the bet it was loaded for. */
  amount: string;
  /** Its kills' wins plus its unfired stake: what its close pays. */
  onRound: string;
  shots: number;
  status: string;
  /** What its close paid (decided once, when it closed). */
  win: string | null;
}

function magazineView(r: Record<string, unknown>): MagazineView {
  return {
    magazineId: String(r.id),
    sittingId: String(r.sitting_id),
    roomId: String(r.room_id),
    seat: Number(r.seat),
    amount: formatMinor(BigInt(String(r.total))),
    onRound: formatMinor(BigInt(String(r.on_round))),
    shots: Number(r.seq),
    status: String(r.status),
    win: r.win === null || r.win === undefined ? null : formatMinor(BigInt(String(r.win))),
  };
}

async function magazineRow(ctx: RgsContext, magazineId: string): Promise<Record<string, unknown>> {
  const [row] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT * FROM rgs.room_seats WHERE id = ${magazineId} AND game = ${FISH_GAME} AND sitting_id IS NOT NULL`,
  );
  if (!row) throw new RgsError("ROUND_NOT_FOUND", 404);
  return row;
}

function checkMagazine(input: { shots: number; cannon: number }): void {
  if (
    !Number.isInteger(input.shots) ||
    input.shots < MAGAZINE_SHOTS.min ||
    input.shots > MAGAZINE_SHOTS.max ||
    !validCannon(input.cannon)
  )
    throw new RgsError("BET_INVALID", 400);
}

/** A magazine's debit at the sitting's room's bet now: shots × (level-1 bet × cannon). */
async function magazineAmount(
  ctx: RgsContext,
  sittingId: string,
  input: { shots: number; cannon: number },
): Promise<bigint> {
  checkMagazine(input);
  const [room] = await rows<{ min_bet: unknown; max_bet: unknown }>(
    ctx.db,
    sql`SELECT r.min_bet, r.max_bet FROM rgs.room_sittings s JOIN rgs.fish_rooms r ON r.id = s.room_id
        WHERE s.id = ${sittingId}`,
  );
  if (!room) throw new RgsError("ROUND_NOT_FOUND", 404);
  const bet = BigInt(String(room.min_bet)) * BigInt(input.cannon);
  if (bet > BigInt(String(room.max_bet))) throw new RgsError("BET_INVALID", 400);
  return BigInt(input.shots) * bet;
}

/**
 * Wait until MAGAZINE_PACE_MS after the sitting's previous magazine was loaded (a repeat of a
 * load does not wait for itself): a client loading and closing as fast as it can still makes at
 * most one debit and one credit a second on a sitting.
 */
async function paceLoad(ctx: RgsContext, sittingId: string, requestId: string): Promise<void> {
  const [last] = await rows<{ at: unknown; known: unknown }>(
    ctx.db,
    sql`SELECT max(created_at) FILTER (WHERE request_id <> ${requestId}) AS at,
          count(*) FILTER (WHERE request_id = ${requestId}) AS known
        FROM rgs.room_seats WHERE sitting_id = ${sittingId}`,
  );
  if (Number(last?.known ?? 0) > 0 || last?.at === null || last?.at === undefined) return;
  const since = ctx.now().getTime() - new Date(String(last.at)).getTime();
  const wait = Math.min(MAGAZINE_PACE_MS, MAGAZINE_PACE_MS - since);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * Load a magazine on the player's sitting: ONE debit of `shots` times the cannon level's bet,
 * at least MAGAZINE_PACE_MS after the sitting's previous one (`paceLoad`).
 * Refused while the sitting's magazine is open (ROUND_OPEN); a debit the platform refuses
 * (INSUFFICIENT_FUNDS) leaves nothing behind. Idempotent on the request id.
 */
export async function loadMagazine(
  ctx: RgsContext,
  session: SessionRow,
  sittingId: string,
  input: { requestId: string; shots: number; cannon: number },
): Promise<MagazineView> {
  sessionLevel(session);
  const amount = await magazineAmount(ctx, sittingId, input);
  await paceLoad(ctx, sittingId, input.requestId);
  const view = await openSittingRound(ctx, FISH, session, sittingId, { requestId: input.requestId, amount });
  const row = await magazineRow(ctx, view.seatId);
  await primeMagazine(ctx, row);
  return magazineView(row);
}

/**
 * Sit down at the session's stake level — a free seat of its rooms, or a new room — and load
 * the first magazine. A player who cannot pay it gets the debit's refusal (INSUFFICIENT_FUNDS)
 * and keeps no seat: nothing changed.
 */
export async function joinFish(
  ctx: RgsContext,
  session: SessionRow,
  input: { requestId: string; clientSeed?: string | undefined; shots: number; cannon: number },
): Promise<{ sitting: SittingView; magazine: MagazineView; room: FishRoom }> {
  const level = sessionLevel(session);
  checkMagazine(input);
  const sitting = await sitDown(ctx, FISH, session, {
    requestId: input.requestId,
    clientSeed: input.clientSeed,
    lockKey: level.id,
    // Only rooms switched on take a seat; a new room opens only when the level has one on
    // and all of them are full (a level whose rooms are all off takes nobody).
    rooms: async (tx) =>
      (
        await rows<{ id: string; seats: unknown }>(
          tx,
          sql`SELECT id, seats FROM rgs.fish_rooms WHERE level = ${level.id} AND enabled ORDER BY no`,
        )
      ).map((r) => ({ id: String(r.id), seats: Number(r.seats) })),
    openRoom: async (tx) => {
      const [on] = await rows<{ n: unknown }>(
        tx,
        sql`SELECT count(*) AS n FROM rgs.fish_rooms WHERE level = ${level.id} AND enabled`,
      );
      if (Number(on?.n ?? 0) === 0) throw new RgsError("ROOM_CLOSED", 409);
      const [last] = await rows<{ no: unknown }>(
        tx,
        sql`SELECT COALESCE(max(no), 0) AS no FROM rgs.fish_rooms WHERE level = ${level.id}`,
      );
      return openRoom(tx, level.id, Number(last?.no ?? 0) + 1, ctx.now());
    },
  });
  let magazine: MagazineView;
  try {
    magazine = await loadMagazine(ctx, session, sitting.sittingId, {
      requestId: `join:${input.requestId}`,
      shots: input.shots,
      cannon: input.cannon,
    });
  } catch (err) {
    // This join's own seat is given up when its first magazine was not paid.
    const [mine] = await rows<{ request_id: string }>(
      ctx.db,
      sql`SELECT request_id FROM rgs.room_sittings WHERE id = ${sitting.sittingId}`,
    );
    const code = (err as { code?: unknown }).code;
    if (
      mine?.request_id === input.requestId &&
      (code === "INSUFFICIENT_FUNDS" ||
        code === "SESSION_EXPIRED" ||
        code === "PLATFORM_UNAVAILABLE" ||
        code === "BET_INVALID")
    )
      await standUp(ctx, sitting.sittingId);
    throw err;
  }
  return { sitting, magazine, room: await fishRoom(ctx, sitting.roomId) };
}

/**
 * Fire a burst of shots from a magazine (each idempotent on its request id): decided from the
 * magazine's state this process holds and written in a group commit (shots.ts); the answer
 * comes once the shots are durable. `session`: the session's row, or its id.
 */
export async function fire(
  ctx: RgsContext,
  session: SessionRow | string,
  magazineId: string,
  shots: Array<{ requestId: string; fish: number; cannon: number }>,
): Promise<{ onRound: string; results: ActionResult[] }> {
  const { onRound, results } = await fireAt(ctx, session, magazineId, shots);
  return { onRound, results };
}

/** `fire`, with where the magazine sits (for the room's events; null when the database answered). */
export function fireAt(
  ctx: RgsContext,
  session: SessionRow | string,
  magazineId: string,
  shots: Array<{ requestId: string; fish: number; cannon: number }>,
): Promise<Fired> {
  return fireShots(
    ctx,
    session,
    magazineId,
    shots.map((s) => ({ requestId: s.requestId, action: { fish: s.fish, cannon: s.cannon } })),
  );
}

/** Close a magazine: ONE credit of its kills' wins and its unfired stake; a repeat pays nothing. */
export async function closeMagazine(
  ctx: RgsContext,
  session: SessionRow,
  magazineId: string,
): Promise<MagazineView> {
  const row = await magazineRow(ctx, magazineId);
  if (Number(row.player_id) !== session.playerId) throw new RgsError("ROUND_NOT_FOUND", 404);
  await leaveSeat(ctx, magazineId);
  forgetMagazine(ctx, magazineId);
  return magazineView(await magazineRow(ctx, magazineId));
}

/** Leave the seat: the open magazine closed and paid, the server seed revealed. */
export async function leaveFish(
  ctx: RgsContext,
  session: SessionRow,
  sittingId: string,
): Promise<SittingView> {
  await mySitting(ctx, session, sittingId);
  return standUp(ctx, sittingId);
}

/**
 * Every shot of an ended sitting with what a verifier needs (`verifyShot` of
 * packages/game-math): the revealed server seed and its commitment, the client seed, the nonce,
 * the target and the recorded hit and payout. Not before the leave: the seed is still secret.
 */
export async function sittingShots(
  ctx: RgsContext,
  session: SessionRow,
  sittingId: string,
): Promise<Array<ShotRecord & { magazineId: string; bet: string; win: string }>> {
  const sitting = sittingView(await mySitting(ctx, session, sittingId));
  if (sitting.serverSeed === null) throw new RgsError("SEED_NOT_REVEALED", 409);
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT a.seat_id, a.result, a.win, s.room_id FROM rgs.room_actions a JOIN rgs.room_seats s ON s.id = a.seat_id
        WHERE s.sitting_id = ${sittingId} ORDER BY (a.result->>'nonce')::int`,
  );
  const [room] = await rows<{ rtp_bp: unknown; sea_seed: unknown }>(
    ctx.db,
    sql`SELECT rtp_bp, sea_seed FROM rgs.fish_rooms WHERE id = ${sitting.roomId}`,
  );
  return list
    .map((a) => ({ a, d: (typeof a.result === "string" ? JSON.parse(a.result) : a.result) as ShotDetail }))
    .filter(({ d }) => d?.fired)
    .map(({ a, d }) => ({
      magazineId: String(a.seat_id),
      serverSeed: sitting.serverSeed as string,
      serverSeedHash: sitting.serverSeedHash,
      clientSeed: sitting.clientSeed,
      nonce: d.nonce,
      targetId: String(d.fish),
      rtpBp: d.rtpBp ?? Number(room?.rtp_bp ?? FISH_RTP_BP),
      target: { kindId: d.kindId ?? 0, taken: d.taken ?? [] },
      hit: Boolean(d.hit),
      paid: d.paid ?? 0,
      ...catchFields(d),
      // The room's public sea: the verifier checks the target is the fish swimming there.
      ...(room ? { seaSeed: String(room.sea_seed) } : {}),
      bet: d.bet,
      win: formatMinor(BigInt(String(a.win))),
    }));
}

/** One magazine as the betting record's game recall shows it (GET /rgs/api/fish/replay/:id). */
export interface MagazineRecall {
  magazine: {
    id: string;
    roomId: string;
    level: string;
    /** What the magazine's one debit took, and what its one credit paid back (null while open). */
    stake: string;
    win: string | null;
    status: string;
    createdAt: string;
  };
  /** The sitting's seed is revealed once the player left the sea; until then shots cannot be recomputed. */
  revealed: boolean;
  serverSeedHash: string;
  shots: Array<ShotRecord & { bet: string; win: string }>;
}

/**
 * Game recall of one magazine (a round in the platform's betting record): its stake, what it
 * paid back, and every shot fired from it with its fish, nonce, hit and win — recomputable with
 * `verifyShot` once the sitting's seed is revealed (the seed stays hidden while the player sits,
 * so a recall never shows a seed that still decides shots). Only the player the platform signed
 * the link for, on the vendor it names, reads it.
 */
export async function magazineRecall(
  ctx: RgsContext,
  magazineId: string,
  q: { player: number; vendor: string },
): Promise<MagazineRecall> {
  const [m] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT s.id, s.room_id, s.player_id, s.vendor, s.total, s.win, s.status, s.created_at,
          t.server_seed, t.server_seed_hash, t.client_seed, t.status AS sitting_status, r.level, r.rtp_bp,
          r.sea_seed
        FROM rgs.room_seats s
        JOIN rgs.room_sittings t ON t.id = s.sitting_id
        JOIN rgs.fish_rooms r ON r.id = s.room_id
        WHERE s.id = ${magazineId} AND s.game = ${FISH_GAME}`,
  );
  if (!m || Number(m.player_id) !== q.player || String(m.vendor) !== q.vendor)
    throw new RgsError("ROUND_NOT_FOUND", 404);
  const revealed = m.sitting_status === "left";
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT result, win FROM rgs.room_actions WHERE seat_id = ${magazineId} ORDER BY (result->>'nonce')::int`,
  );
  const shots = list
    .map((a) => ({ a, d: (typeof a.result === "string" ? JSON.parse(a.result) : a.result) as ShotDetail }))
    .filter(({ d }) => d?.fired)
    .map(({ a, d }) => ({
      serverSeed: revealed ? String(m.server_seed) : "",
      serverSeedHash: String(m.server_seed_hash),
      clientSeed: String(m.client_seed),
      nonce: d.nonce,
      targetId: String(d.fish),
      rtpBp: d.rtpBp ?? Number(m.rtp_bp ?? FISH_RTP_BP),
      target: { kindId: d.kindId ?? 0, taken: d.taken ?? [] },
      hit: Boolean(d.hit),
      paid: d.paid ?? 0,
      ...catchFields(d),
      seaSeed: String(m.sea_seed),
      bet: d.bet,
      win: formatMinor(BigInt(String(a.win ?? 0))),
    }));
  return {
    magazine: {
      id: String(m.id),
      roomId: String(m.room_id),
      level: String(m.level),
      stake: formatMinor(BigInt(String(m.total))),
      win: m.win === null || m.win === undefined ? null : formatMinor(BigInt(String(m.win))),
      status: String(m.status),
      createdAt: new Date(String(m.created_at)).toISOString(),
    },
    revealed,
    serverSeedHash: String(m.server_seed_hash),
    shots,
  };
}
