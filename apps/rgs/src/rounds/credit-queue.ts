import type { RgsContext } from "../context.ts";
import { CREDITS_PER_REQUEST, type Stake, type StakeStore, stakeMoves } from "./stakes.ts";

/**
 * Wins already decided (their rows committed as credit_pending, the player answered) sent to
 * the platform after the answer, many to a signed `credits` request. A request leaves as soon as
 * none is in flight; whatever arrives meanwhile waits for the next one, so under load a request
 * carries up to CREDITS_PER_REQUEST wins and at light load a win leaves at once.
 *
 * The queue is only a shortcut: every row it holds is already owed in the database
 * (credit_pending, leased until next_attempt_at), so a win it drops — the queue full, the
 * process dying, a request with no trusted answer — is sent by the retry pass once its lease
 * runs out. The platform applies a transaction id once, so a win sent by both is paid once.
 */
export class CreditQueue {
  private waiting: Stake[] = [];
  private sending: Promise<void> | null = null;
  private readonly idleWaiters: Array<() => void> = [];

  constructor(
    private readonly ctx: RgsContext,
    private readonly store: StakeStore,
    /** Wins held at most; past it a win is left to the retry pass (the memory stays bounded). */
    private readonly most = 10 * CREDITS_PER_REQUEST,
  ) {}

  /** Queue a committed credit_pending row's win; false when full (the retry pass sends it). */
  push(s: Stake): boolean {
    if (this.waiting.length >= this.most) return false;
    this.waiting.push(s);
    if (!this.sending) this.sending = this.drain();
    return true;
  }

  /** Resolves once nothing is waiting or in flight (tests, shutdown). */
  idle(): Promise<void> {
    if (!this.sending && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async drain(): Promise<void> {
    // Let the answers of this turn of the event loop join the first request.
    await new Promise((r) => setImmediate(r));
    const moves = stakeMoves(this.store);
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, CREDITS_PER_REQUEST);
      try {
        await moves.creditMany(this.ctx, batch);
      } catch {
        // Recording failed (the database away): the rows stay credit_pending for the retry pass.
      }
    }
    this.sending = null;
    for (const w of this.idleWaiters.splice(0)) w();
  }
}

const queues = new WeakMap<RgsContext, Map<string, CreditQueue>>();
/** The process's credit queue of a context and a stake table. */
export function creditQueueOf(ctx: RgsContext, store: StakeStore): CreditQueue {
  let m = queues.get(ctx);
  if (!m) {
    m = new Map();
    queues.set(ctx, m);
  }
  let q = m.get(store.table);
  if (!q) {
    q = new CreditQueue(ctx, store);
    m.set(store.table, q);
  }
  return q;
}
