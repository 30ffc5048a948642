import { sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { emitMemberEvent } from "../../lib/member-events.ts";
import { memberGate } from "../../lib/member-gates.ts";
import { registerMemberLabel } from "../../lib/member-labels.ts";
import { addDays, manilaDay } from "../reports/service.ts";

/**
 * VIP levels. A level's thresholds are valid bets and deposits over the
 * operator's rolling window (loyalty_member_days, filled by the accrual job). A member rises at
 * once (the accrual job calls upgradeMembers for everyone it touched); a member falls only at
 * the periodic review (reviewVip), once every vip_review_days, each member once per run
 * (vip_history.source_key) however many schedulers run it. Bonuses (upgrade, birthday) are
 * offered in the reward centre (member_rewards, source_kind 'vip').
 */
export interface VipLevel {
  level: number;
  name: string;
  minValidBet: bigint;
  minDeposit: bigint;
  rebateRatePpm: number;
  withdrawDailyMax: bigint | null;
  withdrawDailyCount: number | null;
  birthdayBonus: bigint;
  upgradeBonus: bigint;
}

interface LevelRow {
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

export async function vipLevels(exec: Executor): Promise<VipLevel[]> {
  const rows = await queryRows<LevelRow>(exec, sql`SELECT * FROM vip_levels ORDER BY level`);
  return rows.map((r) => ({
    level: r.level,
    name: r.name,
    minValidBet: BigInt(r.min_valid_bet),
    minDeposit: BigInt(r.min_deposit),
    rebateRatePpm: r.rebate_rate_ppm,
    withdrawDailyMax: r.withdraw_daily_max === null ? null : BigInt(r.withdraw_daily_max),
    withdrawDailyCount: r.withdraw_daily_count,
    birthdayBonus: BigInt(r.birthday_bonus),
    upgradeBonus: BigInt(r.upgrade_bonus),
  }));
}

/** The highest level whose thresholds both figures meet (level 0 always). */
export function qualifyingLevel(levels: VipLevel[], validBet: bigint, deposit: bigint): number {
  let best = 0;
  for (const l of levels) {
    if (l.minValidBet <= validBet && l.minDeposit <= deposit && l.level > best) best = l.level;
  }
  return best;
}

/** The first day of the rolling window that ends on `at`'s Manila day. */
export const windowStartDay = (at: Date, days: number) => addDays(manilaDay(at), -(days - 1));

export async function windowFigures(exec: Executor, memberId: number, at: Date, days: number) {
  const [row] = await queryRows<{ vb: string; dep: string }>(
    exec,
    sql`SELECT COALESCE(SUM(valid_bet), 0)::text AS vb, COALESCE(SUM(deposit), 0)::text AS dep
        FROM loyalty_member_days WHERE member_id = ${memberId} AND day >= ${windowStartDay(at, days)}::date`,
  );
  return { validBet: BigInt(row?.vb ?? "0"), deposit: BigInt(row?.dep ?? "0") };
}

const UPGRADE_TITLE = (name: string): Record<string, string> => ({
  EN: `${name} upgrade bonus`,
  TY: `Bonus sa pag-akyat sa ${name}`,
  CN: `${name} 晋级奖金`,
  VI: `Thưởng thăng hạng ${name}`,
  TH: `โบนัสเลื่อนระดับ ${name}`,
  ID: `Bonus naik level ${name}`,
  JA: `${name} 昇格ボーナス`,
});
const BIRTHDAY_TITLE = (name: string): Record<string, string> => ({
  EN: `${name} birthday bonus`,
  TY: `Bonus sa kaarawan (${name})`,
  CN: `${name} 生日礼金`,
  VI: `Thưởng sinh nhật ${name}`,
  TH: `โบนัสวันเกิด ${name}`,
  ID: `Bonus ulang tahun ${name}`,
  JA: `${name} 誕生日ボーナス`,
});

/** A cash reward in the reward centre, once per key (the same columns as rewards/offer.ts). */
async function offerVipReward(
  exec: Executor,
  memberId: number,
  key: string,
  title: Record<string, string>,
  amount: bigint,
  at: Date,
): Promise<void> {
  if (amount <= 0n) return;
  if (await memberGate(exec, memberId, "bonus", at)) return;
  await exec.execute(
    sql`INSERT INTO member_rewards (member_id, source_kind, source_key, title, payout, ledger_type, amount, currency, expires_at)
        SELECT m.id, 'vip', ${key}, ${JSON.stringify(title)}::jsonb, 'cash', 'vip_bonus', ${amount.toString()}::bigint,
          m.currency, ${new Date(at.getTime() + 30 * 86_400_000)}
        FROM member_directory m WHERE m.id = ${memberId} AND m.currency <> 'FUN'
        ON CONFLICT (source_key) DO NOTHING`,
  );
}

/** Set a member's level (locked row), with its history line, bonus and event. */
export async function setLevel(
  tx: Tx,
  o: {
    memberId: number;
    to: number;
    reason: "upgrade" | "review" | "manual";
    sourceKey: string;
    at: Date;
    operatorId?: number | null;
    note?: string | null;
  },
): Promise<boolean> {
  const [cur] = await queryRows<{ vip_level: number }>(
    tx,
    sql`INSERT INTO loyalty_members (member_id, level_since, reviewed_at) VALUES (${o.memberId}, ${o.at}, ${o.at})
        ON CONFLICT (member_id) DO UPDATE SET member_id = EXCLUDED.member_id RETURNING vip_level`,
  );
  const from = cur?.vip_level ?? 0;
  if (from === o.to) return false;
  const hist = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO vip_history (member_id, from_level, to_level, reason, operator_id, note, source_key, created_at)
        VALUES (${o.memberId}, ${from}, ${o.to}, ${o.reason}, ${o.operatorId ?? null}, ${o.note ?? null}, ${o.sourceKey}, ${o.at})
        ON CONFLICT (source_key) DO NOTHING RETURNING id`,
  );
  if (!hist[0]) return false;
  await tx.execute(
    sql`UPDATE loyalty_members SET vip_level = ${o.to}, level_since = ${o.at},
          reviewed_at = CASE WHEN ${o.to} > ${from} THEN ${o.at}::timestamptz ELSE reviewed_at END
        WHERE member_id = ${o.memberId}`,
  );
  const levels = await vipLevels(tx);
  const name = levels.find((l) => l.level === o.to)?.name ?? `VIP${o.to}`;
  // Each level's upgrade bonus at most once per member, ever (a fall and a rise pay nothing new).
  for (const l of levels) {
    if (l.level > from && l.level <= o.to && o.reason !== "review") {
      await offerVipReward(
        tx,
        o.memberId,
        `vip:upgrade:${o.memberId}:${l.level}`,
        UPGRADE_TITLE(l.name),
        l.upgradeBonus,
        o.at,
      );
    }
  }
  await emitMemberEvent(tx, {
    kind: "vip.changed",
    memberId: o.memberId,
    ref: o.sourceKey,
    params: { from, to: o.to, level: name, reason: o.reason },
  });
  return true;
}

/** Rise at once: every member touched whose window now qualifies for a higher level; answers who rose. */
export async function upgradeMembers(tx: Tx, memberIds: number[], at: Date): Promise<number[]> {
  if (memberIds.length === 0) return [];
  const [s] = await queryRows<{ vip_window_days: number }>(
    tx,
    sql`SELECT vip_window_days FROM loyalty_settings WHERE id = 1`,
  );
  const levels = await vipLevels(tx);
  if (levels.length <= 1) return [];
  const from = windowStartDay(at, s?.vip_window_days ?? 30);
  const rows = await queryRows<{ member_id: string; lvl: number; vb: string; dep: string }>(
    tx,
    sql`SELECT lm.member_id, lm.vip_level AS lvl, COALESCE(SUM(d.valid_bet), 0)::text AS vb,
          COALESCE(SUM(d.deposit), 0)::text AS dep
        FROM loyalty_members lm LEFT JOIN loyalty_member_days d ON d.member_id = lm.member_id AND d.day >= ${from}::date
        WHERE lm.member_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb)::bigint)
        GROUP BY lm.member_id, lm.vip_level ORDER BY lm.member_id`,
  );
  const rose: number[] = [];
  for (const r of rows) {
    const target = qualifyingLevel(levels, BigInt(r.vb), BigInt(r.dep));
    if (target <= r.lvl) continue;
    const memberId = Number(r.member_id);
    if (
      await setLevel(tx, {
        memberId,
        to: target,
        reason: "upgrade",
        sourceKey: `vip:upgrade:${memberId}:${r.lvl}->${target}:${at.getTime()}`,
        at,
      })
    )
      rose.push(memberId);
  }
  return rose;
}

export interface ReviewResult {
  periodKey: string;
  reviewed: number;
  changed: number;
  ms: number;
}

const REVIEW_BATCH = 5000;

/**
 * The periodic review (a daily job): every member above level 0 whose last review is older
 * than vip_review_days is set to the level their window qualifies for, if lower. Batches of
 * members are taken with SKIP LOCKED and their reviewed_at moved in the same statement, and
 * each fall is keyed per member and run, so a second scheduler or a retry reviews nobody twice.
 */
export async function reviewVip(ctx: AppContext, periodKey: string): Promise<ReviewResult> {
  const t0 = performance.now();
  const at = ctx.clock.now();
  await ctx.db.execute(
    sql`INSERT INTO vip_review_runs (period_key, started_at) VALUES (${periodKey}, ${at}) ON CONFLICT DO NOTHING`,
  );
  const [s] = await queryRows<{ vip_window_days: number; vip_review_days: number }>(
    ctx.db,
    sql`SELECT vip_window_days, vip_review_days FROM loyalty_settings WHERE id = 1`,
  );
  const fromDay = windowStartDay(at, s?.vip_window_days ?? 30);
  const due = new Date(at.getTime() - (s?.vip_review_days ?? 30) * 86_400_000 + 60_000);
  let reviewed = 0;
  let changed = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const rows = await queryRows<{ member_id: string; from_level: number; to_level: number; key: string }>(
        tx,
        sql`WITH due AS (
              SELECT member_id, vip_level FROM loyalty_members
              WHERE vip_level > 0 AND reviewed_at <= ${due}
              ORDER BY member_id LIMIT ${REVIEW_BATCH} FOR UPDATE SKIP LOCKED
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
      for (const r of rows.slice(1)) {
        await emitMemberEvent(tx, {
          kind: "vip.changed",
          memberId: Number(r.member_id),
          ref: r.key,
          params: { from: r.from_level, to: r.to_level, level: `VIP${r.to_level}`, reason: "review" },
        });
      }
      return { reviewed: Number(rows[0]?.member_id ?? 0), changed: rows.length - 1 };
    });
    reviewed += batch.reviewed;
    changed += batch.changed;
    if (batch.reviewed === 0) break;
  }
  await ctx.db.execute(
    sql`UPDATE vip_review_runs SET status = 'done', reviewed = reviewed + ${reviewed}, changed = changed + ${changed},
          finished_at = ${ctx.clock.now()} WHERE period_key = ${periodKey}`,
  );
  return { periodKey, reviewed, changed, ms: Math.round(performance.now() - t0) };
}

