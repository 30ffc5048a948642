import type { AppContext } from "../../lib/context.ts";
import { addDays, manilaDay, manilaStart } from "./days.ts";
import {
  deleteHoursBefore,
  firstMemberAt,
  lockHoursState,
  lockRollup,
  lockRollupState,
  rollupDays,
  rollupHoursBetween,
  setDoneUntil,
  settleDoneUntil,
  doneUntil as storedDoneUntil,
} from "./repo/rollup.ts";

/**
 * The reports' rollup (migration 0250): each closed Manila day is recomputed into the rollup
 * tables by `report_rollup_days` (delete and insert: running it twice gives the same rows; up to 31 days per transaction, set-based), and
 * `report_rollup_state.done_until` moves past it in the same transaction. A day is closed ten
 * minutes after it ends, so a movement stamped just before midnight and committed a moment later
 * is in it; and each run recomputes the last closed day once more, for anything later still.
 * Readers take the days before `done_until` from the rollups and the rest from the live records.
 *
 * Runs are serialized by a transaction advisory lock, so two processes (or a retry overlapping a
 * slow run) never interleave; each day is its own transaction, so a long catch-up (a year after
 * installing) commits as it goes and a crash loses at most the day in progress.
 */
export const ROLLUP_LAG_MS = 10 * 60_000;
/** Days recomputed per transaction while catching up (one set-based pass each). */
export const ROLLUP_BATCH_DAYS = 31;
const LOCK = 72_250;

export async function rollupReports(
  ctx: AppContext,
  now: Date = ctx.clock.now(),
): Promise<{ days: number; doneUntil: string | null; hoursUntil: string | null }> {
  const lastClosed = addDays(manilaDay(new Date(now.getTime() - ROLLUP_LAG_MS)), -1);
  let days = 0;
  let recheck = true;
  for (;;) {
    const step = await ctx.db.transaction(async (tx) => {
      await lockRollup(tx, LOCK);
      const state = await lockRollupState(tx);
      let doneUntil = state?.done_until ?? null;
      if (doneUntil === null) {
        // Nothing can be older than the first member.
        const first = await firstMemberAt(tx);
        doneUntil = first?.at ? manilaDay(new Date(first.at)) : addDays(lastClosed, 1);
      }
      let first: string;
      let until: string;
      if (recheck && state?.done_until && addDays(doneUntil, -1) <= lastClosed) {
        // The last day rolled up, once more per run (a movement committed after its run).
        first = addDays(doneUntil, -1);
        until = doneUntil;
      } else if (doneUntil <= lastClosed) {
        first = doneUntil;
        const end = addDays(lastClosed, 1);
        const batchEnd = addDays(first, ROLLUP_BATCH_DAYS);
        until = batchEnd < end ? batchEnd : end;
      } else {
        await settleDoneUntil(tx, doneUntil);
        return null;
      }
      await rollupDays(tx, first, until);
      const next = until > doneUntil ? until : doneUntil;
      await setDoneUntil(tx, next);
      return { next, days: (Date.parse(until) - Date.parse(first)) / 86_400_000 };
    });
    recheck = false;
    if (step === null) break;
    days += step.days;
  }
  const hoursUntil = await rollupHours(ctx, now);
  const state = await storedDoneUntil(ctx.db);
  return { days, doneUntil: state?.done_until ?? null, hoursUntil: hoursUntil?.toISOString() ?? null };
}

const HOUR_MS = 3_600_000;

/**
 * The live day an hour at a time (migration 0901): each hour from done_until's start that closed
 * ROLLUP_LAG_MS ago is recomputed into report_player_game_hours by `report_rollup_hours` (delete
 * and insert), the last one rolled up once more per run (a movement committed late), and
 * `hours_until` moves past them in the same transaction; hours of days now rolled up are
 * deleted. The dashboard reads the hours from done_until to hours_until and only the rest (at
 * most about an hour and a quarter) from the records.
 */
async function rollupHours(ctx: AppContext, now: Date): Promise<Date | null> {
  const closedUntil = new Date(Math.floor((now.getTime() - ROLLUP_LAG_MS) / HOUR_MS) * HOUR_MS);
  return ctx.db.transaction(async (tx) => {
    await lockRollup(tx, LOCK);
    const state = await lockHoursState(tx);
    if (!state?.done_until) return null;
    const dayStart = manilaStart(state.done_until);
    const previous = state.hours_ms === null ? null : new Date(Number(state.hours_ms));
    const from = new Date(Math.max(dayStart.getTime(), previous === null ? 0 : previous.getTime() - HOUR_MS));
    await deleteHoursBefore(tx, dayStart);
    if (closedUntil.getTime() <= from.getTime()) return previous;
    await rollupHoursBetween(tx, from, closedUntil);
    return closedUntil;
  });
}
