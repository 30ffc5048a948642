import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";

/**
 * Statements on the free-spins grants of mall redemptions (mall_free_spin_grants; free-spins.ts
 * and mall.ts): a grant's copy, its delivery state and the resend job's lease.
 */

/** A redemption's grant as the platform keeps it, with the member's currency. */
export interface PendingGrantRow {
  redemption_id: string;
  member_id: string;
  grant_id: string;
  vendor: string;
  game_code: string;
  spins: number;
  bet_per_line: string;
  expires_at: Date | string;
  currency: string;
}

/** A redemption's grant stored, pending, first due at `nextAttemptAt`. */
export async function insertFreeSpinGrant(
  exec: Executor,
  g: {
    redemptionId: number;
    memberId: number;
    grantId: string;
    vendor: string;
    gameCode: string;
    spins: number;
    betPerLine: bigint;
    expiresAt: Date;
    at: Date;
  },
  nextAttemptAt: Date,
): Promise<void> {
  await exec.execute(
    sql`INSERT INTO mall_free_spin_grants (redemption_id, member_id, grant_id, vendor, game_code, spins, bet_per_line,
              expires_at, created_at, state, next_attempt_at)
            VALUES (${g.redemptionId}, ${g.memberId}, ${g.grantId}, ${g.vendor}, ${g.gameCode}, ${g.spins},
              ${g.betPerLine.toString()}::bigint, ${g.expiresAt}, ${g.at}, 'pending', ${nextAttemptAt})`,
  );
}

/** The RGS has the grant: it leaves 'pending' (once). */
export async function markGrantGranted(exec: Executor, redemptionId: number): Promise<void> {
  await exec.execute(
    sql`UPDATE mall_free_spin_grants SET state = 'granted', last_error = NULL
        WHERE redemption_id = ${redemptionId} AND state = 'pending'`,
  );
}

/** The grant refused: it leaves 'pending' (once). */
export async function markGrantRefused(exec: Executor, redemptionId: number) {
  return exec.execute(
    sql`UPDATE mall_free_spin_grants SET state = 'refused' WHERE redemption_id = ${redemptionId} AND state = 'pending'`,
  );
}

/**
 * A delivery without an answer: one more attempt counted with its error, the next one due after
 * 1 minute, then 2, 4, … at most an hour (from the row's failed attempts).
 */
export async function postponeGrant(
  exec: Executor,
  redemptionId: number,
  lastError: string,
  now: Date,
): Promise<void> {
  await exec.execute(
    sql`UPDATE mall_free_spin_grants SET attempts = attempts + 1, last_error = ${lastError},
          next_attempt_at = ${now}::timestamptz
            + LEAST(interval '1 minute' * power(2, LEAST(attempts, 10)), interval '1 hour')
        WHERE redemption_id = ${redemptionId} AND state = 'pending'`,
  );
}

/**
 * At most 100 pending grants due at `now`, oldest due first, taken (FOR UPDATE SKIP LOCKED) and
 * leased until `leaseUntil` in one statement, with their members' currency.
 */
export async function leaseDueGrants(exec: Executor, now: Date, leaseUntil: Date) {
  return queryRows<PendingGrantRow>(
    exec,
    sql`UPDATE mall_free_spin_grants g SET next_attempt_at = ${leaseUntil}
        FROM member_directory m
        WHERE m.id = g.member_id AND g.redemption_id IN (
          SELECT redemption_id FROM mall_free_spin_grants
          WHERE state = 'pending' AND next_attempt_at <= ${now}
          ORDER BY next_attempt_at LIMIT 100 FOR UPDATE SKIP LOCKED)
        RETURNING g.redemption_id, g.member_id, g.grant_id, g.vendor, g.game_code, g.spins,
          g.bet_per_line::text AS bet_per_line, g.expires_at, m.currency`,
  );
}
