// The seam between promotions, rebates, raffles, referrals (and later missions) and the reward
// centre. Every producer offers a reward through offerReward(); the reward centre
// (modules/rewards) lists and pays them. Copied verbatim into every branch that needs it: do not
// edit this file; add functions in other files.
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";

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
  const inserted = await queryRows<{ id: string }>(
    exec,
    sql`INSERT INTO member_rewards (member_id, source_kind, source_key, title, payout, ledger_type,
          amount, currency, bonus_rule_id, expires_at)
        VALUES (${input.memberId}, ${input.sourceKind}, ${input.sourceKey},
          ${JSON.stringify(input.title)}::jsonb, ${input.payout}, ${input.ledgerType},
          ${input.amountMinor.toString()}::bigint, ${input.currency}, ${input.bonusRuleId ?? null},
          ${input.expiresAt ?? null})
        ON CONFLICT (source_key) DO NOTHING
        RETURNING id`,
  );
  if (inserted[0]) return { id: Number(inserted[0].id), created: true };
  const existing = await queryRows<{ id: string }>(
    exec,
    sql`SELECT id FROM member_rewards WHERE source_key = ${input.sourceKey}`,
  );
  return { id: Number(existing[0]?.id), created: false };
}
