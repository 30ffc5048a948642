import { and, asc, desc, eq, gte, ilike, lt, lte, or, sql } from "drizzle-orm";
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

export interface MemberListFilter {
  q: string;
  status?: "active" | "locked" | "closed" | undefined;
  kyc?: "none" | "pending" | "more_info" | "verified" | "rejected" | undefined;
  agent?: number | undefined;
  vip?: number | undefined;
  /** Main balance bounds in minor units, both included. */
  balanceMin?: bigint | undefined;
  balanceMax?: bigint | undefined;
  registeredFrom?: Date | undefined;
  registeredTo?: Date | undefined;
  lastLoginFrom?: Date | undefined;
  lastLoginTo?: Date | undefined;
  /** An export's bound: only members up to this id (those that existed when it began). */
  maxId?: number | undefined;
}

/**
 * A member's main balance (0 before the first movement opens the account) and VIP level (0
 * before loyalty sees them), read through the ledger's and loyalty's published views.
 */
const mainBalance = sql<string>`COALESCE((SELECT b.balance FROM ledger_balances b
  WHERE b.member_id = ${members.id} AND b.kind = 'main' AND b.currency = ${members.currency}), 0)`;
const vipLevel = sql<number>`COALESCE((SELECT v.vip_level FROM member_vip_levels v
  WHERE v.member_id = ${members.id}), 0)`;

const MEMBER_ORDER = {
  createdAt: members.createdAt,
  lastLoginAt: members.lastLoginAt,
  username: members.username,
  id: members.id,
  balance: mainBalance,
} as const;

/**
 * The VIP filter: level 0 is every member without a higher level (most members have no loyalty
 * row); a higher level reads its members from loyalty_members_level_idx.
 */
function vipWhere(level: number) {
  return level === 0
    ? sql`${members.id} NOT IN (SELECT v.member_id FROM member_vip_levels v WHERE v.vip_level <> 0)`
    : sql`${members.id} IN (SELECT v.member_id FROM member_vip_levels v WHERE v.vip_level = ${level})`;
}

/**
 * The balance range on the main account: a lower bound above zero reads the accounts in range;
 * without one, a member with no account yet (balance 0) is in range, so the filter leaves out
 * those above the upper bound instead. No index on the balance (migration
 * 20261130052001): one would make every bet's and win's balance update a non-HOT one, so this
 * back-office filter scans the main accounts instead.
 */
function balanceWhere(min: bigint | undefined, max: bigint | undefined) {
  if (min !== undefined && min > 0n) {
    return sql`${members.id} IN (SELECT b.member_id FROM ledger_balances b WHERE b.kind = 'main'
      AND b.member_id IS NOT NULL AND b.balance >= ${min.toString()}::bigint
      ${max !== undefined ? sql`AND b.balance <= ${max.toString()}::bigint` : sql``})`;
  }
  if (max === undefined) return undefined;
  return sql`${members.id} NOT IN (SELECT b.member_id FROM ledger_balances b WHERE b.kind = 'main'
    AND b.member_id IS NOT NULL AND b.balance > ${max.toString()}::bigint)`;
}

/** The list's filters as one condition (shared by the page, its count and the export). */
function memberWhere(f: MemberListFilter) {
  const like = `%${f.q.replace(/[%_\\]/g, "\\$&")}%`;
  return and(
    f.q
      ? or(ilike(members.username, like), ilike(members.mobile, like), ilike(members.email, like))
      : undefined,
    f.status ? eq(members.status, f.status) : undefined,
    f.kyc ? eq(members.kycStatus, f.kyc) : undefined,
    f.agent ? eq(members.uplineId, f.agent) : undefined,
    f.vip !== undefined ? vipWhere(f.vip) : undefined,
    balanceWhere(f.balanceMin, f.balanceMax),
    f.registeredFrom ? gte(members.createdAt, f.registeredFrom) : undefined,
    f.registeredTo ? lt(members.createdAt, f.registeredTo) : undefined,
    f.lastLoginFrom ? gte(members.lastLoginAt, f.lastLoginFrom) : undefined,
    f.lastLoginTo ? lt(members.lastLoginAt, f.lastLoginTo) : undefined,
    f.maxId !== undefined ? lte(members.id, f.maxId) : undefined,
  );
}

export interface MemberListPage {
  sort: keyof typeof MEMBER_ORDER;
  direction: "asc" | "desc";
  limit: number;
  offset: number;
}

/** The members of one page of the list, with their main balance (minor units, text) and VIP level. */
export function memberSearchRows(exec: Executor, f: MemberListFilter, page: MemberListPage) {
  const col = MEMBER_ORDER[page.sort];
  const order =
    page.direction === "asc"
      ? [sql`${col} ASC NULLS LAST`, asc(members.id)]
      : [sql`${col} DESC NULLS LAST`, desc(members.id)];
  return exec
    .select({
      member: members,
      balance: sql<string>`(${mainBalance})::text`,
      vipLevel: sql<number>`(${vipLevel})::int`,
    })
    .from(members)
    .where(memberWhere(f))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

/** How many members match the list's filters. */
export async function memberSearchCount(exec: Executor, f: MemberListFilter): Promise<number> {
  const [count] = await exec.select({ n: sql<number>`count(*)::int` }).from(members).where(memberWhere(f));
  return count?.n ?? 0;
}

/** The newest member's id (0 with none): an export reads only the members that existed when it began. */
export async function newestMemberId(exec: Executor): Promise<number> {
  const [row] = await exec.select({ id: sql<string | null>`max(${members.id})::text` }).from(members);
  return Number(row?.id ?? 0);
}

/**
 * One page of members whose username, mobile or email contains `q` (any case, LIKE's wildcards
 * taken literally; every member when `q` is empty) and who match the filters, in the list's
 * order (newest first by default), and how many match. Each filter and order has an index
 * (members_created_idx, members_last_login_idx, members_status_idx, members_kyc_idx,
 * members_upline_idx).
 */
export async function memberSearchPage(exec: Executor, f: MemberListFilter, page: MemberListPage) {
  const [items, total] = await Promise.all([memberSearchRows(exec, f, page), memberSearchCount(exec, f)]);
  return { items, total };
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
