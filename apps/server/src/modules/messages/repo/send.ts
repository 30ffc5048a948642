import type { Segment } from "@panalo/contracts/messages";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../../db/client.ts";
import type { MemberEvent } from "../../../lib/member-events.ts";
import { addDays, manilaStart } from "../../reports/service.ts";
import { EVENT_TEMPLATES } from "../templates.ts";

/** Statements of sending: segments, the message rows and their marks, event messages (send.ts). */

/**
 * VIP levels of a segment: the condition registered with registerSegmentVipCondition; while none
 * is, every member is level 0 (as promotions read it), so a filter that names 0 matches everyone
 * and one that does not matches no one.
 */
type VipCondition = (levels: number[]) => SQL;
let vipCondition: VipCondition = (levels) => (levels.includes(0) ? sql`true` : sql`false`);
export function registerSegmentVipCondition(fn: VipCondition): void {
  vipCondition = fn;
}

/** Members a message can reach at all: real accounts (not trial), not closed. */
const REACHABLE = sql`m.is_agent <> 4 AND m.status <> 'closed'`;

/** The segment's filters as one condition on `member_directory m` (every filter given must hold). */
export function segmentCondition(s: Segment, at: Date): SQL {
  const parts: SQL[] = [REACHABLE];
  if (s.accountType === "player") parts.push(sql`m.is_agent = 0`);
  if (s.accountType === "agent") parts.push(sql`m.is_agent IN (1, 2, 41, 42)`);
  if (s.registeredFrom)
    parts.push(sql`m.created_at >= ${manilaStart(s.registeredFrom).toISOString()}::timestamptz`);
  if (s.registeredTo)
    parts.push(sql`m.created_at < ${manilaStart(addDays(s.registeredTo, 1)).toISOString()}::timestamptz`);
  if (s.languages)
    parts.push(
      sql`m.language IN (${sql.join(
        s.languages.map((l) => sql`${l}`),
        sql`, `,
      )})`,
    );
  const credited = sql`d.member_id = m.id AND d.status IN ('approved', 'paid')`;
  if (s.depositedWithinDays) {
    const since = new Date(at.getTime() - s.depositedWithinDays * 86_400_000).toISOString();
    parts.push(
      sql`EXISTS (SELECT 1 FROM deposit_log d WHERE ${credited} AND d.decided_at >= ${since}::timestamptz)`,
    );
  }
  if (s.neverDeposited) parts.push(sql`NOT EXISTS (SELECT 1 FROM deposit_log d WHERE ${credited})`);
  if (s.underAgentId)
    parts.push(
      sql`EXISTS (SELECT 1 FROM member_lineage t WHERE t.ancestor_id = ${s.underAgentId}
                   AND t.descendant_id = m.id AND t.depth > 0)`,
    );
  if (s.vipLevels) parts.push(vipCondition(s.vipLevels));
  return sql.join(parts, sql` AND `);
}

/** The composer's preview: how many members the segment (or everyone) is now. */
export async function countAudience(exec: Executor, segment: Segment | null, at: Date): Promise<number> {
  const where = segment ? segmentCondition(segment, at) : REACHABLE;
  const [row] = await queryRows<{ n: string }>(
    exec,
    sql`SELECT count(*)::text AS n FROM member_directory m WHERE ${where}`,
  );
  return Number(row?.n ?? 0);
}

/** A member a message can reach, by username (any case). */
export async function reachableMemberByName(tx: Tx, username: string) {
  const [m] = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM member_directory m WHERE lower(m.username) = lower(${username}) AND ${REACHABLE}`,
  );
  return m;
}

export async function insertMessage(
  tx: Tx,
  m: {
    audience: string;
    category: string;
    texts: string;
    segment: string | null;
    memberId: number | null;
    op: { id: number; username: string };
    at: Date;
  },
) {
  const [msg] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO member_messages (audience, category, texts, segment, member_id, operator_id, operator_name, created_at)
        VALUES (${m.audience}, ${m.category}, ${m.texts}::jsonb, ${m.segment}::jsonb, ${m.memberId},
                ${m.op.id}, ${m.op.username}, ${m.at.toISOString()}::timestamptz)
        RETURNING id`,
  );
  return msg;
}

export async function insertMark(tx: Tx, memberId: number | null, messageId: number): Promise<void> {
  await tx.execute(
    sql`INSERT INTO member_message_marks (member_id, message_id) VALUES (${memberId}, ${messageId})`,
  );
}

/** A mark for every member of the segment now, in one statement; how many. */
export async function insertSegmentMarks(
  tx: Tx,
  messageId: number,
  segment: Segment,
  at: Date,
): Promise<number> {
  const rows = await queryRows<{ n: string }>(
    tx,
    sql`WITH ins AS (
          INSERT INTO member_message_marks (member_id, message_id)
          SELECT m.id, ${messageId}::bigint FROM member_directory m WHERE ${segmentCondition(segment, at)}
          RETURNING 1)
        SELECT count(*)::text AS n FROM ins`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function setRecipients(tx: Tx, messageId: number, recipients: number): Promise<void> {
  await tx.execute(sql`UPDATE member_messages SET recipients = ${recipients} WHERE id = ${messageId}`);
}

/** The members a message was marked for. */
export function markedMembers(exec: Executor, messageId: number) {
  return queryRows<{ member_id: string }>(
    exec,
    sql`SELECT member_id FROM member_message_marks WHERE message_id = ${messageId}`,
  );
}

/** Whether message `id` is visible (committed). */
export async function messageExists(exec: Executor, id: number): Promise<boolean> {
  const found = await queryRows<{ id: string }>(exec, sql`SELECT id FROM member_messages WHERE id = ${id}`);
  return found.length > 0;
}

/**
 * A member event's service message and its mark, once per (kind, ref); the new id or null.
 */
export async function writeEventMessage(exec: Executor, event: MemberEvent): Promise<number | null> {
  if (!EVENT_TEMPLATES[event.kind]) return null;
  const rows = await queryRows<{ id: string }>(
    exec,
    sql`WITH msg AS (
          INSERT INTO member_messages (audience, category, kind, ref, params, member_id, recipients)
          VALUES ('event', 'service', ${event.kind}, ${event.ref}, ${JSON.stringify(event.params)}::jsonb,
                  ${event.memberId}, 1)
          ON CONFLICT (kind, ref) WHERE kind IS NOT NULL DO NOTHING
          RETURNING id, member_id)
        INSERT INTO member_message_marks (member_id, message_id)
        SELECT member_id, id FROM msg
        RETURNING message_id AS id`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}
