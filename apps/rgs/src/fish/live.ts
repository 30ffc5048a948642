import { CROSSING_MS, SPAWN_INTERVAL_MS } from "@panalo/game-math/fish/index";
import { sql } from "drizzle-orm";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { mySitting, type SittingView, sittingView } from "../rounds/continuous.ts";
import type { RoundsContext } from "../rounds/engine.ts";
import type { RoomEvent } from "../rounds/hub.ts";
import type { SessionRow } from "../schema.ts";
import { FISH_GAME, type ShotDetail } from "./game.ts";

/**
 * The fish room's live socket (docs/fish.md "The room's socket"): what every player at one sea
 * sees of the others, through the round engine's fan-out hub (rounds/hub.ts: Redis relay across
 * processes, resync after a missed event). Published by the API on a join, a leave, a cannon
 * change and each burst of shots (its hits and the kills with them). Nothing here decides
 * anything: the shots' answers are the server's, the events only tell the other seats.
 */
export const fishKey = (roomId: string): string => `fish:${roomId}`;

export interface FishSeatLive {
  seat: number;
  playerId: number;
  /** The seat's cannon level (its last shot's, or the last change it announced). */
  cannon: number;
}

export interface FishRoomLive {
  roomId: string;
  seats: FishSeatLive[];
  /** Fish killed that may still be swimming (spawn indexes): a joining screen hides them. */
  kills: number[];
}

/** One fired shot as the room sees it. */
export interface FishShotLive {
  fish: number;
  cannon: number;
  hit: boolean;
  /** The kill's total in bets (its pay when hit), and the fish taken with a special one. */
  total: number;
  victims: number[];
  win: string;
}

const LONGEST_MS = Math.max(...Object.values(CROSSING_MS)) + 2_000;

/** The room's seats and recent kills from the database (the socket's hello and a resync). */
export async function fishRoomLive(ctx: RoundsContext, roomId: string): Promise<FishRoomLive | null> {
  const [room] = await rows<{ started_at: unknown }>(
    ctx.db,
    sql`SELECT started_at FROM rgs.fish_rooms WHERE id = ${roomId}`,
  );
  if (!room) return null;
  const t = ctx.now().getTime() - new Date(String(room.started_at)).getTime();
  const first = Math.max(0, Math.floor((t - LONGEST_MS) / SPAWN_INTERVAL_MS) - 1);
  const [seats, kills] = await Promise.all([
    rows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT si.seat, si.player_id,
            (SELECT (a.data->>'cannon')::int FROM rgs.room_actions a JOIN rgs.room_seats s ON s.id = a.seat_id
              WHERE s.sitting_id = si.id ORDER BY a.created_at DESC, a.seq DESC LIMIT 1) AS cannon
          FROM rgs.room_sittings si
          WHERE si.game = ${FISH_GAME} AND si.room_id = ${roomId} AND si.status = 'seated'
          ORDER BY si.seat`,
    ),
    rows<{ fish: unknown }>(
      ctx.db,
      sql`SELECT fish FROM rgs.fish_kills WHERE room_id = ${roomId} AND fish >= ${first} ORDER BY fish`,
    ),
  ]);
  return {
    roomId,
    seats: seats.map((s) => ({
      seat: Number(s.seat),
      playerId: Number(s.player_id),
      cannon: s.cannon === null || s.cannon === undefined ? 1 : Number(s.cannon),
    })),
    kills: kills.map((k) => Number(k.fish)),
  };
}

/** Publish the room's seats (after a join or a leave) to every socket in the room. */
export async function publishSeats(ctx: RoundsContext, roomId: string): Promise<void> {
  const live = await fishRoomLive(ctx, roomId);
  if (live) ctx.hub.publish({ type: "fish.seats", tableId: fishKey(roomId), game: live });
}

/** A seat's cannon level changed (no money moves: the next shot's bet follows it). */
export function publishCannon(ctx: RoundsContext, roomId: string, seat: number, cannon: number): void {
  ctx.hub.publish({ type: "fish.cannon", tableId: fishKey(roomId), game: { seat, cannon } });
}

/** A burst's fired shots (hits, kills, wins) from one seat, to the whole room. */
export function publishShots(
  ctx: RoundsContext,
  at: { roomId: string; seat: number; playerId: number },
  results: Array<{ win: string; detail?: unknown }>,
): void {
  const shots: FishShotLive[] = results
    .map((r) => ({ r, d: r.detail as ShotDetail | undefined }))
    .filter(({ d }) => d?.fired === true)
    .map(({ r, d }) => ({
      fish: (d as ShotDetail).fish,
      cannon: (d as ShotDetail).cannon,
      hit: Boolean(d?.hit),
      total: d?.total ?? 0,
      victims: d?.victims ?? [],
      win: r.win,
    }));
  if (shots.length === 0) return;
  ctx.hub.publish({
    type: "fish.shots",
    tableId: fishKey(at.roomId),
    game: { seat: at.seat, playerId: at.playerId, shots },
  });
}

/** Where a magazine sits (room and seat), for the events of its shots. */
export async function magazineSeat(
  ctx: RoundsContext,
  magazineId: string,
): Promise<{ roomId: string; seat: number; playerId: number } | null> {
  const [row] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT room_id, seat, player_id FROM rgs.room_seats WHERE id = ${magazineId} AND game = ${FISH_GAME}`,
  );
  return row
    ? { roomId: String(row.room_id), seat: Number(row.seat), playerId: Number(row.player_id) }
    : null;
}

/** A process that missed a room's events reads its seats back (the hub's resync). */
export function fishResync(ctx: RoundsContext): (key: string) => Promise<RoomEvent | null> {
  return async (key) => {
    const live = await fishRoomLive(ctx, key.slice(fishKey("").length));
    return live ? { type: "fish.seats", tableId: key, game: live } : null;
  };
}

/** The player's sitting, still seated (SEAT_CLOSED otherwise). */
export async function seatedSitting(
  ctx: RoundsContext,
  session: SessionRow,
  sittingId: string,
): Promise<SittingView> {
  const s = sittingView(await mySitting(ctx, session, sittingId));
  if (s.status !== "seated") throw new RgsError("SEAT_CLOSED", 409);
  return s;
}
