import type { Role } from "@panalo/contracts/admin-roles";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import type { OperatorPrincipal } from "../../lib/operator-guard.ts";
import { createOperator } from "./operators.ts";
import * as repo from "./repo.ts";

/**
 * The back office's operator list and its changes: each change audited with before and after
 * in the same transaction.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const operatorDto = (o: repo.OperatorRecord) => ({
  id: o.id,
  username: o.username,
  role: o.role as Role,
  disabled: o.disabled,
  lastLoginAt: iso(o.lastLoginAt),
  createdAt: o.createdAt.toISOString(),
});

export async function listOperators(ctx: AppContext) {
  return (await repo.operatorRecords(ctx.db)).map(operatorDto);
}

/** Create an operator; the password and the TOTP secret are answered this once. */
export function addOperator(
  ctx: AppContext,
  op: OperatorPrincipal,
  body: { username: string; role: Role },
  ip: string,
) {
  return ctx.db.transaction(async (tx) => {
    const created = await createOperator(tx, body);
    await recordAudit(tx, {
      operatorId: op.id,
      operatorName: op.username,
      action: "create",
      entityType: "operator",
      entityId: String(created.id),
      before: null,
      after: { username: created.username, role: created.role },
      ip,
    });
    const row = await repo.operatorRecord(tx, created.id);
    if (!row) throw Errors.internal();
    return {
      operator: operatorDto(row),
      password: created.password,
      totpSecret: created.totpSecret,
      otpauthUrl: created.otpauthUrl,
    };
  });
}

/** Change an operator's role or disable them; no one demotes or disables themselves. */
export function updateOperator(
  ctx: AppContext,
  op: OperatorPrincipal,
  id: number,
  body: { role: Role; disabled: boolean },
  ip: string,
) {
  if (id === op.id) throw Errors.bad("FORBIDDEN");
  return ctx.db.transaction(async (tx) => {
    const before = await repo.lockOperatorRecord(tx, id);
    if (!before) throw Errors.notFound("operator");
    const after = await repo.setOperatorRole(tx, id, { role: body.role, disabled: body.disabled });
    if (!after) throw Errors.internal();
    // A disabled operator is signed out everywhere at once.
    if (body.disabled) await repo.deleteOperatorSessions(tx, id);
    await recordAudit(tx, {
      operatorId: op.id,
      operatorName: op.username,
      action: "update",
      entityType: "operator",
      entityId: String(id),
      before: operatorDto(before),
      after: operatorDto(after),
      ip,
    });
    return operatorDto(after);
  });
}
