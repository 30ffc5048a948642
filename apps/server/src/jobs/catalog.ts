import { rollupAgentDays } from "../modules/agents/rollup.ts";
import { settlementJob } from "../modules/agents/settlement.ts";
import { expireBonuses } from "../modules/bonus/service.ts";
import { payPendingWins } from "../modules/jackpot/service.ts";
import { dailyReconciliation } from "../modules/ledger/service.ts";
import { accrue } from "../modules/loyalty/accrue.ts";
import { expirePoints } from "../modules/loyalty/expiry.ts";
import { resendGrants } from "../modules/loyalty/free-spins.ts";
import { undoFreeSpins } from "../modules/loyalty/mall.ts";
import { settleCampaigns } from "../modules/loyalty/missions.ts";
import { refreshRankings } from "../modules/loyalty/rankings.ts";
import { birthdayBonuses, reviewVip } from "../modules/loyalty/service.ts";
import { purgeKycDocuments } from "../modules/members/kyc.ts";
import { autoReceive } from "../modules/payments/withdrawals.ts";
import { rollupReports } from "../modules/reports/rollup.ts";
import { expireRewards, rebateJob, referralMilestones } from "../modules/rewards/service.ts";
import { sportsWorkersOf } from "../sportsbook.ts";
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
// The jackpot: an outside vendor's win the platform pays itself (PNJ's debit and credit, each
// idempotent by its transaction id) is paid right after it is won; this catches any left pending.
registerJob({
  name: "jackpot.pay-wins",
  cron: "* * * * *",
  description: "Jackpot wins of outside vendors' spins not paid yet: PNJ's debit and credit sent again.",
  handler: async (ctx) => payPendingWins(ctx),
});
registerJob({
  name: "ledger.daily-reconciliation",
  cron: "0 0 * * *",
  description: "The whole ledger checked at the start of each Manila day; the verdict kept.",
  handler: async (ctx, run) => ({ ran: await dailyReconciliation(ctx, run.scheduledFor) }),
});
// Agent contracts: each run settles the contract periods that ended two
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
// The bonus wallet: a bonus past its expiry is taken back through the ledger
// (bonus_expire), under the member's lock, racing nothing: a settlement that completed it first wins.
registerJob({
  name: "bonus.expiry",
  cron: "* * * * *",
  description: "Bonuses past their expiry: the bonus balance goes back to the house.",
  handler: async (ctx) => ({ expired: await expireBonuses(ctx) }),
});
// Rewards: the day's rebate once per Manila day (rebate_runs, keyed lines,
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
// KYC documents: kept for the operator's retention period after the decision.
registerJob({
  name: "members.kyc-purge",
  cron: "30 3 * * *",
  description: "KYC documents whose retention period after the decision has passed are deleted.",
  handler: async (ctx) => ({ purged: await purgeKycDocuments(ctx) }),
  timeoutSeconds: 60 * 60,
});
// Loyalty: points, missions and VIP upgrades accrue from settled rounds and paid
// deposits every minute, off the provider hot path (each round and deposit counted once);
// points expire oldest first; the VIP review (falls) once a day; campaign prizes once at the end.
registerJob({
  name: "loyalty.accrue",
  cron: "* * * * *",
  description: "Settled rounds and paid deposits: points, mission progress, VIP rises (each counted once).",
  handler: async (ctx) => accrue(ctx),
});
registerJob({
  name: "loyalty.points-expiry",
  cron: "20 0 * * *",
  description: "Points past the operator's period expire, oldest first.",
  handler: async (ctx) => expirePoints(ctx),
});
registerJob({
  name: "loyalty.vip-review",
  cron: "40 0 * * *",
  description: "VIP review: members whose review is due are set to the level their window qualifies for.",
  timeoutSeconds: 60 * 60,
  handler: async (ctx, run) => reviewVip(ctx, run.periodKey),
});
registerJob({
  name: "loyalty.vip-birthday",
  cron: "5 0 * * *",
  description: "VIP birthday bonuses offered in the reward centre, once a year each.",
  handler: async (ctx) => birthdayBonuses(ctx),
});
registerJob({
  name: "loyalty.missions-settle",
  cron: "*/5 * * * *",
  description: "Mission campaigns that ended: top places paid once.",
  handler: async (ctx) => settleCampaigns(ctx),
});
registerJob({
  name: "loyalty.free-spin-grants",
  cron: "* * * * *",
  description:
    "Free-spin grants the game server did not answer sent again until it has them (each made once).",
  handler: async (ctx) => resendGrants(ctx, undoFreeSpins),
});
registerJob({
  name: "loyalty.rankings",
  cron: "*/10 * * * *",
  description: "Top-20 deposit and valid-bet rankings refreshed.",
  handler: async (ctx) => refreshRankings(ctx),
});
// The sportsbook: the simulator feed, and a sweep that settles any open bet whose
// legs all have results (a bet that raced its market's settlement).
registerJob({
  name: "sports.simulator",
  cron: "* * * * *",
  description: "The simulator feed: fixtures, moving odds, live scores and results for the sportsbook.",
  // The sportsbook mounted in this process (apps/sportsbook); in its own process it runs its own.
  handler: async (ctx, run) => sportsWorkersOf(ctx)?.simulate(run) ?? { external: true },
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  timeoutSeconds: 120,
});
registerJob({
  name: "sports.settle-sweep",
  cron: "*/5 * * * *",
  description:
    "Sends the sportsbook's money calls still due, cancels placements left pending, and settles every open bet whose selections all have results.",
  handler: async (ctx) => sportsWorkersOf(ctx)?.settleSweep() ?? { external: true },
});
