import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { manilaMinute } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money";
import type { WordSource } from "@panalo/game-math/uniform";
import { type SQL, sql } from "drizzle-orm";
import type { RgsContext } from "../context.ts";
import { type RgsDb, rows } from "../db.ts";
import { pgArray } from "../lottery/context.ts";
import type { RoomEvent, RoundHub } from "./hub.ts";
import { at, type StakeRow, type StakeStore, stakeMoves, stakeRowOf } from "./stakes.ts";

/**
 * The round engine: every shared-round game of the RGS (live tables, bingo, and the games to
 * come) is a short `RoundGame` declaration on it; docs/rounds.md says how. Every process runs
 * one loop per room, but only the holder of the room's lease row (rgs.table_leases) moves its
 * rounds; the lease is renewed on every step and taken over by another process only once it
 * expired (the holder died or hung). Every change of a round is a conditional update that also
 * checks the lease is still held, so a process that lost its lease changes nothing.
 *
 * A round: open (its seed's hash published, stakes taken until the window's end) → closed (no
 * stake passes; debits still unanswered after a grace are rolled back) → revealed (the outcome
 * from the stored seed and the stakes placed; the game may show it over time, as bingo's
 * balls) → settled (each stake's win decided once, placed → credit_pending, then paid; the
 * pause, then the next round) — or void (every stake rolled back). Resuming after a crash
 * repeats only what did not happen: the outcome comes from the stored seed, a win is decided by
 * the update placed → credit_pending, and a credit owed is sent by the retry pass until it lands.
 */
export interface RoundsContext extends RgsContext {
  hub: RoundHub;
  /** This process's name in the lease rows. */
  holder: string;
  leaseTtlMs: number;
  /** How long a closed round waits for debits on their way before rolling them back. */
  closeGraceMs: number;
  /** A round found still open this long after its close (the room was down): void, refunded. */
  voidAfterMs: number;
  /** How many credits are sent at once when a round settles. */
  creditConcurrency: number;
  /** Print each settlement's phases with their times (RGS_TABLES_TRACE=1; the bench). */
  trace: boolean;
}

export function roundsContext(
  ctx: RgsContext,
  hub: RoundHub,
  o: Partial<Omit<RoundsContext, keyof RgsContext | "hub">> = {},
): RoundsContext {
  return {
    ...ctx,
    hub,
    holder: o.holder ?? `${process.pid}-${randomUUID().slice(0, 8)}`,
    leaseTtlMs: o.leaseTtlMs ?? 3000,
    closeGraceMs: o.closeGraceMs ?? 3000,
    voidAfterMs: o.voidAfterMs ?? 60_000,
    creditConcurrency: o.creditConcurrency ?? 64,
    trace: o.trace ?? process.env.RGS_TABLES_TRACE === "1",
  };
}

/** Where a game keeps its rounds and stakes (column names differ between the first two games). */
export interface RoundStore {
  /** The rooms' and the rounds' tables in schema rgs. */
  roomsTable: "live_tables" | "bingo_rooms" | "crash_rooms";
  rounds: "table_rounds" | "bingo_games" | "crash_rounds";
  /** Its column naming the room, the round's number and the end of the stake window. */
  room: "table_id" | "room_id";
  no: "round_no" | "game_no";
  closes: "closes_at" | "starts_at";
  /** The column that takes the sum of the stakes at settlement (if the round keeps one). */
  betsTotal?: "bets_total";
  stakes: StakeStore;
  /** The order the placed stakes are read in for the reveal (bingo: ticket numbers). */
  stakeOrder: "created_at" | "first_ticket";
}

/** The phases' names in the rounds' status column. */
export interface RoundPhases {
  /** Stakes taken (the seed's hash published). */
  open: string;
  /** Stored when the game shows the close as a phase of its own (tables); else closed by a lock. */
  closed?: string;
  /** The outcome decided and stored; settlement (and the game's draw, if any) runs from here. */
  revealed: string;
}

/** What the engine needs of any round. */
export interface RoundInfo {
  id: string;
  roomId: string;
  no: number;
  status: string;
  seed: string;
  closesAt: Date;
  settledAt: Date | null;
}

