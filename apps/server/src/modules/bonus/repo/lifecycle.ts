import { sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../../db/client.ts";
import type { RuleRow } from "../service.ts";

/**
 * Statements of the bonus lifecycle: eligibility, the grant, the deposit bonus, the end of a
 * bonus (expiry, forfeit) and what the member centre shows of it (grant.ts and service.ts).
 */

/** The member's facts a bonus depends on (members' published view) and bonus's review flag. */
export async function memberBonusFacts(exec: Executor, memberId: number) {
  const [m] = await queryRows<{ currency: string; is_agent: number; status: string; bonus_review: boolean }>(
    exec,
    sql`SELECT currency, is_agent, status,
          EXISTS (SELECT 1 FROM bonus_reviews r WHERE r.member_id = d.id) AS bonus_review
        FROM member_directory d WHERE id = ${memberId}`,
  );
  return m;
}

/** The member's lock (migration 0801): provider moves and bonus changes of one member queue. */
export async function bonusMemberLock(tx: Tx, memberId: number): Promise<void> {
  await tx.execute(sql`SELECT bonus_member_lock(${memberId})`);
}

export async function bonusBySourceKey(tx: Tx, sourceKey: string) {
  const [seen] = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM member_bonuses WHERE source_key = ${sourceKey}`,
  );
  return seen;
}

export async function bonusRule(exec: Executor, ruleId: number): Promise<RuleRow | undefined> {
  const [rule] = await queryRows<RuleRow>(exec, sql`SELECT * FROM bonus_rules WHERE id = ${ruleId}`);
  return rule;
}

/** The member's currency (members' published view). */
export async function memberCurrency(exec: Executor, memberId: number) {
  const [member] = await queryRows<{ currency: string }>(
    exec,
    sql`SELECT currency FROM member_directory WHERE id = ${memberId}`,
  );
  return member;
}

/** The member's active bonus, if any. */
export async function activeBonus(exec: Executor, memberId: number) {
  const [active] = await queryRows<{ id: string }>(
    exec,
    sql`SELECT id FROM member_bonuses WHERE member_id = ${memberId} AND state = 'active'`,
  );
  return active;
}

/** Flag the member for the household review (bonus_reviews), once. */
export async function flagForReview(tx: Tx, memberId: number): Promise<void> {
  await tx.execute(sql`INSERT INTO bonus_reviews (member_id) VALUES (${memberId}) ON CONFLICT DO NOTHING`);
}

export async function insertMemberBonus(
  tx: Tx,
  input: {
    memberId: number;
    ruleId: number;
    sourceKey: string;
    reference: string | null;
    amountMinor: bigint;
    depositMinor: bigint;
    requiredMinor: bigint;
    rule: Pick<
      RuleRow,
      "currency" | "contributions" | "max_bet" | "max_conversion" | "forfeit_on_withdrawal" | "expiry_days"
    >;
  },
) {
  const { rule } = input;
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO member_bonuses (member_id, rule_id, source_key, reference, currency, amount,
          deposit_amount, wagering_required, contributions, max_bet, max_conversion,
          forfeit_on_withdrawal, expires_at)
        VALUES (${input.memberId}, ${input.ruleId}, ${input.sourceKey}, ${input.reference},
          ${rule.currency}, ${input.amountMinor.toString()}::bigint, ${input.depositMinor.toString()}::bigint,
          ${input.requiredMinor.toString()}::bigint, ${JSON.stringify(rule.contributions)}::jsonb,
          ${rule.max_bet}::bigint, ${rule.max_conversion}::bigint, ${rule.forfeit_on_withdrawal},
          now() + make_interval(days => ${rule.expiry_days}))
        RETURNING id`,
  );
  return row;
}

