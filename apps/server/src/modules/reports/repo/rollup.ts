import { sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../../db/client.ts";

/** Statements of the reports' rollup (rollup.ts), each in the caller's transaction. */

/** The rollup's advisory lock for the rest of the transaction: runs never interleave. */
export async function lockRollup(tx: Tx, lock: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${lock})`);
}

/** The rollup's state row, locked. */
export async function lockRollupState(tx: Tx) {
  const [state] = await queryRows<{ done_until: string | null }>(
    tx,
    sql`SELECT done_until::text AS done_until FROM report_rollup_state WHERE id = 1 FOR UPDATE`,
  );
  return state;
}

/** When the first member registered (members' published view). */
export async function firstMemberAt(tx: Tx) {
  const [first] = await queryRows<{ at: Date | string | null }>(
    tx,
    sql`SELECT min(created_at) AS at FROM member_directory`,
  );
  return first;
}

/** Set done_until where it differs (nothing to roll up). */
export async function settleDoneUntil(tx: Tx, doneUntil: string): Promise<void> {
  await tx.execute(
    sql`UPDATE report_rollup_state SET done_until = ${doneUntil}::date, updated_at = now()
         WHERE id = 1 AND done_until IS DISTINCT FROM ${doneUntil}::date`,
  );
}

/** Recompute the days [first, until) into the rollups and their active bits. */
export async function rollupDays(tx: Tx, first: string, until: string): Promise<void> {
  await tx.execute(sql`SELECT report_rollup_days(${first}::date, ${until}::date)`);
  await tx.execute(sql`SELECT report_rollup_active_bits(${first}::date, ${until}::date)`);
}

export async function setDoneUntil(tx: Tx, next: string): Promise<void> {
  await tx.execute(
    sql`UPDATE report_rollup_state SET done_until = ${next}::date, updated_at = now() WHERE id = 1`,
  );
}

export async function doneUntil(exec: Executor) {
  const [state] = await queryRows<{ done_until: string | null }>(
    exec,
    sql`SELECT done_until::text AS done_until FROM report_rollup_state WHERE id = 1`,
  );
  return state;
}

/** The state row with hours_until in epoch milliseconds, locked. */
export async function lockHoursState(tx: Tx) {
  const [state] = await queryRows<{ done_until: string | null; hours_ms: string | null }>(
    tx,
    sql`SELECT done_until::text AS done_until,
               (extract(epoch FROM hours_until) * 1000)::bigint::text AS hours_ms
          FROM report_rollup_state WHERE id = 1 FOR UPDATE`,
  );
  return state;
}

/** Delete the hours of days now rolled up. */
export async function deleteHoursBefore(tx: Tx, dayStart: Date): Promise<void> {
  await tx.execute(
    sql`DELETE FROM report_player_game_hours WHERE hour < ${dayStart.toISOString()}::timestamptz`,
  );
}

/** Recompute the hours [from, until) and move hours_until to `until`. */
export async function rollupHoursBetween(tx: Tx, from: Date, until: Date): Promise<void> {
  await tx.execute(
    sql`SELECT report_rollup_hours(${from.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz)`,
  );
  await tx.execute(
    sql`UPDATE report_rollup_state SET hours_until = ${until.toISOString()}::timestamptz WHERE id = 1`,
  );
}
