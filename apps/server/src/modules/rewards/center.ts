import { formatMinor } from "@panalo/contracts/money";
import type { ClaimResult, RewardItem, RewardList } from "@panalo/contracts/rewards";
import type { Executor } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { type PaidReward, payReward } from "./pay.ts";
import { pick } from "./raffle.ts";
import {
  claimableRewardIds,
  expireDueRewards,
  markRewardsSeen,
  type RewardListRow,
  rewardListCount,
  rewardListPage,
  unseenRewardCount,
} from "./repo/rewards.ts";

/**
 * The reward centre (spec §2 rewardCenter): every reward waiting for the
 * member, its history, the unread badge (waiting and never seen), claim one or all. Each claim
 * runs in its own transaction through payReward, which locks the reward row: whatever number of
 * claims race (the same reward, claim-all against claim-one, a claim against the expiry job),
 * a reward pays once.
 */
export const PAGE_SIZE = 20;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function presentReward(r: RewardListRow, lang: string, now: Date): RewardItem {
  const expired = r.state === "waiting" && r.expires_at !== null && new Date(r.expires_at) <= now;
  return {
    id: Number(r.id),
    source: r.source_kind,
    title: pick(r.title, lang),
    payout: r.payout,
    amount: formatMinor(BigInt(r.amount)),
    currency: r.currency,
    state: expired ? "expired" : r.state,
    expiresAt: iso(r.expires_at),
    createdAt: iso(r.created_at) ?? "",
    claimedAt: iso(r.claimed_at),
    unread: r.state === "waiting" && r.seen_at === null,
  };
}

export async function listRewards(
  exec: Executor,
  memberId: number,
  q: { tab: "waiting" | "history"; source?: string; pageNo: number },
  lang: string,
  now: Date,
): Promise<RewardList> {
  const waiting = q.tab === "waiting";
  const offset = (q.pageNo - 1) * PAGE_SIZE;
  const rows = await rewardListPage(exec, memberId, q, now, PAGE_SIZE, offset);
  const count = await rewardListCount(exec, memberId, q, now);
  return {
    list: rows.map((r) => presentReward(r, lang, now)),
    totalPages: Math.max(1, Math.ceil(Number(count?.n ?? 0) / PAGE_SIZE)),
    waitingTotal: waiting ? formatMinor(BigInt(count?.total ?? 0)) : "0.00",
  };
}

/** The menu badge (spec §2): waiting rewards the member has not seen. */
export async function unreadCount(exec: Executor, memberId: number, now: Date): Promise<number> {
  return unseenRewardCount(exec, memberId, now);
}

export async function markSeen(exec: Executor, memberId: number, now: Date): Promise<void> {
  await markRewardsSeen(exec, memberId, now);
}

/** Claim one reward (its own transaction). */
export async function claimOne(ctx: AppContext, memberId: number, rewardId: number): Promise<PaidReward> {
  return withRetry(() => ctx.db.transaction((tx) => payReward(tx, rewardId, memberId, ctx.clock.now())));
}

/**
 * Claim every waiting reward (of one source, or all), each in its own transaction, oldest
 * first; one already taken by a racing claim, expired meanwhile or not payable now is skipped.
 */
export async function claimAll(ctx: AppContext, memberId: number, source?: string): Promise<ClaimResult> {
  const now = ctx.clock.now();
  const ids = await claimableRewardIds(ctx.db, memberId, source, now);
  let claimed = 0;
  let skipped = 0;
  let amount = 0n;
  for (const id of ids) {
    try {
      const paid = await claimOne(ctx, memberId, Number(id));
      claimed++;
      amount += paid.amountMinor;
    } catch (err) {
      if (err instanceof AppError && err.code === "REWARD_NOT_ALLOWED") throw err;
      if (err instanceof AppError && err.httpStatus < 500) {
        skipped++;
        continue;
      }
      throw err;
    }
  }
  return { claimed, amount: formatMinor(amount), skipped };
}

/** Expire waiting rewards past their date (the scheduler; a claim checks the date itself too). */
export async function expireRewards(ctx: AppContext): Promise<{ expired: number }> {
  return { expired: await expireDueRewards(ctx.db, ctx.clock.now()) };
}

/** A serialization failure or deadlock (PostgreSQL asks to retry) is retried a few times. */
async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code =
        (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code ?? "";
      if (attempt < 3 && (code === "40001" || code === "40P01")) continue;
      throw err;
    }
  }
}