export async function insertGrantedEvent(
  tx: Tx,
  bonusId: number,
  amountMinor: bigint,
  note: string | null,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO bonus_events (bonus_id, kind, amount, wagered_after, note)
        VALUES (${bonusId}, 'granted', ${amountMinor.toString()}::bigint, 0, ${note})`,
  );
}

/** A bonus whose requirement is zero is met at once. */
export async function completeWithoutWagering(tx: Tx, bonusId: number): Promise<void> {
  await tx.execute(sql`SELECT bonus_end(${bonusId}, 'completed', 'no wagering', now())`);
}

/** How many of the member's deposits were credited (paid or approved), leaving out `exceptId`. */
export async function creditedDeposits(exec: Executor, memberId: number, exceptId: number | null) {
  const rows = await queryRows<{ n: number }>(
    exec,
    sql`SELECT count(*)::int AS n FROM deposit_log
         WHERE member_id = ${memberId} AND status IN ('paid', 'approved') AND id <> ${exceptId ?? 0}`,
  );
  return rows[0]?.n ?? 0;
}

/** The enabled deposit bonus rules in the member's currency, by id. */
export function depositRulesFor(exec: Executor, memberId: number): Promise<RuleRow[]> {
  return queryRows<RuleRow>(
    exec,
    sql`SELECT r.* FROM bonus_rules r JOIN member_directory m ON m.currency = r.currency
         WHERE m.id = ${memberId} AND r.enabled AND r.kind IN ('first_deposit', 'reload')
         ORDER BY r.id`,
  );
}

/** The source key of the member's active bonus, if any. */
export async function activeBonusSource(tx: Tx, memberId: number) {
  const [active] = await queryRows<{ source_key: string }>(
    tx,
    sql`SELECT source_key FROM member_bonuses WHERE member_id = ${memberId} AND state = 'active'`,
  );
  return active;
}

export async function bonusMember(tx: Tx, bonusId: number) {
  const [b] = await queryRows<{ member_id: string }>(
    tx,
    sql`SELECT member_id FROM member_bonuses WHERE id = ${bonusId}`,
  );
  return b;
}

/** End a bonus (stored function bonus_end); whether it was active. */
export async function bonusEnd(
  tx: Tx,
  bonusId: number,
  state: "expired" | "forfeited",
  note: string,
  now: Date,
): Promise<boolean> {
  const [r] = await queryRows<{ ok: boolean }>(
    tx,
    sql`SELECT bonus_end(${bonusId}, ${state}, ${note}, ${now.toISOString()}::timestamptz) AS ok`,
  );
  return Boolean(r?.ok);
}

/** The member's active bonus that a withdrawal forfeits (wagering not met), if any. */
export async function forfeitableBonus(tx: Tx, memberId: number) {
  const [b] = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM member_bonuses WHERE member_id = ${memberId} AND state = 'active'
          AND forfeit_on_withdrawal AND wagered < wagering_required`,
  );
  return b;
}

/** Active bonuses past their expiry at `now`, soonest first, at most 5000. */
export function expiredBonuses(exec: Executor, now: Date) {
  return queryRows<{ id: string }>(
    exec,
    sql`SELECT id FROM member_bonuses WHERE state = 'active' AND expires_at <= ${now.toISOString()}::timestamptz
         ORDER BY expires_at LIMIT 5000`,
  );
}

export interface BonusRow {
  id: string;
  rule_id: string;
  rule_name: string;
  currency: string;
  amount: string;
  deposit_amount: string;
  wagering_required: string;
  wagered: string;
  contributions: Record<string, number>;
  max_bet: string | null;
  max_conversion: string | null;
  forfeit_on_withdrawal: boolean;
  state: string;
  expires_at: Date | string;
  released: string | null;
  taken_back: string | null;
  created_at: Date | string;
  ended_at: Date | string | null;
  reference: string | null;
  balance: string | null;
}

/** The member's bonuses, newest first, with the bonus balance of the active one. */
export function memberBonusRows(exec: Executor, memberId: number, limit: number): Promise<BonusRow[]> {
  return queryRows<BonusRow>(
    exec,
    sql`SELECT b.*, r.name AS rule_name,
          CASE WHEN b.state = 'active' THEN (SELECT balance FROM ledger_balances a
             WHERE a.member_id = b.member_id AND a.kind = 'bonus' AND a.currency = b.currency) END AS balance
        FROM member_bonuses b JOIN bonus_rules r ON r.id = b.rule_id
        WHERE b.member_id = ${memberId} ORDER BY b.id DESC LIMIT ${limit}`,
  );
}

/** The last 50 events of each of the bonuses `ids`, newest first. */
export function bonusEventRows(exec: Executor, ids: number[]) {
  return queryRows<{
    bonus_id: string;
    kind: string;
    amount: string;
    wagered_after: string;
    note: string | null;
    created_at: Date | string;
  }>(
    exec,
    sql`SELECT * FROM (SELECT e.*, row_number() OVER (PARTITION BY bonus_id ORDER BY id DESC) AS n
          FROM bonus_events e WHERE bonus_id IN ${sql.raw(`(${ids.join(",")})`)}) x
        WHERE n <= 50 ORDER BY id DESC`,
  );
}

/** A held win's bet (providers' published log) and the state of the bonus that bet used. */
export async function heldWinBet(tx: Tx, vendor: string, transactionId: string) {
  const [bet] = await queryRows<{ amount: string; bonus_amount: string; state: string | null }>(
    tx,
    sql`SELECT b.amount::text, b.bonus_amount::text, mb.state
          FROM game_transaction_log w
          JOIN game_transaction_log b ON b.vendor = w.vendor AND b.transaction_id = w.ref_transaction_id
          LEFT JOIN member_bonuses mb ON mb.id = b.bonus_id
         WHERE w.vendor = ${vendor} AND w.transaction_id = ${transactionId}`,
  );
  return bet;
}
