import { eq, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";
import { members } from "../../../db/schema/members.ts";

/**
 * Statements on member rows that other modules reach through members/service.ts: names,
 * languages, the side panel's card, the agents' rows and codes.
 */

/** The usernames of the members `ids` (missing ones are left out). */
export async function memberUsernames(exec: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await queryRows<{ id: number; username: string }>(
    exec,
    sql`SELECT id::float8 AS id, username FROM members WHERE id IN (${sql.join(
      unique.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}

/** The member's language code as stored, undefined when there is no such member. */
export async function memberLanguage(exec: Executor, memberId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ language: string }>(
    exec,
    sql`SELECT language FROM members WHERE id = ${memberId}`,
  );
  return row?.language;
}

/** A member's stored row, and the columns a new one is made of. */
export type MemberRecord = typeof members.$inferSelect;
export type NewMemberRecord = typeof members.$inferInsert;

/** The member's row, locked for the transaction's changes. */
export async function lockMemberByUsername(
  tx: Executor,
  username: string,
): Promise<MemberRecord | undefined> {
  const [row] = await tx.select().from(members).where(eq(members.username, username)).for("update");
  return row;
}

/** Insert a member; with `unlessTaken`, a taken username inserts nothing (undefined). */
export async function insertMemberRecord(
  exec: Executor,
  values: NewMemberRecord,
  opts: { unlessTaken?: boolean } = {},
): Promise<MemberRecord | undefined> {
  const insert = exec.insert(members).values(values);
  const [row] = opts.unlessTaken
    ? await insert.onConflictDoNothing({ target: members.username }).returning()
    : await insert.returning();
  return row;
}

/** Set the member's affiliate code unless one is set; returns the code it has (undefined: no member). */
export async function affiliateCodeOrSet(
  exec: Executor,
  memberId: number,
  code: string,
): Promise<string | undefined> {
  const rows = await queryRows<{ code: string }>(
    exec,
    sql`UPDATE members SET affiliate_code = coalesce(affiliate_code, ${code})
        WHERE id = ${memberId} RETURNING affiliate_code AS code`,
  );
  return rows[0]?.code;
}

/** The member's active direct downline agents, by username (at most 500). */
export async function activeDownlineAgents(
  exec: Executor,
  uplineId: number,
): Promise<Array<{ id: string; username: string; is_agent: number }>> {
  return queryRows<{ id: string; username: string; is_agent: number }>(
    exec,
    sql`SELECT id, username, is_agent FROM members
      WHERE upline_id = ${uplineId} AND is_agent IN (1, 2, 41, 42) AND status = 'active' ORDER BY username LIMIT 500`,
  );
}
