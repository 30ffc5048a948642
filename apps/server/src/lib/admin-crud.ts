import type { Permission } from "@panalo/contracts/admin-roles";
import { Id, INT4_MAX, intInput } from "@panalo/contracts/input";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Executor } from "../db/client.ts";
import { recordAudit } from "./audit.ts";
import type { AppContext } from "./context.ts";
import { Errors } from "./errors.ts";
import { operatorOf, requireOperator } from "./operator-guard.ts";
import { route } from "./route.ts";

const IdParams = z.object({ id: Id });

// The audited list/create/update/delete calls any module's back-office entity uses (the admin
// module's notices and banners, promotions' own): guarded and audited through lib only.

/** How one editable content entity is read and written; the generic part adds the rest. */
export interface CrudSpec<I, R extends { id: number; version: number }> {
  /** URL under /api/admin, e.g. "/notices". */
  path: string;
  /** Audit entity type, e.g. "notice". */
  entity: string;
  input: z.ZodType<I>;
  read: Permission;
  write: Permission;
  list(exec: Executor): Promise<R[]>;
  get(exec: Executor, id: number): Promise<R | undefined>;
  insert(exec: Executor, input: I): Promise<R>;
  /** Update only when the stored version equals `version`; answers the new row or undefined. */
  update(exec: Executor, id: number, version: number, input: I): Promise<R | undefined>;
  remove(exec: Executor, id: number): Promise<void>;
}

/**
 * List, create, update (optimistic: the version the editor loaded must still be current) and
 * delete, each change audited with before and after in the same transaction.
 */
export function crudRoutes<I, R extends { id: number; version: number }>(
  app: FastifyInstance,
  ctx: AppContext,
  spec: CrudSpec<I, R>,
): void {
  const { db } = ctx;
  const url = `/api/admin${spec.path}`;
  const canRead = [requireOperator(ctx, spec.read)];
  const canWrite = [requireOperator(ctx, spec.write)];

  route(app, { method: "GET", url, guards: canRead }, async () => spec.list(db));

  route(app, { method: "POST", url, body: spec.input, guards: canWrite }, async ({ body, req, ip }) => {
    const op = operatorOf(req);
    return db.transaction(async (tx) => {
      const row = await spec.insert(tx, body);
      await recordAudit(tx, {
        operatorId: op.id,
        operatorName: op.username,
        action: "create",
        entityType: spec.entity,
        entityId: String(row.id),
        before: null,
        after: row,
        ip,
      });
      return row;
    });
  });

  // The body is the entity's fields plus the version the editor loaded.
  const UpdateBody = z.intersection(spec.input, z.object({ version: intInput(1, INT4_MAX) }));
  route(
    app,
    { method: "PUT", url: `${url}/:id`, params: IdParams, body: UpdateBody, guards: canWrite },
    async ({ params, body, req, ip }) => {
      const op = operatorOf(req);
      return db.transaction(async (tx) => {
        const before = await spec.get(tx, params.id);
        if (!before) throw Errors.notFound(spec.entity);
        const { version, ...data } = body as I & { version: number };
        const after = await spec.update(tx, params.id, version, data as I);
        if (!after) throw Errors.conflict("VERSION_CONFLICT");
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "update",
          entityType: spec.entity,
          entityId: String(params.id),
          before,
          after,
          ip,
        });
        return after;
      });
    },
  );

  route(
    app,
    { method: "DELETE", url: `${url}/:id`, params: IdParams, guards: canWrite },
    async ({ params, req, ip }) => {
      const op = operatorOf(req);
      return db.transaction(async (tx) => {
        const before = await spec.get(tx, params.id);
        if (!before) throw Errors.notFound(spec.entity);
        await spec.remove(tx, params.id);
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "delete",
          entityType: spec.entity,
          entityId: String(params.id),
          before,
          after: null,
          ip,
        });
        return { id: params.id };
      });
    },
  );
}
