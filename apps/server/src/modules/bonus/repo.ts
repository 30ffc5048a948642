import type { BonusRuleInput } from "@panalo/contracts/bonus";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";
import type { RuleRow } from "./service.ts";

/**
 * Statements of the bonus back office: the rules (bonus_rules) and the member's household
 * review flag (bonus_reviews: a row while the member waits for the review; the grant path adds
 * it, an operator clears it).
 * The grant path and the bonus lifecycle keep theirs in grant.ts and service.ts.
 */

const ruleValues = (b: BonusRuleInput) => sql`${b.name}, ${b.kind}, ${b.currency}, ${b.percent},
  ${b.maxBonus?.toString() ?? null}::bigint, ${b.minDeposit.toString()}::bigint, ${b.wageringMultiple},
  ${b.wageringBase}, ${JSON.stringify(b.contributions)}::jsonb, ${b.maxBet?.toString() ?? null}::bigint,
  ${b.expiryDays}, ${b.maxConversion?.toString() ?? null}::bigint, ${b.forfeitOnWithdrawal},
  ${b.onePerHousehold}, ${b.enabled}`;

export async function allRules(exec: Executor): Promise<RuleRow[]> {
  return queryRows<RuleRow>(exec, sql`SELECT * FROM bonus_rules ORDER BY id`);
}

export async function insertRule(exec: Executor, b: BonusRuleInput): Promise<RuleRow | undefined> {
  const [r] = await queryRows<RuleRow>(
    exec,
    sql`INSERT INTO bonus_rules (name, kind, currency, percent, max_bonus, min_deposit,
          wagering_multiple, wagering_base, contributions, max_bet, expiry_days, max_conversion,
          forfeit_on_withdrawal, one_per_household, enabled)
        VALUES (${ruleValues(b)}) RETURNING *`,
  );
  return r;
}

/** The rule `id`, row-locked for an update. */
export async function lockRule(exec: Executor, id: number): Promise<RuleRow | undefined> {
  const [r] = await queryRows<RuleRow>(exec, sql`SELECT * FROM bonus_rules WHERE id = ${id} FOR UPDATE`);
  return r;
}

export async function updateRule(
  exec: Executor,
  id: number,
  b: BonusRuleInput,
): Promise<RuleRow | undefined> {
  const [r] = await queryRows<RuleRow>(
    exec,
    sql`UPDATE bonus_rules SET (name, kind, currency, percent, max_bonus, min_deposit,
          wagering_multiple, wagering_base, contributions, max_bet, expiry_days, max_conversion,
          forfeit_on_withdrawal, one_per_household, enabled) = (${ruleValues(b)}), updated_at = now()
        WHERE id = ${id} RETURNING *`,
  );
  return r;
}

/** Whether the member's bonuses wait for a household review. */
export async function bonusReviewOf(exec: Executor, memberId: number): Promise<boolean> {
  const [m] = await queryRows<{ bonus_review: boolean }>(
    exec,
    sql`SELECT EXISTS (SELECT 1 FROM bonus_reviews WHERE member_id = ${memberId}) AS bonus_review`,
  );
  return Boolean(m?.bonus_review);
}

export async function clearBonusReview(exec: Executor, memberId: number): Promise<void> {
  await exec.execute(sql`DELETE FROM bonus_reviews WHERE member_id = ${memberId}`);
}
