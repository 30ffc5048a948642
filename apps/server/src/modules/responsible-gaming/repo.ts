import type { RgLimitKind, RgPeriod } from "@panalo/contracts/responsible-gaming";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../db/client.ts";

/**
 * Statements of responsible gaming (service.ts decides the rules): rg_member, rg_pending,
 * rg_exclusions, rg_history, the settings row, and the reads of the ledger's and payments'
 * published views. The service opens the transactions and takes the member's lock first.
 */

/** A limit's rg_member column, `<kind>_<period>`; the service checks both against the enums. */
export type LimitColumn = SQL;

export function limitColumnOf(kind: RgLimitKind, period: RgPeriod): LimitColumn {
  return sql.raw(`${kind}_${period}`);
}

/** The member's advisory lock (bonus_member_lock, the one provider_move takes). */
export async function lockMember(tx: Tx, memberId: number): Promise<void> {
  await tx.execute(sql`SELECT bonus_member_lock(${memberId})`);
}

export async function insertMemberRow(tx: Tx, memberId: number, at: Date): Promise<void> {
  await tx.execute(
    sql`INSERT INTO rg_member (member_id, updated_at) VALUES (${memberId}, ${at}) ON CONFLICT DO NOTHING`,
  );
}

export async function insertHistory(
  tx: Tx,
  memberId: number,
  action: string,
  detail: Record<string, unknown>,
  at: Date,
  operatorId: number | null,
): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO rg_history (member_id, action, detail, operator_id, created_at)
        VALUES (${memberId}, ${action}, ${JSON.stringify(detail)}::jsonb, ${operatorId}, ${at}) RETURNING id`,
  );
  return Number(row?.id ?? 0);
}

export async function limitValue(tx: Tx, memberId: number, col: LimitColumn) {
  const [row] = await queryRows<{ v: string | null }>(
    tx,
    sql`SELECT ${col} AS v FROM rg_member WHERE member_id = ${memberId}`,
  );
  return row;
}

export async function setLimitValue(
  tx: Tx,
  memberId: number,
  col: LimitColumn,
  amount: bigint | null,
  at: Date,
): Promise<void> {
  await tx.execute(
    sql`UPDATE rg_member SET ${col} = ${amount}, updated_at = ${at} WHERE member_id = ${memberId}`,
  );
}

export async function deletePending(
  tx: Tx,
  memberId: number,
  kind: RgLimitKind,
  period: RgPeriod,
): Promise<void> {
  await tx.execute(
    sql`DELETE FROM rg_pending WHERE member_id = ${memberId} AND kind = ${kind} AND period = ${period}`,
  );
}

export async function upsertPending(
  tx: Tx,
  memberId: number,
  kind: RgLimitKind,
  period: RgPeriod,
  amount: bigint | null,
  at: Date,
  readyAt: Date,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO rg_pending (member_id, kind, period, amount, requested_at, ready_at)
        VALUES (${memberId}, ${kind}, ${period}, ${amount}, ${at}, ${readyAt})
        ON CONFLICT (member_id, kind, period)
        DO UPDATE SET amount = EXCLUDED.amount, requested_at = EXCLUDED.requested_at, ready_at = EXCLUDED.ready_at`,
  );
}

/** A waiting raise or removal, its row locked. */
export async function pendingForUpdate(tx: Tx, memberId: number, kind: RgLimitKind, period: RgPeriod) {
  const [p] = await queryRows<{ amount: string | null; ready_at: unknown }>(
    tx,
    sql`SELECT amount, ready_at FROM rg_pending
        WHERE member_id = ${memberId} AND kind = ${kind} AND period = ${period} FOR UPDATE`,
  );
  return p;
}

/** Delete a waiting raise or removal; the rows deleted. */
export async function deletePendingReturning(tx: Tx, memberId: number, kind: RgLimitKind, period: RgPeriod) {
  return queryRows<{ kind: string }>(
    tx,
    sql`DELETE FROM rg_pending WHERE member_id = ${memberId} AND kind = ${kind} AND period = ${period}
        RETURNING kind`,
  );
}

