import type { Executor } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { addDays, manilaDay, manilaStart } from "../reports/service.ts";
import {
  buildTeamDays,
  buildTeamHourRange,
  clearMemberHours,
  clearStaleMarks,
  clearTeamHours,
  doneUntilRow,
  firstActivity,
  keepDoneUntil,
  keepHourWatermarks,
  lockDayState,
  lockHourState,
  lockRollup,
  lockTeamHourState,
  pruneMemberHours,
  pruneTeamHours,
  rebuildTeams,
  rollupDayRange,
  rollupHourRange,
  rollupSettings,
  setDoneUntil,
  setHourWatermarks,
  setTeamHourWatermarks,
  staleTeams,
  watermarkRow,
} from "./repo/rollup.ts";

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

/** The first day not in the rollup (null: nothing rolled up yet), as read in `exec`'s snapshot. */
export async function rolledUntil(exec: Executor): Promise<string | null> {
  return doneUntilRow(exec);
}

const HOUR_MS = 3_600_000;
/** Hours recomputed per transaction while catching up. */
export const AGENT_ROLLUP_BATCH_HOURS = 24;
/** Hours kept this many days behind `done_until` (the rebate run reads yesterday's at 00:30). */
export const AGENT_HOURS_KEEP_DAYS = 3;

export interface HourState {
  doneUntil: string | null;
  hoursFrom: Date | null;
  hoursUntil: Date | null;
}

/** The rollup's watermarks as read in `exec`'s snapshot. */
export async function rollupState(exec: Executor): Promise<HourState> {
  const s = await watermarkRow(exec);
  return {
    doneUntil: s?.done_until ?? null,
    hoursFrom: s?.hours_from ? new Date(s.hours_from) : null,
    hoursUntil: s?.hours_until ? new Date(s.hours_until) : null,
  };
}

/** Is [from, to) inside the rolled-up hours? */
export const hoursCover = (s: HourState, from: Date, to: Date) =>
  s.hoursFrom !== null && s.hoursUntil !== null && s.hoursFrom <= from && to <= s.hoursUntil;

/**
 * Roll up every hour closed by `now` (migration 0802, `agent_member_hours`), from the start of
 * the current Manila day on (earlier days not rolled up yet come from the records, by the day
 * rollup); each run recomputes the last closed hour once more. Catching up more than a day
 * behind starts again at the current day.
 */
export async function rollupAgentHours(
  ctx: Pick<AppContext, "db">,
  now: Date,
): Promise<{ hours: number; rows: number }> {
  const closed = new Date(now.getTime() - AGENT_ROLLUP_LAG_MS);
  const lastEnd = Math.floor(closed.getTime() / HOUR_MS) * HOUR_MS;
  const dayStart = manilaStart(manilaDay(closed)).getTime();
  let hours = 0;
  let rows = 0;
  let recheck = true;
  for (;;) {
    const step = await ctx.db.transaction(async (tx) => {
      await lockRollup(tx);
      await rollupSettings(tx);
      const st = await lockHourState(tx);
      let from0 = st?.hours_from ? new Date(st.hours_from).getTime() : null;
      let until = st?.hours_until ? new Date(st.hours_until).getTime() : null;
      if (from0 === null || until === null || until < dayStart - 86_400_000) {
        // Nothing yet, or too far behind: the hours start again with the current Manila day.
        await clearMemberHours(tx);
        from0 = dayStart;
        until = dayStart;
        recheck = false;
      }
      let a: number;
      let b: number;
      if (recheck && until > from0 && until <= lastEnd) {
        a = until - HOUR_MS;
        b = until;
      } else if (until < lastEnd) {
        a = until;
        b = Math.min(until + AGENT_ROLLUP_BATCH_HOURS * HOUR_MS, lastEnd);
      } else {
        await keepHourWatermarks(tx, new Date(from0), new Date(until));
        return null;
      }
      const n = await rollupHourRange(tx, new Date(a), new Date(b));
      await setHourWatermarks(tx, new Date(from0), new Date(Math.max(b, until)));
      return { hours: (b - a) / HOUR_MS, rows: n };
    });
    recheck = false;
    if (step === null) break;
    hours += step.hours;
    rows += step.rows;
  }
  return { hours, rows };
}

/**
 * Roll up every Manila day closed by `now` (the job's handler; the daily settlement's first
 * step): first the closed hours, then the closed days — a day the hours cover as the sum of its
 * hours, older days from the records — then hours older than AGENT_HOURS_KEEP_DAYS are dropped.
 */