/** A game on the engine: its rooms, phases, stakes, outcome and settlement. */
export interface RoundGame<Room extends { id: string }, Round> {
  /** Logs and the leader child's ROUNDS_GAME. */
  name: string;
  /** A session of one of its rooms has game id `<sessionPrefix><room id>`. */
  sessionPrefix: string;
  /** The room's lease and fan-out key. */
  key(roomId: string): string;
  store: RoundStore;
  phases: RoundPhases;
  /** A round the engine may void (not yet shown): a condition on the rounds' row. */
  voidable: SQL;
  loadRooms(db: RgsDb): Promise<Room[]>;
  loadRoom(db: RgsDb, id: string): Promise<Room | undefined>;
  /** Run by the room's leader before it reads the room to open a round (crash: its chains). */
  beforeOpen?(db: RgsDb, roomId: string): Promise<void>;
  /** Whether the room starts rounds at `now` (switched on, in its opening hours). */
  isOpen(room: Room, now: Date): boolean;
  /** The stake window's and the pause's lengths. */
  windowMs(room: Room): number;
  pauseMs(room: Room): number;
  /** The round's own columns, taken from the room as it is when the round opens. */
  roundColumns(room: Room): Record<string, SQL>;
  /**
   * The seed of round `no` (default: 32 fresh random bytes). Crash takes it from the room's hash
   * chain made in advance, so its commitment SHA-256(seed) is the previous round's hash.
   */
  seedOf?(room: Room, no: number): string;
  roundOf(row: Record<string, unknown>): Round;
  info(round: Round): RoundInfo;
  /** What everyone in the room receives for a round (with each player's result at settlement). */
  event(round: Round, results?: Record<string, { bet: string; win: string }>): RoomEvent;
  /** The reveal: what the committed seed and the placed stakes decide, as the update's SET list. */
  reveal(round: Round, placed: StakeRow[], now: Date): SQL;
  /**
   * A phase between the reveal and the settlement, one step at a time (bingo's balls): answers
   * how long to wait, or "done" when the settlement may run. `fence` guards its updates.
   */
  draw?(ctx: RoundsContext, round: Round, fence: SQL, renew: number): Promise<number | "done">;
  /** A placed stake's win for the revealed round. */
  winOf(round: Round, stake: StakeRow): bigint;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of games of different room and round types
export type AnyRoundGame = RoundGame<any, any>;

export const newRoundSeed = (): string => randomBytes(32).toString("hex");
/** The commitment published when a round opens: SHA-256 of the seed's 32 bytes. */
export const roundSeedHash = (seedHex: string): string =>
  createHash("sha256").update(Buffer.from(seedHex, "hex")).digest("hex");

/** A round's random words: HMAC-SHA256(key = seed bytes, "<label>:<counter>"), 8 words a block. */
export function seedWords(seedHex: string, label: string): WordSource {
  const key = Buffer.from(seedHex, "hex");
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + 4 > block.length) {
      block = createHmac("sha256", key).update(`${label}:${counter++}`).digest();
      offset = 0;
    }
    const w = block.readUInt32BE(offset);
    offset += 4;
    return w;
  };
}

/** Whether a room starts rounds at `now`: switched on, within its Asia/Manila hours (none = always). */
export function isOpenAt(
  room: { enabled: boolean; opensAt: string | null; closesAt: string | null },
  now: Date,
): boolean {
  if (!room.enabled) return false;
  if (!room.opensAt || !room.closesAt) return true;
  const hm = manilaMinute(now).slice(11);
  return room.opensAt <= room.closesAt
    ? hm >= room.opensAt && hm < room.closesAt
    : hm >= room.opensAt || hm < room.closesAt;
}

/** The condition every leader's update carries: this process still holds the room's lease. */
export const fence = (ctx: RoundsContext, key: string) =>
  sql`EXISTS (SELECT 1 FROM rgs.table_leases WHERE table_id = ${key} AND holder = ${ctx.holder}
        AND expires_at > ${at(ctx.now())})`;

/** Take or renew a room's lease; false while another process holds it. */
export async function holdLease(ctx: RoundsContext, key: string): Promise<boolean> {
  const now = ctx.now();
  const got = await rows<{ holder: string }>(
    ctx.db,
    sql`INSERT INTO rgs.table_leases AS l (table_id, holder, expires_at)
        VALUES (${key}, ${ctx.holder}, ${at(new Date(now.getTime() + ctx.leaseTtlMs))})
        ON CONFLICT (table_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
        WHERE l.holder = EXCLUDED.holder OR l.expires_at <= ${at(now)}
        RETURNING holder`,
  );
  return got.length === 1;
}

