import { formatMinor } from "@panalo/contracts/money";
import { CROSSING_MS, catchAt, SPAWN_INTERVAL_MS, shoot, type Target } from "@panalo/game-math/fish/index";
import { sql } from "drizzle-orm";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import type { ContinuousGame } from "../rounds/continuous.ts";
import { at } from "../rounds/stakes.ts";

/**
 * The fish game's rules on the continuous rooms (docs/fish.md): its stake levels, a shot and
 * how it is decided (`FISH.act`), shared by the transactional path (`actOnSeat`) and the shot
 * path (`shots.ts`). The rooms, magazines and API are `engine.ts`.
 */
export const FISH_VENDOR = "PNF";
export const FISH_GAME = "fish";
export const FISH_SEATS = 4;
/** The rooms' certified RTP setting (packages/game-math fish CERTIFIED_RTP_BP). */
export const FISH_RTP_BP = 9650;
/** Cannon levels 1..10: a shot's bet is the stake level's smallest bet times the cannon level. */
export const CANNON_LEVELS = 10;
/** A magazine holds this many shots (of the cannon level it is loaded for). */
export const MAGAZINE_SHOTS = { min: 1, max: 1000 } as const;
/**
 * A sitting's magazines are loaded at least this far apart (the load waits out the rest): with
 * one debit a load and one credit a close, a sitting makes at most about two provider calls a
 * second whatever its client sends (docs/fish.md "Rooms and magazines").
 */
export const MAGAZINE_PACE_MS = 1_000;
/** A magazine or a sitting without a shot this long is closed (paid) and the seat freed. */
export const FISH_IDLE_MS = 120_000;

export interface FishLevel {
  id: string;
  /** The cannon's level-1 bet and its level-10 bet (centavos). */
  minBet: bigint;
  maxBet: bigint;
}

export const FISH_LEVELS: readonly FishLevel[] = [
  { id: "low", minBet: 10n, maxBet: 1_00n },
  { id: "mid", minBet: 1_00n, maxBet: 10_00n },
  { id: "high", minBet: 10_00n, maxBet: 100_00n },
];

export function fishLevel(id: string): FishLevel {
  const level = FISH_LEVELS.find((l) => l.id === id);
  if (!level) throw new RgsError("FISH_LEVEL_NOT_FOUND", 404);
  return level;
}

export const shotBet = (level: FishLevel, cannon: number): bigint => level.minBet * BigInt(cannon);
export const validCannon = (c: unknown): c is number =>
  Number.isInteger(c) && Number(c) >= 1 && Number(c) <= CANNON_LEVELS;
/** A room's id is `<level>-<no>`. */
export const levelOfRoom = (roomId: string): string => roomId.slice(0, roomId.lastIndexOf("-"));

export interface Shot {
  /** The aimed fish: its spawn index in the room's sea (lock-on). */
  fish: number;
  cannon: number;
}

export interface MagazineState {
  level: string;
  clientSeed: string;
  /** The nonce of this magazine's first shot: shots taken on the seed pair before it. */
  nonceBase: number;
}

/** The sea at the moment of a batch of shots, read in its transaction. */
export interface Sea {
  roomId: string;
  seaSeed: string;
  rtpBp: number;
  /** The room's bet per shot now: the cannon's level-1 bet, and the largest a shot may be. */
  minBet: bigint;
  maxBet: bigint;
  /** Milliseconds since the sea started. */
  t: number;
  /** Fish already killed (spawn indexes), with this batch's kills added as they happen. */
  killed: Set<number>;
}

export interface ShotDetail {
  fish: number;
  cannon: number;
  bet: string;
  nonce: number;
  /** False when the fish was not swimming (gone, or killed first): nothing staked, nothing won. */
  fired: boolean;
  kindId?: number;
  /** A special fish's catch: the kinds of the fish it takes, and their spawn indexes. */
  taken?: number[];
  /** The catch's spawn indexes, dead with the special fish (only on a hit). */
  victims?: number[];
  /** The catch's spawn indexes whether hit or not (a special fish only), for the verifier. */
  caught?: number[];
  /** Fish the catch would have taken but that were dead already (a special fish only). */
  spared?: number[];
  /** The shot's instant in the sea (ms from the room's start): where every fish was. */
  t?: number;
  hit?: boolean;
  /** The kill's total in bets, paid when hit. */
  total?: number;
  paid?: number;
  /** The uniform draw u (hit when u < the probability's numerator), for the verifier. */
  draw?: string;
  /** The room's RTP setting the shot was decided at (an operator may change it between shots). */
  rtpBp?: number;
}

const LONGEST_MS = Math.max(...Object.values(CROSSING_MS)) + 2_000;
/** An int[] a driver answered as its text form ("{1,2}"). */
const pgArray = (v: unknown): string[] => {
  const text = String(v ?? "{}").replace(/^\{|\}$/g, "");
  return text === "" ? [] : text.split(",");
};

