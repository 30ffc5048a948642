import type { RewardState } from "@panalo/contracts/rewards";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../../db/client.ts";

/**
 * Statements on member_rewards of the reward centre (center.ts), a claim's payment (pay.ts) and
 * the offer every producer makes (offer.ts), with the member facts a claim checks.
 */

/** A reward as the centre lists it. */
export interface RewardListRow {
  id: string;
  source_kind: string;
  title: Record<string, string>;
  payout: "cash" | "bonus";
  amount: string;
  currency: string;
  state: RewardState;
  expires_at: Date | string | null;
  created_at: Date | string;
  claimed_at: Date | string | null;
  seen_at: Date | string | null;
}

/** A reward as a claim reads it (locked). */
export interface RewardRow {
  id: string;
  member_id: string;
  source_kind: string;
  payout: "cash" | "bonus";
  ledger_type: string;
  amount: string;
  currency: string;
  bonus_rule_id: string | null;
  state: string;
  expires_at: Date | string | null;
}

export interface RewardFilter {
  tab: "waiting" | "history";
  source?: string;
}

/** The member's rewards of a tab (waiting and not expired at `now`, or the rest) and source. */
function rewardsWhere(memberId: number, q: RewardFilter, now: Date): SQL {
  const waiting = q.tab === "waiting";
  return sql`member_id = ${memberId} AND (${q.source ?? null}::text IS NULL OR source_kind = ${q.source ?? null})
    AND ${
      waiting
        ? sql`state = 'waiting' AND (expires_at IS NULL OR expires_at > ${now})`
        : sql`(state <> 'waiting' OR expires_at <= ${now})`
    }`;
}

/** A page of the member's rewards of a tab, newest first. */
export async function rewardListPage(
  exec: Executor,
  memberId: number,
  q: RewardFilter,
  now: Date,
  limit: number,
  offset: number,
) {
  return queryRows<RewardListRow>(
    exec,
    sql`SELECT id, source_kind, title, payout, amount, currency, state, expires_at, created_at, claimed_at, seen_at
        FROM member_rewards WHERE ${rewardsWhere(memberId, q, now)} ORDER BY id DESC
        LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** How many rewards the tab holds and the sum of its cash ones. */
export async function rewardListCount(exec: Executor, memberId: number, q: RewardFilter, now: Date) {
  const [count] = await queryRows<{ n: string; total: string }>(
    exec,
    sql`SELECT COUNT(*)::text AS n,
          COALESCE(SUM(amount) FILTER (WHERE payout = 'cash'), 0)::text AS total
        FROM member_rewards WHERE ${rewardsWhere(memberId, q, now)}`,
  );
  return count;
}

/** Waiting rewards the member has not seen, not expired at `now`. */
export async function unseenRewardCount(exec: Executor, memberId: number, now: Date): Promise<number> {
  const [r] = await queryRows<{ n: string }>(
    exec,
    sql`SELECT COUNT(*)::text AS n FROM member_rewards
        WHERE member_id = ${memberId} AND state = 'waiting' AND seen_at IS NULL
          AND (expires_at IS NULL OR expires_at > ${now})`,
  );
  return Number(r?.n ?? 0);
}

export async function markRewardsSeen(exec: Executor, memberId: number, now: Date): Promise<void> {
  await exec.execute(
    sql`UPDATE member_rewards SET seen_at = ${now} WHERE member_id = ${memberId} AND state = 'waiting' AND seen_at IS NULL`,
  );
}

/** The ids of the member's claimable rewards (of one source, or all), oldest first, at most 500. */
export async function claimableRewardIds(
  exec: Executor,
  memberId: number,
  source: string | undefined,
  now: Date,
): Promise<string[]> {
  const ids = await queryRows<{ id: string }>(
    exec,
    sql`SELECT id FROM member_rewards WHERE member_id = ${memberId} AND state = 'waiting'
          AND (${source ?? null}::text IS NULL OR source_kind = ${source ?? null})
          AND (expires_at IS NULL OR expires_at > ${now}) ORDER BY id LIMIT 500`,
  );
  return ids.map((r) => r.id);
}

/** Waiting rewards past their date set expired; how many. */
export async function expireDueRewards(exec: Executor, now: Date): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    exec,
    sql`UPDATE member_rewards SET state = 'expired'
        WHERE state = 'waiting' AND expires_at <= ${now} RETURNING id`,
  );
  return rows.length;
}

/** The member's reward, locked for the claim (FOR UPDATE). */
export async function lockMemberReward(tx: Tx, rewardId: number, memberId: number) {
  const [r] = await queryRows<RewardRow>(
    tx,
    sql`SELECT id, member_id, source_kind, payout, ledger_type, amount, currency, bonus_rule_id, state, expires_at
        FROM member_rewards WHERE id = ${rewardId} AND member_id = ${memberId} FOR UPDATE`,
  );
  return r;
}

export async function markRewardExpired(tx: Tx, rewardId: number): Promise<void> {
  await tx.execute(sql`UPDATE member_rewards SET state = 'expired' WHERE id = ${rewardId}`);
}

/** A bonus reward claimed (its bonus granted; no ledger transaction of its own). */
export async function markRewardClaimed(tx: Tx, rewardId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE member_rewards SET state = 'claimed', claimed_at = ${now},
          seen_at = COALESCE(seen_at, ${now}) WHERE id = ${rewardId}`,
  );
}

/** A cash reward claimed with the ledger transaction that paid it. */
export async function markRewardPaid(
  tx: Tx,
  rewardId: number,
  now: Date,
  transactionId: number,
): Promise<void> {
  await tx.execute(
    sql`UPDATE member_rewards SET state = 'claimed', claimed_at = ${now},
          seen_at = COALESCE(seen_at, ${now}), ledger_transaction_id = ${transactionId}
        WHERE id = ${rewardId}`,
  );
}

/** Whether the member's account may be offered rewards (no agent, active, real money). */
export async function memberAccountRewardable(exec: Executor, memberId: number): Promise<boolean> {
  const [m] = await queryRows<{ ok: boolean }>(
    exec,
    sql`SELECT (is_agent = 0 AND status = 'active' AND currency <> 'FUN') AS ok FROM member_directory WHERE id = ${memberId}`,
  );
  return m?.ok === true;
}

export interface NewReward {
  memberId: number;
  sourceKind: string;
  sourceKey: string;
  title: Record<string, string>;
  payout: "cash" | "bonus";
  ledgerType: string;
  amountMinor: bigint;
  currency: string;
  bonusRuleId?: number | null;
  expiresAt?: Date | null;
}

/** The reward inserted unless its source key exists; its id when this call inserted it. */
export async function insertRewardOnce(exec: Executor, input: NewReward): Promise<number | null> {
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
  return inserted[0] ? Number(inserted[0].id) : null;
}

/** The id of the reward of a source key. */
export async function rewardIdBySourceKey(exec: Executor, sourceKey: string): Promise<number> {
  const existing = await queryRows<{ id: string }>(
    exec,
    sql`SELECT id FROM member_rewards WHERE source_key = ${sourceKey}`,
  );
  return Number(existing[0]?.id);
}
