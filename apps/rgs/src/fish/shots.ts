import { formatMinor } from "@panalo/contracts/money";
import { CROSSING_MS, SPAWN_INTERVAL_MS } from "@panalo/game-math/fish/index";
import { type SQL, sql } from "drizzle-orm";
import { type RgsContext, RgsError } from "../context.ts";
import { type RgsDb, rows } from "../db.ts";
import { type ActionResult, actOnSeat } from "../rounds/continuous.ts";
import { seedWords } from "../rounds/engine.ts";
import { at } from "../rounds/stakes.ts";
import type { SessionRow } from "../schema.ts";
import { liveSession } from "../session.ts";
import { FISH_GAME, FISH_RULES, type Shot, type ShotDetail } from "./game.ts";

/**
 * The shot path (docs/fish.md "The shot path"). A shot is decided from the magazine's state held
 * in this process (its balance, its number of shots, its seeds) and the room's (its settings and
 * the fish killed), with no statement; then written in a group commit: every magazine's shots
 * decided since the last write — across seats and rooms — go in ONE statement that updates each
 * magazine only if it is still open and still at the number of shots this process last saw
 * (`status = 'placed' AND seq = <seen>`), logs its shots and records its kills. The answer leaves
 * only after that statement committed: a shot the player was told about is durable.
 *
 * A magazine the statement did not update (closed meanwhile by the player, the leave, the sweep
 * or an operator; or played by another process; or a session ended) has its state forgotten and
 * its shots run on the transactional path (`actOnSeat`), which answers what the database says:
 * MAGAZINE_CLOSED, a repeat's first answer, or the shot decided afresh. The close stays what it
 * was — `placed → credit_pending` once — and a shot's write and a close are ordered by the
 * magazine's row lock: the shot is in the credit or refused.
 */

/** How long the room's settings and the kills of other processes are trusted before a re-read. */
export const ROOM_FRESH_MS = 1_000;
/** Group commits in flight at once (each takes one pooled connection for one statement). */
const WRITES_IN_FLIGHT = 4;
/** The most magazines one statement writes. */
const WRITE_MAX = 200;
/** A cached session is re-read after this long (its expiry is checked by each write anyway). */
const SESSION_FRESH_MS = 30_000;
const LONGEST_MS = Math.max(...Object.values(CROSSING_MS)) + 2_000;

interface RoomState {
  roomId: string;
  seaSeed: string;
  rtpBp: number;
  minBet: bigint;
  maxBet: bigint;
  startedAt: number;
  killed: Set<number>;
  readAt: number;
  epoch: number;
}

interface MagazineState {
  id: string;
  roomId: string;
  seat: number;
  playerId: number;
  seed: string;
  seq: number;
  onRound: bigint;
  state: { level: string; clientSeed: string; nonceBase: number };
  /** Every shot's first answer, by request id (a repeat answers it again). */
  answered: Map<string, ActionResult>;
  /** This magazine's calls run one after another. */
  chain: Promise<unknown>;
  usedAt: number;
}

interface Pending {
  mag: MagazineState;
  sessionId: string;
  prevSeq: number;
  seq: number;
  onRound: bigint;
  now: Date;
  shots: Array<{
    seq: number;
    requestId: string;
    data: unknown;
    stake: bigint;
    win: bigint;
    detail: ShotDetail;
  }>;
  kills: Array<{ fish: number; seq: number }>;
  done: (written: boolean) => void;
}

/** Room settings changed (back office): every process's copy of the room is read again. */
const roomEpochs = new Map<string, number>();
export function roomSettingsChanged(roomId: string): void {
  roomEpochs.set(roomId, (roomEpochs.get(roomId) ?? 0) + 1);
}

class ShotEngine {
  rooms = new Map<string, RoomState>();
  magazines = new Map<string, MagazineState>();
  sessions = new Map<string, { row: SessionRow; readAt: number; rereading?: boolean }>();
  /** Rooms being read again in the background (one read per room at a time). */
  rereading = new Map<string, Promise<unknown>>();
  queue: Pending[] = [];
  inFlight = 0;
  scheduled = false;
  constructor(readonly db: RgsDb) {}

