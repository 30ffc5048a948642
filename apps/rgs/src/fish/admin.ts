import {
  AdminFishReportQuery,
  type AdminFishReportRow,
  type AdminFishRoom,
  AdminFishRoomUpdate,
  type AdminFishShot,
  AdminFishShotsQuery,
} from "@panalo/contracts/fish-admin";
import { formatMinor } from "@panalo/contracts/money";
import { CERTIFIED_RTP_BP, verifyShot } from "@panalo/game-math/fish/index";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type RgsContext, RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { standUp } from "../rounds/continuous.ts";
import { adminMinor, manilaDays, marginOf, ok, parse, signedAdminRoutes } from "../rounds/routes.ts";
import { at } from "../rounds/stakes.ts";
import { FISH, FISH_GAME, FISH_LEVELS, FISH_RTP_BP, roomView, type ShotDetail } from "./engine.ts";
import { catchFields } from "./game.ts";

import { roomSettingsChanged } from "./shots.ts";

/**
 * The fish game's back office under /rgs/admin/fish, signed by the platform like the tables'
 * (rounds/routes.ts signedAdminRoutes): each room's settings (bet per shot, seats, RTP from the
 * certified set, on/off) and live state, a report of shots, stake, wins and margin against the
 * stated RTP by day and room, and a player's shots with their verification.
 */
const PAGE = 50;
const big = (v: unknown): bigint => BigInt(String(v ?? 0));
const jsonOf = (v: unknown): unknown => (typeof v === "string" ? JSON.parse(v) : v);
/** wins / stake as a percent with four decimals (the RTP is measured finely). */
const percent = (num: bigint, den: bigint): string | null =>
  den > 0n ? (Number((num * 1_000_000n) / den) / 10_000).toFixed(4) : null;

