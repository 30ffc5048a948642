import { and, desc, eq, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";
import { memberSessions, members } from "../../../db/schema/members.ts";

/** Statements of the member's own account pages (account.ts has the rules and routes). */

/** The member's chosen avatar and username. */
export async function avatarAndUsername(exec: Executor, memberId: number) {
  const [m] = await exec
    .select({ avatarUrl: members.avatarUrl, username: members.username })
    .from(members)
    .where(eq(members.id, memberId));
  return m;
}

/** The member's chosen avatar only. */
export async function avatarOf(exec: Executor, memberId: number) {
  const [m] = await exec
    .select({ avatarUrl: members.avatarUrl })
    .from(members)
    .where(eq(members.id, memberId));
  return m;
}

/** Whether the member has a payout account not removed (read from payments' published view). */
export async function hasActivePayoutAccount(exec: Executor, memberId: number): Promise<boolean> {
  const [payee] = await queryRows<{ id: string }>(
    exec,
    sql`SELECT id FROM payout_account_directory WHERE member_id = ${memberId} AND removed_at IS NULL LIMIT 1`,
  );
  return payee !== undefined;
}

/** Change fields of the member's own row (no answer). */
export async function setMemberFields(
  exec: Executor,
  memberId: number,
  set: Partial<typeof members.$inferInsert>,
): Promise<void> {
  await exec.update(members).set(set).where(eq(members.id, memberId));
}

/** The member's latest 50 sessions, last seen first. */
export function latestSessionsOf(exec: Executor, memberId: number) {
  return exec
    .select()
    .from(memberSessions)
    .where(eq(memberSessions.memberId, memberId))
    .orderBy(desc(memberSessions.lastSeenAt))
    .limit(50);
}

/** End the member's sessions but the one of `keepHash`; answers how many ended. */
export async function deleteOtherSessionsCounted(
  exec: Executor,
  memberId: number,
  keepHash: string,
): Promise<number> {
  const ended = await exec
    .delete(memberSessions)
    .where(and(eq(memberSessions.memberId, memberId), sql`${memberSessions.tokenHash} <> ${keepHash}`))
    .returning({ t: memberSessions.tokenHash });
  return ended.length;
}

/** Whether another member than `memberId` has this mobile number or (lower-case) e-mail. */
export async function contactTakenByOther(
  exec: Executor,
  channel: "mobile" | "email",
  target: string,
  memberId: number,
): Promise<boolean> {
  const [other] = await exec
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        channel === "mobile" ? eq(members.mobile, target) : sql`lower(${members.email}) = ${target}`,
        sql`${members.id} <> ${memberId}`,
      ),
    )
    .limit(1);
  return other !== undefined;
}
