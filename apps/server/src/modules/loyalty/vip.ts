import type { Executor, Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { emitMemberEvent } from "../../lib/member-events.ts";
import { memberGate } from "../../lib/member-gates.ts";
import { registerMemberLabel } from "../../lib/member-labels.ts";
import { addDays, manilaDay } from "../reports/service.ts";
import {
  birthdayBonusesDue,
  finishReviewRun,
  insertVipHistory,
  insertVipReward,
  levelPointsRateRows,
  lockLoyaltyMember,
  loyaltyMemberLevel,
  memberLevelName,
  membersWindowFigures,
  reviewBatch,
  startReviewRun,
  updateMemberLevel,
  vipLevelRows,
  vipRebateRateRows,
  vipReviewSettings,
  vipWindowDays,
  windowSums,
  withdrawLimitsRow,
} from "./repo/vip.ts";

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

export async function vipLevels(exec: Executor): Promise<VipLevel[]> {
  const rows = await vipLevelRows(exec);
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
  const row = await windowSums(exec, memberId, windowStartDay(at, days));
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
  await insertVipReward(exec, memberId, key, title, amount, new Date(at.getTime() + 30 * 86_400_000));
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
  const cur = await lockLoyaltyMember(tx, o);
  const from = cur?.vip_level ?? 0;
  if (from === o.to) return false;
  if (!(await insertVipHistory(tx, from, o))) return false;
  await updateMemberLevel(tx, from, o);
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
  const s = await vipWindowDays(tx);
  const levels = await vipLevels(tx);
  if (levels.length <= 1) return [];
  const from = windowStartDay(at, s?.vip_window_days ?? 30);
  const rows = await membersWindowFigures(tx, memberIds, from);
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
  await startReviewRun(ctx.db, periodKey, at);
  const s = await vipReviewSettings(ctx.db);
  const fromDay = windowStartDay(at, s?.vip_window_days ?? 30);
  const due = new Date(at.getTime() - (s?.vip_review_days ?? 30) * 86_400_000 + 60_000);
  let reviewed = 0;
  let changed = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const rows = await reviewBatch(tx, { due, fromDay, periodKey, at, limit: REVIEW_BATCH });
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
  await finishReviewRun(ctx.db, periodKey, { reviewed, changed, at: ctx.clock.now() });
  return { periodKey, reviewed, changed, ms: Math.round(performance.now() - t0) };
}

/** Birthday bonuses of the day (a daily job), once per member and year. */
export async function birthdayBonuses(ctx: AppContext): Promise<{ offered: number }> {
  const at = ctx.clock.now();
  const day = manilaDay(at);
  const rows = await birthdayBonusesDue(ctx.db, day);
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
  const s = await vipWindowDays(exec);
  const lm = await loyaltyMemberLevel(exec, memberId);
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
  const name = await memberLevelName(exec, memberId);
  return name ?? null;
}

// The members module shows this label without importing loyalty (lib/member-labels.ts).
registerMemberLabel(memberLabel);

/**
 * The withdrawal perks of a member's level: the most a member may withdraw
 * in one Manila day and how many withdrawals, each null when the level sets none. Members that
 * loyalty has never seen are at level 0.
 */
export async function memberWithdrawLimits(exec: Executor, memberId: number) {
  const row = await withdrawLimitsRow(exec, memberId);
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
  const rows = await vipRebateRateRows(exec);
  return new Map(rows.map((r) => [Number(r.member_id), r.rate]));
}

/** The points a level earns per ₱1.00 of valid bet on each category (its own rows, else level 0's). */
export async function levelPointsRates(exec: Executor, level: number) {
  const rows = await levelPointsRateRows(exec, level);
  return rows.map((r) => ({ gameType: r.game_type, ratePpm: r.rate_ppm }));
}