export async function releaseLease(ctx: RoundsContext, key: string): Promise<void> {
  await ctx.db.execute(sql`DELETE FROM rgs.table_leases WHERE table_id = ${key} AND holder = ${ctx.holder}`);
}

const tableOf = (name: string) => sql.raw(`rgs.${name}`);
const col = (name: string) => sql.raw(name);

export async function latest<Round>(
  ctx: RgsContext,
  game: RoundGame<{ id: string }, Round>,
  roomId: string,
): Promise<Round | null> {
  const s = game.store;
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT * FROM ${tableOf(s.rounds)} WHERE ${col(s.room)} = ${roomId} ORDER BY ${col(s.no)} DESC LIMIT 1`,
  );
  return r ? game.roundOf(r) : null;
}

/** A conditional, fenced update of a round: its row after the change, or null (not ours, moved on). */
async function change<Round>(
  ctx: RoundsContext,
  game: RoundGame<{ id: string }, Round>,
  round: RoundInfo,
  set: SQL,
  when: SQL,
): Promise<Round | null> {
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`UPDATE ${tableOf(game.store.rounds)} SET ${set}
        WHERE id = ${round.id} AND ${when} AND ${fence(ctx, game.key(round.roomId))} RETURNING *`,
  );
  return r ? game.roundOf(r) : null;
}

const stakesOf = async (ctx: RgsContext, store: StakeStore, q: SQL) =>
  (await rows<Record<string, unknown>>(ctx.db, q)).map((r) => stakeRowOf(store, r));

/**
 * One step of a room as its leader; answers how long to wait before the next (ms). Not the
 * leader: nothing happens.
 */
export async function stepRoom<Room extends { id: string }, Round>(
  ctx: RoundsContext,
  game: RoundGame<Room, Round>,
  room: Room,
): Promise<number> {
  if (!(await holdLease(ctx, game.key(room.id)))) return Math.max(200, ctx.leaseTtlMs / 3);
  const renew = Math.max(50, ctx.leaseTtlMs / 3);
  const now = ctx.now().getTime();
  const round = await latest(ctx, game, room.id);
  const info = round ? game.info(round) : null;
  if (!round || !info || info.status === "settled" || info.status === "void") {
    // The room as it is now (the back office may have changed it): a round takes its settings
    // when it opens.
    await game.beforeOpen?.(ctx.db, room.id);
    const fresh = (await game.loadRoom(ctx.db, room.id)) ?? room;
    if (!game.isOpen(fresh, ctx.now())) return renew;
    const from = info ? (info.settledAt ?? info.closesAt).getTime() + game.pauseMs(fresh) : now;
    if (now < from) return Math.min(renew, from - now);
    await openRound(ctx, game, fresh, (info?.no ?? 0) + 1);
    return Math.min(renew, game.windowMs(fresh));
  }
  if (info.status === game.phases.open) {
    const left = info.closesAt.getTime() - now;
    if (left > 0) return Math.min(renew, left);
    if (-left > ctx.voidAfterMs) {
      await voidRound(ctx, game, round);
      return 0;
    }
  }
  return advanceRound(ctx, game, round, renew);
}

/** Open round `no` of the room: a fresh seed, its hash published (the commitment). */
export async function openRound<Room extends { id: string }, Round>(
  ctx: RoundsContext,
  game: RoundGame<Room, Round>,
  room: Room,
  no: number,
): Promise<Round | null> {
  const s = game.store;
  const seed = game.seedOf ? game.seedOf(room, no) : newRoundSeed();
  const opens = ctx.now();
  const closes = new Date(opens.getTime() + game.windowMs(room));
  const own = Object.entries(game.roundColumns(room));
  const names = sql.join(
    own.map(([k]) => col(k)),
    sql`, `,
  );
  const values = sql.join(
    own.map(([, v]) => v),
    sql`, `,
  );
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`INSERT INTO ${tableOf(s.rounds)} (id, ${col(s.room)}, ${col(s.no)}, status, seed, seed_hash, opens_at, ${col(s.closes)}, ${names})
        SELECT ${randomUUID()}, ${room.id}, ${no}, ${game.phases.open}, ${seed}, ${roundSeedHash(seed)},
          ${at(opens)}, ${at(closes)}, ${values}
        WHERE ${fence(ctx, game.key(room.id))}
        ON CONFLICT (${col(s.room)}, ${col(s.no)}) DO NOTHING
        RETURNING *`,
  );
  if (!r) return null;
  const round = game.roundOf(r);
  ctx.hub.publish(game.event(round));
  return round;
}

/**
 * Move a round whose window has ended on as far as it can go now: close (if open), reveal,
 * draw (the game's phase, if any), settle and pay. Each part happens once and resumes where a
 * crashed leader left it. Answers how long to wait before the next step.
 */
export async function advanceRound<Room extends { id: string }, Round>(
  ctx: RoundsContext,
  game: RoundGame<Room, Round>,
  start: Round,
  renew = Math.max(50, ctx.leaseTtlMs / 3),
): Promise<number> {
  const { phases, store } = game;
  const stakes = tableOf(store.stakes.table);
  const byRound = col(store.stakes.round);
  const first = game.info(start);
  const trace = ctx.trace ? traceOf(game, first) : null;
  let round = start;
  // Rollbacks owed by this pass (known when this process closed the round itself; else read).
  let refunds: StakeRow[] = [];
  if (first.status === phases.open) {
    if (phases.closed) {
      const closed = await change(
        ctx,
        game,
        first,
        sql`status = ${phases.closed}`,
        sql`status = ${phases.open}`,
      );
      if (!closed) return renew;
      round = closed;
      ctx.hub.publish(game.event(round));
    } else {
      // The close is this statement's lock on the round row: a stake's transaction holds the
      // row, so once it is ours no stake can pass the window any more.
      await ctx.db.execute(
        sql`UPDATE ${tableOf(store.rounds)} SET status = status WHERE id = ${first.id} AND status = ${phases.open}`,
      );
    }
    trace?.("closed");
  }
  let info = game.info(round);
  if (info.status === (phases.closed ?? phases.open)) {
    // Debits on their way at the close: wait for their answers, then roll back what is left.
    const until = Date.now() + ctx.closeGraceMs;
    for (;;) {
      const [p] = await rows<{ n: unknown }>(
        ctx.db,
        sql`SELECT count(*) AS n FROM ${stakes} WHERE ${byRound} = ${info.id} AND status = 'debit_pending'`,
      );
      if (Number(p?.n ?? 0) === 0 || Date.now() >= until) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    trace?.("debits answered");
    refunds = await stakesOf(
      ctx,
      store.stakes,
      sql`UPDATE ${stakes} SET status = 'rollback_pending', next_attempt_at = ${at(ctx.now())}, updated_at = ${at(ctx.now())}
          WHERE ${byRound} = ${info.id} AND status = 'debit_pending' RETURNING *`,
    );
    const placed = await stakesOf(
      ctx,
      store.stakes,
      sql`SELECT * FROM ${stakes} WHERE ${byRound} = ${info.id} AND status = 'placed' ORDER BY ${col(store.stakeOrder)}`,
    );
    const revealed = await change(
      ctx,
      game,
      info,
      sql`status = ${phases.revealed}, ${game.reveal(round, placed, ctx.now())}`,
      sql`status = ${phases.closed ?? phases.open}`,
    );
    if (!revealed) {
      await stakeMoves(store.stakes).payOut(ctx, refunds, ctx.creditConcurrency);
      return renew;
    }
    round = revealed;
    info = game.info(round);
  }
  if (info.status !== phases.revealed) return renew;
  if (game.draw) {
    const wait = await game.draw(ctx, round, fence(ctx, game.key(info.roomId)), renew);
    if (wait !== "done") {
      await stakeMoves(store.stakes).payOut(ctx, refunds, ctx.creditConcurrency);
      return wait;
    }
  }
  await settleRevealed(ctx, game, round, first.status !== phases.open, refunds, trace);
  return 0;
}

/** Each placed stake's win decided once (placed → credit_pending), the round settled, then paid. */
async function settleRevealed<Round>(
  ctx: RoundsContext,
  game: RoundGame<{ id: string }, Round>,
  round: Round,
  resumed: boolean,
  refunds: StakeRow[],
  trace: ((phase: string) => void) | null,
): Promise<void> {
  const { store, phases } = game;
  const stakes = tableOf(store.stakes.table);
  const byRound = col(store.stakes.round);
  const info = game.info(round);
  const placed = await stakesOf(
    ctx,
    store.stakes,
    sql`SELECT * FROM ${stakes} WHERE ${byRound} = ${info.id} AND status = 'placed'`,
  );
  const wins = placed.map((s) => game.winOf(round, s));
  trace?.(`${placed.length} wins decided`);
  // The lease on credits: the retry pass leaves them to this process for a while.
  const lease = at(new Date(ctx.now().getTime() + ctx.leaseMs));
  let decided = 0;
  if (placed.length > 0)
    decided = (
      await rows<{ id: string }>(
        ctx.db,
        sql`UPDATE ${stakes} t SET status = 'credit_pending', win = u.win, next_attempt_at = ${lease},
              updated_at = ${at(ctx.now())}
            FROM unnest(${pgArray(placed.map((s) => s.id))}::uuid[], ${pgArray(wins)}::bigint[]) AS u(id, win)
            WHERE t.id = u.id AND t.status = 'placed'
              AND EXISTS (SELECT 1 FROM ${tableOf(store.rounds)} r WHERE r.id = ${info.id} AND r.status = ${phases.revealed})
            RETURNING t.id`,
      )
    ).length;
  const bets = store.betsTotal ? sql`, ${col(store.betsTotal)} = s.bets` : sql``;
  const [done] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`UPDATE ${tableOf(store.rounds)} r SET status = 'settled', settled_at = ${at(ctx.now())},
          wins_total = s.wins ${bets}
        FROM (SELECT COALESCE(sum(total), 0) AS bets, COALESCE(sum(win), 0) AS wins FROM ${stakes}
              WHERE ${byRound} = ${info.id} AND status IN ('credit_pending', 'settled')) s
        WHERE r.id = ${info.id} AND r.status = ${phases.revealed} AND ${fence(ctx, game.key(info.roomId))}
        RETURNING r.*`,
  );
  const moves = stakeMoves(store.stakes);
  if (!done) {
    await moves.payOut(ctx, refunds, ctx.creditConcurrency);
    return;
  }
  const settled = game.roundOf(done);
  trace?.("settled");
  let owed: StakeRow[];
  if (resumed || decided !== placed.length) {
    owed = await stakesOf(
      ctx,
      store.stakes,
      sql`SELECT * FROM ${stakes} WHERE ${byRound} = ${info.id} AND status IN ('credit_pending', 'settled', 'rollback_pending')`,
    );
  } else {
    // Every placed stake was decided by this pass: its rows are what was just written.
    owed = placed.map((s, i) => ({ ...s, status: "credit_pending", win: wins[i] ?? 0n }));
    owed.push(...refunds);
  }
  ctx.hub.publish(game.event(settled, playerResults(owed)));
  trace?.("result published");
  await moves.payOut(
    ctx,
    owed.filter((s) => s.status !== "settled"),
    ctx.creditConcurrency,
  );
  trace?.(`paid ${owed.length}`);
}

/** Each player's stake and win in a settled round (what only that player's sockets receive). */
export function playerResults(owed: StakeRow[]): Record<string, { bet: string; win: string }> {
  const per = new Map<number, { bet: bigint; win: bigint }>();
  for (const s of owed) {
    if (s.status === "rollback_pending" || s.status === "rolled_back") continue;
    const p = per.get(s.playerId) ?? { bet: 0n, win: 0n };
    p.bet += s.total;
    p.win += s.win ?? 0n;
    per.set(s.playerId, p);
  }
  const out: Record<string, { bet: string; win: string }> = {};
  for (const [id, p] of per) out[String(id)] = { bet: formatMinor(p.bet), win: formatMinor(p.win) };
  return out;
}

/** With ctx.trace: each phase of a round's settlement, in ms since its close, to stderr. */
function traceOf(game: AnyRoundGame, round: RoundInfo): (phase: string) => void {
  const close = round.closesAt.getTime();
  const lag = Date.now() - close;
  const marks: string[] = [`step +${lag}`];
  return (phase) => {
    marks.push(`${phase} +${Date.now() - close}`);
    if (phase.startsWith("paid"))
      process.stderr.write(`${game.name} ${round.roomId} #${round.no}: ${marks.join(", ")} ms\n`);
  };
}

