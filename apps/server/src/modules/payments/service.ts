import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";

/**
 * What other modules may read of the payments tables. They call these functions and never
 * query `deposits` or `withdrawals` themselves.
 */

export interface DepositLine {
  id: number;
  /** Minor units, as text (bigint). */
  amount: string;
  currency: string;
  status: string;
  createdAt: string;
}

/** The member's latest `limit` deposits, newest first. */
export async function latestDeposits(
  exec: Executor,
  memberId: number,
  limit: number,
): Promise<DepositLine[]> {
  return queryRows<DepositLine>(
    exec,
    sql`SELECT id::float8 AS id, amount::text AS amount, currency, status,
          to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
        FROM deposits WHERE member_id = ${memberId} ORDER BY id DESC LIMIT ${limit}`,
  );
}

export { type WithdrawalState, withdrawalStates } from "./repo.ts";
// The payout facts the back office's player page shows (handed to the members' routes by app.ts).
export { payoutAccountCount, payoutLedgerReference, WITHDRAWAL_LIMITS } from "./withdrawals.ts";
