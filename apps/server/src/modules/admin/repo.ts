import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { adminRoles, operatorSessions, operators } from "../../db/schema/admin.ts";

/**
 * Statements on the admin module's own tables that the back office's operator calls need.
 * Sign-in, sessions, the audit trail and the approval queue keep theirs next to their rules.
 */

export type OperatorRecord = typeof operators.$inferSelect;

/** Every operator, in id order. */
export function operatorRecords(exec: Executor): Promise<OperatorRecord[]> {
  return exec.select().from(operators).orderBy(asc(operators.id));
}

export async function operatorRecord(exec: Executor, id: number): Promise<OperatorRecord | undefined> {
  const [row] = await exec.select().from(operators).where(eq(operators.id, id));
  return row;
}

/** An operator row, locked for a change in the caller's transaction. */
export async function lockOperatorRecord(exec: Executor, id: number): Promise<OperatorRecord | undefined> {
  const [row] = await exec.select().from(operators).where(eq(operators.id, id)).for("update");
  return row;
}

export async function setOperatorRole(
  exec: Executor,
  id: number,
  set: { role: OperatorRecord["role"]; disabled: boolean },
): Promise<OperatorRecord | undefined> {
  const [row] = await exec.update(operators).set(set).where(eq(operators.id, id)).returning();
  return row;
}

/** End every session of an operator. */
export async function deleteOperatorSessions(exec: Executor, operatorId: number): Promise<void> {
  await exec.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
}

export type RoleRecord = typeof adminRoles.$inferSelect;

/** Every role with how many operators hold it, by name. */
export async function roleRecords(exec: Executor): Promise<(RoleRecord & { holders: number })[]> {
  const rows = await exec
    .select({
      role: adminRoles,
      holders: sql<number>`(SELECT count(*)::int FROM operators o WHERE o.role = ${adminRoles.name})`,
    })
    .from(adminRoles)
    .orderBy(asc(adminRoles.name));
  return rows.map((r) => ({ ...r.role, holders: Number(r.holders) }));
}

export async function roleRecord(exec: Executor, name: string): Promise<RoleRecord | undefined> {
  const [row] = await exec.select().from(adminRoles).where(eq(adminRoles.name, name));
  return row;
}

/** A role row, locked for a change in the caller's transaction. */
export async function lockRoleRecord(exec: Executor, name: string): Promise<RoleRecord | undefined> {
  const [row] = await exec.select().from(adminRoles).where(eq(adminRoles.name, name)).for("update");
  return row;
}

/** Insert a role; undefined when the name is taken. */
export async function insertRole(
  exec: Executor,
  values: { name: string; label: string; permissions: string[] },
): Promise<RoleRecord | undefined> {
  const [row] = await exec
    .insert(adminRoles)
    .values(values)
    .onConflictDoNothing({ target: adminRoles.name })
    .returning();
  return row;
}

/** Change a role at the version loaded; undefined when it moved on meanwhile. */
export async function updateRole(
  exec: Executor,
  name: string,
  version: number,
  set: { label: string; permissions: string[]; updatedAt: Date },
): Promise<RoleRecord | undefined> {
  const [row] = await exec
    .update(adminRoles)
    .set({ ...set, version: sql`${adminRoles.version} + 1` })
    .where(and(eq(adminRoles.name, name), eq(adminRoles.version, version)))
    .returning();
  return row;
}

export async function deleteRole(exec: Executor, name: string): Promise<void> {
  await exec.delete(adminRoles).where(eq(adminRoles.name, name));
}

/** How many operators hold role `name`. */
export async function roleHolders(exec: Executor, name: string): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(operators)
    .where(eq(operators.role, name));
  return Number(row?.n ?? 0);
}
