import type {
  AdminLoyaltySettings,
  AdminMallItem,
  AdminMission,
  AdminPointsRate,
  AdminVipLevel,
} from "@panalo/contracts/loyalty";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";
import type { RedemptionRow } from "./repo/mall.ts";

/**
 * Statements of the loyalty pages and back office on loyalty's tables (mall_*, mission_*,
 * loyalty_*). The points themselves are ledger accounts of kind 'points', and a free-spins
 * grant's rounds are the provider's: the two reads below that join them answer in one statement
 * what the page shows, as they did in the route. The statements of the accrual, the points,
 * the VIP levels, the missions, the mall, the free-spins grants and the rankings are in
 * repo/<topic>.ts.
 */

export type RedemptionPageRow = RedemptionRow & {
  names: Record<string, string>;
  total: string;
  fs_vendor: string | null;
  fs_game_code: string | null;
  fs_spins: number | null;
  fs_bet_per_line: string | null;
  fs_expires_at: string | Date | null;
  fs_state: "pending" | "granted" | "refused" | null;
  fs_played: number | null;
};

/** A page of the member's redemptions, newest first, with the free-spins grant each made. */
export async function memberRedemptions(exec: Executor, memberId: number, limit: number, offset: number) {
  return queryRows<RedemptionPageRow>(
    exec,
    sql`SELECT r.*, it.names, COUNT(*) OVER ()::text AS total, g.vendor AS fs_vendor, g.game_code AS fs_game_code,
        g.spins AS fs_spins, g.bet_per_line::text AS fs_bet_per_line, g.expires_at AS fs_expires_at,
        g.state AS fs_state,
        -- The grant's spins played: its rounds the game server labelled, less those rolled
        -- back (a rolled-back spin goes back to the grant): the providers module's published
        -- view free_spin_rounds_played keeps that rule.
        (SELECT count(*)::int FROM free_spin_rounds_played f
          WHERE g.grant_id IS NOT NULL AND f.grant_id = g.grant_id AND f.vendor = g.vendor
            AND f.member_id = g.member_id) AS fs_played
      FROM mall_redemptions r JOIN mall_items it ON it.id = r.item_id
      LEFT JOIN mall_free_spin_grants g ON g.redemption_id = r.id
      WHERE r.member_id = ${memberId} ORDER BY r.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** A page of the member's points entries, newest first, with the redemption each paid for. */
export async function pointsEntries(exec: Executor, memberId: number, limit: number, offset: number) {
  return queryRows<{
    id: string;
    type: string;
    amount: string;
    balance_after: string;
    created_at: string | Date;
    reference: string | null;
    total: string;
    status: string | null;
    cash: string | null;
  }>(
    exec,
    sql`SELECT t.id, t.type, t.amount::text, t.balance_after::text, t.created_at, t.reference, COUNT(*) OVER ()::text AS total,
        r.status, it.amount::text AS cash
      FROM points_movements t
      LEFT JOIN mall_redemptions r ON t.type IN ('points_redeem', 'points_refund') AND t.reference = 'R' || r.id
      LEFT JOIN mall_items it ON it.id = r.item_id
      WHERE t.member_id = ${memberId}
      ORDER BY t.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** The member's progress on the missions `keys` (mission id and period key). */
export async function missionProgress(exec: Executor, memberId: number, keys: { id: number; key: string }[]) {
  return queryRows<{
    mission_id: number;
    period_key: string;
    progress: string[];
    completed_at: string | null;
    seen: boolean;
  }>(
    exec,
    sql`SELECT mission_id, period_key, progress, completed_at, seen FROM mission_progress
      WHERE member_id = ${memberId} AND (mission_id, period_key) IN (
        SELECT (x->>'id')::int, x->>'key' FROM jsonb_array_elements(${JSON.stringify(keys)}::jsonb) x)`,
  );
}

/** How many of the member's mission progress rows they have not seen. */
export async function unseenMissionCount(exec: Executor, memberId: number): Promise<number> {
  const [unread] = await queryRows<{ n: number }>(
    exec,
    sql`SELECT COUNT(*)::int AS n FROM mission_progress WHERE member_id = ${memberId} AND NOT seen`,
  );
  return unread?.n ?? 0;
}

export async function markMissionsSeen(exec: Executor, memberId: number): Promise<void> {
  await exec.execute(sql`UPDATE mission_progress SET seen = true WHERE member_id = ${memberId} AND NOT seen`);
}

/** The latest 10 mission campaigns by end (or the one `campaignId`). */
export async function latestCampaigns(exec: Executor, campaignId: number | null) {
  return queryRows<{
    id: number;
    names: Record<string, string>;
    starts_at: string;
    ends_at: string;
  }>(
    exec,
    sql`SELECT id, names, starts_at, ends_at FROM mission_campaigns
        WHERE (${campaignId}::int IS NULL OR id = ${campaignId}) ORDER BY ends_at DESC LIMIT 10`,
  );
}

// ---- back office ----

type AdminLoyaltySettingsBody = (typeof AdminLoyaltySettings)["_output"];
type AdminPointsRateBody = (typeof AdminPointsRate)["_output"];
type AdminVipLevelBody = (typeof AdminVipLevel)["_output"];
type AdminMallItemBody = (typeof AdminMallItem)["_output"];
type AdminMissionBody = (typeof AdminMission)["_output"];

export async function updateLoyaltySettings(exec: Executor, b: AdminLoyaltySettingsBody, at: Date) {
  await exec.execute(
    sql`UPDATE loyalty_settings SET deposit_rate_ppm = ${b.depositRatePpm}, expiry_days = ${b.expiryDays},
        convert_points = ${b.convertPoints}, convert_minor = ${b.convertMinor.toString()}::bigint, convert_min_points = ${b.convertMinPoints},
        vip_window_days = ${b.vipWindowDays}, vip_review_days = ${b.vipReviewDays}, rank_days = ${b.rankDays},
        updated_at = ${at} WHERE id = 1`,
  );
}

export async function upsertPointsRate(exec: Executor, b: AdminPointsRateBody, at: Date) {
  await exec.execute(
    sql`INSERT INTO points_rates (game_type, vip_level, rate_ppm, updated_at) VALUES (${b.gameType}, ${b.vipLevel}, ${b.ratePpm}, ${at})
      ON CONFLICT (game_type, vip_level) DO UPDATE SET rate_ppm = EXCLUDED.rate_ppm, updated_at = EXCLUDED.updated_at`,
  );
}

export async function upsertVipLevel(exec: Executor, b: AdminVipLevelBody, at: Date) {
  await exec.execute(
    sql`INSERT INTO vip_levels (level, name, min_valid_bet, min_deposit, rebate_rate_ppm, withdraw_daily_max,
        withdraw_daily_count, birthday_bonus, upgrade_bonus, updated_at)
      VALUES (${b.level}, ${b.name}, ${b.minValidBet.toString()}::bigint, ${b.minDeposit.toString()}::bigint, ${b.rebateRatePpm},
        ${b.withdrawDailyMax?.toString() ?? null}::bigint, ${b.withdrawDailyCount}, ${b.birthdayBonus.toString()}::bigint,
        ${b.upgradeBonus.toString()}::bigint, ${at})
      ON CONFLICT (level) DO UPDATE SET name = EXCLUDED.name, min_valid_bet = EXCLUDED.min_valid_bet,
        min_deposit = EXCLUDED.min_deposit, rebate_rate_ppm = EXCLUDED.rebate_rate_ppm,
        withdraw_daily_max = EXCLUDED.withdraw_daily_max, withdraw_daily_count = EXCLUDED.withdraw_daily_count,
        birthday_bonus = EXCLUDED.birthday_bonus, upgrade_bonus = EXCLUDED.upgrade_bonus, updated_at = EXCLUDED.updated_at`,
  );
}

/** The member's latest 100 VIP level changes, newest first. */
export async function vipHistory(exec: Executor, memberId: number) {
  return queryRows<{
    id: string;
    from_level: number;
    to_level: number;
    reason: string;
    note: string | null;
    created_at: string;
  }>(
    exec,
    sql`SELECT id, from_level, to_level, reason, note, created_at FROM vip_history WHERE member_id = ${memberId} ORDER BY id DESC LIMIT 100`,
  );
}

/** A mall item created (`id` null) or replaced; its id, undefined when there is no item `id`. */
export async function saveMallItem(
  exec: Executor,
  id: number | null,
  b: AdminMallItemBody,
  at: Date,
): Promise<number | undefined> {
  const fs = b.kind === "freespins" ? b.freeSpins : null;
  const values = sql`${b.kind}, ${JSON.stringify(b.names)}::jsonb, ${JSON.stringify(b.descriptions)}::jsonb, ${b.imageUrl},
    ${b.pricePoints}, ${b.stock}, ${b.amount === null ? null : b.amount.toString()}::bigint, ${b.bonusRuleId}, ${b.memberCap},
    ${b.periodCap}, ${b.capPeriod}, ${b.enabled}, ${b.sort}, ${b.kind === "raffle" ? b.tickets : null},
    ${fs?.vendor ?? null}, ${fs?.gameCode ?? null}, ${fs?.spins ?? null}, ${fs ? fs.betPerLine.toString() : null}::bigint,
    ${fs?.expiryDays ?? null}`;
  const [row] = await queryRows<{ id: number }>(
    exec,
    id === null
      ? sql`INSERT INTO mall_items (kind, names, descriptions, image_url, price_points, stock, amount, bonus_rule_id,
              member_cap, period_cap, cap_period, enabled, sort, tickets, fs_vendor, fs_game_code, fs_spins,
              fs_bet_per_line, fs_expiry_days) VALUES (${values}) RETURNING id`
      : sql`UPDATE mall_items SET (kind, names, descriptions, image_url, price_points, stock, amount, bonus_rule_id,
              member_cap, period_cap, cap_period, enabled, sort, tickets, fs_vendor, fs_game_code, fs_spins,
              fs_bet_per_line, fs_expiry_days, updated_at) = (${values}, ${at})
            WHERE id = ${id} RETURNING id`,
  );
  return row?.id;
}

/**
 * A page of the redemption queue, newest first, with each grant's delivery. The member's name is
 * joined here, in the statement that pages the queue.
 */
export async function redemptionQueue(exec: Executor, status: string | null, limit: number, offset: number) {
  return queryRows<
    RedemptionRow & {
      username: string;
      names: Record<string, string>;
      total: string;
      fs_state: string | null;
      fs_attempts: number | null;
      fs_last_error: string | null;
      fs_next_attempt_at: Date | string | null;
    }
  >(
    exec,
    sql`SELECT r.*, m.username, it.names, COUNT(*) OVER ()::text AS total,
        g.state AS fs_state, g.attempts AS fs_attempts, g.last_error AS fs_last_error,
        g.next_attempt_at AS fs_next_attempt_at
      FROM mall_redemptions r
      JOIN member_directory m ON m.id = r.member_id JOIN mall_items it ON it.id = r.item_id
      LEFT JOIN mall_free_spin_grants g ON g.redemption_id = r.id
      WHERE (${status}::text IS NULL OR r.status = ${status})
      ORDER BY r.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** The latest 100 mission campaigns, newest first. */
export async function campaignList(exec: Executor) {
  return queryRows<{
    id: number;
    names: Record<string, string>;
    starts_at: string;
    ends_at: string;
    prizes: unknown;
    settled_at: string | null;
  }>(
    exec,
    sql`SELECT id, names, starts_at, ends_at, prizes, settled_at FROM mission_campaigns ORDER BY id DESC LIMIT 100`,
  );
}

export async function insertMission(exec: Executor, b: AdminMissionBody): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    exec,
    sql`INSERT INTO missions (campaign_id, names, period, tasks, prize_kind, prize_amount, bonus_rule_id, score, enabled, sort, min_vip_level)
      VALUES (${b.campaignId}, ${JSON.stringify(b.names)}::jsonb, ${b.period}, ${JSON.stringify(b.tasks)}::jsonb, ${b.prizeKind},
        ${b.prizeAmount}, ${b.bonusRuleId}, ${b.score}, ${b.enabled}, ${b.sort}, ${b.minVipLevel}) RETURNING id`,
  );
  return row?.id;
}

export async function missionRow(exec: Executor, id: number): Promise<Record<string, unknown> | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(exec, sql`SELECT * FROM missions WHERE id = ${id}`);
  return row;
}

export async function updateMission(exec: Executor, id: number, b: AdminMissionBody) {
  await exec.execute(
    sql`UPDATE missions SET campaign_id = ${b.campaignId}, names = ${JSON.stringify(b.names)}::jsonb, period = ${b.period},
          tasks = ${JSON.stringify(b.tasks)}::jsonb, prize_kind = ${b.prizeKind}, prize_amount = ${b.prizeAmount},
          bonus_rule_id = ${b.bonusRuleId}, score = ${b.score}, enabled = ${b.enabled}, sort = ${b.sort},
          min_vip_level = ${b.minVipLevel}
        WHERE id = ${id}`,
  );
}

export async function insertCampaign(
  exec: Executor,
  c: {
    names: Record<string, string>;
    startsAt: unknown;
    endsAt: unknown;
    prizes: { rank: number; amount: string }[];
  },
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    exec,
    sql`INSERT INTO mission_campaigns (names, starts_at, ends_at, prizes)
      VALUES (${JSON.stringify(c.names)}::jsonb, ${c.startsAt}, ${c.endsAt}, ${JSON.stringify(c.prizes)}::jsonb) RETURNING id`,
  );
  return row?.id;
}

export async function campaignPrizes(exec: Executor, id: number) {
  const [c] = await queryRows<{
    prizes: Array<{ rank: number; amount: string }>;
    settled_at: string | null;
  }>(exec, sql`SELECT prizes, settled_at FROM mission_campaigns WHERE id = ${id}`);
  return c;
}

/**
 * Points moved between two instants per Manila day and movement type. Points are ledger
 * accounts of kind 'points', so this reads the ledger's published view points_movements (each
 * entry on a points account with its transaction's type and time).
 */
export async function pointsTotalsByDay(exec: Executor, from: Date, to: Date) {
  return queryRows<{ day: string; type: string; points: string }>(
    exec,
    sql`SELECT to_char(m.posted_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS day, m.type, SUM(ABS(m.amount))::text AS points
      FROM points_movements m
      WHERE m.posted_at >= ${from} AND m.posted_at < ${to} AND m.type LIKE 'points_%'
      GROUP BY 1, 2 ORDER BY 1, 2`,
  );
}
