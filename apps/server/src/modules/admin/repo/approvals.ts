import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../../db/client.ts";
import { type ApprovalKind, approvalRequests, operators } from "../../../db/schema/admin.ts";

/** Statements on the four-eyes queue (`approval_requests`), for approvals.ts. */

export type ApprovalRecord = typeof approvalRequests.$inferSelect;
export type ApprovalStatus = "pending" | "applied" | "rejected";

/** Store a change waiting for a second operator; its id. */
export async function insertApprovalRequest(
  exec: Executor,
  values: {
    kind: ApprovalKind;
    entityId: string | null;
    payload: Record<string, unknown>;
    base: unknown;
    summary: Record<string, unknown>;
    createdBy: number;
  },
): Promise<{ id: number } | undefined> {
  const [r] = await exec
    .insert(approvalRequests)
    .values({ ...values, status: "pending" })
    .returning({ id: approvalRequests.id });
  return r;
}

/** The requests of one kind still waiting for a second operator, oldest first. */
export function pendingApprovals(
  exec: Executor,
  kind: ApprovalKind,
): Promise<Array<{ id: number; entityId: string | null; payload: Record<string, unknown> }>> {
  return exec
    .select({
      id: approvalRequests.id,
      entityId: approvalRequests.entityId,
      payload: approvalRequests.payload,
    })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.kind, kind), eq(approvalRequests.status, "pending")))
    .orderBy(asc(approvalRequests.id));
}

const creator = alias(operators, "approval_creator");
const decider = alias(operators, "approval_decider");

/** A page of the queue with the names of who asked and who decided; pending ones oldest first. */
export async function approvalsPage(
  exec: Executor,
  q: { status?: ApprovalStatus; page: number; pageSize: number },
): Promise<{ rows: Array<{ r: ApprovalRecord; c: string | null; d: string | null }>; total: number }> {
  const where = q.status ? eq(approvalRequests.status, q.status) : undefined;
  const [rows, [count]] = await Promise.all([
    exec
      .select({ r: approvalRequests, c: creator.username, d: decider.username })
      .from(approvalRequests)
      .leftJoin(creator, eq(creator.id, approvalRequests.createdBy))
      .leftJoin(decider, eq(decider.id, approvalRequests.decidedBy))
      .where(where)
      .orderBy(q.status === "pending" ? asc(approvalRequests.id) : desc(approvalRequests.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    exec.select({ n: sql<number>`count(*)::int` }).from(approvalRequests).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** A request, locked for its decision in the caller's transaction. */
export async function lockApprovalRequest(exec: Executor, id: number): Promise<ApprovalRecord | undefined> {
  const [r] = await exec.select().from(approvalRequests).where(eq(approvalRequests.id, id)).for("update");
  return r;
}

/** Decide a request that is still pending; undefined when it no longer is. */
export async function decideApprovalRequest(
  exec: Executor,
  id: number,
  set: { status: "applied" | "rejected"; decidedBy: number; decidedAt: Date; reason: string | null },
): Promise<ApprovalRecord | undefined> {
  const [done] = await exec
    .update(approvalRequests)
    .set(set)
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, "pending")))
    .returning();
  return done;
}
