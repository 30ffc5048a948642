import { EventEmitter } from "node:events";
import type { LotteryEvent } from "@panalo/contracts/lottery";
import { formatMinor } from "@panalo/contracts/money";
import type { RgsContext } from "../context.ts";

/**
 * Live lottery events inside one RGS process: public ones (a result) to every open page, private
 * ones (a slip's settlement) to the pages of that player. The draw worker publishes; the SSE
 * route (routes.ts) listens. Pages connected to another RGS process hear that process's worker
 * only for the draws it ran — the page also polls results, so nothing is lost, only later.
 */
export class LotteryBus {
  private readonly emitter = new EventEmitter();
  private readonly players = new Map<number, number>();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  publish(e: LotteryEvent): void {
    this.emitter.emit("public", e);
  }
  toPlayer(playerId: number, e: LotteryEvent): void {
    this.emitter.emit(`p:${playerId}`, e);
  }
  /** Players with a page listening now (settlement events are built only for them). */
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
