import { manilaDay } from "@panalo/contracts/manila-time";
import type { AppContext } from "../../lib/context.ts";
import { reconcile } from "./ledger.ts";
import { insertDayReport, reportOfDay } from "./repo/reconciliation.ts";

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
  const done = await reportOfDay(ctx.db, day);
  if (done) return false;
  const r = await reconcile(ctx.db);
  return insertDayReport(ctx.db, day, r, now);
}

export { dailyReports } from "./repo/reconciliation.ts";