/** The game's rules; `engine.ts` FISH adds what it tells the room's socket. */
export const FISH_RULES: ContinuousGame<Shot, MagazineState, Sea> = {
  name: FISH_GAME,
  seats: FISH_SEATS,
  minBuyIn: FISH_LEVELS[0]?.minBet ?? 10n,
  maxBuyIn: BigInt(MAGAZINE_SHOTS.max) * (FISH_LEVELS.at(-1)?.maxBet ?? 100_00n),
  idleMs: FISH_IDLE_MS,
  closedCode: "MAGAZINE_CLOSED",
  initial: (from) => ({
    level: levelOfRoom(from?.roomId ?? ""),
    clientSeed: from?.clientSeed ?? "",
    nonceBase: from?.nonceBase ?? 0,
  }),
  parse: (raw) => {
    const r = raw as { fish?: unknown; cannon?: unknown } | null;
    if (!Number.isSafeInteger(r?.fish) || Number(r?.fish) < 0 || !validCannon(r?.cannon)) return null;
    return { fish: Number(r?.fish), cannon: Number(r?.cannon) };
  },
  load: async (tx, seat, now) => {
    const roomId = String(seat.room_id);
    // One round trip: the room and the kills of the fish that can still be swimming (from a
    // spawn or two before the longest crossing: a superset is harmless, the alive test is exact).
    const [room] = await rows<Record<string, unknown>>(
      tx,
      sql`SELECT r.sea_seed, r.rtp_bp, r.min_bet, r.max_bet, r.started_at,
            ARRAY(SELECT k.fish FROM rgs.fish_kills k WHERE k.room_id = r.id
              AND k.fish >= floor((extract(epoch FROM (${at(now)}::timestamptz - r.started_at)) * 1000
                - ${LONGEST_MS}) / ${SPAWN_INTERVAL_MS}) - 2) AS killed
          FROM rgs.fish_rooms r WHERE r.id = ${roomId}`,
    );
    if (!room) throw new RgsError("ROOM_NOT_FOUND", 404);
    const t = now.getTime() - new Date(String(room.started_at)).getTime();
    const killed = (Array.isArray(room.killed) ? room.killed : pgArray(room.killed)).map(Number);
    return {
      roomId,
      seaSeed: String(room.sea_seed),
      rtpBp: Number(room.rtp_bp),
      minBet: BigInt(String(room.min_bet)),
      maxBet: BigInt(String(room.max_bet)),
      t,
      killed: new Set(killed),
    };
  },
  act: (state, shot, _words, env) => {
    // actOnSeat always passes the env (with the sea `load` read); a shot is never decided without it.
    if (!env) throw new Error("a shot needs the sea at its instant");
    const sea = env.room;
    // The room's bet at the shot's instant (a magazine holds money, not shots: after an
    // operator's stake change its unfired balance pays the new bet, never below zero).
    const bet = sea.minBet * BigInt(shot.cannon);
    if (bet > sea.maxBet) throw new RgsError("BET_INVALID", 400);
    // The shot's nonce on the sitting's seed pair: every shot of every magazine has its own.
    const nonce = state.nonceBase + env.seq - 1;
    const alive = (i: number) => !sea.killed.has(i);
    let caught: ReturnType<typeof catchAt> | null = null;
    if (alive(shot.fish)) {
      try {
        caught = catchAt(sea.seaSeed, shot.fish, sea.t, alive);
      } catch {
        caught = null; // not swimming now: not in the sea yet, or gone
      }
    }
    const target: Target | null = caught?.target ?? null;
    if (!target) {
      // Not fired: a shot is never fired without its stake taken, and none is taken here.
      const detail: ShotDetail = {
        fish: shot.fish,
        cannon: shot.cannon,
        bet: formatMinor(bet),
        nonce,
        fired: false,
      };
      return { stake: 0n, win: 0n, state, detail };
    }
    const r = shoot({
      serverSeed: env.seed,
      clientSeed: state.clientSeed,
      nonce,
      targetId: String(shot.fish),
      rtpBp: sea.rtpBp,
      target,
    });
    const special = target.taken !== undefined;
    const victims = r.hit ? (caught?.victims ?? []) : [];
    if (r.hit) for (const i of [shot.fish, ...victims]) sea.killed.add(i);
    const detail: ShotDetail = {
      fish: shot.fish,
      cannon: shot.cannon,
      bet: formatMinor(bet),
      nonce,
      fired: true,
      kindId: target.kindId,
      taken: [...(target.taken ?? [])],
      victims,
      ...(special ? { caught: caught?.victims ?? [], spared: caught?.spared ?? [] } : {}),
      t: sea.t,
      hit: r.hit,
      total: r.total,
      paid: r.paid,
      draw: r.draw.toString(),
      rtpBp: sea.rtpBp,
    };
    // A payout is the bet times the kill's whole-number total: integer centavos.
    return { stake: bet, win: bet * BigInt(r.paid), state, detail };
  },
  record: async (tx, seat, done, now) => {
    const kills = done.flatMap((d) => {
      const s = d.detail as ShotDetail;
      return s.hit ? [s.fish, ...(s.victims ?? [])].map((fish) => ({ fish, seq: d.seq })) : [];
    });
    if (kills.length === 0) return;
    // Two players killing one fish in the same instant: both shots were fair and both pay; the
    // fish is recorded dead once.
    await tx.execute(
      sql`INSERT INTO rgs.fish_kills (room_id, fish, magazine_id, seq, killed_at)
          VALUES ${sql.join(
            kills.map(
              (k) => sql`(${String(seat.room_id)}, ${k.fish}, ${String(seat.id)}, ${k.seq}, ${at(now)})`,
            ),
            sql`, `,
          )}
          ON CONFLICT (room_id, fish) DO NOTHING`,
    );
  },
};

/** A recorded shot's instant and catch, as the verifier reads them (absent on older shots). */
export function catchFields(d: ShotDetail): { t?: number; caught?: number[]; spared?: number[] } {
  return {
    ...(d.t === undefined ? {} : { t: d.t }),
    ...(d.caught === undefined ? {} : { caught: d.caught }),
    ...(d.spared === undefined ? {} : { spared: d.spared }),
  };
}