/** Birthday bonuses of the day (a daily job), once per member and year. */
export async function birthdayBonuses(ctx: AppContext): Promise<{ offered: number }> {
  const at = ctx.clock.now();
  const day = manilaDay(at);
  const rows = await queryRows<{ member_id: string; name: string; bonus: string }>(
    ctx.db,
    sql`SELECT lm.member_id, v.name, v.birthday_bonus::text AS bonus
        FROM loyalty_members lm JOIN vip_levels v ON v.level = lm.vip_level AND v.birthday_bonus > 0
        JOIN member_directory m ON m.id = lm.member_id AND m.status = 'active'
        WHERE lm.vip_level > 0 AND to_char(m.birthday, 'MM-DD') = ${day.slice(5)}`,
  );
  for (const r of rows) {
    const memberId = Number(r.member_id);
    await offerVipReward(
      ctx.db,
      memberId,
      `vip:birthday:${memberId}:${day.slice(0, 4)}`,
      BIRTHDAY_TITLE(r.name),
      BigInt(r.bonus),
      at,
    );
  }
  return { offered: rows.length };
}

/** The member's level, label, progress to the next level and perks (member centre, login). */
export async function memberVip(exec: Executor, memberId: number, at: Date) {
  const [s] = await queryRows<{ vip_window_days: number }>(
    exec,
    sql`SELECT vip_window_days FROM loyalty_settings WHERE id = 1`,
  );
  const [lm] = await queryRows<{ vip_level: number; level_since: string | Date }>(
    exec,
    sql`SELECT vip_level, level_since FROM loyalty_members WHERE member_id = ${memberId}`,
  );
  const levels = await vipLevels(exec);
  const level = lm?.vip_level ?? 0;
  const cur = levels.find((l) => l.level === level);
  const next = levels.find((l) => l.level > level);
  const fig = await windowFigures(exec, memberId, at, s?.vip_window_days ?? 30);
  return {
    level,
    current: cur,
    next,
    figures: fig,
    windowDays: s?.vip_window_days ?? 30,
    since: lm?.level_since ?? null,
  };
}

