import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";

/** Statements of the promotions' editor, review queue and report on their own tables. */

/** The stored columns of a promotion, as the editor writes them. */
export interface PromotionColumns {
  type: string;
  /** JSON text of the per-language titles and bodies. */
  title: string;
  bannerUrl: string | null;
  body: string;
  audience: string;
  newWithinDays: number | null;
  vipLevels: number[];
  agentIds: number[];
  participation: string;
  rewardKind: string;
  rewardAmount: bigint;
  bonusRuleId: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  sortOrder: number;
  enabled: boolean;
}

const COLS = sql`type, title, banner_url, body, audience, new_within_days, vip_levels, agent_ids,
  participation, reward_kind, reward_amount, bonus_rule_id, starts_at, ends_at, sort_order, enabled`;

const valuesOf = (c: PromotionColumns) =>
  sql`${c.type}, ${c.title}::jsonb, ${c.bannerUrl}, ${c.body}::jsonb, ${c.audience},
    ${c.newWithinDays}, ${JSON.stringify(c.vipLevels)}::jsonb,
    ${JSON.stringify(c.agentIds)}::jsonb, ${c.participation}, ${c.rewardKind},
    ${c.rewardAmount.toString()}::bigint,
    ${c.bonusRuleId}, ${c.startsAt}, ${c.endsAt}, ${c.sortOrder}, ${c.enabled}`;

export async function insertPromotion(exec: Executor, c: PromotionColumns): Promise<number | undefined> {
  const [r] = await queryRows<{ id: number }>(
    exec,
    sql`INSERT INTO promotions (${COLS}) VALUES (${valuesOf(c)}) RETURNING id`,
  );
  return r ? Number(r.id) : undefined;
}

/** Replace a promotion at `version` (an optimistic lock); undefined when it moved on or is gone. */
export async function updatePromotion(
  exec: Executor,
  id: number,
  version: number,
  c: PromotionColumns,
): Promise<number | undefined> {
  const [r] = await queryRows<{ id: number }>(
    exec,
    sql`UPDATE promotions SET (${COLS}, version, updated_at) = (${valuesOf(c)}, version + 1, now())
        WHERE id = ${id} AND version = ${version} RETURNING id`,
  );
  return r ? Number(r.id) : undefined;
}

export async function hasEntries(exec: Executor, promotionId: number): Promise<boolean> {
  const [used] = await queryRows<{ one: number }>(
    exec,
    sql`SELECT 1 AS one FROM promotion_entries WHERE promotion_id = ${promotionId} LIMIT 1`,
  );
  return used !== undefined;
}

export async function deletePromotion(exec: Executor, id: number): Promise<void> {
  await exec.execute(sql`DELETE FROM promotions WHERE id = ${id}`);
}

/** An application row as stored, with its promotion's titles. */
export interface ApplicationRecord {
  id: string;
  promotion_id: unknown;
  member_id: string;
  state: string;
  remark: string | null;
  images: string[] | null;
  reason: string | null;
  created_at: unknown;
  reviewed_at: unknown;
  reviewed_by: number | null;
  title: Record<string, string>;
}

/** One page of applications in a state: waiting ones oldest first, decided ones newest first. */
export async function applicationsPage(
  exec: Executor,
  q: { state: string; promotionId?: number; offset: number; limit: number },
): Promise<{ rows: ApplicationRecord[]; total: number }> {
  const where = sql`e.state = ${q.state} ${q.promotionId ? sql`AND e.promotion_id = ${q.promotionId}` : sql``}`;
  const order = q.state === "applying" ? sql`e.created_at ASC, e.id ASC` : sql`e.reviewed_at DESC, e.id DESC`;
  const rows = await queryRows<ApplicationRecord>(
    exec,
    sql`SELECT e.id::text AS id, e.promotion_id, e.member_id::text AS member_id, e.state, e.remark,
          e.images, e.reason, e.created_at, e.reviewed_at, e.reviewed_by, p.title
        FROM promotion_entries e
        JOIN promotions p ON p.id = e.promotion_id
        WHERE ${where}
        ORDER BY ${order}
        LIMIT ${q.limit} OFFSET ${q.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    exec,
    sql`SELECT count(*)::int AS n FROM promotion_entries e WHERE ${where}`,
  );
  return { rows, total: Number(count?.n ?? 0) };
}

/** Whether some application names the upload at `url`. */
export async function applicationNamesImage(exec: Executor, url: string): Promise<boolean> {
  const [named] = await queryRows<{ one: number }>(
    exec,
    sql`SELECT 1 AS one FROM promotion_entries WHERE images @> ${JSON.stringify([url])}::jsonb LIMIT 1`,
  );
  return named !== undefined;
}

/**
 * Per promotion (ids above `after`, ascending): players (entries that were not rejected), cost
 * (rewards the players claimed in the reward centre), offered (rewards offered, claimed or not,
 * void ones aside) and turnover (the participants' valid bets — bets not rolled back — placed
 * within the promotion's period, from provider_transactions).
 */
export async function reportRows(exec: Executor, after: number, limit: number) {
  return queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT p.id, p.title, p.type, p.starts_at, p.ends_at,
          (SELECT count(*)::int FROM promotion_entries e WHERE e.promotion_id = p.id AND e.state <> 'rejected') AS players,
          (SELECT COALESCE(sum(r.amount), 0)::text FROM promotion_entries e JOIN member_rewards r ON r.id = e.reward_id
            WHERE e.promotion_id = p.id AND r.state = 'claimed') AS cost,
          (SELECT COALESCE(sum(r.amount), 0)::text FROM promotion_entries e JOIN member_rewards r ON r.id = e.reward_id
            WHERE e.promotion_id = p.id AND r.state <> 'void') AS offered,
          (SELECT COALESCE(sum(b.amount), 0)::text
            FROM promotion_entries e
            JOIN game_transaction_log b ON b.member_id = e.member_id AND b.kind = 'bet'
            WHERE e.promotion_id = p.id AND e.state <> 'rejected'
              AND (p.starts_at IS NULL OR b.created_at >= p.starts_at)
              AND (p.ends_at IS NULL OR b.created_at < p.ends_at)
              AND NOT EXISTS (
                SELECT 1 FROM game_transaction_log rb
                WHERE rb.kind = 'rollback' AND rb.vendor = b.vendor AND rb.ref_transaction_id = b.transaction_id
              )) AS turnover
        FROM promotions p
        WHERE p.id > ${after}
        ORDER BY p.id
        LIMIT ${limit}`,
  );
}

