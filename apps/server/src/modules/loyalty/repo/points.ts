import { sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../../db/client.ts";

/**
 * Statements of the points (points.ts, expiry.ts): the rules row (loyalty_settings), the points
 * rates, and the points accounts read through the ledger's views ledger_balances and
 * points_movements.
 */

export interface LoyaltySettingsRow {
  deposit_rate_ppm: number;
  expiry_days: number;
  convert_points: number;
  convert_minor: string;
  convert_min_points: number;
  vip_window_days: number;
  vip_review_days: number;
  rank_days: number;
}

/** A member's points balance in `currency` (the ledger's view ledger_balances), if the account exists. */
export async function pointsAccountBalance(
  exec: Executor,
  memberId: number,
  currency: string,
): Promise<string | undefined> {
  const [row] = await queryRows<{ balance: string }>(
    exec,
    sql`SELECT balance::text AS balance FROM ledger_balances
        WHERE member_id = ${memberId} AND kind = 'points' AND currency = ${currency}`,
  );
  return row?.balance;
}

export async function loyaltySettingsRow(exec: Executor): Promise<LoyaltySettingsRow | undefined> {
  const [s] = await queryRows<LoyaltySettingsRow>(exec, sql`SELECT * FROM loyalty_settings WHERE id = 1`);
  return s;
}

/** The rules row locked (FOR UPDATE) until the transaction ends. */
export async function lockLoyaltySettings(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM loyalty_settings WHERE id = 1 FOR UPDATE`);
}

/** Every points rate, by category and level. */
export async function pointsRateRows(exec: Executor) {
  return queryRows<{ game_type: string; vip_level: number; rate_ppm: number }>(
    exec,
    sql`SELECT game_type, vip_level, rate_ppm FROM points_rates ORDER BY game_type, vip_level`,
  );
}

/** How many days points last (0: forever), if the rules row exists. */
export async function pointsExpiryDays(exec: Executor) {
  const [s] = await queryRows<{ expiry_days: number }>(
    exec,
    sql`SELECT expiry_days FROM loyalty_settings WHERE id = 1`,
  );
  return s;
}

/** One expiry run at a time across processes: the transaction's advisory lock. */
export async function lockExpiryRun(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(201300)`);
}

/**
 * Each member's points in `currency` still held from before the cutoff: earned before it, less
 * what has left the account (returned points not counting), at most the balance.
 */
export async function pointsPastCutoff(tx: Tx, cutoff: Date, currency: string) {
  return queryRows<{ member_id: string; amount: string }>(
    tx,
    sql`SELECT a.member_id, LEAST(a.balance,
          COALESCE(SUM(e.amount) FILTER (WHERE e.amount > 0 AND e.type <> 'points_refund' AND e.created_at < ${cutoff}), 0)
          - (COALESCE(-SUM(e.amount) FILTER (WHERE e.amount < 0), 0)
             - COALESCE(SUM(e.amount) FILTER (WHERE e.amount > 0 AND e.type = 'points_refund'), 0)))::text AS amount
        FROM ledger_balances a
        JOIN points_movements e ON e.account_id = a.account_id
        WHERE a.kind = 'points' AND a.currency = ${currency} AND a.member_id IS NOT NULL AND a.balance > 0
        GROUP BY a.account_id, a.member_id, a.balance`,
  );
}
