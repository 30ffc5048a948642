import type { Permission } from "@panalo/contracts/admin-roles";
import { BigIdParams, PageNo, pageSize } from "@panalo/contracts/input";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Executor, Tx } from "../../db/client.ts";
import type { ApprovalKind } from "../../db/schema/admin.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import {
  type ApprovalRecord,
  approvalsPage,
  decideApprovalRequest,
  insertApprovalRequest,
  lockApprovalRequest,
} from "./repo/approvals.ts";

export { pendingApprovals } from "./repo/approvals.ts";

/**
 * Four eyes: a change that could move money without money behind it — a new
 * payment channel, enabling one, new secrets, another bank account, a higher limit — is stored
 * here by the first operator and takes effect only when a different operator approves it. The
 * approval re-runs the change's own checks, against the version it was made on.
 */
export interface Applier {
  /** Who may approve (besides being another operator). */
  permission: Permission;
  /** The audit entity of the change. */
  entityType: string;
  apply(tx: Tx, request: ApprovalRecord, op: { id: number; username: string }, ip: string): Promise<unknown>;
  /** After the approval committed (say, announcing new balances); never undoes it. */
  afterCommit?(result: unknown): Promise<void>;
}
/** Per app (each carries its own settings, e.g. demo mode), filled as the modules register. */
const appliersByApp = new WeakMap<AppContext, Map<ApprovalKind, Applier>>();
const appliersOf = (ctx: AppContext) => {
  const known = appliersByApp.get(ctx);
  if (known) return known;
  const made = new Map<ApprovalKind, Applier>();
  appliersByApp.set(ctx, made);
  return made;
};
export function registerApplier(ctx: AppContext, kind: ApprovalKind, applier: Applier): void {
  appliersOf(ctx).set(kind, applier);
}

/**
 * Store a change for a second operator, audit the request, and answer APPROVAL_PENDING (HTTP
 * 202): nothing has changed yet. Call inside the transaction that read the current state.
 */
export async function requestApproval(
  ctx: AppContext,
  tx: Executor,
  input: {
    kind: ApprovalKind;
    entityId: string | null;
    payload: Record<string, unknown>;
    base: unknown;
    summary: Record<string, unknown>;
    op: { id: number; username: string };
    ip: string;
  },
): Promise<never> {
  const r = await insertApprovalRequest(tx, {
    kind: input.kind,
    entityId: input.entityId,
    payload: input.payload,
    base: input.base,
    summary: input.summary,
    createdBy: input.op.id,
  });
  if (!r) throw Errors.internal();
  await recordAudit(tx, {
    operatorId: input.op.id,
    operatorName: input.op.username,
    action: "request",
    entityType: appliersOf(ctx).get(input.kind)?.entityType ?? input.kind,
    entityId: input.entityId ?? `approval:${r.id}`,
    before: null,
    after: { approvalId: r.id, kind: input.kind, ...input.summary },
    ip: input.ip,
  });
  throw new AppError("APPROVAL_PENDING", 202, { id: r.id }, undefined, { approvalId: r.id });
}

/**
 * requestApproval answers by throwing (so a route's transaction commits the request first and
 * then the answer is sent): run `fn` in a transaction that commits when it ends in APPROVAL_PENDING.
 */
export async function withApproval<T>(ctx: AppContext, fn: (tx: Executor) => Promise<T>): Promise<T> {
  let pending: AppError | null = null;
  const out = await ctx.db.transaction(async (tx) => {
    try {
      return await fn(tx);
    } catch (err) {
      if (err instanceof AppError && err.code === "APPROVAL_PENDING") {
        pending = err;
        return undefined as T;
      }
      throw err;
    }
  });
  if (pending) throw pending;
  return out;
}

export async function approvalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const dto = (r: ApprovalRecord, createdByName: string | null, decidedByName: string | null) => ({
    id: r.id,
    kind: r.kind,
    entityId: r.entityId,
    summary: r.summary,
    status: r.status,
    reason: r.reason,
    createdBy: r.createdBy,
    createdByName,
    decidedBy: r.decidedBy,
    decidedByName,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  });

  route(
    app,
    {
      method: "GET",
      url: "/api/admin/approvals",
      query: z.object({
        status: z.enum(["pending", "applied", "rejected"]).optional(),
        page: PageNo.default(1),
        pageSize: pageSize(100).default(50),
      }),
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ query }) => {
      const { rows, total } = await approvalsPage(ctx.db, query);
      return { items: rows.map(({ r, c, d }) => dto(r, c, d)), total };
    },
  );

  const decide =
    (approve: boolean) =>
    async (id: number, req: Parameters<typeof operatorOf>[0], ip: string, reason: string | null) => {
      const op = operatorOf(req);
      const after: { run?: () => Promise<void> } = {};
      const out = await ctx.db.transaction(async (tx) => {
        const r = await lockApprovalRequest(tx, id);
        if (!r) throw Errors.notFound("request");
        if (r.status !== "pending") throw Errors.conflict("APPROVAL_NOT_PENDING");
        const applier = appliersOf(ctx).get(r.kind);
        if (!applier) throw Errors.internal();
        // Never the operator who asked, and only one whose role (as it stands now) holds the
        // permission the change needs: any two different holders of it make four eyes.
        if (r.createdBy === op.id) throw Errors.forbiddenCode("APPROVER_MUST_DIFFER");
        if (!op.permissions.includes(applier.permission)) throw Errors.forbidden();
        const result = approve ? await applier.apply(tx, r, op, ip) : null;
        if (approve && applier.afterCommit)
          after.run = () => applier.afterCommit?.(result) ?? Promise.resolve();
        const done = await decideApprovalRequest(tx, id, {
          status: approve ? "applied" : "rejected",
          decidedBy: op.id,
          decidedAt: ctx.clock.now(),
          reason,
        });
        if (!done) throw Errors.conflict("APPROVAL_NOT_PENDING");
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: approve ? "approve" : "reject",
          entityType: applier.entityType,
          entityId: r.entityId ?? `approval:${r.id}`,
          before: { approvalId: r.id, status: "pending", requestedBy: r.createdBy },
          after: { approvalId: r.id, status: done.status, reason, result: result ?? null },
          ip,
        });
        return dto(done, null, op.username);
      });
      await after.run?.();
      return out;
    };
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/approvals/:id/approve",
      params: BigIdParams,
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ params, req, ip }) => decide(true)(params.id, req, ip, null),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/approvals/:id/reject",
      params: BigIdParams,
      body: z.object({ reason: z.string().trim().min(3).max(200) }),
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ params, body, req, ip }) => decide(false)(params.id, req, ip, body.reason),
  );
}