/**
 * Void a round not yet shown (the game's `voidable`): every stake is rolled back (refunded).
 * `force`: the back office switching a room off, whoever leads it.
 */
export async function voidRound<Round>(
  ctx: RoundsContext,
  game: RoundGame<{ id: string }, Round>,
  round: Round,
  force = false,
): Promise<boolean> {
  const info = game.info(round);
  const { store } = game;
  const [r] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`UPDATE ${tableOf(store.rounds)} SET status = 'void', settled_at = ${at(ctx.now())}
        WHERE id = ${info.id} AND (${game.voidable}) AND (${force} OR ${fence(ctx, game.key(info.roomId))})
        RETURNING *`,
  );
  if (!r) return false;
  const list = await stakesOf(
    ctx,
    store.stakes,
    sql`UPDATE ${tableOf(store.stakes.table)} SET status = 'rollback_pending', next_attempt_at = ${at(ctx.now())},
          updated_at = ${at(ctx.now())}
        WHERE ${col(store.stakes.round)} = ${info.id} AND status IN ('debit_pending', 'placed') RETURNING *`,
  );
  ctx.hub.publish(game.event(game.roundOf(r)));
  await stakeMoves(store.stakes).payOut(ctx, list, ctx.creditConcurrency);
  return true;
}

/**
 * After the back office changed a room: a room now off (or out of its hours) gives back the
 * stakes of its round still in its window (not yet revealed). Answers the room's latest round.
 */
