import type { Executor } from "../db/client.ts";
import { auditLog } from "../db/schema/admin.ts";

/**
 * The audit trail's writer, used by every module that changes something on an operator's
 * command. The admin module owns the reading of the trail (its audit page).
 */
export interface AuditEntry {
  operatorId: number;
  operatorName: string;
  /** What was done: "create", "update", "delete", "login", "lock". */
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string;
}

/**
 * Write one audit row in the caller's transaction, so the change and its record commit together.
 * Written explicitly by each command, never by hidden hooks. The table refuses updates and
 * deletes (a trigger), so the log is append-only.
 */
export async function recordAudit(exec: Executor, entry: AuditEntry): Promise<void> {
  await exec.insert(auditLog).values({
    operatorId: entry.operatorId,
    operatorName: entry.operatorName,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip,
  });
}
