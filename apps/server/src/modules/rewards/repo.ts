import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";

/**
 * Statements of the reward pages and the rewards back office on the module's own tables
 * (member_rewards, rebate_*, raffle_entries, referral_settings). The statements of the reward
 * centre, the rebate run, the raffles, the referrals and the valid bets are in repo/<topic>.ts.
 */

/** The member's latest 30 rebate payouts, newest day first, and whether each was received. */
export async function rebateHistory(exec: Executor, memberId: number) {
  return queryRows<{ day: string; amount: string; mode: "auto" | "manual"; claimed: boolean }>(
    exec,
    sql`SELECT p.day::text AS day, p.amount, p.mode,
          (p.ledger_transaction_id IS NOT NULL OR r.state = 'claimed') AS claimed
        FROM rebate_payouts p LEFT JOIN member_rewards r ON r.id = p.reward_id
        WHERE p.member_id = ${memberId} ORDER BY p.day DESC LIMIT 30`,
  );
}

/** How many raffle prizes the member has waiting whose source key matches `keyPattern` (LIKE). */
export async function waitingRafflePrizeCount(exec: Executor, memberId: number, keyPattern: string) {
  const [waiting] = await queryRows<{ n: string }>(
    exec,
    sql`SELECT COUNT(*)::text AS n FROM member_rewards
        WHERE member_id = ${memberId} AND source_kind = 'raffle' AND state = 'waiting' AND source_key LIKE ${keyPattern}`,
  );
  return Number(waiting?.n ?? 0);
}

/** The ids of the member's waiting rewards whose source key matches `keyPattern` (LIKE), oldest first. */
export async function waitingRewardIds(exec: Executor, memberId: number, keyPattern: string) {
  const rows = await queryRows<{ id: string }>(
    exec,
    sql`SELECT id FROM member_rewards WHERE member_id = ${memberId} AND state = 'waiting' AND source_key LIKE ${keyPattern}
        ORDER BY id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Every rebate rate row, enabled or not, by category and level. */
export async function allRebateRates(exec: Executor) {
  return queryRows<{
    game_type: string;
    vip_level: number;
    rate_ppm: number;
    min_payout: string;
    max_payout: string | null;
    enabled: boolean;
  }>(exec, sql`SELECT * FROM rebate_rates ORDER BY game_type, vip_level`);
}

/** The latest 30 rebate runs, newest day first. */
export async function latestRebateRuns(exec: Executor) {
  return queryRows<{
    day: string;
    status: string;
    mode: string;
    members: number;
    paid: string;
  }>(
    exec,
    sql`SELECT day::text AS day, status, mode, members, paid FROM rebate_runs ORDER BY day DESC LIMIT 30`,
  );
}

export async function updateRebateSettings(exec: Executor, s: { mode: string; claimDays: number }) {
  await exec.execute(
    sql`UPDATE rebate_settings SET mode = ${s.mode}, claim_days = ${s.claimDays}, updated_at = now() WHERE id = 1`,
  );
}

/** The rate of a category and level, created or replaced. */
export async function upsertRebateRate(
  exec: Executor,
  r: {
    gameType: string;
    vipLevel: number;
    ratePpm: number;
    minPayout: bigint;
    maxPayout: bigint | null;
    enabled: boolean;
  },
) {
  await exec.execute(
    sql`INSERT INTO rebate_rates (game_type, vip_level, rate_ppm, min_payout, max_payout, enabled)
      VALUES (${r.gameType}, ${r.vipLevel}, ${r.ratePpm}, ${r.minPayout.toString()},
        ${r.maxPayout?.toString() ?? null}, ${r.enabled})
      ON CONFLICT (game_type, vip_level) DO UPDATE SET rate_ppm = EXCLUDED.rate_ppm,
        min_payout = EXCLUDED.min_payout, max_payout = EXCLUDED.max_payout, enabled = EXCLUDED.enabled, updated_at = now()`,
  );
}

/**
 * The rebate lines of the days `from`..`to` (inclusive), by day, member name and category, at
 * most `limit`. The member's name is joined here because the report is ordered by it before it
 * is cut at the limit.
 */
export async function rebateLines(exec: Executor, from: string, to: string, limit: number) {
  return queryRows<{
    day: string;
    username: string;
    game_type: string;
    valid_bet: string;
    rate_ppm: number;
    amount: string;
  }>(
    exec,
    sql`SELECT l.day::text AS day, m.username, l.game_type, l.valid_bet, l.rate_ppm, l.amount
      FROM rebate_lines l JOIN member_directory m ON m.id = l.member_id
      WHERE l.day >= ${from}::date AND l.day <= ${to}::date
      ORDER BY l.day, m.username, l.game_type LIMIT ${limit}`,
  );
}

/** A raffle's entries in ticket order, at most `limit`. */
export async function raffleEntries(exec: Executor, raffleId: number, limit: number) {
  return queryRows<{ member_id: string; tickets: number; first_ticket: number }>(
    exec,
    sql`SELECT e.member_id::text AS member_id, e.tickets, e.first_ticket FROM raffle_entries e
      WHERE e.raffle_id = ${raffleId} ORDER BY e.first_ticket LIMIT ${limit}`,
  );
}

export async function updateReferralSettings(
  exec: Executor,
  b: {
    enabled: boolean;
    registerReward: bigint;
    depositReward: bigint;
    depositMin: bigint;
    betReward: bigint;
    betThreshold: bigint;
  },
) {
  await exec.execute(
    sql`UPDATE referral_settings SET enabled = ${b.enabled}, register_reward = ${b.registerReward.toString()},
          deposit_reward = ${b.depositReward.toString()}, deposit_min = ${b.depositMin.toString()},
          bet_reward = ${b.betReward.toString()}, bet_threshold = ${b.betThreshold.toString()}, updated_at = now()
        WHERE id = 1`,
  );
}

/** Rewards offered between two instants, counted and summed per Manila day, source and state. */
export async function rewardTotals(exec: Executor, from: Date, to: Date) {
  return queryRows<{
    day: string;
    source_kind: string;
    state: string;
    n: string;
    amount: string;
  }>(
    exec,
    sql`SELECT to_char(created_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS day, source_kind, state,
        COUNT(*)::text AS n, SUM(amount)::text AS amount
      FROM member_rewards WHERE created_at >= ${from} AND created_at < ${to}
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
}
