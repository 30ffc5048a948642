import type { AuditQuery } from "@panalo/contracts/admin";
import { dayRange, offsetOf } from "@panalo/contracts/list-query";
import type { Executor } from "../../db/client.ts";
import { auditRows } from "./repo/audit.ts";

/** The back office's audit page: the trail newest first (written by lib/audit.ts), filtered. */
export async function auditPage(
  exec: Executor,
  q: AuditQuery,
): Promise<{ items: Array<Record<string, unknown>>; total: number; page: number; pageSize: number }> {
  const { from, to, ...f } = q.filters;
  const { rows, total } = await auditRows(
    exec,
    { limit: q.pageSize, offset: offsetOf(q), direction: q.direction },
    { ...f, ...dayRange(from, to) },
  );
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
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
