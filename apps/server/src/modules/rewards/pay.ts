import type { Executor, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { memberGate } from "../../lib/member-gates.ts";
import { grantBonus } from "../bonus/service.ts";
import { postIn } from "../ledger/service.ts";
import {
  lockMemberReward,
  markRewardClaimed,
  markRewardExpired,
  markRewardPaid,
  memberAccountRewardable,
} from "./repo/rewards.ts";

export type { RewardRow } from "./repo/rewards.ts";

/** The house account every cash reward is paid from. */
export const REWARDS_HOUSE = "rewards";

export interface PaidReward {
  id: number;
  amountMinor: bigint;
  currency: string;
  ledgerTransactionId: number | null;
}

/**
 * Pay one reward inside the caller's transaction: the row is locked first
 * (FOR UPDATE), so of any number of concurrent claims only the first sees it waiting; the
 * ledger movement (key reward:<id>) and the state change commit together. A claimed, expired
 * or void reward is refused with its own code and pays nothing.
 */
export async function payReward(tx: Tx, rewardId: number, memberId: number, now: Date): Promise<PaidReward> {
  const r = await lockMemberReward(tx, rewardId, memberId);
  if (!r) throw new AppError("REWARD_NOT_FOUND", 404);
  if (r.state === "claimed") throw new AppError("REWARD_ALREADY_CLAIMED", 409);
  if (r.state !== "waiting") throw new AppError("REWARD_EXPIRED", 409);
  if (r.expires_at && new Date(r.expires_at).getTime() <= now.getTime()) {
    await markRewardExpired(tx, rewardId);
    throw new AppError("REWARD_EXPIRED", 409);
  }
  await assertMayReceive(tx, memberId);
  const amount = BigInt(r.amount);
  if (r.payout === "bonus") {
    // A bonus reward becomes a bonus under its rule (wagering applies): granted once per reward
    // (source key reward:<id>); a refusal (another bonus running, not eligible, rule off) leaves
    // the reward waiting and moves nothing.
    if (!r.bonus_rule_id) throw new AppError("REWARD_NOT_AVAILABLE", 409);
    await grantBonus(tx, {
      memberId,
      ruleId: Number(r.bonus_rule_id),
      amountMinor: amount,
      sourceKey: `reward:${r.id}`,
      reference: `reward:${r.id}`,
    });
    await markRewardClaimed(tx, rewardId, now);
    return { id: Number(r.id), amountMinor: amount, currency: r.currency, ledgerTransactionId: null };
  }
  const posted = await postIn(tx, {
    idempotencyKey: `reward:${r.id}`,
    type: r.ledger_type,
    reference: `reward:${r.id}`,
    memberId,
    legs: [
      { account: { house: REWARDS_HOUSE, currency: r.currency }, amount: -amount },
      { account: { member: memberId, kind: "main", currency: r.currency }, amount },
    ],
  });
  await markRewardPaid(tx, rewardId, now, posted.transactionId);
  return {
    id: Number(r.id),
    amountMinor: amount,
    currency: r.currency,
    ledgerTransactionId: posted.transactionId,
  };
}

/** Agents (and trial, locked or closed accounts) are never paid nor offered a reward. */
export async function mayReceiveRewards(
  exec: Executor,
  memberId: number,
  at: Date = new Date(),
): Promise<boolean> {
  const ok = await memberAccountRewardable(exec, memberId);
  // The member gate "bonus" (self-exclusion, cooling-off) refuses every reward too.
  return ok && (await memberGate(exec, memberId, "bonus", at)) === null;
}

async function assertMayReceive(exec: Executor, memberId: number): Promise<void> {
  if (!(await mayReceiveRewards(exec, memberId))) throw new AppError("REWARD_NOT_ALLOWED", 403);
}
