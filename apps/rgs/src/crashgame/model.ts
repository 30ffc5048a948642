import type { CrashBetView, CrashRoomInfo, CrashRoundView } from "@panalo/contracts/crash";
import { formatMinor } from "@panalo/contracts/money";
import { formatX } from "@panalo/game-math/crash/index";
import { type SQL, sql } from "drizzle-orm";
import { type RgsDb, type RgsTx, rows } from "../db.ts";
import { big } from "../lottery/context.ts";

/** A crash room (rgs.crash_rooms) with its hash chain (rgs.crash_chains). */
export interface CrashRoom {
  id: string;
  name: Record<string, string>;
  vendor: string;
  bettingMs: number;
  pauseMs: number;
  minBet: bigint;
  maxBet: bigint;
  opensAt: string | null;
  closesAt: string | null;
  enabled: boolean;
  sort: number;
  chain: CrashChain;
  /** The chain made to take over when `chain` is used up (published in the room's info). */
  nextChain: CrashChain | null;
}

/** A hash chain; the room's round `firstRound` takes its hash h(length - 1) (chain.ts). */
export interface CrashChain {
  id: string;
  seed: string;
  salt: string;
  length: number;
  terminatingHash: string;
  firstRound: number;
}

export interface CrashRound {
  id: string;
  roomId: string;
  roundNo: number;
  status: CrashRoundView["status"];
  seed: string;
  seedHash: string;
  chainId: string;
  salt: string;
  opensAt: Date;
  closesAt: Date;
  crashX100: number | null;
  startedAt: Date | null;
  crashAt: Date | null;
  settledAt: Date | null;
  winsTotal: bigint;
}

export const CRASH_VENDOR = "PNC";
/** A session of a crash room has game id "crash:<room id>"; its lease and fan-out key too. */
export const CRASH_SESSION_PREFIX = "crash:";
export const crashKey = (roomId: string) => `crash:${roomId}`;

const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;
const time = (v: unknown) => (v === null || v === undefined ? null : String(v).slice(0, 5));
const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

export function roomRow(r: Record<string, unknown>): CrashRoom {
  return {
    id: String(r.id),
    name: json(r.name),
    vendor: String(r.vendor),
    bettingMs: Number(r.betting_ms),
    pauseMs: Number(r.pause_ms),
    minBet: big(r.min_bet),
    maxBet: big(r.max_bet),
    opensAt: time(r.opens_at),
    closesAt: time(r.closes_at),
    enabled: Boolean(r.enabled),
    sort: Number(r.sort ?? 0),
    chain: {
      id: String(r.chain_id),
      seed: String(r.chain_seed),
      salt: String(r.chain_salt),
      length: Number(r.chain_length),
      terminatingHash: String(r.terminating_hash),
      firstRound: Number(r.chain_first_round ?? 1),
    },
    nextChain:
      r.next_chain_id === null || r.next_chain_id === undefined
        ? null
        : {
            id: String(r.next_chain_id),
            seed: String(r.next_seed),
            salt: String(r.next_salt),
            length: Number(r.next_length),
            terminatingHash: String(r.next_terminating_hash),
            firstRound: Number(r.next_first_round),
          },
  };
}

export async function loadRooms(exec: RgsDb | RgsTx, where: SQL = sql`TRUE`): Promise<CrashRoom[]> {
  return (
    await rows<Record<string, unknown>>(
      exec,
      sql`SELECT r.*, c.seed AS chain_seed, c.salt AS chain_salt, c.length AS chain_length, c.terminating_hash,
            c.first_round AS chain_first_round, n.seed AS next_seed, n.salt AS next_salt, n.length AS next_length,
            n.terminating_hash AS next_terminating_hash, n.first_round AS next_first_round
          FROM rgs.crash_rooms r JOIN rgs.crash_chains c ON c.id = r.chain_id
            LEFT JOIN rgs.crash_chains n ON n.id = r.next_chain_id
          WHERE ${where} ORDER BY r.sort, r.id`,
    )
  ).map(roomRow);
}

export async function loadRoom(exec: RgsDb | RgsTx, id: string): Promise<CrashRoom | undefined> {
  return (await loadRooms(exec, sql`r.id = ${id}`))[0];
}

