import {
  effectivePermissions,
  OWNER_ONLY_PERMISSIONS,
  OWNER_ROLE,
  type Permission,
  Permissions,
  type Role,
} from "@panalo/contracts/admin-roles";
import type { Executor } from "../../db/client.ts";
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

/**
 * Whether `op` may give role `name` (or take it away): it must exist, and an operator gives
 * only a role whose permissions they hold themselves — no one raises anyone, themselves by a
 * colleague included, above their own reach. The owner role is the owner's alone to give.
 */
async function assertMayGive(exec: Executor, op: OperatorPrincipal, name: string): Promise<void> {
  const role = await repo.roleRecord(exec, name);
  if (!role) throw Errors.bad("ROLE_UNKNOWN");
  const wanted = effectivePermissions(name, role.permissions);
  if (wanted.some((p) => !op.permissions.includes(p))) throw Errors.forbiddenCode("ROLE_BEYOND_OWN");
}

/** Create an operator; the password and the TOTP secret are answered this once. */
export function addOperator(
  ctx: AppContext,
  op: OperatorPrincipal,
  body: { username: string; role: Role },
  ip: string,
) {
  return ctx.db.transaction(async (tx) => {
    await assertMayGive(tx, op, body.role);
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
    // Changing someone who holds more than oneself, or giving more than one holds, is refused.
    await assertMayGive(tx, op, before.role);
    if (body.role !== before.role) await assertMayGive(tx, op, body.role);
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

// ---------- roles (the owner's) ----------

const roleDto = (r: repo.RoleRecord & { holders: number }) => ({
  name: r.name,
  label: r.label,
  permissions: effectivePermissions(r.name, r.permissions),
  fixed: r.name === OWNER_ROLE,
  operators: r.holders,
  version: r.version,
});

/** Permissions in the catalogue's order, each once; the owner's own ones are refused. */
function cleanPermissions(list: readonly Permission[]): Permission[] {
  if (list.some((p) => OWNER_ONLY_PERMISSIONS.includes(p))) throw Errors.bad("ROLE_OWNER_ONLY_PERMISSION");
  return Permissions.filter((p) => list.includes(p));
}

export async function listRoles(ctx: AppContext) {
  return (await repo.roleRecords(ctx.db)).map(roleDto);
}

export function createRole(
  ctx: AppContext,
  op: OperatorPrincipal,
  body: { name: string; label: string; permissions: Permission[] },
  ip: string,
) {
  const permissions = cleanPermissions(body.permissions);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertRole(tx, { name: body.name, label: body.label, permissions });
    if (!row) throw Errors.conflict("ROLE_EXISTS");
    const out = roleDto({ ...row, holders: 0 });
    await recordAudit(tx, {
      operatorId: op.id,
      operatorName: op.username,
      action: "create",
      entityType: "role",
      entityId: row.name,
      before: null,
      after: { label: out.label, permissions: out.permissions },
      ip,
    });
    return out;
  });
}

/** Change a role's name shown and permissions; its operators hold the new set at once. */
export function updateRole(
  ctx: AppContext,
  op: OperatorPrincipal,
  name: string,
  body: { label: string; permissions: Permission[]; version: number },
  ip: string,
) {
  if (name === OWNER_ROLE) throw Errors.forbiddenCode("ROLE_FIXED");
  const permissions = cleanPermissions(body.permissions);
  return ctx.db.transaction(async (tx) => {
    const before = await repo.lockRoleRecord(tx, name);
    if (!before) throw Errors.notFound("role");
    const after = await repo.updateRole(tx, name, body.version, {
      label: body.label,
      permissions,
      updatedAt: ctx.clock.now(),
    });
    if (!after) throw Errors.conflict("VERSION_CONFLICT");
    const holders = await repo.roleHolders(tx, name);
    await recordAudit(tx, {
      operatorId: op.id,
      operatorName: op.username,
      action: "update",
      entityType: "role",
      entityId: name,
      before: { label: before.label, permissions: before.permissions },
      after: { label: after.label, permissions: after.permissions },
      ip,
    });
    return roleDto({ ...after, holders });
  });
}

/** Delete a role no operator holds. */
export function deleteRole(ctx: AppContext, op: OperatorPrincipal, name: string, ip: string) {
  if (name === OWNER_ROLE) throw Errors.forbiddenCode("ROLE_FIXED");
  return ctx.db.transaction(async (tx) => {
    const before = await repo.lockRoleRecord(tx, name);
    if (!before) throw Errors.notFound("role");
    if ((await repo.roleHolders(tx, name)) > 0) throw Errors.conflict("ROLE_IN_USE");
    await repo.deleteRole(tx, name);
    await recordAudit(tx, {
      operatorId: op.id,
      operatorName: op.username,
      action: "delete",
      entityType: "role",
      entityId: name,
      before: { label: before.label, permissions: before.permissions },
      after: null,
      ip,
    });
    return null;
  });
}
