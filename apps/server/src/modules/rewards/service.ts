import { formatMinor } from "@panalo/contracts/money";
import type { RebatePage } from "@panalo/contracts/rewards";
import type { Executor } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { memberUsernames } from "../members/service.ts";
import { addDays, manilaDay, manilaStart } from "../reports/service.ts";
import { claimAll, claimOne, listRewards } from "./center.ts";
import { activeRates, percentOfPpm, rebateOf, rebateSettings, runRebateDay } from "./rebate.ts";
import {
  allRebateRates,
  latestRebateRuns,
  raffleEntries,
  rebateHistory,
  rebateLines,
  rewardTotals,
  updateRebateSettings,
  updateReferralSettings,
  upsertRebateRate,
  waitingRafflePrizeCount,
  waitingRewardIds,
} from "./repo.ts";
import { validBets } from "./valid-bets.ts";

/**
 * The rewards module's public face and the rules behind its pages: the reward centre, rebates,
 * raffles and referrals. Other modules offer rewards, pay them, and take raffle tickets only
 * through the functions re-exported here.
 */

/** The most rows a back-office report answers. */
export const REPORT_ROWS_MAX = 50_000;

/** manualRebate: the rates, the closed days waiting to be claimed, today's estimate so far. */
export async function rebatePage(
  ctx: AppContext,
  memberId: number,
  lang: string,
  at: Date,
): Promise<RebatePage> {
  const [settings, rates, waiting, history] = await Promise.all([
    rebateSettings(ctx.db),
    activeRates(ctx.db),
    listRewards(ctx.db, memberId, { tab: "waiting", source: "rebate", pageNo: 1 }, lang, at),
    rebateHistory(ctx.db, memberId),
  ]);
  const byType = new Map(rates.map((r) => [r.gameType, r]));
  const today = await validBets(ctx.db, manilaStart(manilaDay(at)), at, { memberIds: [memberId] });
  return {
    mode: settings.mode,
    rates: rates.map((r) => ({ gameType: r.gameType, rate: percentOfPpm(r.ratePpm) })),
    waiting: waiting.list,
    waitingTotal: waiting.waitingTotal,
    today: today.map((t) => {
      const rate = byType.get(t.gameType);
      const estimate = rate ? rebateOf(t.validBet, rate.ratePpm, rate.minPayout, rate.maxPayout) : 0n;
      return { gameType: t.gameType, validBet: formatMinor(t.validBet), estimate: formatMinor(estimate) };
    }),
    history: history.map((h) => ({
      day: h.day,
      amount: formatMinor(BigInt(h.amount)),
      mode: h.mode,
      claimed: h.claimed,
    })),
  };
}

/** The member's waiting raffle prizes claimed (of one raffle, or of all); none waiting is not found. */
export async function claimRafflePrizes(ctx: AppContext, memberId: number, raffleId: number | undefined) {
  const prefix = raffleId ? `raffle:${raffleId}:%` : "raffle:%";
  if ((await waitingRafflePrizeCount(ctx.db, memberId, prefix)) === 0)
    throw new AppError("REWARD_NOT_FOUND", 404);
  if (!raffleId) return claimAll(ctx, memberId, "raffle");
  const ids = await waitingRewardIds(ctx.db, memberId, prefix);
  let claimed = 0;
  let amount = 0n;
  for (const id of ids) {
    const paid = await claimOne(ctx, memberId, id);
    claimed++;
    amount += paid.amountMinor;
  }
  return { claimed, amount: formatMinor(amount), skipped: 0 };
}

// ---- back office ----

/** The rebate settings, every rate and the latest runs. */
export async function rebateAdminView(exec: Executor) {
  const [settings, rates, runs] = await Promise.all([
    rebateSettings(exec),
    allRebateRates(exec),
    latestRebateRuns(exec),
  ]);
  return {
    mode: settings.mode,
    claimDays: settings.claimDays,
    rates: rates.map((r) => ({
      gameType: r.game_type,
      vipLevel: r.vip_level,
      rate: percentOfPpm(r.rate_ppm),
      minPayout: formatMinor(BigInt(r.min_payout)),
      maxPayout: r.max_payout === null ? null : formatMinor(BigInt(r.max_payout)),
      enabled: r.enabled,
    })),
    runs: runs.map((r) => ({ ...r, paid: formatMinor(BigInt(r.paid)) })),
  };
}

export const saveRebateSettings = (exec: Executor, s: { mode: string; claimDays: number }) =>
  updateRebateSettings(exec, s);

/** A category's rate at a level saved (the category upper-cased; minimum payout 0.01 by default). */
export async function saveRebateRate(
  exec: Executor,
  r: {
    gameType: string;
    vipLevel: number;
    ratePpm: number;
    minPayout?: bigint | undefined;
    maxPayout?: bigint | null | undefined;
    enabled: boolean;
  },
) {
  await upsertRebateRate(exec, {
    gameType: r.gameType.toUpperCase(),
    vipLevel: r.vipLevel,
    ratePpm: r.ratePpm,
    minPayout: r.minPayout ?? 1n,
    maxPayout: r.maxPayout ?? null,
    enabled: r.enabled,
  });
}

/** A rebate day run by hand: only a closed Manila day, whose rounds are all in. */
export async function runRebateDayByHand(ctx: AppContext, day: string) {
  if (manilaStart(addDays(day, 1)).getTime() > ctx.clock.now().getTime()) {
    throw Errors.validation([{ path: "day", message: "day_not_closed" }]);
  }
  return runRebateDay(ctx, day);
}

/** The rebates of the days `from`..`to` per day, member and category. */
export async function rebateReport(exec: Executor, from: string, to: string) {
  const rows = await rebateLines(exec, from, to, REPORT_ROWS_MAX);
  return rows.map((r) => ({
    day: r.day,
    member: r.username,
    gameType: r.game_type,
    validBet: formatMinor(BigInt(r.valid_bet)),
    rate: percentOfPpm(r.rate_ppm),
    amount: formatMinor(BigInt(r.amount)),
  }));
}

/** A raffle's entries in ticket order, with the members' names. */
export async function raffleEntryList(exec: Executor, raffleId: number) {
  const rows = await raffleEntries(exec, raffleId, REPORT_ROWS_MAX);
  const names = await memberUsernames(
    exec,
    rows.map((r) => Number(r.member_id)),
  );
  return rows.flatMap((r) => {
    const member = names.get(Number(r.member_id));
    return member === undefined ? [] : [{ member, tickets: r.tickets, firstTicket: r.first_ticket }];
  });
}

export const saveReferralSettings = updateReferralSettings;

/** Rewards offered per Manila day of `from`..`to`, source and state: how many and how much. */
export async function rewardsReport(exec: Executor, from: string, to: string) {
  const rows = await rewardTotals(exec, manilaStart(from), manilaStart(addDays(to, 1)));
  return rows.map((r) => ({
    day: r.day,
    source: r.source_kind,
    state: r.state,
    count: Number(r.n),
    amount: formatMinor(BigInt(r.amount)),
  }));
}

// ---- what other modules use ----
export { claimOne, expireRewards } from "./center.ts";
export { type OfferRewardInput, offerReward, type RewardSource } from "./offer.ts";
export { mayReceiveRewards, type PaidReward, payReward, REWARDS_HOUSE } from "./pay.ts";
export { createRaffle, drawRaffleNow, lockOpenRaffle, raffleTickets, raffleViews } from "./raffle.ts";
export { type MemberRebateRates, rebateJob, registerMemberRebateRates } from "./rebate.ts";
export { referralMilestones } from "./referral.ts";
