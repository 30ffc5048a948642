import type { Executor, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { emitMemberEvent } from "../../lib/member-events.ts";
import { memberGate } from "../../lib/member-gates.ts";
import { postIn } from "../ledger/service.ts";
import { householdReasons } from "../members/service.ts";
import {
  activeBonus,
  bonusBySourceKey,
  bonusMemberLock,
  bonusRule,
  completeWithoutWagering,
  flagForReview,
  insertGrantedEvent,
  insertMemberBonus,
  memberBonusFacts,
  memberCurrency,
} from "./repo/lifecycle.ts";

/**
 * Who may never be offered a bonus. Each check answers a refusal code or
 * null. Self-exclusion and cooling-off come through the member gate "bonus", asked
 * at the end of bonusEligibility, so every bonus path — deposit choice, reward centre, back
 * office — refuses at once.
 */
export type EligibilityCheck = (exec: Executor, memberId: number) => Promise<string | null>;
const extraChecks: EligibilityCheck[] = [];
export function registerEligibilityCheck(check: EligibilityCheck): void {
  if (!extraChecks.includes(check)) extraChecks.push(check);
}

export async function bonusEligibility(
  exec: Executor,
  memberId: number,
  // The bonus paths have no clock of their own; a gate's periods (days at least) read the real one.
  at: Date = new Date(),
): Promise<{ ok: true } | { ok: false; code: string }> {
  // The member's facts come from the members module's published view; the household review
  // flag is bonus's own (bonus_reviews).
  const m = await memberBonusFacts(exec, memberId);
  // Agents (any is_agent but a plain player), trial accounts (play money), locked accounts and
  // members under household review are never offered a bonus.
  if (!m || m.currency === "FUN" || Number(m.is_agent) !== 0 || m.status !== "active" || m.bonus_review)
    return { ok: false, code: "BONUS_NOT_ALLOWED" };
  for (const check of extraChecks) {
    const code = await check(exec, memberId);
    if (code) return { ok: false, code };
  }
  // The member gate (self-exclusion, cooling-off) refuses every bonus path too.
  const gate = await memberGate(exec, memberId, "bonus", at);
  if (gate) return { ok: false, code: gate };
  return { ok: true };
}

/** The member's lock (migration 0801): provider moves and bonus changes of one member queue. */
export async function lockMember(tx: Tx, memberId: number): Promise<void> {
  await bonusMemberLock(tx, memberId);
}

/**
 * One bonus per household, as the operator decides (rule.one_per_household): a member who
 * shares a payout account number, a device (members/household.ts: the site's cookie id and the
 * browser's stable hints) or a normalised address with another member who has had a bonus is
 * flagged for review (bonus_reviews) and refused until an operator clears the flag.
 */
async function sharesHousehold(tx: Tx, memberId: number): Promise<boolean> {
  return (await householdReasons(tx, memberId)).length > 0;
}

/**
 * Credit a bonus to the member's bonus account under a rule, once per sourceKey (the ledger key
 * too: `bonus:deposit:<depositId>`, `reward:<id>`, ...). Runs inside the caller's transaction
 * (a deposit's credit, a reward's claim); takes the member's lock first.
 */
export async function grantBonus(
  tx: Tx,
  input: {
    memberId: number;
    ruleId: number;
    amountMinor: bigint;
    depositMinor?: bigint;
    sourceKey: string;
    reference?: string | null;
  },
): Promise<{ bonusId: number; created: boolean }> {
  if (input.amountMinor <= 0n)
    throw new AppError("VALIDATION_ERROR", 400, { field: "amount", reason: "positive" });
  await lockMember(tx, input.memberId);
  const seen = await bonusBySourceKey(tx, input.sourceKey);
  if (seen) return { bonusId: Number(seen.id), created: false };
  const eligible = await bonusEligibility(tx, input.memberId);
  if (!eligible.ok) throw new AppError(eligible.code, 403);
  const rule = await bonusRule(tx, input.ruleId);
  const member = await memberCurrency(tx, input.memberId);
  if (!rule?.enabled || rule.currency !== member?.currency) throw new AppError("BONUS_RULE_NOT_FOUND", 404);
  const active = await activeBonus(tx, input.memberId);
  if (active) throw new AppError("BONUS_ALREADY_ACTIVE", 409);
  if (rule.one_per_household && (await sharesHousehold(tx, input.memberId))) {
    await flagForReview(tx, input.memberId);
    throw new AppError("BONUS_NOT_ALLOWED", 403);
  }
  const deposit = input.depositMinor ?? 0n;
  const base = rule.wagering_base === "bonus_deposit" ? input.amountMinor + deposit : input.amountMinor;
  const required = base * BigInt(rule.wagering_multiple);
  const row = await insertMemberBonus(tx, {
    memberId: input.memberId,
    ruleId: input.ruleId,
    sourceKey: input.sourceKey,
    reference: input.reference ?? null,
    amountMinor: input.amountMinor,
    depositMinor: deposit,
    requiredMinor: required,
    rule,
  });
  if (!row) throw new Error("grantBonus: no row");
  const bonusId = Number(row.id);
  await postIn(tx, {
    idempotencyKey: input.sourceKey,
    type: "bonus_grant",
    reference: `B${bonusId}`,
    memberId: input.memberId,
    legs: [
      { account: { house: "bonus", currency: rule.currency }, amount: -input.amountMinor },
      {
        account: { member: input.memberId, kind: "bonus", currency: rule.currency },
        amount: input.amountMinor,
      },
    ],
  });
  await insertGrantedEvent(tx, bonusId, input.amountMinor, input.reference ?? null);
  // A requirement of zero is met at once: the bonus is cash (up to its cap).
  if (required === 0n) await completeWithoutWagering(tx, bonusId);
  // The member's message about it, in this transaction, once per bonus.
  await emitMemberEvent(tx, {
    kind: "bonus.granted",
    memberId: input.memberId,
    ref: `B${bonusId}`,
    params: { id: `B${bonusId}`, amount: input.amountMinor.toString(), currency: rule.currency },
  });
  return { bonusId, created: true };
}