export async function roomChanged<Room extends { id: string }, Round>(
  ctx: RoundsContext,
  game: RoundGame<Room, Round>,
  room: Room,
): Promise<Round | null> {
  const round = await latest(ctx, game, room.id);
  const status = round ? game.info(round).status : null;
  if (
    round &&
    !game.isOpen(room, ctx.now()) &&
    (status === game.phases.open || status === game.phases.closed)
  ) {
    await voidRound(ctx, game, round, true);
    return latest(ctx, game, room.id);
  }
  return round;
}

/** A room's rounds, newest first, 50 a page, each with its number of stake rows (the back office). */
export async function roundHistory<Round>(
  ctx: RgsContext,
  game: RoundGame<{ id: string }, Round>,
  roomId: string,
  page: number,
): Promise<Array<{ round: Round; stakes: number; row: Record<string, unknown> }>> {
  const s = game.store;
  const size = 50;
  const rs = await rows<Record<string, unknown>>(
    ctx.db,
    sql`SELECT r.*, (SELECT count(*) FROM ${tableOf(s.stakes.table)} b WHERE b.${col(s.stakes.round)} = r.id) AS stake_rows
        FROM ${tableOf(s.rounds)} r WHERE r.${col(s.room)} = ${roomId}
        ORDER BY r.${col(s.no)} DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
  );
  return rs.map((row) => ({ round: game.roundOf(row), stakes: Number(row.stake_rows), row }));
}

/**
 * Run every room of the given games in this process (each room acts only while this process
 * holds its lease) and each game's retry pass of owed credits and rollbacks. Answers a stop
 * function that lets the loops finish their step and gives the leases back.
 */
export function startRounds(
  ctx: RoundsContext,
  games: AnyRoundGame[],
  onError: (err: unknown, game: string) => void,
  opts: { reloadMs?: number; retryMs?: number } = {},
): () => Promise<void> {
  let stopped = false;
  const loops = new Map<string, Promise<void>>();
  let rooms = new Map<string, { game: AnyRoundGame; room: { id: string } }>();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const loop = async (key: string) => {
    while (!stopped) {
      const it = rooms.get(key);
      if (!it) return;
      let wait = 500;
      try {
        wait = await stepRoom(ctx, it.game, it.room);
      } catch (err) {
        onError(err, it.game.name);
      }
      if (wait > 0) await sleep(Math.min(wait, 1000));
    }
  };
  const reload = async () => {
    const next = new Map<string, { game: AnyRoundGame; room: { id: string } }>();
    for (const game of games) {
      try {
        for (const room of await game.loadRooms(ctx.db)) next.set(game.key(room.id), { game, room });
      } catch (err) {
        onError(err, game.name);
        // A failed read keeps the rooms it had.
        for (const [k, v] of rooms) if (v.game === game) next.set(k, v);
      }
    }
    rooms = next;
    for (const key of rooms.keys())
      if (!loops.has(key))
        loops.set(
          key,
          loop(key).finally(() => loops.delete(key)),
        );
  };
  let retrying: Promise<unknown> | null = null;
  const retry = () => {
    if (retrying || stopped) return;
    retrying = Promise.all(
      games.map((g) =>
        stakeMoves(g.store.stakes)
          .retry(ctx)
          .catch((err) => onError(err, g.name)),
      ),
    ).finally(() => {
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
    for (const key of rooms.keys()) await releaseLease(ctx, key).catch(() => undefined);
  };
}
