import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { operatorSessions, operators } from "../../db/schema/admin.ts";

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