  /**
   * The room's copy. A copy past ROOM_FRESH_MS is still used while one re-read runs beside the
   * shot: the kills of other processes were already up to that old, and a shot that waited for
   * the read would add a round trip to one shot of every room each second (the latency's tail).
   * Changed settings (a new epoch) or no copy at all wait for the read.
   */
  async room(roomId: string, now: Date): Promise<RoomState> {
    const have = this.rooms.get(roomId);
    const epoch = roomEpochs.get(roomId) ?? 0;
    if (have && have.epoch === epoch) {
      if (performance.now() - have.readAt >= ROOM_FRESH_MS && !this.rereading.has(roomId)) {
        const read = this.readRoom(roomId, now, epoch)
          .catch(() => undefined)
          .finally(() => this.rereading.delete(roomId));
        this.rereading.set(roomId, read);
      }
      return have;
    }
    return this.readRoom(roomId, now, epoch);
  }

  private async readRoom(roomId: string, now: Date, epoch: number): Promise<RoomState> {
    const [r] = await rows<Record<string, unknown>>(
      this.db,
      sql`SELECT r.sea_seed, r.rtp_bp, r.min_bet, r.max_bet, r.started_at,
            ARRAY(SELECT k.fish FROM rgs.fish_kills k WHERE k.room_id = r.id
              AND k.fish >= floor((extract(epoch FROM (${at(now)}::timestamptz - r.started_at)) * 1000
                - ${LONGEST_MS}) / ${SPAWN_INTERVAL_MS}) - 2) AS killed
          FROM rgs.fish_rooms r WHERE r.id = ${roomId}`,
    );
    if (!r) throw new RgsError("ROOM_NOT_FOUND", 404);
    const startedAt = new Date(String(r.started_at)).getTime();
    const read = (Array.isArray(r.killed) ? r.killed : pgArray(r.killed)).map(Number);
    // One copy per room, refreshed in place: kills this process decided meanwhile stay known.
    const room = this.rooms.get(roomId) ?? {
      roomId,
      seaSeed: "",
      rtpBp: 0,
      minBet: 0n,
      maxBet: 0n,
      startedAt,
      killed: new Set<number>(),
      readAt: 0,
      epoch,
    };
    room.seaSeed = String(r.sea_seed);
    room.rtpBp = Number(r.rtp_bp);
    room.minBet = BigInt(String(r.min_bet));
    room.maxBet = BigInt(String(r.max_bet));
    room.startedAt = startedAt;
    room.readAt = performance.now();
    room.epoch = epoch;
    for (const k of read) room.killed.add(k);
    // Fish out of the sea by now are forgotten.
    const first = Math.floor((now.getTime() - startedAt - LONGEST_MS) / SPAWN_INTERVAL_MS) - 2;
    for (const k of room.killed) if (k < first) room.killed.delete(k);
    this.rooms.set(roomId, room);
    return room;
  }

  async magazine(magazineId: string): Promise<MagazineState | null> {
    const have = this.magazines.get(magazineId);
    if (have) return have;
    const [m] = await rows<Record<string, unknown>>(
      this.db,
      sql`SELECT id, room_id, seat, player_id, seed, seq, on_round, state, status FROM rgs.room_seats
          WHERE id = ${magazineId} AND game = ${FISH_GAME} AND sitting_id IS NOT NULL`,
    );
    if (m?.status !== "placed") return null;
    return this.keep(m);
  }

