import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { addDays, manilaDay, manilaStart } from "../reports/days.ts";

/**
 * The agents' per-member daily rollup (migration 0721, `agent_member_days`): each closed Manila
 * day recomputed whole from the round records and the ledger by `agent_rollup_days` (delete and
 * insert in one transaction: a retry or a second process gives the same rows), and
 * `agent_rollup_state.done_until` moved past it in the same transaction. Runs are serialized by
 * a transaction advisory lock; each batch of days commits on its own, so a catch-up commits as
 * it goes. A day closes SETTLE_LAG (2 minutes: rounds still committing, as the settlement runs
 * assume) after it ends, and each run recomputes the last closed day once more.
 *
 * Readers (team.ts, settlement.ts) take the days before `done_until` from the rollup and the
 * rest — the live tail — from the records by the same rules, in one snapshot.
 */
export const AGENT_ROLLUP_LAG_MS = 2 * 60_000;
/** Days recomputed per transaction while catching up (one set-based pass each). */
export const AGENT_ROLLUP_BATCH_DAYS = 7;
const LOCK = 72_721;

/** The first day not in the rollup (null: nothing rolled up yet), as read in `exec`'s snapshot. */
export async function rolledUntil(exec: Executor): Promise<string | null> {
  const [s] = await queryRows<{ done_until: string | null }>(
    exec,
    sql`SELECT done_until::text AS done_until FROM agent_rollup_state WHERE id = 1`,
  );
  return s?.done_until ?? null;
}

/** Roll up every Manila day closed by `now` (the job's handler; the daily settlement's first step). */
export async function rollupAgentDays(
  ctx: Pick<AppContext, "db">,
  now: Date,
): Promise<{ days: number; rows: number; doneUntil: string | null }> {
  const lastClosed = addDays(manilaDay(new Date(now.getTime() - AGENT_ROLLUP_LAG_MS)), -1);
  let days = 0;
  let rows = 0;
  let recheck = true;
  for (;;) {
    const step = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK})`);
      // A day of a busy site is millions of rows hashed by round and by member: in memory, not
      // in sorted runs on disk (the default work_mem of 4 MB), and without JIT compilation.
      await tx.execute(sql`SET LOCAL jit = off`);
      await tx.execute(sql`SET LOCAL work_mem = '256MB'`);
      const [state] = await queryRows<{ done_until: string | null }>(
        tx,
        sql`SELECT done_until::text AS done_until FROM agent_rollup_state WHERE id = 1 FOR UPDATE`,
      );
      let doneUntil = state?.done_until ?? null;
      if (doneUntil === null) {
        // Nothing is older than the first round record or cash movement.
        const [first] = await queryRows<{ at: Date | string | null }>(
          tx,
          sql`SELECT least(
            (SELECT min(created_at) FROM provider_transactions WHERE kind IN ('bet', 'win', 'rollback')),
            (SELECT min(created_at) FROM ledger_transactions WHERE type IN ('deposit', 'withdrawal_paid', 'transfer'))
          ) AS at`,
        );
        doneUntil = first?.at ? manilaDay(new Date(first.at)) : addDays(lastClosed, 1);
      }
      let from: string;
      let until: string;
      if (recheck && state?.done_until && addDays(doneUntil, -1) <= lastClosed) {
        // The last day rolled up, once more per run (a movement committed after its run).
        from = addDays(doneUntil, -1);
        until = doneUntil;
      } else if (doneUntil <= lastClosed) {
        from = doneUntil;
        const end = addDays(lastClosed, 1);
        const batchEnd = addDays(from, AGENT_ROLLUP_BATCH_DAYS);
        until = batchEnd < end ? batchEnd : end;
      } else {
        await tx.execute(
          sql`UPDATE agent_rollup_state SET done_until = ${doneUntil}::date, updated_at = now()
               WHERE id = 1 AND done_until IS DISTINCT FROM ${doneUntil}::date`,
        );
        return null;
      }
      const [r] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT agent_rollup_days(${from}::date, ${until}::date)::int AS n`,
      );
      const next = until > doneUntil ? until : doneUntil;
      await tx.execute(
        sql`UPDATE agent_rollup_state SET done_until = ${next}::date, updated_at = now() WHERE id = 1`,
      );
      return { days: (Date.parse(until) - Date.parse(from)) / 86_400_000, rows: r?.n ?? 0 };
    });
    recheck = false;
    if (step === null) break;
    days += step.days;
    rows += step.rows;
  }
  return { days, rows, doneUntil: await rolledUntil(ctx.db) };
}

/**
 * How a time range [from, to) splits between the rollup and the records: whole Manila days
 * [dayFrom, dayUntil) inside the range and before `doneUntil` come from the rollup; the parts
 * before (`head`) and after (`tail`) from the records. Either part may be empty.
 */
export function splitRange(
  from: Date,
  to: Date,
  doneUntil: string | null,
): {
  rolled: { dayFrom: string; dayUntil: string } | null;
  head: { from: Date; to: Date } | null;
  tail: { from: Date; to: Date } | null;
} {
  if (doneUntil === null || to <= from) return { rolled: null, head: null, tail: { from, to } };
  // The first whole day starting at or after `from`; the last day ending at or before `to`.
  let dayFrom = manilaDay(from);
  if (manilaStart(dayFrom).getTime() < from.getTime()) dayFrom = addDays(dayFrom, 1);
  let dayUntil = manilaDay(to);
  if (dayUntil > doneUntil) dayUntil = doneUntil;
  if (dayUntil <= dayFrom) return { rolled: null, head: null, tail: { from, to } };
  const a = manilaStart(dayFrom);
  const b = manilaStart(dayUntil);
  return {
    rolled: { dayFrom, dayUntil },
    head: a > from ? { from, to: a } : null,
    tail: b < to ? { from: b, to } : null,
  };
}