export async function sessionMinutesOf(tx: Tx, memberId: number) {
  const [row] = await queryRows<{ session_minutes: number | null }>(
    tx,
    sql`SELECT session_minutes FROM rg_member WHERE member_id = ${memberId}`,
  );
  return row;
}

export async function applySession(
  tx: Tx,
  memberId: number,
  sessionMinutes: number | null,
  seconds: number | null,
  at: Date,
): Promise<void> {
  await tx.execute(
    sql`UPDATE rg_member SET session_minutes = ${sessionMinutes}, session_pending = NULL, session_ready_at = NULL,
          reality_check_seconds = ${seconds}, updated_at = ${at} WHERE member_id = ${memberId}`,
  );
}

export async function requestSession(
  tx: Tx,
  memberId: number,
  pending: number,
  readyAt: Date,
  seconds: number | null,
  at: Date,
): Promise<void> {
  await tx.execute(
    sql`UPDATE rg_member SET session_pending = ${pending},
          session_ready_at = ${readyAt},
          reality_check_seconds = ${seconds}, updated_at = ${at} WHERE member_id = ${memberId}`,
  );
}

/** The waiting session change, the member's row locked. */
export async function sessionPendingForUpdate(tx: Tx, memberId: number) {
  const [p] = await queryRows<{
    session_pending: number | null;
    session_ready_at: unknown;
    session_minutes: number | null;
  }>(
    tx,
    sql`SELECT session_pending, session_ready_at, session_minutes FROM rg_member WHERE member_id = ${memberId} FOR UPDATE`,
  );
  return p;
}

export async function confirmSession(
  tx: Tx,
  memberId: number,
  minutes: number | null,
  at: Date,
): Promise<void> {
  await tx.execute(
    sql`UPDATE rg_member SET session_minutes = ${minutes}, session_pending = NULL, session_ready_at = NULL,
          updated_at = ${at} WHERE member_id = ${memberId}`,
  );
}

export async function cancelSession(tx: Tx, memberId: number, at: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE rg_member SET session_pending = NULL, session_ready_at = NULL, updated_at = ${at}
        WHERE member_id = ${memberId}`,
  );
}

export async function insertExclusion(
  tx: Tx,
  memberId: number,
  kind: string,
  at: Date,
  endsAt: Date,
  operatorId: number | null,
  reason: string | null,
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO rg_exclusions (member_id, kind, starts_at, ends_at, operator_id, reason, created_at)
        VALUES (${memberId}, ${kind}, ${at}, ${endsAt}, ${operatorId}, ${reason}, ${at})
        RETURNING id`,
  );
  return row;
}

/** The longer block wins; a self-exclusion that ends with or after a cooling-off names the kind. */
export async function extendBlock(
  tx: Tx,
  memberId: number,
  kind: string,
  endsAt: Date,
  at: Date,
): Promise<void> {
  await tx.execute(
    sql`UPDATE rg_member SET
          blocked_kind = CASE WHEN blocked_until IS NULL OR blocked_until <= ${at} OR ${endsAt} >= blocked_until
                              THEN ${kind} ELSE blocked_kind END,
          blocked_until = CASE WHEN blocked_until IS NULL OR ${endsAt} > blocked_until
                               THEN ${endsAt}::timestamptz ELSE blocked_until END,
          updated_at = ${at}
        WHERE member_id = ${memberId}`,
  );
}

export interface GateRow {
  blocked_until: unknown;
  blocked_kind: string | null;
  session_minutes: number | null;
}

export async function gateRow(exec: Executor, memberId: number): Promise<GateRow | undefined> {
  const [r] = await queryRows<GateRow>(
    exec,
    sql`SELECT blocked_until, blocked_kind, session_minutes FROM rg_member WHERE member_id = ${memberId}`,
  );
  return r;
}

