import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";

/**
 * Statements of the agents' rollup (rollup.ts decides which days and hours to recompute): the
 * watermarks in agent_rollup_state, and the stored functions that recompute the member days and
 * hours (migrations 0721, 0802) and the team totals (migration 0803).
 */

/** The transaction advisory lock that serializes every rollup step. */
const LOCK = 72_721;

/** Wait for the rollup's advisory lock; held until the transaction ends. */
export async function lockRollup(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK})`);
}

/** A rollup step's session settings for the rest of the transaction: a day of a busy site is
 * millions of rows hashed by round and by member, in memory (not in sorted runs on disk at the
 * default work_mem of 4 MB), and without JIT compilation. */
export async function rollupSettings(tx: Executor): Promise<void> {
  await tx.execute(sql`SET LOCAL jit = off`);
  await tx.execute(sql`SET LOCAL work_mem = '256MB'`);
}

/** The first day not in the rollup (null: nothing rolled up yet), as read in `exec`'s snapshot. */
export async function doneUntilRow(exec: Executor): Promise<string | null> {
  const [s] = await queryRows<{ done_until: string | null }>(
    exec,
    sql`SELECT done_until::text AS done_until FROM agent_rollup_state WHERE id = 1`,
  );
  return s?.done_until ?? null;
}

/** The rollup's day and hour watermarks, as read in `exec`'s snapshot. */
export async function watermarkRow(exec: Executor) {
  const [s] = await queryRows<{
    done_until: string | null;
    hours_from: Date | string | null;
    hours_until: Date | string | null;
  }>(
    exec,
    sql`SELECT done_until::text AS done_until, hours_from, hours_until FROM agent_rollup_state WHERE id = 1`,
  );
  return s;
}

// ---- Member hours (agent_member_hours) ----

/** The hour watermarks, the state row locked. */
export async function lockHourState(tx: Executor) {
  const [st] = await queryRows<{ hours_from: Date | string | null; hours_until: Date | string | null }>(
    tx,
    sql`SELECT hours_from, hours_until FROM agent_rollup_state WHERE id = 1 FOR UPDATE`,
  );
  return st;
}

export async function clearMemberHours(tx: Executor): Promise<void> {
  await tx.execute(sql`DELETE FROM agent_member_hours`);
}

/** Store the hour watermarks when they changed (nothing to recompute). */
export async function keepHourWatermarks(tx: Executor, from: Date, until: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE agent_rollup_state SET hours_from = ${from}, hours_until = ${until}
               WHERE id = 1 AND (hours_from IS DISTINCT FROM ${from} OR hours_until IS DISTINCT FROM ${until})`,
  );
}

/** Recompute the member hours [a, b) (agent_rollup_hours); the rows written. */
export async function rollupHourRange(tx: Executor, a: Date, b: Date): Promise<number> {
  const [r] = await queryRows<{ n: number }>(tx, sql`SELECT agent_rollup_hours(${a}, ${b})::int AS n`);
  return r?.n ?? 0;
}