// ---- the promotions' pages, entries and reviews (service.ts) ----

const PROMO_COLUMNS = sql`id, type, title, banner_url, body, audience, new_within_days, vip_levels, agent_ids,
  participation, reward_kind, reward_amount::text AS reward_amount, bonus_rule_id::int AS bonus_rule_id, currency,
  starts_at, ends_at, sort_order, enabled, version, updated_at`;

export type PromoRow = Record<string, unknown>;

export async function promotionRow(exec: Executor, id: number): Promise<PromoRow | undefined> {
  const [r] = await queryRows<PromoRow>(exec, sql`SELECT ${PROMO_COLUMNS} FROM promotions WHERE id = ${id}`);
  return r;
}

export function promotionRows(exec: Executor): Promise<PromoRow[]> {
  return queryRows<PromoRow>(exec, sql`SELECT ${PROMO_COLUMNS} FROM promotions ORDER BY sort_order, id DESC`);
}

/** Enabled promotions not ended before `since`, of one type or all. */
export function shownPromotionRows(exec: Executor, since: Date, type?: string): Promise<PromoRow[]> {
  return queryRows<PromoRow>(
    exec,
    sql`SELECT ${PROMO_COLUMNS} FROM promotions
        WHERE enabled AND (ends_at IS NULL OR ends_at > ${since})
          ${type ? sql`AND type = ${type}` : sql``}
        ORDER BY sort_order, id DESC`,
  );
}

/** The member's entries in the promotions `promotionIds` (not empty). */
export function entryRows(exec: Executor, memberId: number, promotionIds: number[]) {
  return queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT id, promotion_id, member_id, state, remark, images, reason, reward_id::text AS reward_id
        FROM promotion_entries
        WHERE member_id = ${memberId}
          AND promotion_id IN (${sql.join(
            promotionIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
}

/** Whether the member is below one of the agents `agentIds` (agents' published lineage). */
export async function isUnderAgents(exec: Executor, memberId: number, agentIds: number[]): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    exec,
    sql`SELECT 1 AS one FROM member_lineage
        WHERE descendant_id = ${memberId} AND depth > 0
          AND ancestor_id IN (${sql.join(
            agentIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        LIMIT 1`,
  );
  return rows.length > 0;
}

/** The member's entry in a promotion, once; undefined when there is one already. */
export async function insertEntry(
  exec: Executor,
  e: { promotionId: number; memberId: number; state: string; remark: string | null; images: string[] },
) {
  const [inserted] = await queryRows<{ id: string }>(
    exec,
    sql`INSERT INTO promotion_entries (promotion_id, member_id, state, remark, images)
        VALUES (${e.promotionId}, ${e.memberId}, ${e.state}, ${e.remark}, ${JSON.stringify(e.images)}::jsonb)
        ON CONFLICT (promotion_id, member_id) DO NOTHING
        RETURNING id::text AS id`,
  );
  return inserted;
}

export async function setEntryReward(exec: Executor, entryId: number, rewardId: number): Promise<void> {
  await exec.execute(
    sql`UPDATE promotion_entries SET reward_id = ${rewardId}, updated_at = now() WHERE id = ${entryId}`,
  );
}

/** An entry, locked for the operator's decision in the caller's transaction. */
export async function lockEntry(exec: Executor, entryId: number) {
  const [row] = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT id, promotion_id, member_id, state, remark, images, reason, reward_id::text AS reward_id
        FROM promotion_entries WHERE id = ${entryId} FOR UPDATE`,
  );
  return row;
}

export async function decideEntry(
  exec: Executor,
  entryId: number,
  d: { state: string; reason: string | null; operatorId: number; now: Date },
): Promise<void> {
  await exec.execute(
    sql`UPDATE promotion_entries
        SET state = ${d.state}, reason = ${d.reason}, reviewed_by = ${d.operatorId}, reviewed_at = ${d.now},
            updated_at = now()
        WHERE id = ${entryId}`,
  );
}
