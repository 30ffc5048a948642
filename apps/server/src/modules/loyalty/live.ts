import type { AppContext } from "../../lib/context.ts";
import { onEvent } from "../../lib/member-events.ts";
import { accrue } from "./accrue.ts";

/**
 * Loyalty pushed live as bets settle, kept off the provider hot path: the
 * credit path only notes the settled round in this process's queue (a Map insert, after the
 * settlement committed); a worker drains the queue shortly after, in batches, through the same
 * accrual as the minute job, restricted to the noted rounds. The accrual marks each round once
 * (loyalty_rounds, primary key vendor × round, under the settings row lock), so a retried
 * settlement, a second process noting the same round or the minute job catching up adds
 * nothing. A crash loses only the note: the minute job (`loyalty.accrue`) is the catch-up.
 */
const DRAIN_DELAY_MS = 50;
const BATCH_MAX = 500;

class LiveAccrual {
  private pending = new Map<string, { vendor: string; roundId: string }>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly ctx: AppContext) {}

  note(vendor: string, roundId: string): void {
    if (this.closed) return;
    this.pending.set(`${vendor}\u0000${roundId}`, { vendor, roundId });
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.running || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain().finally(() => {
        this.running = null;
        if (this.pending.size > 0) this.schedule();
      });
    }, DRAIN_DELAY_MS);
    this.timer.unref?.();
  }

  private async drain(): Promise<void> {
    const batch = [...this.pending.values()].slice(0, BATCH_MAX);
    for (const r of batch) this.pending.delete(`${r.vendor}\u0000${r.roundId}`);
    try {
      await accrue(this.ctx, batch);
    } catch (err) {
      // Left to the minute job (the rounds are not marked, so it will take them).
      if (!this.closed)
        console.error(`loyalty live accrual failed (the minute job catches up): ${(err as Error).message}`);
    }
  }

  /** Waits for a drain under way, drops what is pending (the minute job has it), stops. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
    await this.running;
  }

  /** Tests: resolves once nothing is pending or running. */
  async idle(): Promise<void> {
    while (this.pending.size > 0 || this.running || this.timer) {
      await (this.running ?? new Promise((r) => setTimeout(r, DRAIN_DELAY_MS)));
    }
  }
}

const queues = new WeakMap<object, LiveAccrual>();

function queueOf(ctx: AppContext): LiveAccrual {
  let q = queues.get(ctx.db);
  if (!q) {
    q = new LiveAccrual(ctx);
    queues.set(ctx.db, q);
  }
  return q;
}

/** The provider path: a win (settlement) of this round committed. Constant time, no I/O. */
export function noteSettled(ctx: AppContext, vendor: string, roundId: string): void {
  queueOf(ctx).note(vendor, roundId);
}

export const liveAccrualIdle = (ctx: AppContext) => queueOf(ctx).idle();
export const closeLiveAccrual = (ctx: AppContext) => queues.get(ctx.db)?.close();

// A provider round's settlement committed: its loyalty (points, missions, VIP) follows.
onEvent("bet.settled", ({ ctx }, e) => noteSettled(ctx, e.vendor, e.roundId));
