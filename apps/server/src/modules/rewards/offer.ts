// The seam between promotions, rebates, raffles, referrals (and later missions) and the reward
// centre. Every producer offers a reward through offerReward(); the reward centre
// (modules/rewards) lists and pays them. Its statements are in repo/rewards.ts.
import type { Executor } from "../../db/client.ts";
import { insertRewardOnce, rewardIdBySourceKey } from "./repo/rewards.ts";

export type RewardSource = "promotion" | "rebate" | "raffle" | "referral" | "mission";

export interface OfferRewardInput {
  memberId: number;
  sourceKind: RewardSource;
  /** Unique per offer: the same key never offers twice (e.g. `promotion:12:member:5`). */
  sourceKey: string;
  title: Record<string, string>;
  payout: "cash" | "bonus";
  /** The ledger transaction type the claim posts (e.g. rebate, raffle_prize, referral_reward, promotion_reward). */
  ledgerType: string;
  amountMinor: bigint;
  currency: string;
  bonusRuleId?: number | null;
  expiresAt?: Date | null;
}

/** Offers a reward once per sourceKey. Returns the reward's id and whether this call created it. */
export async function offerReward(
  exec: Executor,
  input: OfferRewardInput,
): Promise<{ id: number; created: boolean }> {
  if (input.amountMinor <= 0n) throw new Error("offerReward: amount must be positive");
  const inserted = await insertRewardOnce(exec, input);
  if (inserted !== null) return { id: inserted, created: true };
  return { id: await rewardIdBySourceKey(exec, input.sourceKey), created: false };
}
