import { and, eq, isNull, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";
import { memberSessions, members, memberUploads } from "../../../db/schema/members.ts";

// The members module's answers to other modules about one member (payments, providers, games,
// responsible gaming): each one statement on the members' own tables, reached through
// members/service.ts. Pages and reports over many members read the `member_directory` view.

/** The member's currency, or undefined when there is no such member. */
export async function memberCurrency(exec: Executor, id: number): Promise<string | undefined> {
  const [row] = await exec.select({ currency: members.currency }).from(members).where(eq(members.id, id));
  return row?.currency;
}

/** The member's id, currency and status, or undefined. */
export async function memberStanding(exec: Executor, id: number) {
  const [row] = await exec
    .select({ id: members.id, currency: members.currency, status: members.status, isAgent: members.isAgent })
    .from(members)
    .where(eq(members.id, id));
  return row;
}

/** The direct downline of `uplineId` with this username (stored lower-case), or undefined. */
export async function directDownlineByUsername(exec: Executor, uplineId: number, username: string) {
  const [row] = await exec
    .select({ id: members.id, currency: members.currency, status: members.status })
    .from(members)
    .where(and(eq(members.username, username), eq(members.uplineId, uplineId)));
  return row;
}

/** The member's real name (the payee name of withdrawals), null when not set. */
export async function memberRealName(exec: Executor, id: number): Promise<string | null> {
  const [row] = await exec.select({ realName: members.realName }).from(members).where(eq(members.id, id));
  return row?.realName ?? null;
}

/** Sets the real name if none is set yet; false when one was (it is set once). */
export async function setRealNameOnce(exec: Executor, id: number, realName: string): Promise<boolean> {
  const done = await exec
    .update(members)
    .set({ realName })
    .where(and(eq(members.id, id), isNull(members.realName)))
    .returning({ id: members.id });
  return done.length > 0;
}

/** The member's transaction password hash, null when none is set. */
export async function txPasswordHashOf(exec: Executor, id: number): Promise<string | null> {
  const [row] = await exec.select({ tx: members.txPasswordHash }).from(members).where(eq(members.id, id));
  return row?.tx ?? null;
}

/** Stores a new transaction password hash. */
export async function setTxPasswordHash(exec: Executor, id: number, hash: string): Promise<void> {
  await exec.update(members).set({ txPasswordHash: hash }).where(eq(members.id, id));
}

/** A member's private upload by id (of that member only, when `memberId` is given). */
export async function memberUpload(exec: Executor, id: string, memberId?: number) {
  const [row] = await exec
    .select({ contentType: memberUploads.contentType, bytes: memberUploads.bytes })
    .from(memberUploads)
    .where(
      memberId === undefined
        ? eq(memberUploads.id, id)
        : and(eq(memberUploads.id, id), eq(memberUploads.memberId, memberId)),
    );
  return row;
}

/**
 * Marks the member as one with responsible-gaming limits (members.rg_active, which the
 * provider_move stored function reads with the member). Once set it stays set.
 */
export async function markResponsibleGamingActive(exec: Executor, id: number): Promise<void> {
  await exec.execute(sql`UPDATE members SET rg_active = true WHERE id = ${id} AND NOT rg_active`);
}

/** A session of the member signed in after `since` exists. */
export async function signedInSince(exec: Executor, memberId: number, since: Date): Promise<boolean> {
  const [row] = await exec
    .select({ one: sql<number>`1` })
    .from(memberSessions)
    .where(and(eq(memberSessions.memberId, memberId), sql`${memberSessions.createdAt} > ${since}`))
    .limit(1);
  return row !== undefined;
}

/** When the member's session with this token hash began, or undefined. */
export async function sessionStartedAt(exec: Executor, memberId: number, tokenHash: string) {
  const [row] = await exec
    .select({ createdAt: memberSessions.createdAt })
    .from(memberSessions)
    .where(and(eq(memberSessions.tokenHash, tokenHash), eq(memberSessions.memberId, memberId)));
  return row?.createdAt;
}

/**
 * Whether the member has responsible-gaming limits (members.rg_active: set by
 * `markResponsibleGamingActive`, read by the stored functions that count bets).
 */
export async function responsibleGamingActive(exec: Executor, id: number): Promise<boolean> {
  const [row] = await queryRows<{ active: boolean }>(
    exec,
    sql`SELECT rg_active AS active FROM members WHERE id = ${id}`,
  );
  return row?.active === true;
}
