import { formatMinor } from "@panalo/contracts/money";
import { crashInstantMs, formatX, multiplierAt, payout } from "@panalo/game-math/crash/index";
import { type SQL, sql } from "drizzle-orm";
import { crashPoint } from "../crash-points.ts";
import { rows } from "../db.ts";
import { isOpenAt, type RoundGame, type RoundsContext, stepRoom as stepAny } from "../rounds/engine.ts";
import { at, stakeMoves, stakeRowOf } from "../rounds/stakes.ts";
import { rotateChain } from "./catalog.ts";
import { crashPointOf, roundHash } from "./chain.ts";
import { feedOf } from "./feed.ts";
import {
  CRASH_SESSION_PREFIX,
  type CrashRoom,
  type CrashRound,
  crashKey,
  loadRoom,
  loadRooms,
  playerLabel,
  roundRow,
  roundView,
} from "./model.ts";

export const CRASH_STORE = { table: "crash_bets", round: "round_id", room: "room_id" } as const;

/**
 * After the crash instant the leader waits this long before settling, so a cash-out that
 * reached a server just before the instant (its arrival time judged it a win) has committed
 * before the remaining bets are decided as lost.
 */
export const SETTLE_AFTER_CRASH_MS = 1000;

/**
 * The crash game on the round engine (docs/crash.md). A round: betting (its commitment is the
 * previous round's hash; bets taken until closes_at) → at the close, after the debits on their
 * way, the crash point is decided from the round's chain hash and the curve starts (flying:
 * started_at, crash_at stored, shown without the crash point) → automatic cash-outs are decided
 * and paid as the curve passes them, manual ones by the player's request (bets.ts) → at
 * crash_at the crash is shown; SETTLE_AFTER_CRASH_MS later every bet still standing is decided
 * (an automatic target below the crash point wins it, anything else loses) and credited once.
 */
export const CRASH: RoundGame<CrashRoom, CrashRound> = {
  name: "crash",
  sessionPrefix: CRASH_SESSION_PREFIX,
  key: crashKey,
  store: {
    roomsTable: "crash_rooms",
    rounds: "crash_rounds",
    room: "room_id",
    no: "round_no",
    closes: "closes_at",
    betsTotal: "bets_total",
    stakes: CRASH_STORE,
    stakeOrder: "created_at",
  },
  phases: { open: "betting", revealed: "flying" },
  voidable: sql`status = 'betting'`,
  loadRooms: (db) => loadRooms(db),
  loadRoom,
  // Before the leader opens a round, the room's chains are rotated (catalog.ts).
  beforeOpen: (db, roomId) => rotateChain(db, roomId),
  isOpen: (room, now) => isOpenAt(room, now) && room.chain.length > 0,
  windowMs: (r) => r.bettingMs,
  pauseMs: (r) => r.pauseMs,
  // Round n takes the hash n - first_round + 1 of its chain (backwards from the terminating
  // hash); the next chain takes over after the last (rotateChain). Past the end of a chain with
  // no successor, roundHash throws and the room opens no round.
  seedOf: (room, no) => roundHash(room.chain.seed, room.chain.length, no - room.chain.firstRound + 1),
  roundColumns: (r) => ({ chain_id: sql`${r.chain.id}`, salt: sql`${r.chain.salt}` }),
  roundOf: roundRow,
  info: (g) => ({
    id: g.id,
    roomId: g.roomId,
    no: g.roundNo,
    status: g.status,
    seed: g.seed,
    closesAt: g.closesAt,
    settledAt: g.settledAt,
  }),
  event: (g, results) => ({
    type: "crash",
    tableId: crashKey(g.roomId),
    // Published at the open, the settlement and a void (never mid-flight: flight() does that).
    game: roundView(g, new Date()),
    seq: g.roundNo,
    results,
  }),
  // The crash point comes from the round's hash alone (the chain's salt is fixed in advance).
  reveal: (g, _placed, now) => {
    const x100 = crashPointOf(g.seed, g.salt);
    const crashAt = new Date(now.getTime() + crashInstantMs(x100));
    return sql`crash_x100 = ${x100}, started_at = ${at(now)}, crash_at = ${at(crashAt)}`;
  },
  draw: flight,
  // A bet still standing at the settlement: its automatic target below the crash point wins.
  winOf: (g, s) => {
    const auto = s.row.auto_x100 === null || s.row.auto_x100 === undefined ? null : Number(s.row.auto_x100);
    return auto !== null && g.crashX100 !== null && auto < g.crashX100 ? payout(s.total, auto) : 0n;
  },
};