/** Every room with its settings and what happens in it now. */
export async function adminFishRooms(ctx: RgsContext): Promise<AdminFishRoom[]> {
  const since = at(new Date(ctx.now().getTime() - 60_000));
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT r.*,
          (SELECT count(*) FROM rgs.room_sittings s WHERE s.game = ${FISH_GAME} AND s.room_id = r.id
            AND s.status = 'seated') AS seated,
          (SELECT count(*) FROM rgs.room_seats m WHERE m.game = ${FISH_GAME} AND m.room_id = r.id
            AND m.status IN ('debit_pending', 'placed')) AS open,
          (SELECT COALESCE(sum(m.on_round), 0) FROM rgs.room_seats m WHERE m.game = ${FISH_GAME}
            AND m.room_id = r.id AND m.status = 'placed') AS on_magazines,
          (SELECT count(*) FROM rgs.room_actions a JOIN rgs.room_seats m ON m.id = a.seat_id
            WHERE a.kind = ${FISH_GAME} AND a.created_at >= ${since} AND m.room_id = r.id AND a.stake > 0) AS shots,
          (SELECT count(*) FROM rgs.fish_kills k WHERE k.room_id = r.id AND k.killed_at >= ${since}) AS kills
        FROM rgs.fish_rooms r`,
  );
  const order = new Map(FISH_LEVELS.map((l, i) => [l.id, i]));
  return list
    .filter((r) => order.has(String(r.level)))
    .sort(
      (a, b) =>
        (order.get(String(a.level)) ?? 0) - (order.get(String(b.level)) ?? 0) || Number(a.no) - Number(b.no),
    )
    .map((r) => {
      const v = roomView(r, Number(r.seated));
      return {
        roomId: v.roomId,
        level: v.level,
        minBet: v.minBet,
        maxBet: v.maxBet,
        seats: v.seats,
        rtpBp: v.rtpBp,
        enabled: v.enabled,
        certifiedRtpBp: [...CERTIFIED_RTP_BP],
        live: {
          seatsTaken: Number(r.seated),
          openMagazines: Number(r.open),
          shotsLastMinute: Number(r.shots),
          killsLastMinute: Number(r.kills),
          onMagazines: formatMinor(big(r.on_magazines)),
        },
      };
    });
}

async function adminFishRoom(ctx: RgsContext, roomId: string): Promise<AdminFishRoom> {
  const room = (await adminFishRooms(ctx)).find((r) => r.roomId === roomId);
  if (!room) throw new RgsError("ROOM_NOT_FOUND", 404);
  return room;
}

/**
 * Change a room's settings. A room switched off takes no new seat (the switch holds the level's
 * sit-down lock, so a join is either seated before it — and stood up below — or refused after),
 * and every player seated in it is stood up: the open magazine closed and paid (ONE credit of
 * its wins and unfired stake, once: a repeat finds it closed), the seed revealed. Bets and RTP
 * apply from the next shot (each shot logs the RTP it was decided at).
 */
export async function updateFishRoom(ctx: RgsContext, u: AdminFishRoomUpdate): Promise<AdminFishRoom> {
  const minIn = u.minBet !== undefined ? adminMinor("minBet", u.minBet) : undefined;
  const maxIn = u.maxBet !== undefined ? adminMinor("maxBet", u.maxBet) : undefined;
  if (u.rtpBp !== undefined && !(CERTIFIED_RTP_BP as readonly number[]).includes(u.rtpBp))
    throw new RgsError("VALIDATION_ERROR", 400, null, [
      {
        path: "rtpBp",
        message: `Not a certified RTP setting (${CERTIFIED_RTP_BP.map((b) => b / 100).join(", ")} %)`,
      },
    ]);
  await ctx.db.transaction(async (tx) => {
    const [room] = await rows<Record<string, unknown>>(
      tx,
      sql`SELECT * FROM rgs.fish_rooms WHERE id = ${u.roomId}`,
    );
    if (!room) throw new RgsError("ROOM_NOT_FOUND", 404);
    // The same lock as a sit-down at this level (rounds/continuous.ts sitDown).
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`${FISH.name}:sit:${String(room.level)}`}))`,
    );
    const minBet = minIn ?? big(room.min_bet);
    const maxBet = maxIn ?? big(room.max_bet);
    if (maxBet < minBet)
      throw new RgsError("VALIDATION_ERROR", 400, null, [
        {
          path: maxIn !== undefined ? "maxBet" : "minBet",
          message: "The maximum bet must not be below the minimum",
        },
      ]);
    await tx.execute(
      sql`UPDATE rgs.fish_rooms SET min_bet = ${minBet.toString()}::bigint, max_bet = ${maxBet.toString()}::bigint,
            seats = ${u.seats ?? Number(room.seats)}, rtp_bp = ${u.rtpBp ?? Number(room.rtp_bp)},
            enabled = ${u.enabled ?? (room.enabled === true || room.enabled === "t")}, updated_at = ${at(ctx.now())}
          WHERE id = ${u.roomId}`,
    );
  });
  // The shot path's copies of the room (every process's) read the new settings before the next shot.
  roomSettingsChanged(u.roomId);
  if (u.enabled === false) await closeRoom(ctx, u.roomId);
  return adminFishRoom(ctx, u.roomId);
}

/** Stand up every player of a room switched off: their magazines closed and paid once. */
async function closeRoom(ctx: RgsContext, roomId: string): Promise<void> {
  const seated = await rows<{ id: string }>(
    ctx.db,
    sql`SELECT id FROM rgs.room_sittings WHERE game = ${FISH_GAME} AND room_id = ${roomId} AND status = 'seated'`,
  );
  for (const s of seated) await standUp(ctx, String(s.id));
}

/**
 * Shots, stake, wins and margin by Manila day and room, each against the RTP its shots were
 * decided at (the stated RTP: Σ stake × RTP / Σ stake), then each room's total over the period.
 */