export async function depositLimits(tx: Tx, memberId: number) {
  const [r] = await queryRows<{
    deposit_day: string | null;
    deposit_week: string | null;
    deposit_month: string | null;
  }>(tx, sql`SELECT deposit_day, deposit_week, deposit_month FROM rg_member WHERE member_id = ${memberId}`);
  return r;
}

/** The member's deposits since `since` in the given statuses (payments' published view). */
export async function depositsTotal(
  exec: Executor,
  memberId: number,
  since: Date,
  statuses: readonly string[],
): Promise<bigint> {
  const [s] = await queryRows<{ total: string | null }>(
    exec,
    sql`SELECT COALESCE(sum(amount), 0) AS total FROM deposit_log
        WHERE member_id = ${memberId} AND created_at >= ${since}
          AND status IN (${sql.join(
            statuses.map((x) => sql`${x}`),
            sql`, `,
          )})`,
  );
  return BigInt(s?.total ?? 0);
}

export async function settingValue(exec: Executor, key: string) {
  const [row] = await queryRows<{ value: unknown }>(exec, sql`SELECT value FROM settings WHERE key = ${key}`);
  return row;
}

export async function saveSetting(exec: Executor, key: string, value: unknown): Promise<void> {
  await exec.execute(
    sql`INSERT INTO settings (key, value) VALUES (${key}, ${JSON.stringify(value)}::jsonb)
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
  );
}

export async function stateRow(exec: Executor, memberId: number) {
  const [r] = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT *, day_key::text AS day_text, week_key::text AS week_text, month_key::text AS month_text
        FROM rg_member WHERE member_id = ${memberId}`,
  );
  return r;
}

export async function pendingOf(exec: Executor, memberId: number) {
  return queryRows<{
    kind: RgLimitKind;
    period: RgPeriod;
    amount: string | null;
    requested_at: unknown;
    ready_at: unknown;
  }>(
    exec,
    sql`SELECT kind, period, amount, requested_at, ready_at FROM rg_pending WHERE member_id = ${memberId}`,
  );
}

export async function sessionSettingsOf(exec: Executor, memberId: number) {
  const [r] = await queryRows<{ reality_check_seconds: number | null; session_minutes: number | null }>(
    exec,
    sql`SELECT reality_check_seconds, session_minutes FROM rg_member WHERE member_id = ${memberId}`,
  );
  return r;
}

/** The net of the member's stakes, wins and rollbacks since `since` (the ledger's published views). */
export async function sessionNet(exec: Executor, memberId: number, since: Date) {
  const [t] = await queryRows<{ net: string | null; wagered: string | null }>(
    exec,
    sql`SELECT COALESCE(sum(e.amount), 0) AS net,
               COALESCE(sum(-e.amount) FILTER (WHERE t.type = 'bet'), 0) AS wagered
          FROM ledger_balances a
          JOIN ledger_entry_log e ON e.account_id = a.account_id
          JOIN ledger_transaction_log t ON t.id = e.transaction_id
         WHERE a.member_id = ${memberId} AND a.kind IN ('main', 'bonus')
           AND e.created_at >= ${since} AND t.type IN ('bet', 'win', 'rollback')`,
  );
  return t;
}

export async function exclusionRows(exec: Executor, memberId: number) {
  return queryRows<{
    id: string;
    kind: "cooling_off" | "self_exclusion";
    starts_at: unknown;
    ends_at: unknown;
    operator_id: string | null;
    reason: string | null;
  }>(
    exec,
    sql`SELECT id, kind, starts_at, ends_at, operator_id, reason FROM rg_exclusions
        WHERE member_id = ${memberId} ORDER BY id DESC LIMIT 100`,
  );
}

export async function historyRows(exec: Executor, memberId: number) {
  return queryRows<{
    id: string;
    action: string;
    detail: Record<string, unknown>;
    operator_id: string | null;
    created_at: unknown;
  }>(
    exec,
    sql`SELECT id, action, detail, operator_id, created_at FROM rg_history
        WHERE member_id = ${memberId} ORDER BY id DESC LIMIT 200`,
  );
}
