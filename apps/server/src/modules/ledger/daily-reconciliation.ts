import { manilaDay } from "@panalo/contracts/manila-time";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { reconcile } from "./ledger.ts";

/** The player's calendar day in Manila, as YYYY-MM-DD. */
export { manilaDay };

/**
 * The daily reconciliation job (jobs/catalog.ts): once per Manila day, the whole ledger checked
 * and the verdict kept (reconciliation_reports) under the day of `at` (the run's period; now by
 * default). Answers whether it ran now (false: that day's is done).
 */
export async function dailyReconciliation(
  ctx: Pick<AppContext, "db" | "clock">,
  at: Date = ctx.clock.now(),
): Promise<boolean> {
  const now = ctx.clock.now();
  const day = manilaDay(at);
  const [done] = await queryRows<{ day: string }>(
    ctx.db,
    sql`SELECT day::text FROM reconciliation_reports WHERE day = ${day}::date`,
  );
  if (done) return false;
  const r = await reconcile(ctx.db);
  const inserted = await queryRows<{ day: string }>(
    ctx.db,
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
