import type { FEEDBACK_STATES } from "@panalo/contracts/messages";
import { sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../../db/client.ts";

/** Statements of the feedback queue (feedback.ts). */

type State = (typeof FEEDBACK_STATES)[number];

export async function insertFeedback(
  exec: Executor,
  f: {
    memberId: number | null;
    content: string;
    screenshotUrl: string | null;
    page: string | null;
    lang: string;
    ip: string;
    at: Date;
  },
) {
  const [row] = await queryRows<{ id: string }>(
    exec,
    sql`INSERT INTO feedback (member_id, content, screenshot_url, page, lang, ip, created_at)
        VALUES (${f.memberId}, ${f.content}, ${f.screenshotUrl}, ${f.page},
                ${f.lang}, ${f.ip}, ${f.at.toISOString()}::timestamptz)
        RETURNING id`,
  );
  return row;
}

/** A page of the feedback in one state with the sender's username: new ones oldest first. */
export function feedbackRows(exec: Executor, state: State, limit: number, offset: number) {
  return queryRows<{
    id: string;
    member_id: string | null;
    username: string | null;
    content: string;
    page: string | null;
    lang: string;
    screenshot_url: string | null;
    state: State;
    reply: string | null;
    replied_by_name: string | null;
    replied_at: Date | string | null;
    created_at: Date | string;
    total: string;
  }>(
    exec,
    sql`SELECT f.*, m.username, count(*) OVER () AS total
          FROM feedback f LEFT JOIN member_directory m ON m.id = f.member_id
         WHERE f.state = ${state}
         ORDER BY ${state === "new" ? sql`f.id ASC` : sql`f.id DESC`}
         LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** Reply to a new feedback (new → replied); undefined when it was not new. */
export async function markReplied(
  tx: Tx,
  id: number,
  reply: string,
  op: { id: number; username: string },
  at: Date,
) {
  const [f] = await queryRows<{ member_id: string | null; content: string }>(
    tx,
    sql`UPDATE feedback SET state = 'replied', reply = ${reply}, replied_by = ${op.id},
               replied_by_name = ${op.username}, replied_at = ${at.toISOString()}::timestamptz
         WHERE id = ${id} AND state = 'new'
        RETURNING member_id, content`,
  );
  return f;
}

/** Close a feedback under its row lock; its state before, or undefined when already closed. */
export async function markClosed(tx: Tx, id: number, at: Date) {
  const [f] = await queryRows<{ state: string }>(
    tx,
    sql`UPDATE feedback f SET state = 'closed', closed_at = ${at.toISOString()}::timestamptz
          FROM (SELECT id, state FROM feedback WHERE id = ${id} FOR UPDATE) old
         WHERE f.id = old.id AND old.state <> 'closed'
        RETURNING old.state`,
  );
  return f;
}

export async function feedbackExists(exec: Executor, id: number): Promise<boolean> {
  const [exists] = await queryRows<{ id: string }>(exec, sql`SELECT id FROM feedback WHERE id = ${id}`);
  return exists !== undefined;
}

export async function feedbackScreenshot(exec: Executor, id: number): Promise<string | null> {
  const [f] = await queryRows<{ screenshot_url: string | null }>(
    exec,
    sql`SELECT screenshot_url FROM feedback WHERE id = ${id}`,
  );
  return f?.screenshot_url ?? null;
}
