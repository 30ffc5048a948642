import { formatMinor, formatPeso } from "@panalo/contracts/money";
import type { Executor, Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { onEvent } from "../../lib/member-events.ts";
import { bonusEligibility, grantBonus, lockMember } from "./grant.ts";
import {
  activeBonus,
  activeBonusSource,
  bonusEnd,
  bonusEventRows,
  bonusMember,
  bonusRule,
  creditedDeposits,
  depositRulesFor,
  expiredBonuses,
  forfeitableBonus,
  heldWinBet,
  memberBonusRows,
} from "./repo/lifecycle.ts";

/**
 * The bonus wallet's rules outside the provider protocol (the protocol's side is migration
 * 0801): deposit bonuses, expiry, forfeit, and what the member centre shows.
 */
export interface RuleRow {
  id: string;
  name: string;
  kind: "first_deposit" | "reload" | "manual";
  currency: string;
  percent: number;
  max_bonus: string | null;
  min_deposit: string;
  wagering_multiple: number;
  wagering_base: "bonus" | "bonus_deposit";
  contributions: Record<string, number>;
  max_bet: string | null;
  expiry_days: number;
  max_conversion: string | null;
  forfeit_on_withdrawal: boolean;
  one_per_household: boolean;
  enabled: boolean;
}

const money = (v: string | null) => (v === null ? null : formatMinor(BigInt(v)));

export const ruleDto = (r: RuleRow) => ({
  id: Number(r.id),
  name: r.name,
  kind: r.kind,
  currency: r.currency,
  percent: r.percent,
  maxBonus: money(r.max_bonus),
  minDeposit: formatMinor(BigInt(r.min_deposit)),
  wageringMultiple: r.wagering_multiple,
  wageringBase: r.wagering_base,
  contributions: r.contributions,
  maxBet: money(r.max_bet),
  expiryDays: r.expiry_days,
  maxConversion: money(r.max_conversion),
  forfeitOnWithdrawal: r.forfeit_on_withdrawal,
  onePerHousehold: r.one_per_household,
  enabled: r.enabled,
});

/** A deposit bonus's amount: percent of the deposit, capped (spec §3 deposit bonuses). */
export function depositBonusMinor(
  rule: Pick<RuleRow, "percent" | "max_bonus">,
  depositMinor: bigint,
): bigint {
  const raw = (depositMinor * BigInt(rule.percent)) / 100n;
  const cap = rule.max_bonus === null ? raw : BigInt(rule.max_bonus);
  return raw < cap ? raw : cap;
}

async function hasCreditedDeposit(
  exec: Executor,
  memberId: number,
  exceptId: number | null,
): Promise<boolean> {
  return (await creditedDeposits(exec, memberId, exceptId)) > 0;
}

/** Why this rule cannot be taken with this deposit, or null. */
function depositRefusal(rule: RuleRow, depositMinor: bigint, firstDone: boolean): AppError | null {
  if (!rule.enabled || rule.kind === "manual") return new AppError("BONUS_RULE_NOT_FOUND", 404);
  if (rule.kind === "first_deposit" && firstDone) return new AppError("BONUS_FIRST_DEPOSIT_ONLY", 409);
  if (depositMinor < BigInt(rule.min_deposit))
    return new AppError("BONUS_MIN_DEPOSIT", 400, { min: formatPeso(BigInt(rule.min_deposit)) });
  if (depositBonusMinor(rule, depositMinor) <= 0n)
    return new AppError("BONUS_MIN_DEPOSIT", 400, { min: "0.01" });
  return null;
}

/** The deposit bonuses the member may choose now (deposit page), with what each gives. */
export async function depositBonusOptions(exec: Executor, memberId: number, depositMinor: bigint | null) {
  const eligible = await bonusEligibility(exec, memberId);
  if (!eligible.ok) return { eligible: false, items: [] };
  const active = await activeBonus(exec, memberId);
  if (active) return { eligible: false, items: [] };
  const firstDone = await hasCreditedDeposit(exec, memberId, null);
  const rules = await depositRulesFor(exec, memberId);
  return {
    eligible: true,
    items: rules
      .filter((r) => !(r.kind === "first_deposit" && firstDone))
      .map((r) => ({
        ...ruleDto(r),
        bonusForAmount: depositMinor === null ? null : formatMinor(depositBonusMinor(r, depositMinor)),
      })),
  };
}

/** Checked when the member asks for a deposit with a bonus: refused at once, not at the credit. */
export async function checkDepositChoice(
  exec: Executor,
  memberId: number,
  ruleId: number,
  depositMinor: bigint,
) {
  const eligible = await bonusEligibility(exec, memberId);
  if (!eligible.ok) throw new AppError(eligible.code, 403);
  const rule = await bonusRule(exec, ruleId);
  if (!rule) throw new AppError("BONUS_RULE_NOT_FOUND", 404);
  const refusal = depositRefusal(rule, depositMinor, await hasCreditedDeposit(exec, memberId, null));
  if (refusal) throw refusal;
}

/**
 * Applied in the transaction that credits the deposit, keyed `bonus:deposit:<depositId>`: a
 * repeated gateway callback or approval never grants twice. A choice that no longer holds when
 * the money arrives (another bonus became active, a first deposit credited meanwhile) credits
 * the deposit without the bonus; the deposit itself never fails for its bonus.
 * The caller took the member's lock before crediting (lockMember) so that the lock order is the
 * provider protocol's: member lock, then the main account.
 */
export async function applyDepositBonus(
  tx: Tx,
  d: { id: number; memberId: number; amount: bigint; bonusRuleId: number | null },
): Promise<number | null> {
  if (d.bonusRuleId === null) return null;
  const rule = await bonusRule(tx, d.bonusRuleId);
  if (!rule) return null;
  if (depositRefusal(rule, d.amount, await hasCreditedDeposit(tx, d.memberId, d.id))) return null;
  const eligible = await bonusEligibility(tx, d.memberId);
  if (!eligible.ok) return null;
  const active = await activeBonusSource(tx, d.memberId);
  if (active && active.source_key !== `bonus:deposit:${d.id}`) return null;
  try {
    const out = await grantBonus(tx, {
      memberId: d.memberId,
      ruleId: Number(rule.id),
      amountMinor: depositBonusMinor(rule, d.amount),
      depositMinor: d.amount,
      sourceKey: `bonus:deposit:${d.id}`,
      reference: `D${d.id}`,
    });
    return out.bonusId;
  } catch (err) {
    // Only the household check can still refuse here (it flags the member; no SQL failed).
    if (err instanceof AppError && err.code === "BONUS_NOT_ALLOWED") return null;
    throw err;
  }
}

// A credited deposit that chose a bonus gets it, in the crediting transaction.
onEvent("deposit.credited", async ({ exec }, e) => {
  // The deposit is credited inside a transaction, so its executor is one.
  await applyDepositBonus(exec as Tx, {
    id: e.depositId,
    memberId: e.memberId,
    amount: e.amount,
    bonusRuleId: e.bonusRuleId,
  });
});

/** End an active bonus (expired, forfeited) under the member's lock; false when it was not active. */
export async function endBonus(
  tx: Tx,
  bonusId: number,
  state: "expired" | "forfeited",
  note: string,
  now: Date,
): Promise<boolean> {
  const b = await bonusMember(tx, bonusId);
  if (!b) return false;
  await lockMember(tx, Number(b.member_id));
  return bonusEnd(tx, bonusId, state, note, now);
}

/**
 * A withdrawal requested before wagering is met forfeits the bonus when its rules say so (point
 * 2). Called first in the withdrawal's transaction, before its hold locks the main account.
 */
export async function forfeitOnWithdrawal(tx: Tx, memberId: number, withdrawalRef: string, now: Date) {
  await lockMember(tx, memberId);
  const b = await forfeitableBonus(tx, memberId);
  if (b) await endBonus(tx, Number(b.id), "forfeited", `withdrawal ${withdrawalRef}`, now);
}

/** The scheduled job (jobs/catalog.ts "bonus.expiry"): every bonus past its expiry is taken back. */
export async function expireBonuses(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await expiredBonuses(ctx.db, now);
  let n = 0;
  for (const b of due) {
    if (await ctx.db.transaction((tx) => endBonus(tx, Number(b.id), "expired", "expiry", now))) n++;
  }
  return n;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** Each bonus with its progress, rules and history (bonusDetails; back office). */
export async function listBonuses(exec: Executor, memberId: number, limit = 50) {
  const rows = await memberBonusRows(exec, memberId, limit);
  const ids = rows.map((r) => Number(r.id));
  const events = ids.length === 0 ? [] : await bonusEventRows(exec, ids);
  return rows.map((b) => {
    const required = BigInt(b.wagering_required);
    const wagered = BigInt(b.wagered);
    return {
      id: Number(b.id),
      ruleId: Number(b.rule_id),
      name: b.rule_name,
      currency: b.currency,
      amount: formatMinor(BigInt(b.amount)),
      depositAmount: formatMinor(BigInt(b.deposit_amount)),
      balance: b.balance === null ? null : formatMinor(BigInt(b.balance)),
      wageringRequired: formatMinor(required),
      wagered: formatMinor(wagered < required ? wagered : required),
      /** 0–100, rounded down: the bar. */
      progress: required === 0n ? 100 : Number(((wagered < required ? wagered : required) * 100n) / required),
      contributions: b.contributions,
      maxBet: money(b.max_bet),
      maxConversion: money(b.max_conversion),
      forfeitOnWithdrawal: b.forfeit_on_withdrawal,
      state: b.state,
      expiresAt: iso(b.expires_at),
      released: money(b.released),
      takenBack: money(b.taken_back),
      reference: b.reference,
      createdAt: iso(b.created_at),
      endedAt: iso(b.ended_at),
      history: events
        .filter((e) => Number(e.bonus_id) === Number(b.id))
        .map((e) => ({
          kind: e.kind,
          amount: formatMinor(BigInt(e.amount)),
          wageredAfter: formatMinor(BigInt(e.wagered_after)),
          note: e.note,
          time: iso(e.created_at),
        })),
    };
  });
}

/**
 * A held win (maximum win per round) approved later follows the same rule as a win paid at once
 * (migration 0801): the bonus share of its bet goes to the bonus while that bonus is active, to
 * main once completed, and back to the house once it expired or was forfeited. Answers the
 * member's legs (and the house's remainder); takes the member's lock first.
 */
export async function heldWinLegs(
  tx: Tx,
  win: { vendor: string; transactionId: string; memberId: number; amount: bigint; currency: string },
): Promise<
  Array<{
    account:
      | { member: number; kind: "main" | "bonus"; currency: string }
      | { house: string; currency: string };
    amount: bigint;
  }>
> {
  const main = { member: win.memberId, kind: "main" as const, currency: win.currency };
  const bet = await heldWinBet(tx, win.vendor, win.transactionId);
  const part = BigInt(bet?.bonus_amount ?? "0");
  if (!bet || part === 0n || BigInt(bet.amount) === 0n) return [{ account: main, amount: win.amount }];
  await lockMember(tx, win.memberId);
  const share = (win.amount * part) / BigInt(bet.amount);
  const legs: Array<{
    account:
      | { member: number; kind: "main" | "bonus"; currency: string }
      | { house: string; currency: string };
    amount: bigint;
  }> = [];
  const real = bet.state === "completed" ? win.amount : win.amount - share;
  if (real > 0n) legs.push({ account: main, amount: real });
  if (bet.state === "active" && share > 0n)
    legs.push({ account: { member: win.memberId, kind: "bonus", currency: win.currency }, amount: share });
  if (bet.state !== "active" && bet.state !== "completed" && share > 0n)
    legs.push({ account: { house: "games", currency: win.currency }, amount: share });
  return legs;
}

// The grant path other modules use (the reward centre, the points mall, a deposit's crediting).
export {
  bonusEligibility,
  type EligibilityCheck,
  grantBonus,
  lockMember,
  registerEligibilityCheck,
} from "./grant.ts";
