import type { Segment } from "@panalo/contracts/messages";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";

/** Statements of the back office's list of sent messages. */

export interface SentMessageRecord {
  id: string;
  audience: "member" | "segment" | "everyone";
  category: "service" | "marketing";
  texts: Record<string, { title: string; body: string }>;
  segment: Segment | null;
  memberId: string | null;
  recipients: number;
  reads: string;
  deletes: string;
  operator_name: string | null;
  created_at: Date | string;
  total: string;
}

/** One page of the messages operators sent (system ones aside), newest first, with read and delete counts. */
export async function sentMessagesPage(
  exec: Executor,
  limit: number,
  offset: number,
): Promise<SentMessageRecord[]> {
  return queryRows<SentMessageRecord>(
    exec,
    sql`SELECT m.id, m.audience, m.category, m.texts, m.segment, m.member_id::text AS "memberId", m.recipients,
               m.operator_name, m.created_at, count(*) OVER () AS total,
               (SELECT count(*) FROM member_message_marks k WHERE k.message_id = m.id AND k.read_at IS NOT NULL) AS reads,
               (SELECT count(*) FROM member_message_marks k WHERE k.message_id = m.id AND k.deleted_at IS NOT NULL) AS deletes
          FROM member_messages m
         WHERE m.kind IS NULL
         ORDER BY m.id DESC
         LIMIT ${limit} OFFSET ${offset}`,
  );
}