export function roundRow(r: Record<string, unknown>): CrashRound {
  return {
    id: String(r.id),
    roomId: String(r.room_id),
    roundNo: Number(r.round_no),
    status: r.status as CrashRound["status"],
    seed: String(r.seed),
    seedHash: String(r.seed_hash),
    chainId: String(r.chain_id),
    salt: String(r.salt),
    opensAt: new Date(r.opens_at as string),
    closesAt: new Date(r.closes_at as string),
    crashX100: r.crash_x100 === null || r.crash_x100 === undefined ? null : Number(r.crash_x100),
    startedAt: date(r.started_at),
    crashAt: date(r.crash_at),
    settledAt: date(r.settled_at),
    winsTotal: big(r.wins_total ?? 0),
  };
}

/** Whether the round's crash may be shown at `now`: crashed (by the clock) or settled. */
export const crashed = (g: CrashRound, now: Date) =>
  g.status === "settled" || (g.crashAt !== null && now.getTime() >= g.crashAt.getTime());

/**
 * What everyone sees of a round. The crash point, the crash instant and the round's hash (which
 * decides them) stay hidden until the round crashed: before that they would tell when to cash out.
 */
export function roundView(g: CrashRound, now: Date): CrashRoundView {
  const shown = crashed(g, now) && g.crashX100 !== null;
  return {
    roundId: g.id,
    roomId: g.roomId,
    roundNo: g.roundNo,
    status: g.status,
    seedHash: g.seedHash,
    opensAt: g.opensAt.toISOString(),
    closesAt: g.closesAt.toISOString(),
    startedAt: g.startedAt?.getTime() ?? null,
    crash: shown ? formatX(g.crashX100 ?? 100) : null,
    crashX100: shown ? g.crashX100 : null,
    crashAt: shown ? (g.crashAt?.getTime() ?? null) : null,
    hash: shown || g.status === "void" ? g.seed : null,
    serverTime: now.getTime(),
  };
}

/** A player as the room's list shows them: the last digits of their id only. */
export const playerLabel = (playerId: number) => `P•••${String(playerId).slice(-4).padStart(4, "0")}`;

const x100Text = (v: unknown) => (v === null || v === undefined ? null : formatX(Number(v)).slice(0, -1));

export function betView(r: Record<string, unknown>): CrashBetView {
  return {
    betId: String(r.id),
    roundId: String(r.round_id),
    ...(r.round_no === undefined ? {} : { roundNo: Number(r.round_no) }),
    player: playerLabel(Number(r.player_id)),
    amount: formatMinor(big(r.total)),
    autoCashout: x100Text(r.auto_x100),
    cashout: x100Text(r.cashout_x100),
    win: r.win === null || r.win === undefined ? null : formatMinor(big(r.win)),
    status: String(r.status),
    balance: r.balance === null || r.balance === undefined ? null : formatMinor(big(r.balance)),
    ...(r.crash_x100 === undefined ? {} : { crash: x100Text(r.crash_x100) }),
  };
}

/** The bet as the other players see it: no automatic target, no balance. */
export function publicBet(r: Record<string, unknown>): Omit<CrashBetView, "balance" | "autoCashout"> {
  const { balance: _b, autoCashout: _a, ...pub } = betView(r);
  return pub;
}

/** What is published of a chain (never its seed). */
const chainInfo = (c: CrashChain) => ({
  terminatingHash: c.terminatingHash,
  salt: c.salt,
  length: c.length,
  firstRound: c.firstRound,
});

export function roomInfo(
  room: CrashRoom,
  round: CrashRound | null,
  players: number,
  now: Date,
): CrashRoomInfo {
  return {
    id: room.id,
    name: room.name,
    vendor: room.vendor,
    minBet: formatMinor(room.minBet),
    maxBet: formatMinor(room.maxBet),
    bettingMs: room.bettingMs,
    chain: chainInfo(room.chain),
    nextChain: room.nextChain ? chainInfo(room.nextChain) : null,
    round: round ? roundView(round, now) : null,
    players,
  };
}