  /** A copy of an open magazine from its row (`rgs.room_seats`), with the answers it gave. */
  async keep(m: Record<string, unknown>): Promise<MagazineState> {
    const magazineId = String(m.id);
    const answered = new Map<string, ActionResult>();
    if (Number(m.seq) > 0)
      for (const a of await rows<Record<string, unknown>>(
        this.db,
        sql`SELECT seq, request_id, stake, win, result FROM rgs.room_actions WHERE seat_id = ${magazineId}`,
      ))
        answered.set(String(a.request_id), {
          requestId: String(a.request_id),
          seq: Number(a.seq),
          stake: formatMinor(BigInt(String(a.stake))),
          win: formatMinor(BigInt(String(a.win))),
          ...(a.result === null || a.result === undefined ? {} : { detail: jsonOf(a.result) }),
        });
    const mag: MagazineState = {
      id: magazineId,
      roomId: String(m.room_id),
      seat: Number(m.seat),
      playerId: Number(m.player_id),
      seed: String(m.seed),
      seq: Number(m.seq),
      onRound: BigInt(String(m.on_round)),
      state: jsonOf(m.state) as MagazineState["state"],
      answered,
      chain: Promise.resolve(),
      usedAt: performance.now(),
    };
    // Two calls loading one magazine at once share the first copy.
    const raced = this.magazines.get(magazineId);
    if (raced) return raced;
    this.magazines.set(magazineId, mag);
    this.forgetIdle();
    return mag;
  }

  /** Copies of magazines not shot from for a while are dropped (read again when used). */
  forgetIdle(): void {
    if (this.magazines.size < 5_000) return;
    const before = performance.now() - 60_000;
    for (const [id, m] of this.magazines) if (m.usedAt < before) this.magazines.delete(id);
  }

  /**
   * The session's row, kept a while. Past SESSION_FRESH_MS the kept row still answers while it
   * is read again beside the shot: every group write checks the session in the database anyway
   * (a session ended meanwhile makes the write refuse and the transactional path answer).
   */
  async session(sessionId: string, now: Date, ctx: RgsContext): Promise<SessionRow> {
    const have = this.sessions.get(sessionId);
    if (have && have.row.expiresAt.getTime() > now.getTime()) {
      if (performance.now() - have.readAt >= SESSION_FRESH_MS && !have.rereading) {
        have.rereading = true;
        liveSession(ctx, sessionId).then(
          (row) => this.sessions.set(sessionId, { row, readAt: performance.now() }),
          () => this.sessions.delete(sessionId),
        );
      }
      return have.row;
    }
    const row = await liveSession(ctx, sessionId);
    if (this.sessions.size > 20_000) this.sessions.clear();
    this.sessions.set(sessionId, { row, readAt: performance.now() });
    return row;
  }

  write(p: Omit<Pending, "done">): Promise<boolean> {
    return new Promise((resolve) => {
      this.queue.push({ ...p, done: resolve });
      this.kick();
    });
  }

  kick(): void {
    if (this.scheduled || this.inFlight >= WRITES_IN_FLIGHT || this.queue.length === 0) return;
    this.scheduled = true;
    // The shots decided in this turn of the event loop go together.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  async flush(): Promise<void> {
    if (this.inFlight >= WRITES_IN_FLIGHT || this.queue.length === 0) return;
    const batch = this.queue.splice(0, WRITE_MAX);
    this.inFlight++;
    let written = new Set<string>();
    try {
      written = new Set((await rows<{ id: string }>(this.db, groupWrite(batch))).map((r) => String(r.id)));
    } catch {
      // The statement failed (or its answer was lost): nothing is taken as written, and the
      // transactional path answers each of these calls from what the database holds.
    } finally {
      this.inFlight--;
      for (const p of batch) p.done(written.has(p.mag.id));
      this.kick();
    }
  }
}

const jsonOf = (v: unknown): unknown => (typeof v === "string" ? JSON.parse(v) : v);
const pgArray = (v: unknown): string[] => {
  const text = String(v ?? "{}").replace(/^\{|\}$/g, "");
  return text === "" ? [] : text.split(",");
};

/**
 * One statement: each magazine updated when still open at the seen count, its shots and kills with
 * it. The batch goes as three JSON parameters (magazines, shots, kills) unpacked by
 * `jsonb_to_recordset`, so the statement's text is the same whatever the batch's size: no query
 * text built per shot, nor a new plan parsed per batch.
 */