export async function fishReport(
  ctx: RgsContext,
  q: { from: string; to: string },
): Promise<AdminFishReportRow[]> {
  const { from, to } = manilaDays(q);
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT m.room_id, to_char(a.created_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS day,
          count(*) FILTER (WHERE a.stake > 0) AS shots, COALESCE(sum(a.stake), 0) AS stake,
          COALESCE(sum(a.win), 0) AS wins,
          COALESCE(sum(a.stake * COALESCE((a.result->>'rtpBp')::int, r.rtp_bp)), 0) AS stated
        FROM rgs.room_actions a JOIN rgs.room_seats m ON m.id = a.seat_id JOIN rgs.fish_rooms r ON r.id = m.room_id
        WHERE a.kind = ${FISH_GAME} AND a.created_at >= ${from}::timestamptz AND a.created_at < ${to}::timestamptz
          AND a.stake > 0
        GROUP BY 1, 2`,
  );
  const row = (
    day: string | null,
    roomId: string,
    shots: number,
    stake: bigint,
    wins: bigint,
    stated: bigint,
  ) => {
    const rtp = percent(wins, stake);
    // stated is Σ stake × basis points: / stake / 100 is the percent.
    const statedPct = stake > 0n ? (Number((stated * 100n) / stake) / 10_000).toFixed(4) : null;
    return {
      day,
      roomId,
      shots,
      stake: formatMinor(stake),
      wins: formatMinor(wins),
      ...marginOf(stake, wins),
      rtpPercent: rtp,
      statedRtpPercent: statedPct,
      rtpDifference: rtp !== null && statedPct !== null ? (Number(rtp) - Number(statedPct)).toFixed(4) : null,
    };
  };
  const byRoom = new Map<string, { shots: number; stake: bigint; wins: bigint; stated: bigint }>();
  const days = list
    .map((r) => {
      const roomId = String(r.room_id);
      const t = byRoom.get(roomId) ?? { shots: 0, stake: 0n, wins: 0n, stated: 0n };
      t.shots += Number(r.shots);
      t.stake += big(r.stake);
      t.wins += big(r.wins);
      t.stated += big(r.stated);
      byRoom.set(roomId, t);
      return row(String(r.day), roomId, Number(r.shots), big(r.stake), big(r.wins), big(r.stated));
    })
    .sort((a, b) => (a.day ?? "").localeCompare(b.day ?? "") || a.roomId.localeCompare(b.roomId));
  const totals = [...byRoom.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([roomId, t]) => row(null, roomId, t.shots, t.stake, t.wins, t.stated));
  return [...days, ...totals];
}

/**
 * A player's fired shots, newest first: a shot of an ended sitting recomputes from its revealed
 * seed (`verifyShot`) and links to the game server's recomputation; a seated sitting's shots
 * wait for the leave (the seed is still secret).
 */
export async function playerShots(
  ctx: RgsContext,
  q: { playerId: number; page: number },
): Promise<AdminFishShot[]> {
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT a.created_at, a.result, a.win, m.id AS magazine_id, m.room_id, t.id AS sitting_id, t.status,
          t.server_seed, t.server_seed_hash, t.client_seed, r.sea_seed
        FROM rgs.room_actions a JOIN rgs.room_seats m ON m.id = a.seat_id
          JOIN rgs.room_sittings t ON t.id = m.sitting_id
          JOIN rgs.fish_rooms r ON r.id = m.room_id
        WHERE m.game = ${FISH_GAME} AND m.player_id = ${q.playerId} AND a.stake > 0
        ORDER BY a.created_at DESC, a.seat_id, a.seq DESC
        LIMIT ${PAGE} OFFSET ${(q.page - 1) * PAGE}`,
  );
  return list.map((r) => {
    const d = jsonOf(r.result) as ShotDetail;
    const revealed = String(r.status) === "left";
    const rtpBp = d.rtpBp ?? FISH_RTP_BP;
    const record = {
      serverSeed: String(r.server_seed),
      serverSeedHash: String(r.server_seed_hash),
      clientSeed: String(r.client_seed),
      nonce: d.nonce,
      targetId: String(d.fish),
      rtpBp,
      target: { kindId: d.kindId ?? 0, taken: d.taken ?? [] },
      hit: Boolean(d.hit),
      paid: d.paid ?? 0,
      seaSeed: String(r.sea_seed),
      ...catchFields(d),
    };
    const url = revealed
      ? `/rgs/api/fish/verify?${new URLSearchParams({
          serverSeed: record.serverSeed,
          serverSeedHash: record.serverSeedHash,
          clientSeed: record.clientSeed,
          nonce: String(record.nonce),
          targetId: record.targetId,
          rtpBp: String(rtpBp),
          kindId: String(record.target.kindId),
          taken: record.target.taken.join(","),
          hit: String(record.hit),
          paid: String(record.paid),
          seaSeed: record.seaSeed,
          ...(record.t === undefined ? {} : { t: String(record.t) }),
          ...(record.caught === undefined ? {} : { caught: record.caught.join(",") }),
          ...(record.spared === undefined ? {} : { spared: record.spared.join(",") }),
        }).toString()}`
      : null;
    return {
      at: new Date(String(r.created_at)).toISOString(),
      roomId: String(r.room_id),
      sittingId: String(r.sitting_id),
      magazineId: String(r.magazine_id),
      nonce: d.nonce,
      fish: d.fish,
      kindId: d.kindId ?? 0,
      bet: d.bet,
      hit: Boolean(d.hit),
      win: formatMinor(big(r.win)),
      rtpBp,
      verified: revealed ? verifyShot(record).ok : null,
      verifyUrl: url,
    };
  });
}