/** What this process already announced (one "flying" and one "crashed" event per round). */
const announced = new Set<string>();

/**
 * The flight, one leader step at a time: announce the start, decide and pay the automatic
 * cash-outs the curve has passed, announce the crash at crash_at, and answer "done" (settle)
 * SETTLE_AFTER_CRASH_MS after it. A new leader resumes from the stored times.
 */
async function flight(
  ctx: RoundsContext,
  g: CrashRound,
  fenced: SQL,
  renew: number,
): Promise<number | "done"> {
  if (!g.startedAt || !g.crashAt || g.crashX100 === null) return "done";
  const now = ctx.now();
  const key = crashKey(g.roomId);
  // Only the rounds of the last minutes matter: forgetting older ones costs at most a repeat.
  if (announced.size > 10_000) announced.clear();
  if (!announced.has(`${g.id}:fly`)) {
    announced.add(`${g.id}:fly`);
    ctx.hub.publish({ type: "crash", tableId: key, game: roundView(g, now), seq: g.roundNo });
  }
  const reached = multiplierAt(now.getTime() - g.startedAt.getTime());
  const autos = await rows<Record<string, unknown>>(
    ctx.db,
    sql`UPDATE rgs.crash_bets SET status = 'credit_pending', cashout_x100 = auto_x100, cashed_at = ${at(now)},
          win = (total * auto_x100) / 100, next_attempt_at = ${at(new Date(now.getTime() + ctx.leaseMs))},
          updated_at = ${at(now)}
        WHERE round_id = ${g.id} AND status = 'placed' AND auto_x100 IS NOT NULL
          AND auto_x100 < ${g.crashX100} AND auto_x100 <= ${reached} AND ${fenced}
        RETURNING *`,
  );
  if (autos.length > 0) {
    const feed = feedOf(ctx.hub);
    for (const r of autos)
      feed.push(key, g.roundNo, {
        kind: "cashout",
        betId: String(r.id),
        player: playerLabel(Number(r.player_id)),
        cashout: formatX(Number(r.cashout_x100)).slice(0, -1),
        win: formatMinor(BigInt(String(r.win))),
        at: now.getTime(),
      });
    await stakeMoves(CRASH_STORE).payOut(
      ctx,
      autos.map((r) => stakeRowOf(CRASH_STORE, r)),
      ctx.creditConcurrency,
    );
  }
  const crashAt = g.crashAt.getTime();
  const t = now.getTime();
  if (t < crashAt) {
    // Wake at the next automatic target the curve will pass, or at the crash.
    const [next] = await rows<{ x: unknown }>(
      ctx.db,
      sql`SELECT min(auto_x100) AS x FROM rgs.crash_bets
          WHERE round_id = ${g.id} AND status = 'placed' AND auto_x100 < ${g.crashX100}`,
    );
    const nextAt = next?.x == null ? crashAt : g.startedAt.getTime() + crashInstantMs(Number(next.x));
    return Math.max(0, Math.min(renew, crashAt - t, nextAt - t));
  }
  if (!announced.has(`${g.id}:crash`)) {
    announced.add(`${g.id}:crash`);
    ctx.hub.publish({ type: "crash", tableId: key, game: roundView(g, now), seq: g.roundNo });
  }
  if (t < crashAt + SETTLE_AFTER_CRASH_MS) return Math.min(renew, crashAt + SETTLE_AFTER_CRASH_MS - t);
  // The crash tests' point: a leader SIGKILLed here has shown the crash and settled nothing.
  crashPoint("crash.before-settle");
  return "done";
}

export type CrashContext = RoundsContext;
export const stepRoom = (ctx: CrashContext, room: CrashRoom) => stepAny(ctx, CRASH, room);
