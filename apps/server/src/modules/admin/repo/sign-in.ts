import { and, eq, lt, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { adminRoles, operatorSessions, operators } from "../../../db/schema/admin.ts";

/** Statements of operators' accounts, sign-in and sessions, for operators.ts. */

type Operator = typeof operators.$inferSelect;

/** Whether role `name` exists. */
export async function roleExists(exec: Executor, name: string): Promise<boolean> {
  const [role] = await exec
    .select({ name: adminRoles.name })
    .from(adminRoles)
    .where(eq(adminRoles.name, name));
  return role !== undefined;
}

/** Insert an operator; undefined when the username is taken. */
export async function insertOperator(
  exec: Executor,
  values: {
    username: string;
    passwordHash: string;
    totpSecret: string;
    role: string;
    mustChangePassword: boolean;
  },
): Promise<{ id: number } | undefined> {
  const rows = await exec
    .insert(operators)
    .values(values)
    .onConflictDoNothing({ target: operators.username })
    .returning({ id: operators.id });
  return rows[0];
}

/** The permissions stored for role `name` (undefined when it is missing). */
export async function storedRolePermissions(exec: Executor, name: string): Promise<string[] | undefined> {
  const [row] = await exec
    .select({ permissions: adminRoles.permissions })
    .from(adminRoles)
    .where(eq(adminRoles.name, name));
  return row?.permissions;
}

export async function operatorByUsername(exec: Executor, username: string): Promise<Operator | undefined> {
  const [row] = await exec.select().from(operators).where(eq(operators.username, username));
  return row;
}

export async function operatorById(exec: Executor, id: number): Promise<Operator | undefined> {
  const [op] = await exec.select().from(operators).where(eq(operators.id, id));
  return op;
}

/**
 * Claim TOTP step `step` for a sign-in at `now` and reset the failure counter: of two sign-ins
 * racing with one code only one gets a row back.
 */
export function claimTotpStep(
  exec: Executor,
  id: number,
  step: number,
  now: Date,
): Promise<{ id: number }[]> {
  return exec
    .update(operators)
    .set({
      totpLastStep: step,
      failedLogins: 0,
      lockedUntil: null,
      failWindowUntil: null,
      lastLoginAt: now,
    })
    .where(and(eq(operators.id, id), lt(operators.totpLastStep, step)))
    .returning({ id: operators.id });
}

export async function insertOperatorSession(
  exec: Executor,
  values: typeof operatorSessions.$inferInsert,
): Promise<void> {
  await exec.insert(operatorSessions).values(values);
}

/** A session by its token's hash, with its operator and the operator's role's permissions. */
export async function sessionRow(exec: Executor, hashed: string) {
  const [row] = await exec
    .select({
      id: operators.id,
      username: operators.username,
      role: operators.role,
      rolePermissions: adminRoles.permissions,
      disabled: operators.disabled,
      mustChangePassword: operators.mustChangePassword,
      lastSeenAt: operatorSessions.lastSeenAt,
      expiresAt: operatorSessions.expiresAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .leftJoin(adminRoles, eq(adminRoles.name, operators.role))
    .where(eq(operatorSessions.tokenHash, hashed));
  return row;
}

export async function deleteSession(exec: Executor, hashed: string): Promise<void> {
  await exec.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hashed));
}

export async function touchSession(exec: Executor, hashed: string, now: Date): Promise<void> {
  await exec.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.tokenHash, hashed));
}

export async function resetFailedLogins(exec: Executor, id: number): Promise<void> {
  await exec
    .update(operators)
    .set({ failedLogins: 0, lockedUntil: null, failWindowUntil: null })
    .where(eq(operators.id, id));
}

export async function setOperatorPassword(exec: Executor, id: number, passwordHash: string): Promise<void> {
  await exec.update(operators).set({ passwordHash, mustChangePassword: false }).where(eq(operators.id, id));
}

/** End every session of an operator but the one whose token hashes to `keep`. */
export async function deleteOtherSessions(exec: Executor, operatorId: number, keep: string): Promise<void> {
  await exec
    .delete(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operatorId), sql`${operatorSessions.tokenHash} <> ${keep}`));
}
