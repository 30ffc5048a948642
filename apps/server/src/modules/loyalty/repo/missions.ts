import { sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../../db/client.ts";
import type { Mission, Task } from "../missions.ts";

/**
 * Statements of the missions (missions.ts): missions and their campaigns, the members' progress
 * per period, login days, and the campaigns' leaderboards and settlement.
 */

/** The missions (every one, or the enabled ones) with their campaign's window, in page order. */
export async function missionRows(exec: Executor, all: boolean) {
  return queryRows<{
    id: number;
    campaign_id: number | null;
    names: Record<string, string>;
    period: Mission["period"];
    tasks: Task[];
    prize_kind: Mission["prizeKind"];
    prize_amount: string;
    bonus_rule_id: number | null;
    score: number;
    min_vip_level: number;
    enabled: boolean;
    sort: number;
    starts_at: string | null;
    ends_at: string | null;
  }>(
    exec,
    sql`SELECT m.*, c.starts_at, c.ends_at FROM missions m LEFT JOIN mission_campaigns c ON c.id = m.campaign_id
        WHERE (${all} OR m.enabled) ORDER BY m.sort, m.id`,
  );
}

/** The member's login days up to `day`, latest first, at most 60. */
export async function loginDaysUpTo(exec: Executor, memberId: number, day: string) {
  return queryRows<{ day: string }>(
    exec,
    sql`SELECT day::text AS day FROM loyalty_login_days WHERE member_id = ${memberId} AND day <= ${day}::date
        ORDER BY day DESC LIMIT 60`,
  );
}

/** Whether the member completed a mission in the period `key` (or once for all). */
export async function missionCompleted(
  exec: Executor,
  memberId: number,
  missionId: number,
  key: string,
): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    exec,
    sql`SELECT 1 AS n FROM mission_progress WHERE member_id = ${memberId} AND mission_id = ${missionId}
        AND completed_at IS NOT NULL AND (period_key = ${key} OR period_key = 'once') LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * The member's progress on a mission in a period (made with `zeros`, a JSON array, where
 * missing), locked through the upsert.
 */
export async function lockProgress(
  tx: Tx,
  memberId: number,
  missionId: number,
  key: string,
  zeros: string,
  at: Date,
) {
  const [row] = await queryRows<{ progress: string[]; completed_at: string | null }>(
    tx,
    sql`INSERT INTO mission_progress (member_id, mission_id, period_key, progress, updated_at)
        VALUES (${memberId}, ${missionId}, ${key}, ${zeros}::jsonb, ${at})
        ON CONFLICT (member_id, mission_id, period_key) DO UPDATE SET updated_at = EXCLUDED.updated_at
        RETURNING progress, completed_at`,
  );
  return row;
}

/** The progress stored (a JSON array), completed or not; a completion is unseen. */
export async function saveProgress(
  tx: Tx,
  p: {
    memberId: number;
    missionId: number;
    key: string;
    progress: string;
    completedAt: Date | null;
    seen: boolean;
  },
): Promise<void> {
  const { memberId, missionId, key, progress, completedAt, seen } = p;
  await tx.execute(
    sql`UPDATE mission_progress SET progress = ${progress}::jsonb,
          completed_at = ${completedAt}, seen = ${seen}
        WHERE member_id = ${memberId} AND mission_id = ${missionId} AND period_key = ${key}`,
  );
}

/** The Manila day `day` counted as a login day of the member, once. */
export async function insertLoginDay(exec: Executor, memberId: number, day: string): Promise<void> {
  await exec.execute(
    sql`INSERT INTO loyalty_login_days (member_id, day) VALUES (${memberId}, ${day}::date) ON CONFLICT DO NOTHING`,
  );
}

/**
 * A campaign's standings by score (ties: who completed first) with the members' names: the top
 * `limit` places and the member's own.
 */
export async function campaignStandings(
  exec: Executor,
  campaignId: number,
  memberId: number | null,
  limit: number,
) {
  return queryRows<{ member_id: string; username: string; score: string; rnk: string }>(
    exec,
    sql`WITH s AS (
          SELECT p.member_id, SUM(m.score) AS score, MIN(p.completed_at) AS first
          FROM mission_progress p JOIN missions m ON m.id = p.mission_id
          WHERE m.campaign_id = ${campaignId} AND p.completed_at IS NOT NULL GROUP BY p.member_id
        ), r AS (SELECT member_id, score, RANK() OVER (ORDER BY score DESC, first) AS rnk FROM s)
        SELECT r.member_id, mm.username, r.score::text AS score, r.rnk::text AS rnk FROM r JOIN member_directory mm ON mm.id = r.member_id
        WHERE r.rnk <= ${limit} OR r.member_id = ${memberId ?? 0} ORDER BY r.rnk`,
  );
}

/** Campaigns ended by `at` and not settled, by id. */
export async function campaignsToSettle(exec: Executor, at: Date) {
  return queryRows<{
    id: number;
    prizes: Array<{ rank: number; amount: string }>;
    names: Record<string, string>;
  }>(
    exec,
    sql`SELECT id, prizes, names FROM mission_campaigns WHERE ends_at <= ${at} AND settled_at IS NULL ORDER BY id`,
  );
}

/** The campaign locked for its settlement (FOR UPDATE SKIP LOCKED) while not settled. */
export async function lockUnsettledCampaign(tx: Tx, campaignId: number) {
  const [locked] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM mission_campaigns WHERE id = ${campaignId} AND settled_at IS NULL FOR UPDATE SKIP LOCKED`,
  );
  return locked;
}

/** A campaign's final places (completions before `at`) with each member's currency. */
export async function campaignFinalPlaces(tx: Tx, campaignId: number, at: Date) {
  return queryRows<{ member_id: string; currency: string; rnk: string }>(
    tx,
    sql`SELECT p.member_id, mm.currency, ROW_NUMBER() OVER (ORDER BY SUM(m.score) DESC, MIN(p.completed_at))::text AS rnk
            FROM mission_progress p JOIN missions m ON m.id = p.mission_id JOIN member_directory mm ON mm.id = p.member_id
            WHERE m.campaign_id = ${campaignId} AND p.completed_at IS NOT NULL AND p.completed_at < ${at}
            GROUP BY p.member_id, mm.currency`,
  );
}

export async function markCampaignSettled(tx: Tx, campaignId: number, at: Date): Promise<void> {
  await tx.execute(sql`UPDATE mission_campaigns SET settled_at = ${at} WHERE id = ${campaignId}`);
}