export async function setHourWatermarks(tx: Executor, from: Date, until: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE agent_rollup_state SET hours_from = ${from}, hours_until = ${until},
              updated_at = now() WHERE id = 1`,
  );
}

// ---- Member days (agent_member_days) and the team days ----

/** The day and hour watermarks, the state row locked. */
export async function lockDayState(tx: Executor) {
  const [state] = await queryRows<{
    done_until: string | null;
    hours_from: Date | string | null;
    hours_until: Date | string | null;
  }>(
    tx,
    sql`SELECT done_until::text AS done_until, hours_from, hours_until FROM agent_rollup_state WHERE id = 1 FOR UPDATE`,
  );
  return state;
}

/** The time of the first round record or cash movement (null: none). */
export async function firstActivity(tx: Executor): Promise<Date | string | null> {
  const [first] = await queryRows<{ at: Date | string | null }>(
    tx,
    sql`SELECT least(
            (SELECT min(created_at) FROM game_transaction_log WHERE kind IN ('bet', 'win', 'rollback')),
            (SELECT min(created_at) FROM ledger_transaction_log WHERE type IN ('deposit', 'withdrawal_paid', 'transfer'))
          ) AS at`,
  );
  return first?.at ?? null;
}

/** Store the day watermark when it changed (nothing to recompute). */
export async function keepDoneUntil(tx: Executor, doneUntil: string): Promise<void> {
  await tx.execute(
    sql`UPDATE agent_rollup_state SET done_until = ${doneUntil}::date, updated_at = now()
               WHERE id = 1 AND done_until IS DISTINCT FROM ${doneUntil}::date`,
  );
}

/** Recompute the member days [from, until): as sums of their hours, or from the records. The rows written. */
export async function rollupDayRange(
  tx: Executor,
  from: string,
  until: string,
  fromHours: boolean,
): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    tx,
    fromHours
      ? sql`SELECT agent_rollup_days_from_hours(${from}::date, ${until}::date)::int AS n`
      : sql`SELECT agent_rollup_days(${from}::date, ${until}::date)::int AS n`,
  );
  return r?.n ?? 0;
}

/** The agents' team totals of the days [from, until), from the member days just written. */
export async function buildTeamDays(tx: Executor, from: string, until: string): Promise<void> {
  await tx.execute(sql`SELECT agent_team_days_build(${from}::date, ${until}::date)`);
}

export async function setDoneUntil(tx: Executor, doneUntil: string): Promise<void> {
  await tx.execute(
    sql`UPDATE agent_rollup_state SET done_until = ${doneUntil}::date, updated_at = now() WHERE id = 1`,
  );
}

/** Drop the member hours before `keep` and move the hour watermark to it. */
export async function pruneMemberHours(tx: Executor, keep: Date): Promise<void> {
  await tx.execute(sql`DELETE FROM agent_member_hours WHERE hour < ${keep}`);
  await tx.execute(sql`UPDATE agent_rollup_state SET hours_from = ${keep} WHERE id = 1`);
}

// ---- Team hours (agent_team_hours) and stale teams ----

/** The member and team hour watermarks, the state row locked. */
export async function lockTeamHourState(tx: Executor) {
  const [st] = await queryRows<{
    hours_from: Date | string | null;
    hours_until: Date | string | null;
    team_hours_from: Date | string | null;
    team_hours_until: Date | string | null;
  }>(
    tx,
    sql`SELECT hours_from, hours_until, team_hours_from, team_hours_until FROM agent_rollup_state WHERE id = 1 FOR UPDATE`,
  );
  return st;
}

export async function clearTeamHours(tx: Executor): Promise<void> {
  await tx.execute(sql`DELETE FROM agent_team_hours`);
}

export async function pruneTeamHours(tx: Executor, before: Date): Promise<void> {
  await tx.execute(sql`DELETE FROM agent_team_hours WHERE hour < ${before}`);
}

/** The agents' team totals of the hours [from, to). */
export async function buildTeamHourRange(tx: Executor, from: Date, to: Date): Promise<void> {
  await tx.execute(sql`SELECT agent_team_hours_build(${from}, ${to})`);
}

export async function setTeamHourWatermarks(tx: Executor, from: Date, until: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE agent_rollup_state SET team_hours_from = ${from}, team_hours_until = ${until} WHERE id = 1`,
  );
}

/** The agents a move marked for a rebuild, each with its mark's sequence number. */
export function staleTeams(tx: Executor) {
  return queryRows<{ agent_id: string; seq: string }>(
    tx,
    sql`SELECT agent_id, seq FROM agent_team_stale ORDER BY agent_id`,
  );
}

/** Rebuild the team totals of the agents (a bigint[] literal), every rolled day, then every rolled hour. */
export async function rebuildTeams(tx: Executor, ids: string): Promise<void> {
  await tx.execute(
    sql`SELECT agent_team_days_build(d.first, (d.last + 1)::date, ${ids}::bigint[])
          FROM (SELECT min(day) AS first, max(day) AS last FROM agent_member_days) d WHERE d.first IS NOT NULL`,
  );
  await tx.execute(
    sql`SELECT agent_team_hours_build(s.team_hours_from, s.team_hours_until, ${ids}::bigint[])
          FROM agent_rollup_state s WHERE s.id = 1 AND s.team_hours_from IS NOT NULL AND s.team_hours_until IS NOT NULL`,
  );
}

/** Clear the marks read (agent, seq); a mark with a higher seq — a move since — stays. */
export async function clearStaleMarks(
  tx: Executor,
  marks: ReadonlyArray<{ a: number; s: number }>,
): Promise<void> {
  const json = JSON.stringify(marks);
  await tx.execute(
    sql`DELETE FROM agent_team_stale t USING jsonb_to_recordset(${json}::jsonb) AS x(a bigint, s bigint)
          WHERE t.agent_id = x.a AND t.seq <= x.s`,
  );
}
