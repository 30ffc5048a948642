import { sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../../db/client.ts";

/**
 * Statements of the rebate run (rebate.ts): its settings and rates, the day's run, lines and
 * payouts, and the payment of a batch (by the ledger or as rewards of the reward centre).
 */

export async function rebateSettingsRow(exec: Executor) {
  const [s] = await queryRows<{ mode: "auto" | "manual"; claim_days: number }>(
    exec,
    sql`SELECT mode, claim_days FROM rebate_settings WHERE id = 1`,
  );
  return s;
}

/** The enabled level-0 rates above zero, by category. */
export async function activeRateRows(exec: Executor) {
  return queryRows<{
    game_type: string;
    vip_level: number;
    rate_ppm: number;
    min_payout: string;
    max_payout: string | null;
  }>(
    exec,
    sql`SELECT game_type, vip_level, rate_ppm, min_payout, max_payout FROM rebate_rates
        WHERE enabled AND vip_level = 0 AND rate_ppm > 0 ORDER BY game_type`,
  );
}

/** The figures of a day whose run is done, if it is. */
export async function finishedRebateRun(exec: Executor, day: string) {
  const [finished] = await queryRows<{
    mode: "auto" | "manual";
    members: number;
    lines: number;
    paid: string;
  }>(
    exec,
    sql`SELECT mode, members, lines, paid::text AS paid FROM rebate_runs WHERE day = ${day} AND status = 'done'`,
  );
  return finished;
}

/** The day's run started in a mode, unless it was already. */
export async function startRebateRun(exec: Executor, day: string, mode: string): Promise<void> {
  await exec.execute(
    sql`INSERT INTO rebate_runs (day, status, mode) VALUES (${day}, 'running', ${mode})
        ON CONFLICT (day) DO NOTHING`,
  );
}

/** The mode the day's run started with. */
export async function rebateRunMode(exec: Executor, day: string) {
  const [run] = await queryRows<{ mode: "auto" | "manual" }>(
    exec,
    sql`SELECT mode FROM rebate_runs WHERE day = ${day}`,
  );
  return run?.mode;
}

/**
 * For the rest of the transaction: no JIT compilation, and 128 MB to group the day's valid bets
 * in memory rather than sort them on disk.
 */
export async function tuneForDayRead(tx: Tx): Promise<void> {
  await tx.execute(sql`SET LOCAL jit = off`);
  await tx.execute(sql`SET LOCAL work_mem = '128MB'`);
}

/**
 * A batch of the day's lines (JSON [{ m, g, c, v, r, a }]: member, category, currency, valid bet,
 * rate, amount), kept for members who are not agents and active, once per member and category.
 */
export async function insertRebateLines(exec: Executor, day: string, chunk: string): Promise<void> {
  await exec.execute(
    sql`INSERT INTO rebate_lines (member_id, day, game_type, currency, valid_bet, rate_ppm, amount)
          SELECT x.m, ${day}::date, x.g, x.c, x.v, x.r, x.a
          FROM jsonb_to_recordset(${chunk}::jsonb) AS x(m bigint, g text, c text, v bigint, r int, a bigint)
          JOIN member_directory mm ON mm.id = x.m AND mm.is_agent = 0 AND mm.status = 'active'
          ON CONFLICT DO NOTHING`,
  );
}

/** One payout per member and day, summed from the day's lines (whoever inserts first owns it). */
export async function insertRebatePayouts(exec: Executor, day: string, mode: string): Promise<void> {
  await exec.execute(
    sql`INSERT INTO rebate_payouts (member_id, day, currency, amount, mode)
        SELECT member_id, day, MIN(currency), SUM(amount), ${mode} FROM rebate_lines WHERE day = ${day}
        GROUP BY member_id, day
        ON CONFLICT DO NOTHING`,
  );
}

/** The next batch of the day's unpaid payouts, locked (FOR UPDATE SKIP LOCKED), by member. */
export async function lockUnpaidPayouts(tx: Tx, day: string, limit: number) {
  return queryRows<{ member_id: string; currency: string; amount: string }>(
    tx,
    sql`SELECT member_id, currency, amount FROM rebate_payouts
            WHERE day = ${day} AND ledger_transaction_id IS NULL AND reward_id IS NULL
            ORDER BY member_id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  );
}

/** The ledger transactions that paid the day's payouts (JSON [{ m: member, t: transaction }]). */
export async function setPayoutTransactions(tx: Tx, day: string, set: string): Promise<void> {
  await tx.execute(
    sql`UPDATE rebate_payouts p SET ledger_transaction_id = x.t
              FROM jsonb_to_recordset(${set}::jsonb) AS x(m bigint, t bigint)
              WHERE p.member_id = x.m AND p.day = ${day}`,
  );
}

/**
 * The reward centre's offer (rewards/offer.ts), in bulk: same columns, same unique key. Each
 * payout of `due` (JSON [{ member_id, currency, amount }]) is offered once and linked to its reward.
 */
export async function offerPayoutsAsRewards(
  tx: Tx,
  day: string,
  title: string,
  expiresAt: Date,
  due: string,
): Promise<void> {
  await tx.execute(
    sql`WITH offered AS (
                INSERT INTO member_rewards (member_id, source_kind, source_key, title, payout, ledger_type, amount, currency, expires_at)
                SELECT x.member_id, 'rebate', 'rebate:' || x.member_id || ':' || ${day}, ${title}::jsonb,
                  'cash', 'rebate', x.amount, x.currency, ${expiresAt}
                FROM jsonb_to_recordset(${due}::jsonb) AS x(member_id bigint, currency text, amount bigint)
                ON CONFLICT (source_key) DO NOTHING
                RETURNING id, member_id
              ), keyed AS (
                SELECT id, member_id FROM offered
                UNION ALL
                SELECT r.id, r.member_id FROM member_rewards r
                WHERE r.source_key IN (SELECT 'rebate:' || x.member_id || ':' || ${day}
                  FROM jsonb_to_recordset(${due}::jsonb) AS x(member_id bigint))
              )
              UPDATE rebate_payouts p SET reward_id = k.id FROM keyed k
              WHERE p.member_id = k.member_id AND p.day = ${day}`,
  );
}

/** The day's members paid, lines and total paid. */
export async function rebateDayTotals(exec: Executor, day: string) {
  const [sum] = await queryRows<{ members: string; lines: string; paid: string }>(
    exec,
    sql`SELECT (SELECT COUNT(*) FROM rebate_payouts WHERE day = ${day})::text AS members,
          (SELECT COUNT(*) FROM rebate_lines WHERE day = ${day})::text AS lines,
          (SELECT COALESCE(SUM(amount), 0) FROM rebate_payouts WHERE day = ${day})::text AS paid`,
  );
  return sum;
}

export async function finishRebateRun(
  exec: Executor,
  day: string,
  r: { members: number; lines: number; paid: string; at: Date },
): Promise<void> {
  await exec.execute(
    sql`UPDATE rebate_runs SET status = 'done', members = ${r.members}, lines = ${r.lines},
          paid = ${r.paid}, finished_at = ${r.at} WHERE day = ${day}`,
  );
}
