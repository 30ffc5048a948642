import type { RoundHub } from "../rounds/hub.ts";

/**
 * The room's live list (bets placed, cash-outs) goes out in small batches: with thousands of
 * players each cash-out sent alone would be thousands of messages per socket. Whatever arrives
 * within `flushMs` (50 ms) of the first queued item is sent as one event ("crash.feed"); an item waits
 * at most `flushMs` (the bench's latency includes it). Events carry no `seq`, so the hub does
 * not take them for the room's round view.
 *
 * A big room on a busy process: when handing one event to the room's sockets here takes more
 * than half of `flushMs` (a write per socket), the batches are spaced by twice that time, up to
 * `maxFlushMs`, so the room's sends never take more than about half of the process's time and
 * the cash-outs' own work is not queued behind them; the items then ride in fewer, larger batches.
 */
export class CrashFeed {
  private readonly queues = new Map<string, unknown[]>();
  constructor(
    private readonly hub: RoundHub,
    private readonly flushMs = 50,
    private readonly maxFlushMs = 100,
  ) {}

  /** The wait before a batch of this room goes out (see above). */
  delayOf(roomKey: string): number {
    return Math.min(this.maxFlushMs, Math.max(this.flushMs, 2 * this.hub.sendCostMs(roomKey)));
  }

  push(roomKey: string, roundNo: number, item: Record<string, unknown>): void {
    let q = this.queues.get(roomKey);
    if (!q) {
      q = [];
      this.queues.set(roomKey, q);
      setTimeout(() => this.flush(roomKey, roundNo), this.delayOf(roomKey));
    }
    q.push(item);
  }

  private flush(roomKey: string, roundNo: number): void {
    const items = this.queues.get(roomKey) ?? [];
    this.queues.delete(roomKey);
    if (items.length > 0)
      this.hub.publish({ type: "crash.feed", tableId: roomKey, game: { roundNo, items } });
  }
}

const feeds = new WeakMap<RoundHub, CrashFeed>();
/** One feed per hub (per process). */
export function feedOf(hub: RoundHub): CrashFeed {
  let f = feeds.get(hub);
  if (!f) {
    f = new CrashFeed(hub);
    feeds.set(hub, f);
  }
  return f;
}
