import type { ServerResponse } from "node:http";
import { formatMinor } from "@panalo/contracts/money";
import type { AppContext } from "../../lib/context.ts";
import { pushToTopic } from "../../realtime/bus.ts";
import { readPool } from "./repo.ts";

/** The hub topic the home counter subscribes to (message `jackpot.subscribe`). */
export const JACKPOT_TOPIC = "jackpot";
/** At most one push of the pool per this many milliseconds, across every process. */
export const PUSH_EVERY_MS = 1000;
/** Failed pushes in a row after which the pusher waits for the next change. */
const MAX_FAILURES = 5;

/** The pool as the home counter reads it (GET /lgw/jackpot and the hub's "jackpot" push). */
export const poolView = (pool: { amount: bigint; currency: string; cycle: number; updatedAt: Date }) => ({
  amount: formatMinor(pool.amount),
  currency: pool.currency,
  cycle: pool.cycle,
  updatedAt: pool.updatedAt.toISOString(),
});

export interface PusherDeps {
  /** Wall time in ms: the throttle is about how often pages are told, not business time. */
  now(): number;
  /** Claims the push of one window for this process: true for the first claimant of the window. */
  claim(window: number): Promise<boolean>;
  /** Reads the pool as committed now and sends it. */
  send(): Promise<void>;
  setTimer(fn: () => void, ms: number): { cancel(): void };
  onError(err: unknown): void;
}

/**
 * Tells the home counters of a change of the pool, at most once per PUSH_EVERY_MS across the
 * processes, and always the last change. A change only marks the pool dirty; one timer per
 * process sends the pool as it then stands (read after the change's commit, so never a figure
 * older than the change). Before sending, the process claims the current window in the shared
 * store: when another process already pushed in it, this one tries again in the next window —
 * the other's push may have read the pool before this change, so this one must still go out.
 */
export class PoolPusher {
  private timer: { cancel(): void } | null = null;
  private dirty = false;
  private stopped = false;
  private failures = 0;

  constructor(private readonly deps: PusherDeps) {}

  /** The pool changed (its transaction committed). */
  changed(): void {
    this.dirty = true;
    if (!this.timer && !this.stopped) this.arm(0);
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
  }

  private arm(ms: number): void {
    this.timer = this.deps.setTimer(() => void this.fire(), ms);
  }

  private untilNextWindow(): number {
    return PUSH_EVERY_MS - (this.deps.now() % PUSH_EVERY_MS);
  }

  private async fire(): Promise<void> {
    if (this.stopped) return;
    try {
      const window = Math.floor(this.deps.now() / PUSH_EVERY_MS);
      if (!(await this.deps.claim(window))) {
        this.arm(this.untilNextWindow());
        return;
      }
      // Cleared before the read: a change committed during the read marks it dirty again.
      this.dirty = false;
      await this.deps.send();
      this.failures = 0;
    } catch (err) {
      this.deps.onError(err);
      // Tried again in the next window, a few times; then left to the next change (and to the
      // pages' own GET every 30 s) rather than retried for ever against a store or database
      // that is gone.
      this.dirty = ++this.failures < MAX_FAILURES;
    }
    this.timer = null;
    if (this.dirty && !this.stopped) this.arm(this.untilNextWindow());
  }
}

const pushers = new WeakMap<object, PoolPusher>();

/** The process's pusher for this database (tests run several apps in one process). */
export function poolPusher(ctx: AppContext, poolId: number): PoolPusher {
  let p = pushers.get(ctx.db);
  if (!p) {
    p = new PoolPusher({
      now: () => Date.now(),
      claim: async (window) => (await ctx.store.incr(`jackpot:push:${window}`, 2 * PUSH_EVERY_MS)) === 1,
      send: async () => {
        const pool = await readPool(ctx.db, poolId);
        if (pool) await pushToTopic(ctx, JACKPOT_TOPIC, { type: "jackpot", ...poolView(pool) });
      },
      setTimer: (fn, ms) => {
        const t = setTimeout(fn, ms);
        // A pending push never keeps a process alive.
        t.unref?.();
        return { cancel: () => clearTimeout(t) };
      },
      onError: (err) => console.error(`jackpot push failed (tried again): ${(err as Error).message}`),
    });
    pushers.set(ctx.db, p);
  }
  return p;
}

/** Stops the process's pusher (app close). */
export function stopPoolPusher(ctx: Pick<AppContext, "db">): void {
  pushers.get(ctx.db)?.stop();
  pushers.delete(ctx.db);
}

/**
 * The open guest streams of the pool in this process (GET /lgw/jackpot/live): each gets every
 * figure the hub's topic carries, as one server-sent event.
 */
export class PoolStreams {
  private readonly open = new Set<ServerResponse>();

  get size(): number {
    return this.open.size;
  }

  add(res: ServerResponse): void {
    this.open.add(res);
    res.on("close", () => this.open.delete(res));
  }

  /** Writes `text` (whole event lines) to every open stream. */
  write(text: string): void {
    for (const res of this.open) res.write(text);
  }

  endAll(): void {
    for (const res of this.open) res.end();
    this.open.clear();
  }
}