export async function rollupAgentDays(
  ctx: Pick<AppContext, "db">,
  now: Date,
): Promise<{ days: number; rows: number; doneUntil: string | null; hours: number; hourRows: number }> {
  const hourStep = await rollupAgentHours(ctx, now);
  const lastClosed = addDays(manilaDay(new Date(now.getTime() - AGENT_ROLLUP_LAG_MS)), -1);
  let days = 0;
  let rows = 0;
  let recheck = true;
  for (;;) {
    const step = await ctx.db.transaction(async (tx) => {
      await lockRollup(tx);
      // A day of a busy site is millions of rows hashed by round and by member: in memory, not
      // in sorted runs on disk (the default work_mem of 4 MB), and without JIT compilation.
      await rollupSettings(tx);
      const state = await lockDayState(tx);
      let doneUntil = state?.done_until ?? null;
      if (doneUntil === null) {
        // Nothing is older than the first round record or cash movement.
        const first = await firstActivity(tx);
        doneUntil = first ? manilaDay(new Date(first)) : addDays(lastClosed, 1);
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
        await keepDoneUntil(tx, doneUntil);
        return null;
      }
      const hs: HourState = {
        doneUntil,
        hoursFrom: state?.hours_from ? new Date(state.hours_from) : null,
        hoursUntil: state?.hours_until ? new Date(state.hours_until) : null,
      };
      // Days the hours cover are summed from them; a batch reaching into them stops where they start.
      const hoursFromDay = hs.hoursFrom ? manilaDay(hs.hoursFrom) : null;
      if (hoursFromDay && from < hoursFromDay && hoursFromDay < until) until = hoursFromDay;
      const fromHours = hoursCover(hs, manilaStart(from), manilaStart(until));
      const n = await rollupDayRange(tx, from, until, fromHours);
      // The agents' team totals of those days (migration 0803), from the rows just written.
      await buildTeamDays(tx, from, until);
      const next = until > doneUntil ? until : doneUntil;
      await setDoneUntil(tx, next);
      return { days: (Date.parse(until) - Date.parse(from)) / 86_400_000, rows: n };
    });
    recheck = false;
    if (step === null) break;
    days += step.days;
    rows += step.rows;
  }
  // Hours well behind the days are no longer read (the rebate run reads yesterday's).
  await ctx.db.transaction(async (tx) => {
    await lockRollup(tx);
    const s = await rollupState(tx);
    if (!s.doneUntil || !s.hoursFrom) return;
    const keep = manilaStart(addDays(s.doneUntil, -AGENT_HOURS_KEEP_DAYS));
    if (s.hoursFrom >= keep) return;
    await pruneMemberHours(tx, keep);
  });
  await buildTeamHours(ctx);
  await rebuildStaleTeams(ctx);
  return { days, rows, doneUntil: await rolledUntil(ctx.db), hours: hourStep.hours, hourRows: hourStep.rows };
}

/**
 * The agents' hourly team totals (migration 0803) for the hours rolled since the last build (and
 * the last one again: the member hours re-check it), after the days: an hour's gaps read the
 * day before it. Kept over the same hours as agent_member_hours.
 */
async function buildTeamHours(ctx: Pick<AppContext, "db">): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockRollup(tx);
    await rollupSettings(tx);
    const st = await lockTeamHourState(tx);
    const ms = (v: Date | string | null | undefined) => (v ? new Date(v).getTime() : null);
    const hf = ms(st?.hours_from);
    const hu = ms(st?.hours_until);
    if (hf === null || hu === null) return;
    let tf = ms(st?.team_hours_from);
    let tu = ms(st?.team_hours_until);
    if (tf === null || tu === null || tu < hf || tu > hu) {
      // Never built, or the member hours started again: from the first member hour.
      await clearTeamHours(tx);
      tf = hf;
      tu = hf;
    } else if (tf !== hf) {
      // The member hours were pruned: so are these.
      await pruneTeamHours(tx, new Date(hf));
      tf = hf;
    }
    const from = Math.max(hf, tu - HOUR_MS);
    if (from < hu) await buildTeamHourRange(tx, new Date(from), new Date(hu));
    await setTeamHourWatermarks(tx, new Date(tf), new Date(hu));
  });
}

/** Rebuild the team totals of the agents a move marked (agent_team_stale), every day and hour. */
async function rebuildStaleTeams(ctx: Pick<AppContext, "db">): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockRollup(tx);
    await rollupSettings(tx);
    const stale = await staleTeams(tx);
    if (stale.length === 0) return;
    const ids = `{${stale.map((x) => x.agent_id).join(",")}}`;
    await rebuildTeams(tx, ids);
    // A move committed since the list was read keeps its mark (a higher seq): rebuilt next run.
    await clearStaleMarks(
      tx,
      stale.map((x) => ({ a: Number(x.agent_id), s: Number(x.seq) })),
    );
  });
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
