import { rollupAgentDays } from "../modules/agents/rollup.ts";
import { settlementJob } from "../modules/agents/settlement.ts";
import { dailyReconciliation } from "../modules/ledger/daily-reconciliation.ts";
import { autoReceive } from "../modules/payments/withdrawals.ts";
import { rollupReports } from "../modules/reports/rollup.ts";
import { registerJob } from "./registry.ts";

/**
 * The platform's scheduled jobs, one line each (cron in Asia/Manila time unless a job says
 * otherwise). Each runs once per period across every process (jobs/queue.ts); the back office
 * lists them under System → Jobs.
 */
registerJob({
  name: "withdrawals.auto-receive",
  cron: "*/5 * * * *",
  description: "A paid withdrawal the member has not confirmed within 24 hours counts as received.",
  handler: async (ctx) => ({ received: await autoReceive(ctx) }),
});
registerJob({
  name: "ledger.daily-reconciliation",
  cron: "0 0 * * *",
  description: "The whole ledger checked at the start of each Manila day; the verdict kept.",
  handler: async (ctx, run) => ({ ran: await dailyReconciliation(ctx, run.scheduledFor) }),
});
// Agent contracts (issue 15 point 4): each run settles the contract periods that ended two
// minutes before it (SETTLE_LAG_MS), once per (contract, period), and retries unpaid bills.
registerJob({
  name: "agents.settle-daily",
  cron: "10 0 * * *",
  description: "Dividends and daily salaries: every contract period (daily to monthly) that ended.",
  handler: settlementJob("daily"),
  timeoutSeconds: 60 * 60,
});
// The agents' per-member daily rollup (agents/rollup.ts): the daily run rolls up first as well.
registerJob({
  name: "agents.rollup",
  cron: "*/15 * * * *",
  description:
    "Closed Manila days added to the agents' per-member daily figures (each day recomputed whole).",
  timeoutSeconds: 3 * 3600,
  handler: async (ctx, run) => rollupAgentDays(ctx, run.manual ? ctx.clock.now() : run.scheduledFor),
});
registerJob({
  name: "agents.settle-hourly",
  cron: "5 * * * *",
  description: "Hourly salaries of the hour that ended.",
  handler: settlementJob("hourly"),
});
registerJob({
  name: "agents.settle-realtime",
  cron: "*/5 * * * *",
  description: "Real-time salaries, every 5 minutes (spec §9).",
  handler: settlementJob("realtime"),
});
registerJob({
  name: "reports.rollup",
  cron: "*/15 * * * *",
  description:
    "Closed Manila days added to the dashboard's and reports' rollup tables (catching up, each day recomputed whole).",
  timeoutSeconds: 3 * 3600,
  handler: async (ctx) => rollupReports(ctx),
});