/** Spawn indexes as "1,2,3" (empty: none). */
const spawnList = z
  .string()
  .regex(/^(\d{1,15}(,\d{1,15})*)?$/)
  .transform((v) => (v === "" ? [] : v.split(",").map(Number)));

const VerifyQuery = z.object({
  serverSeed: z.string().regex(/^[0-9a-f]{64}$/),
  serverSeedHash: z.string().regex(/^[0-9a-f]{64}$/),
  clientSeed: z.string().min(1).max(64),
  nonce: z.coerce.number().int().min(0),
  targetId: z.string().regex(/^\d{1,15}$/),
  rtpBp: z.coerce.number().int(),
  kindId: z.coerce.number().int().min(0),
  taken: z
    .string()
    .regex(/^(\d{1,4}(,\d{1,4})*)?$/)
    .default(""),
  hit: z.enum(["true", "false"]),
  paid: z.coerce.number().int().min(0),
  /** The room's sea seed: when given, the target is checked against the sea's fish. */
  seaSeed: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** The shot's instant in the sea and a special fish's catch (spawn indexes), when recorded. */
  t: z.coerce.number().int().min(0).optional(),
  caught: spawnList.optional(),
  spared: spawnList.optional(),
});

export async function fishAdminRoutes(app: FastifyInstance, ctx: RgsContext, secret: string): Promise<void> {
  /**
   * Anyone's recomputation of one shot from its revealed seed (the back office's verify link;
   * the same `verifyShot` a browser runs): the commitment, the decision and the payout.
   */
  app.get("/api/fish/verify", async (req) => {
    const q = parse(VerifyQuery, req.query);
    if (!(CERTIFIED_RTP_BP as readonly number[]).includes(q.rtpBp))
      throw new RgsError("VALIDATION_ERROR", 400);
    let v: ReturnType<typeof verifyShot>;
    try {
      v = verifyShot({
        ...q,
        target: { kindId: q.kindId, taken: q.taken ? q.taken.split(",").map(Number) : [] },
        hit: q.hit === "true",
      });
    } catch {
      throw new RgsError("VALIDATION_ERROR", 400);
    }
    return ok({
      ok: v.ok,
      problems: v.problems,
      hit: v.result.hit,
      total: v.result.total,
      paid: v.result.paid,
      probability: `${v.result.probability.num}/${v.result.probability.den}`,
      draw: v.result.draw.toString(),
    });
  });

  await signedAdminRoutes(app, secret, (scope, operatorOf, bodyOf) => {
    scope.get("/admin/fish/rooms", async (req) => {
      operatorOf(req);
      return ok(await adminFishRooms(ctx));
    });
    scope.put("/admin/fish/rooms", async (req) => {
      operatorOf(req);
      return ok(await updateFishRoom(ctx, parse(AdminFishRoomUpdate, bodyOf(req))));
    });
    scope.get("/admin/fish/report", async (req) => {
      operatorOf(req);
      return ok(await fishReport(ctx, parse(AdminFishReportQuery, req.query)));
    });
    scope.get("/admin/fish/shots", async (req) => {
      operatorOf(req);
      return ok(await playerShots(ctx, parse(AdminFishShotsQuery, req.query)));
    });
  });
}
