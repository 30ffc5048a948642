import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";
import type { EventParams } from "../templates.ts";

/** Statements of the member's inbox (inbox.ts): what a member sees, counts, marks read, deletes. */

export interface Viewer {
  memberId: number;
  registeredAt: Date;
  marketingBlocked: boolean;
}

const marketingFilter = (v: Viewer) => (v.marketingBlocked ? sql`AND m.category = 'service'` : sql``);

/** The visible messages (id, read_at) of a member: one SQL fragment for lists, counts and checks. */
function visible(v: Viewer, only?: SQL): SQL {
  const extra = only ?? sql``;
  return sql`
    SELECT mk.message_id AS id, mk.read_at FROM member_message_marks mk
      JOIN member_messages m ON m.id = mk.message_id
     WHERE mk.member_id = ${v.memberId} AND mk.deleted_at IS NULL AND m.audience <> 'everyone'
       ${marketingFilter(v)} ${extra}
    UNION ALL
    SELECT m.id, mk.read_at FROM member_messages m
      LEFT JOIN member_message_marks mk ON mk.message_id = m.id AND mk.member_id = ${v.memberId}
     WHERE m.audience = 'everyone' AND m.created_at >= ${v.registeredAt.toISOString()}::timestamptz
       AND mk.deleted_at IS NULL ${marketingFilter(v)} ${extra}`;
}

/** The badge (spec §7 CSP_unreadCount): two index scans, no per-message work. */
export async function unreadCount(exec: Executor, v: Viewer): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    exec,
    sql`SELECT (
          SELECT count(*) FROM member_message_marks mk JOIN member_messages m ON m.id = mk.message_id
           WHERE mk.member_id = ${v.memberId} AND mk.read_at IS NULL AND mk.deleted_at IS NULL
             AND m.audience <> 'everyone' ${marketingFilter(v)}
        ) + (
          SELECT count(*) FROM member_messages m
           WHERE m.audience = 'everyone' AND m.created_at >= ${v.registeredAt.toISOString()}::timestamptz
             ${marketingFilter(v)}
             AND NOT EXISTS (SELECT 1 FROM member_message_marks mk
                              WHERE mk.member_id = ${v.memberId} AND mk.message_id = m.id)
        ) AS n`,
  );
  return Number(row?.n ?? 0);
}

export interface Row {
  id: string;
  category: "service" | "marketing";
  texts: Record<string, { title: string; body: string }> | null;
  kind: string | null;
  params: EventParams;
  created_at: Date | string;
  read_at: Date | string | null;
  total: string;
}

/** A page of the member's visible messages (unread only, or all), newest first. */
export function messageRows(
  exec: Executor,
  v: Viewer,
  q: { unreadOnly: boolean; limit: number; offset: number },
): Promise<Row[]> {
  return queryRows<Row>(
    exec,
    sql`WITH v AS (${visible(v)})
        SELECT m.id, m.category, m.texts, m.kind, m.params, m.created_at, v.read_at, count(*) OVER () AS total
          FROM v JOIN member_messages m ON m.id = v.id
         ${q.unreadOnly ? sql`WHERE v.read_at IS NULL` : sql``}
         ORDER BY m.id DESC
         LIMIT ${q.limit} OFFSET ${q.offset}`,
  );
}

/** One visible message of the member, or undefined. */
export async function messageRow(exec: Executor, v: Viewer, id: number): Promise<Row | undefined> {
  const [r] = await queryRows<Row>(
    exec,
    sql`WITH v AS (${visible(v, sql`AND m.id = ${id}`)})
        SELECT m.id, m.category, m.texts, m.kind, m.params, m.created_at, v.read_at, 1 AS total
          FROM v JOIN member_messages m ON m.id = v.id`,
  );
  return r;
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Mark messages read (the given ids of this member, or all). A member's own mark rows are
 * updated; a broadcast gets its mark now. Ids that are not the member's change nothing.
 */
export async function markRead(exec: Executor, v: Viewer, ids: number[] | "all", at: Date): Promise<number> {
  const own = ids === "all" ? sql`` : sql`AND message_id IN (${idList(ids)})`;
  const mine = ids === "all" ? sql`` : sql`AND m.id IN (${idList(ids)})`;
  const updated = await queryRows<{ message_id: string }>(
    exec,
    sql`UPDATE member_message_marks SET read_at = ${at.toISOString()}::timestamptz
         WHERE member_id = ${v.memberId} AND read_at IS NULL AND deleted_at IS NULL ${own}
        RETURNING message_id`,
  );
  const inserted = await queryRows<{ message_id: string }>(
    exec,
    sql`INSERT INTO member_message_marks (member_id, message_id, read_at)
        SELECT ${v.memberId}, m.id, ${at.toISOString()}::timestamptz FROM member_messages m
         WHERE m.audience = 'everyone' AND m.created_at >= ${v.registeredAt.toISOString()}::timestamptz
           ${marketingFilter(v)} ${mine}
        ON CONFLICT (member_id, message_id) DO NOTHING
        RETURNING message_id`,
  );
  return updated.length + inserted.length;
}

/** The member's soft delete: their mark only; the message stays for everyone else. */
export async function deleteMessages(exec: Executor, v: Viewer, ids: number[], at: Date): Promise<number> {
  const stamp = sql`${at.toISOString()}::timestamptz`;
  const updated = await queryRows<{ message_id: string }>(
    exec,
    sql`UPDATE member_message_marks SET deleted_at = ${stamp}, read_at = coalesce(read_at, ${stamp})
         WHERE member_id = ${v.memberId} AND deleted_at IS NULL AND message_id IN (${idList(ids)})
        RETURNING message_id`,
  );
  const inserted = await queryRows<{ message_id: string }>(
    exec,
    sql`INSERT INTO member_message_marks (member_id, message_id, read_at, deleted_at)
        SELECT ${v.memberId}, m.id, ${stamp}, ${stamp} FROM member_messages m
         WHERE m.audience = 'everyone' AND m.created_at >= ${v.registeredAt.toISOString()}::timestamptz
           AND m.id IN (${idList(ids)})
        ON CONFLICT (member_id, message_id) DO NOTHING
        RETURNING message_id`,
  );
  return updated.length + inserted.length;
}
