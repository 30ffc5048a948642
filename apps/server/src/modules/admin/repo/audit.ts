import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { auditLog } from "../../../db/schema/admin.ts";

export interface AuditFilter {
  entityType?: string | undefined;
  entityId?: string | undefined;
  operator?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/**
 * A page of the audit trail (by id: the order entries were written, newest first by default)
 * and how many entries match. Each filter reads an index: audit_log_entity_idx (entity type,
 * then its id), audit_log_operator_idx (operator), audit_log_at_idx (time range).
 */
export async function auditRows(
  exec: Executor,
  q: { limit: number; offset: number; direction: "asc" | "desc" },
  f: AuditFilter,
): Promise<{ rows: Array<typeof auditLog.$inferSelect>; total: number }> {
  const where = and(
    f.entityType ? eq(auditLog.entityType, f.entityType) : undefined,
    f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
    f.operator ? eq(auditLog.operatorName, f.operator) : undefined,
    f.from ? gte(auditLog.at, f.from) : undefined,
    f.to ? lt(auditLog.at, f.to) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    exec
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(q.direction === "asc" ? asc(auditLog.id) : desc(auditLog.id))
      .limit(q.limit)
      .offset(q.offset),
    exec.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
