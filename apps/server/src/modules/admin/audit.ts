import { desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { auditLog } from "../../db/schema/admin.ts";

/** The back office's audit page: the trail newest first (written by lib/audit.ts). */
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