/** memberLabel (spec §3): the level's name when the member is above level 0, else null. */
export async function memberLabel(exec: Executor, memberId: number): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(
    exec,
    sql`SELECT v.name FROM loyalty_members lm JOIN vip_levels v ON v.level = lm.vip_level
        WHERE lm.member_id = ${memberId} AND lm.vip_level > 0`,
  );
  return row?.name ?? null;
}

// The members module shows this label without importing loyalty (lib/member-labels.ts).
registerMemberLabel(memberLabel);

/**
 * The withdrawal perks of a member's level: the most a member may withdraw
 * in one Manila day and how many withdrawals, each null when the level sets none. Members that
 * loyalty has never seen are at level 0.
 */
export async function memberWithdrawLimits(exec: Executor, memberId: number) {
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
  return {
    level: row?.level ?? 0,
    name: row?.name ?? "VIP0",
    dailyMax: row?.withdraw_daily_max == null ? null : BigInt(row.withdraw_daily_max),
    dailyCount: row?.withdraw_daily_count ?? null,
  };
}

/**
 * The rebate perk: every member above level 0 whose level sets a rebate rate,
 * with that rate (millionths of the valid bet, like rebate_rates). The rebate run gives such a
 * member the level's rate wherever it is higher than the category's own.
 */
export async function vipRebateRates(exec: Executor): Promise<Map<number, number>> {
  const rows = await queryRows<{ member_id: string; rate: number }>(
    exec,
    sql`SELECT lm.member_id, v.rebate_rate_ppm AS rate FROM loyalty_members lm
        JOIN vip_levels v ON v.level = lm.vip_level
        WHERE lm.vip_level > 0 AND v.rebate_rate_ppm > 0`,
  );
  return new Map(rows.map((r) => [Number(r.member_id), r.rate]));
}

/** The points a level earns per ₱1.00 of valid bet on each category (its own rows, else level 0's). */
export async function levelPointsRates(exec: Executor, level: number) {
  const rows = await queryRows<{ game_type: string; rate_ppm: number }>(
    exec,
    sql`SELECT DISTINCT ON (game_type) game_type, rate_ppm FROM points_rates
        WHERE vip_level IN (0, ${level}) ORDER BY game_type, vip_level DESC`,
  );
  return rows.map((r) => ({ gameType: r.game_type, ratePpm: r.rate_ppm }));
}
