import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import {
  loginAttempts,
  loginHistory,
  memberIdentities,
  memberNotes,
  memberSessions,
  members,
} from "../../db/schema/members.ts";

/**
 * Statements on the members module's own tables (members, member_sessions, login_history,
 * member_uploads) that the routes and the service need. Older parts of the module still hold
 * their own statements next to their rules.
 */

export async function memberById(exec: Executor, id: number) {
  const [row] = await exec.select().from(members).where(eq(members.id, id));
  return row;
}

/** Store the language a member chose for the site. */
export async function setMemberLanguage(exec: Executor, memberId: number, language: string): Promise<void> {
  await exec.update(members).set({ language }).where(eq(members.id, memberId));
}

/**
 * One page of members, newest first, whose username, mobile or email contains `q` (any case,
 * LIKE's wildcards taken literally; every member when `q` is empty), and how many match.
 */
export async function memberSearchPage(exec: Executor, q: string, limit: number, offset: number) {
  const like = `%${q.replace(/[%_\\]/g, "\\$&")}%`;
  const where = q
    ? or(ilike(members.username, like), ilike(members.mobile, like), ilike(members.email, like))
    : undefined;
  const [items, [count]] = await Promise.all([
    exec.select().from(members).where(where).orderBy(desc(members.id)).limit(limit).offset(offset),
    exec.select({ n: sql<number>`count(*)::int` }).from(members).where(where),
  ]);
  return { items, total: count?.n ?? 0 };
}

/** A member's sessions, the most recently used first. */
export function sessionsOfMember(exec: Executor, memberId: number) {
  return exec
    .select({
      createdAt: memberSessions.createdAt,
      lastSeenAt: memberSessions.lastSeenAt,
      expiresAt: memberSessions.expiresAt,
      method: memberSessions.method,
      ip: memberSessions.ip,
      userAgent: memberSessions.userAgent,
    })
    .from(memberSessions)
    .where(eq(memberSessions.memberId, memberId))
    .orderBy(desc(memberSessions.lastSeenAt));
}

/** A member's latest sign-in attempts, newest first. */
export function loginsOfMember(exec: Executor, memberId: number, limit: number) {
  return exec
    .select()
    .from(loginHistory)
    .where(eq(loginHistory.memberId, memberId))
    .orderBy(desc(loginHistory.id))
    .limit(limit);
}

/** A member row, locked for an operator's change in the caller's transaction. */
export async function lockMember(exec: Executor, id: number) {
  const [row] = await exec.select().from(members).where(eq(members.id, id)).for("update");
  return row;
}

export async function updateMember(exec: Executor, id: number, set: Partial<typeof members.$inferInsert>) {
  const [row] = await exec.update(members).set(set).where(eq(members.id, id)).returning();
  return row;
}

/** End every session of a member. */
export async function deleteSessionsOf(exec: Executor, memberId: number): Promise<void> {
  await exec.delete(memberSessions).where(eq(memberSessions.memberId, memberId));
}

// ---- the back office's player page ----

/** A member's latest operator notes, newest first. */
export function notesOfMember(exec: Executor, memberId: number, limit: number) {
  return exec
    .select()
    .from(memberNotes)
    .where(eq(memberNotes.memberId, memberId))
    .orderBy(desc(memberNotes.id))
    .limit(limit);
}

export async function insertMemberNote(exec: Executor, values: typeof memberNotes.$inferInsert) {
  const [row] = await exec.insert(memberNotes).values(values).returning();
  return row;
}

/** The sign-in providers (OIDC) a member has linked. */
export function identityProvidersOf(exec: Executor, memberId: number) {
  return exec
    .select({ provider: memberIdentities.provider })
    .from(memberIdentities)
    .where(eq(memberIdentities.memberId, memberId));
}

/** Until when a member's transaction password is locked after wrong tries, if it ever was. */
export async function txPasswordLockedUntil(
  exec: Executor,
  memberId: number,
): Promise<Date | null | undefined> {
  const [row] = await exec
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.scope, "tx-password"), eq(loginAttempts.key, String(memberId))));
  return row?.lockedUntil;
}

/** A member's id and username, as a list of one (or none). */
export function memberNameRows(exec: Executor, id: number) {
  return exec.select({ id: members.id, username: members.username }).from(members).where(eq(members.id, id));
}
