import { sql } from "drizzle-orm";
import type { AppContext } from "../lib/context.ts";
import { dailyReconciliation } from "../modules/ledger/daily-reconciliation.ts";
import { autoReceive } from "../modules/payments/withdrawals.ts";

/**
 * The scheduler: each job runs every `everyMs` in every process, but under a PostgreSQL
 * advisory lock, so across several processes one run happens at a time. A failing run is
 * logged and retried at the next tick.
 */
export interface Job {
  name: string;
  lockId: number;
  everyMs: number;
  run(ctx: AppContext): Promise<unknown>;
}

export const JOBS: Job[] = [
  { name: "withdrawals.auto-receive", lockId: 72101, everyMs: 60_000, run: autoReceive },
  // Checks every 10 minutes whether today's (Manila) reconciliation has run; runs it once a day.
  { name: "ledger.daily-reconciliation", lockId: 72102, everyMs: 600_000, run: dailyReconciliation },
];

export async function runJobOnce(ctx: AppContext, job: Job): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const got = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${job.lockId}) AS ok`)) as unknown as {
      rows: Array<{ ok: boolean }>;
    };
    if (!got.rows[0]?.ok) return false;
    // The job queries through this transaction: the embedded database has one connection, so a
    // query outside it would wait for the transaction to end, which waits for the job — and
    // every other request of the process would queue behind them.
    await job.run({ ...ctx, db: tx });
    return true;
  });
}

export function startScheduler(ctx: AppContext, log: (msg: string, err?: unknown) => void): () => void {
  const timers = JOBS.map((job) =>
    setInterval(() => {
      runJobOnce(ctx, job).catch((err) => log(`job ${job.name} failed`, err));
    }, job.everyMs),
  );
  for (const t of timers) t.unref();
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
