import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";

/** Statements of the referrals (referral.ts): settings, codes, referred friends and their milestones. */

export async function referralSettingsRow(exec: Executor) {
  const [s] = await queryRows<{
    enabled: boolean;
    register_reward: string;
    deposit_reward: string;
    deposit_min: string;
    bet_reward: string;
    bet_threshold: string;
  }>(exec, sql`SELECT * FROM referral_settings WHERE id = 1`);
  return s;
}

/** The member's referral code, if made. */
export async function referralCodeRow(exec: Executor, memberId: number): Promise<string | undefined> {
  const [have] = await queryRows<{ code: string }>(
    exec,
    sql`SELECT code FROM referral_codes WHERE member_id = ${memberId}`,
  );
  return have?.code;
}

/** The member's code stored, unless the member or the code has one already. */
export async function insertReferralCode(exec: Executor, memberId: number, code: string): Promise<void> {
  await exec.execute(
    sql`INSERT INTO referral_codes (member_id, code) VALUES (${memberId}, ${code}) ON CONFLICT DO NOTHING`,
  );
}

/** The member a code (as typed: trimmed, upper case) belongs to. */
export async function referralCodeOwner(exec: Executor, code: string): Promise<number | null> {
  const [r] = await queryRows<{ member_id: string }>(
    exec,
    sql`SELECT member_id FROM referral_codes WHERE code = ${code}`,
  );
  return r ? Number(r.member_id) : null;
}

/** The friend recorded as referred by the referrer, once; whether this call recorded it. */
export async function insertReferral(exec: Executor, friendId: number, referrerId: number): Promise<boolean> {
  const inserted = await queryRows<{ member_id: string }>(
    exec,
    sql`INSERT INTO member_referrals (member_id, referrer_id) VALUES (${friendId}, ${referrerId})
        ON CONFLICT DO NOTHING RETURNING member_id`,
  );
  return inserted.length > 0;
}

/** A member's currency (the members' view member_directory). */
export async function memberCurrency(exec: Executor, memberId: number): Promise<string | undefined> {
  const [m] = await queryRows<{ currency: string }>(
    exec,
    sql`SELECT currency FROM member_directory WHERE id = ${memberId}`,
  );
  return m?.currency;
}

/**
 * Friends not yet rewarded for their deposit whose first credited deposit reaches `depositMin`,
 * with their referrer's currency, at most 5000.
 */
export async function friendsDueDepositReward(exec: Executor, depositMin: bigint) {
  return queryRows<{ member_id: string; referrer_id: string; currency: string }>(
    exec,
    sql`SELECT f.member_id, f.referrer_id, r.currency FROM member_referrals f
          JOIN member_directory r ON r.id = f.referrer_id
          WHERE NOT EXISTS (SELECT 1 FROM member_rewards w WHERE w.source_key = 'referral:' || f.member_id || ':deposit')
            AND (SELECT d.amount FROM deposit_log d WHERE d.member_id = f.member_id AND d.status IN ('approved', 'paid')
                 ORDER BY d.decided_at, d.id LIMIT 1) >= ${depositMin.toString()}::bigint
          LIMIT 5000`,
  );
}

/** Friends not yet rewarded for their bets, with their referrer's currency and when they joined, at most 5000. */
export async function friendsPendingBetReward(exec: Executor) {
  return queryRows<{
    member_id: string;
    referrer_id: string;
    currency: string;
    since: Date;
  }>(
    exec,
    sql`SELECT f.member_id, f.referrer_id, r.currency, f.created_at AS since FROM member_referrals f
          JOIN member_directory r ON r.id = f.referrer_id
          WHERE NOT EXISTS (SELECT 1 FROM member_rewards w WHERE w.source_key = 'referral:' || f.member_id || ':bet')
          LIMIT 5000`,
  );
}

/** The referrer's friends, newest first (at most 200), with the source keys of their rewards. */
export async function referredFriends(exec: Executor, referrerId: number) {
  return queryRows<{ username: string; created_at: Date; keys: string[] | null }>(
    exec,
    sql`SELECT m.username, f.created_at,
          (SELECT array_agg(w.source_key) FROM member_rewards w
            WHERE w.source_key IN ('referral:' || f.member_id || ':register', 'referral:' || f.member_id || ':deposit',
              'referral:' || f.member_id || ':bet')) AS keys
        FROM member_referrals f JOIN member_directory m ON m.id = f.member_id
        WHERE f.referrer_id = ${referrerId} ORDER BY f.created_at DESC LIMIT 200`,
  );
}

/** What the member's referral rewards waiting or claimed add up to. */
export async function referralEarnings(exec: Executor, memberId: number): Promise<string | undefined> {
  const [earned] = await queryRows<{ total: string }>(
    exec,
    sql`SELECT COALESCE(SUM(amount), 0)::text AS total FROM member_rewards
        WHERE member_id = ${memberId} AND source_kind = 'referral' AND state IN ('waiting', 'claimed')`,
  );
  return earned?.total;
}
