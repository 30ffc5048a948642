import { sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../../db/client.ts";

/**
 * Statements of the VIP levels (vip.ts): the levels, the members' levels and history, the
 * rolling window's figures (loyalty_member_days), the periodic review, and the VIP bonuses
 * offered in the reward centre (member_rewards, the same columns as rewards/offer.ts).
 */

export interface LevelRow {
  level: number;
  name: string;
  min_valid_bet: string;
  min_deposit: string;
  rebate_rate_ppm: number;
  withdraw_daily_max: string | null;
  withdraw_daily_count: number | null;
  birthday_bonus: string;
  upgrade_bonus: string;
}

export async function vipLevelRows(exec: Executor) {
  return queryRows<LevelRow>(exec, sql`SELECT * FROM vip_levels ORDER BY level`);
}

/** The member's valid bets and deposits from the Manila day `fromDay` on. */
export async function windowSums(exec: Executor, memberId: number, fromDay: string) {
  const [row] = await queryRows<{ vb: string; dep: string }>(
    exec,
    sql`SELECT COALESCE(SUM(valid_bet), 0)::text AS vb, COALESCE(SUM(deposit), 0)::text AS dep
        FROM loyalty_member_days WHERE member_id = ${memberId} AND day >= ${fromDay}::date`,
  );
  return row;
}

/**
 * A cash reward of the VIP levels offered once per key, in the member's currency; none for a
 * member playing for fun.
 */
export async function insertVipReward(
  exec: Executor,
  memberId: number,
  key: string,
  title: Record<string, string>,
  amount: bigint,
  expiresAt: Date,
): Promise<void> {
  await exec.execute(
    sql`INSERT INTO member_rewards (member_id, source_kind, source_key, title, payout, ledger_type, amount, currency, expires_at)
        SELECT m.id, 'vip', ${key}, ${JSON.stringify(title)}::jsonb, 'cash', 'vip_bonus', ${amount.toString()}::bigint,
          m.currency, ${expiresAt}
        FROM member_directory m WHERE m.id = ${memberId} AND m.currency <> 'FUN'
        ON CONFLICT (source_key) DO NOTHING`,
  );
}

/** The member's loyalty row (made where missing), locked through the upsert; its level. */
export async function lockLoyaltyMember(tx: Tx, o: { memberId: number; at: Date }) {
  const [cur] = await queryRows<{ vip_level: number }>(
    tx,
    sql`INSERT INTO loyalty_members (member_id, level_since, reviewed_at) VALUES (${o.memberId}, ${o.at}, ${o.at})
        ON CONFLICT (member_id) DO UPDATE SET member_id = EXCLUDED.member_id RETURNING vip_level`,
  );
  return cur;
}

/** A level change's history line, once per source key; whether this call wrote it. */
export async function insertVipHistory(
  tx: Tx,
  from: number,
  o: {
    memberId: number;
    to: number;
    reason: string;
    sourceKey: string;
    at: Date;
    operatorId?: number | null;
    note?: string | null;
  },
): Promise<boolean> {
  const hist = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO vip_history (member_id, from_level, to_level, reason, operator_id, note, source_key, created_at)
        VALUES (${o.memberId}, ${from}, ${o.to}, ${o.reason}, ${o.operatorId ?? null}, ${o.note ?? null}, ${o.sourceKey}, ${o.at})
        ON CONFLICT (source_key) DO NOTHING RETURNING id`,
  );
  return hist[0] !== undefined;
}

/** The member's level set from `from` to `o.to` (a rise also counts as a review). */
export async function updateMemberLevel(tx: Tx, from: number, o: { memberId: number; to: number; at: Date }) {
  await tx.execute(
    sql`UPDATE loyalty_members SET vip_level = ${o.to}, level_since = ${o.at},
          reviewed_at = CASE WHEN ${o.to} > ${from} THEN ${o.at}::timestamptz ELSE reviewed_at END
        WHERE member_id = ${o.memberId}`,
  );
}

/** The rolling window's length in days, if the rules row exists. */
export async function vipWindowDays(exec: Executor) {
  const [s] = await queryRows<{ vip_window_days: number }>(
    exec,
    sql`SELECT vip_window_days FROM loyalty_settings WHERE id = 1`,
  );
  return s;
}

/** The rolling window's and the review's length in days, if the rules row exists. */
export async function vipReviewSettings(exec: Executor) {
  const [s] = await queryRows<{ vip_window_days: number; vip_review_days: number }>(
    exec,
    sql`SELECT vip_window_days, vip_review_days FROM loyalty_settings WHERE id = 1`,
  );
  return s;
}

/** The members' levels and valid bets and deposits from the Manila day `from` on, by member. */
export async function membersWindowFigures(tx: Tx, memberIds: number[], from: string) {
  return queryRows<{ member_id: string; lvl: number; vb: string; dep: string }>(
    tx,
    sql`SELECT lm.member_id, lm.vip_level AS lvl, COALESCE(SUM(d.valid_bet), 0)::text AS vb,
          COALESCE(SUM(d.deposit), 0)::text AS dep
        FROM loyalty_members lm LEFT JOIN loyalty_member_days d ON d.member_id = lm.member_id AND d.day >= ${from}::date
        WHERE lm.member_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb)::bigint)
        GROUP BY lm.member_id, lm.vip_level ORDER BY lm.member_id`,
  );
}

export async function startReviewRun(exec: Executor, periodKey: string, at: Date): Promise<void> {
  await exec.execute(
    sql`INSERT INTO vip_review_runs (period_key, started_at) VALUES (${periodKey}, ${at}) ON CONFLICT DO NOTHING`,
  );
}

/**
 * One batch of the review: at most `limit` members above level 0 last reviewed at `due` or
 * before, taken with SKIP LOCKED, set to the level their window (from `fromDay`) qualifies for
 * where it is lower (a history line each, once per member and run), their review moved to `at`.
 * The first row's member_id is how many were reviewed; the others are the falls.
 */
export async function reviewBatch(
  tx: Tx,
  r: { due: Date; fromDay: string; periodKey: string; at: Date; limit: number },
) {
  const { due, fromDay, periodKey, at, limit } = r;
  return queryRows<{ member_id: string; from_level: number; to_level: number; key: string }>(
    tx,
    sql`WITH due AS (
              SELECT member_id, vip_level FROM loyalty_members
              WHERE vip_level > 0 AND reviewed_at <= ${due}
              ORDER BY member_id LIMIT ${limit} FOR UPDATE SKIP LOCKED
            ), sums AS (
              SELECT d.member_id, d.vip_level, COALESCE(SUM(md.valid_bet), 0) AS vb, COALESCE(SUM(md.deposit), 0) AS dep
              FROM due d LEFT JOIN loyalty_member_days md ON md.member_id = d.member_id AND md.day >= ${fromDay}::date
              GROUP BY d.member_id, d.vip_level
            ), target AS (
              SELECT s.member_id, s.vip_level,
                (SELECT COALESCE(MAX(v.level), 0) FROM vip_levels v WHERE v.min_valid_bet <= s.vb AND v.min_deposit <= s.dep) AS lvl
              FROM sums s
            ), hist AS (
              INSERT INTO vip_history (member_id, from_level, to_level, reason, source_key, created_at)
              SELECT t.member_id, t.vip_level, t.lvl, 'review', 'vip:review:' || t.member_id || ':' || ${periodKey}, ${at}
              FROM target t WHERE t.lvl < t.vip_level
              ON CONFLICT (source_key) DO NOTHING
              RETURNING member_id, from_level, to_level, source_key
            ), upd AS (
              UPDATE loyalty_members lm SET reviewed_at = ${at},
                vip_level = COALESCE(h.to_level, lm.vip_level),
                level_since = CASE WHEN h.member_id IS NULL THEN lm.level_since ELSE ${at}::timestamptz END
              FROM due d LEFT JOIN hist h ON h.member_id = d.member_id
              WHERE lm.member_id = d.member_id
              RETURNING lm.member_id
            )
            SELECT (SELECT COUNT(*) FROM upd)::text AS member_id, -1 AS from_level, -1 AS to_level, '' AS key
            UNION ALL
            SELECT member_id::text, from_level, to_level, source_key FROM hist`,
  );
}

export async function finishReviewRun(
  exec: Executor,
  periodKey: string,
  r: { reviewed: number; changed: number; at: Date },
): Promise<void> {
  const { reviewed, changed, at } = r;
  await exec.execute(
    sql`UPDATE vip_review_runs SET status = 'done', reviewed = reviewed + ${reviewed}, changed = changed + ${changed},
          finished_at = ${at} WHERE period_key = ${periodKey}`,
  );
}

/** Active members above level 0 born on the Manila day `day` whose level pays a birthday bonus. */
export async function birthdayBonusesDue(exec: Executor, day: string) {
  return queryRows<{ member_id: string; name: string; bonus: string }>(
    exec,
    sql`SELECT lm.member_id, v.name, v.birthday_bonus::text AS bonus
        FROM loyalty_members lm JOIN vip_levels v ON v.level = lm.vip_level AND v.birthday_bonus > 0
        JOIN member_directory m ON m.id = lm.member_id AND m.status = 'active'
        WHERE lm.vip_level > 0 AND to_char(m.birthday, 'MM-DD') = ${day.slice(5)}`,
  );
}

/** The member's level and since when, if loyalty has seen the member. */
export async function loyaltyMemberLevel(exec: Executor, memberId: number) {
  const [lm] = await queryRows<{ vip_level: number; level_since: string | Date }>(
    exec,
    sql`SELECT vip_level, level_since FROM loyalty_members WHERE member_id = ${memberId}`,
  );
  return lm;
}

/** The name of the member's level when above level 0. */
export async function memberLevelName(exec: Executor, memberId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ name: string }>(
    exec,
    sql`SELECT v.name FROM loyalty_members lm JOIN vip_levels v ON v.level = lm.vip_level
        WHERE lm.member_id = ${memberId} AND lm.vip_level > 0`,
  );
  return row?.name;
}

/** The withdrawal perks of the member's level (level 0 when loyalty has not seen the member). */
export async function withdrawLimitsRow(exec: Executor, memberId: number) {
  const [row] = await queryRows<{
    level: number;
    name: string;
    withdraw_daily_max: string | null;
    withdraw_daily_count: number | null;
  }>(
    exec,
    sql`SELECT v.level, v.name, v.withdraw_daily_max, v.withdraw_daily_count
        FROM vip_levels v
        WHERE v.level = COALESCE((SELECT vip_level FROM loyalty_members WHERE member_id = ${memberId}), 0)`,
  );
  return row;
}

/** Members above level 0 whose level sets a rebate rate, with that rate. */
export async function vipRebateRateRows(exec: Executor) {
  return queryRows<{ member_id: string; rate: number }>(
    exec,
    sql`SELECT lm.member_id, v.rebate_rate_ppm AS rate FROM loyalty_members lm
        JOIN vip_levels v ON v.level = lm.vip_level
        WHERE lm.vip_level > 0 AND v.rebate_rate_ppm > 0`,
  );
}

/** A level's points rates per category (its own rows, else level 0's). */
export async function levelPointsRateRows(exec: Executor, level: number) {
  return queryRows<{ game_type: string; rate_ppm: number }>(
    exec,
    sql`SELECT DISTINCT ON (game_type) game_type, rate_ppm FROM points_rates
        WHERE vip_level IN (0, ${level}) ORDER BY game_type, vip_level DESC`,
  );
}

/** The member's VIP level as stored (loyalty_members.vip_level); null when loyalty has not seen the member. */
export async function storedVipLevel(exec: Executor, memberId: number): Promise<string | number | null> {
  const [row] = await queryRows<{ level: string | number | null }>(
    exec,
    sql`SELECT vip_level AS level FROM loyalty_members WHERE member_id = ${memberId}`,
  );
  return row?.level ?? null;
}

/** The stored levels of the members `memberIds` that loyalty has seen. */
export async function memberVipLevelRows(exec: Executor, memberIds: number[]) {
  return queryRows<{ member_id: string; vip_level: number }>(
    exec,
    sql`SELECT member_id, vip_level FROM loyalty_members
        WHERE member_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb)::bigint)`,
  );
}

/** Saves of a VIP level serialised (the transaction's advisory lock on the level). */
export async function lockVipLevelSaves(tx: Executor, level: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loyalty.vip_level'), ${level})`);
}
