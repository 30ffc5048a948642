import { desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { auditLog } from "../../db/schema/admin.ts";

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

export async function auditPage(
  exec: Executor,
  q: { page: number; pageSize: number; entityType?: string },
): Promise<{ items: Array<Record<string, unknown>>; total: number }> {
  const where = q.entityType ? eq(auditLog.entityType, q.entityType) : undefined;
  const [rows, [count]] = await Promise.all([
    exec
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    exec.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      operator: r.operatorName,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
      ip: r.ip,
    })),
    total: count?.n ?? 0,
  };
}
