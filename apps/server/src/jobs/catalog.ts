import { rollupAgentDays } from "../modules/agents/rollup.ts";
import { settlementJob } from "../modules/agents/settlement.ts";
import { expireBonuses } from "../modules/bonus/service.ts";
import { dailyReconciliation } from "../modules/ledger/daily-reconciliation.ts";
import { autoReceive } from "../modules/payments/withdrawals.ts";
import { rollupReports } from "../modules/reports/rollup.ts";
import { expireRewards } from "../modules/rewards/center.ts";
import { rebateJob } from "../modules/rewards/rebate.ts";
import { referralMilestones } from "../modules/rewards/referral.ts";
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
// minutes before it (AGENTS_SETTLE_LAG_SECONDS), once per (contract, period), and retries unpaid bills.
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
// The bonus wallet (issue 16 point 2): a bonus past its expiry is taken back through the ledger
// (bonus_expire), under the member's lock, racing nothing: a settlement that completed it first wins.
registerJob({
  name: "bonus.expiry",
  cron: "* * * * *",
  description: "Bonuses past their expiry: the bonus balance goes back to the house.",
  handler: async (ctx) => ({ expired: await expireBonuses(ctx) }),
});
// Rewards (issue 16 points 4–6): the day's rebate once per Manila day (rebate_runs, keyed lines,
// payouts and ledger keys make a second scheduler or a retry harmless); referral milestones;
// waiting rewards past their date marked expired (a claim checks the date itself too).
registerJob({
  name: "rewards.rebate-daily",
  cron: "30 0 * * *",
  description: "Rebates of the Manila day that ended: paid (auto) or offered in the reward centre (manual).",
  timeoutSeconds: 60 * 60,
  handler: async (ctx, run) => rebateJob(ctx, run.scheduledFor),
});
registerJob({
  name: "rewards.referral-milestones",
  cron: "*/10 * * * *",
  description: "Referral rewards for friends' first deposits and valid-bet targets, each once.",
  handler: async (ctx) => referralMilestones(ctx),
});
registerJob({
  name: "rewards.expire",
  cron: "*/15 * * * *",
  description: "Waiting rewards past their claim date marked expired.",
  handler: async (ctx) => expireRewards(ctx),
});
