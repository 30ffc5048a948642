import { EventEmitter } from "node:events";
import type { LotteryEvent } from "@panalo/contracts/lottery";
import { formatMinor } from "@panalo/contracts/money";
import type { RgsContext } from "../context.ts";

/**
 * How live events reach the other processes: the platform's shared store (Redis pub/sub with
 * several processes, in-process otherwise) — `publish` must never wait on or fail for it.
 */
export interface LotteryRelay {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>;
}

/** A draw decided (its bets decided and credits written), announced to every process. */
export interface DecidedDraw {
  drawId: number;
  gameCode: string;
  drawNo: string;
}

const RESULT_CHANNEL = "lottery:result";
const DECIDED_CHANNEL = "lottery:decided";

/**
 * Live lottery events: public ones (a result) to every open page, private ones (a slip's
 * settlement) to the pages of that player. The draw worker publishes; the SSE route
 * (routes.ts) listens. Without a relay, only this process's pages hear them. With one
 * (connect()), a result goes to every process's pages, and a decided draw is announced to every
 * process, each of which tells its own listening players their settlements (read from the
 * database there: the work is done where the pages are, for them only).
 */
export class LotteryBus {
  private readonly emitter = new EventEmitter();
  private readonly players = new Map<number, number>();
  private relay: LotteryRelay | null = null;
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  /** Send events through `relay`; `onDecided` runs in every process for each decided draw. */
  async connect(relay: LotteryRelay, onDecided: (d: DecidedDraw) => void): Promise<void> {
    await relay.subscribe(RESULT_CHANNEL, (m) => this.emitter.emit("public", JSON.parse(m) as LotteryEvent));
    await relay.subscribe(DECIDED_CHANNEL, (m) => onDecided(JSON.parse(m) as DecidedDraw));
    this.relay = relay;
  }
  /** Whether decided draws go to every process (true) or are announced here only (false). */
  get relayed(): boolean {
    return this.relay !== null;
  }
  publish(e: LotteryEvent): void {
    if (!this.relay) {
      this.emitter.emit("public", e);
      return;
    }
    this.relay.publish(RESULT_CHANNEL, JSON.stringify(e)).catch(() => this.emitter.emit("public", e));
  }
  /** Announce a decided draw to every process (only with a relay). */
  decided(d: DecidedDraw): void {
    this.relay?.publish(DECIDED_CHANNEL, JSON.stringify(d)).catch(() => undefined);
  }
  toPlayer(playerId: number, e: LotteryEvent): void {
    this.emitter.emit(`p:${playerId}`, e);
  }
  /** Players with a page listening on this process now (settlements are built only for them). */
  listeningPlayers(): number[] {
    return [...this.players.keys()];
  }
  subscribe(playerId: number | null, fn: (e: LotteryEvent) => void): () => void {
    this.emitter.on("public", fn);
    if (playerId !== null) {
      this.emitter.on(`p:${playerId}`, fn);
      this.players.set(playerId, (this.players.get(playerId) ?? 0) + 1);
    }
    return () => {
      this.emitter.off("public", fn);
      if (playerId !== null) {
        this.emitter.off(`p:${playerId}`, fn);
        const n = (this.players.get(playerId) ?? 1) - 1;
        if (n <= 0) this.players.delete(playerId);
        else this.players.set(playerId, n);
      }
    };
  }
}

export interface LotteryContext extends RgsContext {
  bus: LotteryBus;
  /** Per process: until when each game's draws are known to exist (ensureDraws). */
  ensured: Map<string, number>;
}

export function lotteryContext(ctx: RgsContext, bus = new LotteryBus()): LotteryContext {
  return { ...ctx, bus, ensured: new Map() };
}

// Drivers answer bigint as string (node-postgres) or number/bigint (PGlite): read any of them.
export const big = (v: unknown): bigint => (v === null || v === undefined ? 0n : BigInt(v as string));
export const bigOrNull = (v: unknown): bigint | null => (v === null || v === undefined ? null : big(v));
export const iso = (v: unknown): string => new Date(v as string).toISOString();
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
export const money = (v: bigint): string => formatMinor(v);
/** A PostgreSQL array literal for one parameter ("{1,2,3}"): one placeholder, any length. */
export const pgArray = (values: ReadonlyArray<string | number | bigint>): string =>
  `{${values.map((v) => (typeof v === "string" ? `"${v.replace(/(["\\])/g, "\\$1")}"` : v.toString())).join(",")}}`;
/** An integer[] column as numbers (PGlite and node-postgres both parse it to an array). */
export const ints = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);
