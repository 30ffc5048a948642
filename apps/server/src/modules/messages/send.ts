import type { AdminMessageSend, MessageTexts, Segment } from "@panalo/contracts/messages";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import type { MemberEvent } from "../../lib/member-events.ts";
import { pushToMember, pushToTopic } from "../../realtime/bus.ts";
import { addDays, manilaStart } from "../reports/service.ts";
import { EVENT_TEMPLATES } from "./templates.ts";

/**
 * Sending messages: one member, a segment resolved at send time in one
 * INSERT … SELECT, or everyone as one broadcast row; and the messages member events write.
 */

/** Every page signed in listens here for broadcasts (and for segments too large to push one by one). */
export const MESSAGES_TOPIC = "messages:all";
/** Above this many recipients a segment is announced on the topic instead of member by member. */
const PUSH_EACH_MAX = 500;

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

export interface Sender {
  id: number;
  username: string;
}

/**
 * Send an operator's message inside `tx`. A segment writes its recipients' marks in one
 * statement; everyone writes the message row only. Answers the id and the recipient count.
 */
export async function sendMessage(
  tx: Tx,
  input: AdminMessageSend,
  op: Sender,
  at: Date,
): Promise<{ id: number; recipients: number; memberId: number | null }> {
  const texts = JSON.stringify(input.texts satisfies MessageTexts);
  const category = input.audience !== "member" && input.marketing ? "marketing" : "service";
  let memberId: number | null = null;
  if (input.audience === "member") {
    const [m] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM member_directory m WHERE lower(m.username) = lower(${input.username}) AND ${REACHABLE}`,
    );
    if (!m) throw Errors.notFoundCode("MESSAGE_MEMBER_NOT_FOUND");
    memberId = Number(m.id);
  }
  const segment = input.audience === "segment" ? JSON.stringify(input.segment) : null;
  const [msg] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO member_messages (audience, category, texts, segment, member_id, operator_id, operator_name, created_at)
        VALUES (${input.audience}, ${category}, ${texts}::jsonb, ${segment}::jsonb, ${memberId},
                ${op.id}, ${op.username}, ${at.toISOString()}::timestamptz)
        RETURNING id`,
  );
  const id = Number(msg?.id);
  let recipients = 0;
  if (input.audience === "member") {
    await tx.execute(
      sql`INSERT INTO member_message_marks (member_id, message_id) VALUES (${memberId}, ${id})`,
    );
    recipients = 1;
  } else if (input.audience === "segment") {
    const rows = await queryRows<{ n: string }>(
      tx,
      sql`WITH ins AS (
            INSERT INTO member_message_marks (member_id, message_id)
            SELECT m.id, ${id}::bigint FROM member_directory m WHERE ${segmentCondition(input.segment, at)}
            RETURNING 1)
          SELECT count(*)::text AS n FROM ins`,
    );
    recipients = Number(rows[0]?.n ?? 0);
  } else {
    // A broadcast: the members there are now, counted — never one row each.
    recipients = await countAudience(tx, null, at);
  }
  await tx.execute(sql`UPDATE member_messages SET recipients = ${recipients} WHERE id = ${id}`);
  return { id, recipients, memberId };
}

/** Tell open pages after the send committed: the member, or everyone listening on the topic. */
export async function announceSend(
  ctx: AppContext,
  sent: { id: number; recipients: number; memberId: number | null },
  audience: AdminMessageSend["audience"],
): Promise<void> {
  const payload = { type: "messages", id: sent.id };
  if (audience === "member" && sent.memberId) return pushToMember(ctx, sent.memberId, payload);
  if (audience === "segment" && sent.recipients <= PUSH_EACH_MAX) {
    const rows = await queryRows<{ member_id: string }>(
      ctx.db,
      sql`SELECT member_id FROM member_message_marks WHERE message_id = ${sent.id}`,
    );
    for (const r of rows) await pushToMember(ctx, Number(r.member_id), payload);
    return;
  }
  // Everyone, or a large segment: pages re-read their own count (each after a random pause, so
  // 100,000 pages do not ask in the same second).
  await pushToTopic(ctx, MESSAGES_TOPIC, { ...payload, spread: true });
}

// ---------- Event messages ----------

/**
 * The member-event handler (lib/member-events.ts): a service message for each event kind with a
 * template, written in the caller's transaction, once per (kind, ref) — a second emit of the same
 * event (a retry, a replay) inserts nothing.
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

/**
 * The live push of an event message. A handler runs inside the caller's transaction and has no
 * context of the app, and a push sent then could reach the page before the commit. So the
 * messages module keeps the app's context (setEventPushContext, from its routes) and pushes once
 * the message is visible outside the transaction: it looks for the row on the app's own pool
 * (on PGlite the look waits for the transaction, which holds the one connection) a few times
 * over four seconds. A rolled-back message is never found and never announced.
 */
let pushContext: AppContext | null = null;
export function setEventPushContext(ctx: AppContext): void {
  pushContext = ctx;
}

const PUSH_WAITS_MS = [0, 25, 50, 100, 250, 500, 1000, 2000];

export function pushWhenCommitted(messageId: number, memberId: number): void {
  const ctx = pushContext;
  if (!ctx) return;
  void (async () => {
    for (const wait of PUSH_WAITS_MS) {
      if (wait) await new Promise((r) => setTimeout(r, wait));
      const found = await queryRows<{ id: string }>(
        ctx.db,
        sql`SELECT id FROM member_messages WHERE id = ${messageId}`,
      );
      if (found.length) {
        await pushToMember(ctx, memberId, { type: "messages", id: messageId });
        return;
      }
    }
  })().catch(() => {
    // The app closed meanwhile, or the database is away: the page's next read shows the message.
  });
}