function groupWrite(batch: Pending[]): SQL {
  const mags: unknown[] = [];
  const shots: unknown[] = [];
  const kills: unknown[] = [];
  for (const p of batch) {
    const at = p.now.toISOString();
    mags.push({
      id: p.mag.id,
      prev_seq: p.prevSeq,
      seq: p.seq,
      on_round: p.onRound.toString(),
      session_id: p.sessionId,
      at,
    });
    for (const s of p.shots)
      shots.push({
        seat_id: p.mag.id,
        seq: s.seq,
        request_id: s.requestId,
        data: s.data,
        stake: s.stake.toString(),
        win: s.win.toString(),
        result: s.detail,
        created_at: at,
      });
    for (const k of p.kills)
      kills.push({ room_id: p.mag.roomId, fish: k.fish, magazine_id: p.mag.id, seq: k.seq, killed_at: at });
  }
  // Two players killing one fish in the same instant: both shots were fair and both pay; the
  // fish is recorded dead once.
  return sql`WITH v AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(mags)}::jsonb)
        AS x (id uuid, prev_seq int, seq int, on_round bigint, session_id uuid, at timestamptz)),
    u AS (
      UPDATE rgs.room_seats s SET on_round = v.on_round, seq = v.seq, last_action_at = v.at, updated_at = v.at
      FROM v
      WHERE s.id = v.id AND s.game = ${FISH_GAME} AND s.status = 'placed' AND s.seq = v.prev_seq
        AND EXISTS (SELECT 1 FROM rgs.sessions x WHERE x.id = v.session_id AND x.expires_at > v.at)
      RETURNING s.id),
    a AS (
      INSERT INTO rgs.room_actions (seat_id, seq, request_id, kind, data, stake, win, result, created_at)
      SELECT w.seat_id, w.seq, w.request_id, ${FISH_GAME}, w.data, w.stake, w.win, w.result, w.created_at
      FROM jsonb_to_recordset(${JSON.stringify(shots)}::jsonb)
        AS w (seat_id uuid, seq int, request_id text, data jsonb, stake bigint, win bigint, result jsonb,
          created_at timestamptz)
      WHERE w.seat_id IN (SELECT id FROM u)),
    k AS (
      INSERT INTO rgs.fish_kills (room_id, fish, magazine_id, seq, killed_at)
      SELECT w.room_id, w.fish, w.magazine_id, w.seq, w.killed_at
      FROM jsonb_to_recordset(${JSON.stringify(kills)}::jsonb)
        AS w (room_id text, fish int, magazine_id uuid, seq int, killed_at timestamptz)
      WHERE w.magazine_id IN (SELECT id FROM u)
      ON CONFLICT (room_id, fish) DO NOTHING)
    SELECT id FROM u`;
}

const engines = new WeakMap<object, ShotEngine>();
const engineOf = (ctx: RgsContext): ShotEngine => {
  let e = engines.get(ctx.db);
  if (!e) {
    e = new ShotEngine(ctx.db);
    engines.set(ctx.db, e);
  }
  return e;
};

/** Where a magazine sits, for the room's events. */
export interface ShotsAt {
  roomId: string;
  seat: number;
  playerId: number;
}

export interface Fired {
  onRound: string;
  results: ActionResult[];
  /** The magazine's room and seat (null when the transactional path answered). */
  at: ShotsAt | null;
}

/**
 * A magazine just loaded in this process: its copy is made from the row the load read back, so
 * its first shot does not wait for a read (a magazine of 100 shots: one shot in a hundred).
 */
export async function primeMagazine(ctx: RgsContext, row: Record<string, unknown>): Promise<void> {
  const engine = engineOf(ctx);
  if (row.status !== "placed" || row.sitting_id === null || engine.magazines.has(String(row.id))) return;
  await engine.keep(row);
}

/** A magazine closed in this process: its copy is dropped (a later shot reads the database). */
export function forgetMagazine(ctx: RgsContext, magazineId: string): void {
  engines.get(ctx.db)?.magazines.delete(magazineId);
}

/**
 * Fire a burst from a magazine: decided in memory, answered once its one group write committed
 * (or by the transactional path when that write did not take it). `session` is the caller's
 * session row, or its id (read once and kept a while; each write checks it has not expired).
 */
