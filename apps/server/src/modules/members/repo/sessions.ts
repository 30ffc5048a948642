import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { loginHistory, memberSessions, members } from "../../../db/schema/members.ts";

/**
 * Statements of signing in and out (service.ts has the rules): sessions, the sign-in history,
 * the sign-in counters and the rows a registration or a trial makes.
 */

type MemberRow = typeof members.$inferSelect;

export async function insertSession(
  exec: Executor,
  values: typeof memberSessions.$inferInsert,
): Promise<void> {
  await exec.insert(memberSessions).values(values);
}

export async function insertLoginHistory(
  exec: Executor,
  values: typeof loginHistory.$inferInsert,
): Promise<void> {
  await exec.insert(loginHistory).values(values);
}

/** The addresses of the member's successful sign-ins (at most 200). */
export function successfulLoginIps(exec: Executor, memberId: number) {
  return exec
    .select({ ip: loginHistory.ip })
    .from(loginHistory)
    .where(and(eq(loginHistory.memberId, memberId), eq(loginHistory.success, true)))
    .limit(200);
}

/** Reset the member's failed sign-in counter and lock. */
export async function resetFailedLogins(exec: Executor, memberId: number): Promise<void> {
  await exec
    .update(members)
    .set({ failedLogins: 0, lockedUntil: null, failWindowUntil: null })
    .where(eq(members.id, memberId));
}

/** Note a successful sign-in on the member's row; answers the row after. */
export async function markSignedIn(
  exec: Executor,
  memberId: number,
  set: { lastLoginAt: Date; firstLoginDone: boolean; mustChangePassword: boolean },
): Promise<MemberRow | undefined> {
  const [updated] = await exec.update(members).set(set).where(eq(members.id, memberId)).returning();
  return updated;
}

/** The agent (id, type, status) whose affiliate code this is (any case). */
export async function memberByAffiliateCode(exec: Executor, code: string) {
  const [agent] = await exec
    .select({ id: members.id, isAgent: members.isAgent, status: members.status })
    .from(members)
    .where(sql`upper(${members.affiliateCode}) = ${code}`);
  return agent;
}

/** Insert a member row; answers it. */
export async function insertMember(
  exec: Executor,
  values: typeof members.$inferInsert,
): Promise<MemberRow | undefined> {
  const [m] = await exec.insert(members).values(values).returning();
  return m;
}

/** Insert a member row unless its username or number is taken; answers it, or nothing. */
export async function insertMemberUnlessTaken(
  exec: Executor,
  values: typeof members.$inferInsert,
): Promise<MemberRow | undefined> {
  const rows = await exec.insert(members).values(values).onConflictDoNothing().returning();
  return rows[0];
}

/** The session of a token hash with its member's standing. */
export async function sessionWithMember(exec: Executor, hashed: string) {
  const [row] = await exec
    .select({
      id: members.id,
      username: members.username,
      isAgent: members.isAgent,
      status: members.status,
      mustChangePassword: members.mustChangePassword,
      lastSeenAt: memberSessions.lastSeenAt,
      expiresAt: memberSessions.expiresAt,
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(eq(memberSessions.tokenHash, hashed));
  return row;
}

export async function deleteSession(exec: Executor, hashed: string): Promise<void> {
  await exec.delete(memberSessions).where(eq(memberSessions.tokenHash, hashed));
}

export async function touchSession(exec: Executor, hashed: string, at: Date): Promise<void> {
  await exec.update(memberSessions).set({ lastSeenAt: at }).where(eq(memberSessions.tokenHash, hashed));
}

/** Store a new password hash (no longer to be changed). */
export async function setPasswordHash(
  exec: Executor,
  memberId: number,
  passwordHash: string,
  changedAt: Date,
): Promise<void> {
  await exec
    .update(members)
    .set({ passwordHash, mustChangePassword: false, passwordChangedAt: changedAt })
    .where(eq(members.id, memberId));
}

/** End the member's sessions but the one of `keepHash`. */
export async function deleteOtherSessions(exec: Executor, memberId: number, keepHash: string): Promise<void> {
  await exec
    .delete(memberSessions)
    .where(and(eq(memberSessions.memberId, memberId), sql`${memberSessions.tokenHash} <> ${keepHash}`));
}
