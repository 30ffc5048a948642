import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";

/** Statements of the daily reconciliation's verdicts (reconciliation_reports). */

export async function reportOfDay(exec: Executor, day: string) {
  const [done] = await queryRows<{ day: string }>(
    exec,
    sql`SELECT day::text FROM reconciliation_reports WHERE day = ${day}::date`,
  );
  return done;
}

/** Keep a day's verdict once; whether this call stored it. */
export async function insertDayReport(
  exec: Executor,
  day: string,
  r: {
    ok: boolean;
    accounts: number;
    transactions: number;
    balanceMismatches: unknown[];
    unbalancedTransactions: unknown[];
    totals: Record<string, string>;
  },
  now: Date,
): Promise<boolean> {
  const inserted = await queryRows<{ day: string }>(
    exec,
    sql`INSERT INTO reconciliation_reports
          (day, ok, accounts, transactions, balance_mismatches, unbalanced_transactions, totals, ran_at)
        VALUES (${day}::date, ${r.ok}, ${r.accounts}, ${r.transactions}, ${r.balanceMismatches.length},
          ${r.unbalancedTransactions.length}, ${JSON.stringify(r.totals)}::jsonb, ${now.toISOString()}::timestamptz)
        ON CONFLICT (day) DO NOTHING RETURNING day::text`,
  );
  return inserted.length > 0;
}

/** The last days' verdicts, newest first, for the back office. */
export async function dailyReports(exec: Executor, days = 31) {
  return queryRows<{
    day: string;
    ok: boolean;
    accounts: number;
    transactions: number;
    balanceMismatches: number;
    unbalancedTransactions: number;
    totals: Record<string, string>;
    ranAt: string;
  }>(
    exec,
    sql`SELECT day::text AS day, ok, accounts, transactions, balance_mismatches AS "balanceMismatches",
          unbalanced_transactions AS "unbalancedTransactions", totals, ran_at AS "ranAt"
        FROM reconciliation_reports ORDER BY day DESC LIMIT ${days}`,
  );
}