export async function fireShots(
  ctx: RgsContext,
  session: SessionRow | string,
  magazineId: string,
  batch: Array<{ requestId: string; action: unknown }>,
): Promise<Fired> {
  const engine = engineOf(ctx);
  const actions = batch.map((b) => {
    const a = FISH_RULES.parse(b.action);
    if (a === null) throw new RgsError("BET_INVALID", 400);
    return { requestId: b.requestId, action: a, raw: b.action };
  });
  const row = typeof session === "string" ? await engine.session(session, ctx.now(), ctx) : session;
  const slow = async (): Promise<Fired> => {
    engine.magazines.delete(magazineId);
    const r = await actOnSeat(ctx, FISH_RULES, row, magazineId, batch);
    return { ...r, at: null };
  };
  const mag = await engine.magazine(magazineId);
  if (!mag || mag.playerId !== row.playerId) return slow();
  const run = mag.chain.then(async (): Promise<Fired | null> => {
    mag.usedAt = performance.now();
    // The copy may have been dropped (closed, or a write that did not take it) while queued.
    if (engine.magazines.get(magazineId) !== mag) return null;
    const seen = mag.seq;
    const fresh = actions.filter((a) => !mag.answered.has(a.requestId));
    if (fresh.length === 0)
      return {
        onRound: formatMinor(mag.onRound),
        results: actions.map((a) => mag.answered.get(a.requestId) as ActionResult),
        at: { roomId: mag.roomId, seat: mag.seat, playerId: mag.playerId },
      };
    const now = ctx.now();
    const room = await engine.room(mag.roomId, now);
    // The batch is decided on a copy of the kills: a refused batch changes nothing.
    const sea = {
      roomId: room.roomId,
      seaSeed: room.seaSeed,
      rtpBp: room.rtpBp,
      minBet: room.minBet,
      maxBet: room.maxBet,
      t: now.getTime() - room.startedAt,
      killed: new Set(room.killed),
    };
    let seq = seen;
    let onRound = mag.onRound;
    const pending: Pending["shots"] = [];
    const results: ActionResult[] = [];
    for (const a of actions) {
      const known = mag.answered.get(a.requestId);
      if (known) {
        results.push(known);
        continue;
      }
      seq += 1;
      const r = FISH_RULES.act(mag.state, a.action as Shot, seedWords(mag.seed, `act:${seq}`), {
        seq,
        seed: mag.seed,
        now,
        room: sea,
      });
      if (r.stake < 0n || r.win < 0n || r.stake > onRound) throw new RgsError("INSUFFICIENT_FUNDS", 409);
      onRound += r.win - r.stake;
      const detail = r.detail as ShotDetail;
      pending.push({ seq, requestId: a.requestId, data: a.raw, stake: r.stake, win: r.win, detail });
      results.push({
        requestId: a.requestId,
        seq,
        stake: formatMinor(r.stake),
        win: formatMinor(r.win),
        detail,
      });
    }
    const kills = pending.flatMap((s) =>
      s.detail.hit ? [s.detail.fish, ...(s.detail.victims ?? [])].map((fish) => ({ fish, seq: s.seq })) : [],
    );
    // Other seats' next shots see these fish dead at once (and alive again if this write fails).
    const marked = [...new Set(kills.map((k) => k.fish))].filter((f) => !room.killed.has(f));
    for (const f of marked) room.killed.add(f);
    const written = await engine.write({
      mag,
      sessionId: row.id,
      prevSeq: seen,
      seq,
      onRound,
      now,
      shots: pending,
      kills,
    });
    if (!written) {
      for (const f of marked) room.killed.delete(f);
      engine.magazines.delete(magazineId);
      return null;
    }
    mag.seq = seq;
    mag.onRound = onRound;
    for (const r of results) if (!mag.answered.has(r.requestId)) mag.answered.set(r.requestId, r);
    return {
      onRound: formatMinor(onRound),
      results,
      at: { roomId: mag.roomId, seat: mag.seat, playerId: mag.playerId },
    };
  });
  // The next call on this magazine waits for this one, whatever its outcome.
  mag.chain = run.catch(() => undefined);
  const fired = await run;
  return fired ?? slow();
}
