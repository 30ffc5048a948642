import { OWNER_ROLE, type Permission } from "@panalo/contracts/admin-roles";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";

/**
 * The admin module's public face: what other modules may use of it. Operators and their
 * sessions, the audit page, the four-eyes approval queue, TOTP and stored media. Anything not
 * exported here is the admin module's own. The route guard and the audit writer every module
 * uses are in lib/ (operator-guard.ts, audit.ts); this module fills in the guard's session
 * lookup when it loads.
 */
export * from "./approvals.ts";
export * from "./audit.ts";
export * from "./media.ts";
export * from "./operators.ts";
export * from "./totp.ts";

/**
 * What other modules may read of the back office's own tables (operators). They call these
 * functions and never query `operators` themselves.
 */

export interface OperatorName {
  id: number;
  username: string;
}

/** Operators whose role holds `permission` (the owner holds all): a WHERE condition. */
const holds = (permission: Permission) =>
  sql`(o.role = ${OWNER_ROLE} OR ${permission} = ANY (r.permissions))`;

/** Operators not disabled whose role holds `permission`, by username. */
export async function activeOperatorsWith(exec: Executor, permission: Permission): Promise<OperatorName[]> {
  return queryRows<OperatorName>(
    exec,
    sql`SELECT o.id, o.username FROM operators o JOIN admin_roles r ON r.name = o.role
        WHERE NOT o.disabled AND ${holds(permission)} ORDER BY o.username`,
  );
}

/** Whether operator `id` exists, is not disabled and its role holds `permission`. */
export async function isActiveOperatorWith(
  exec: Executor,
  id: number,
  permission: Permission,
): Promise<boolean> {
  const [row] = await queryRows<{ id: number }>(
    exec,
    sql`SELECT o.id FROM operators o JOIN admin_roles r ON r.name = o.role
        WHERE o.id = ${id} AND NOT o.disabled AND ${holds(permission)}`,
  );
  return row !== undefined;
}

/** The usernames of the operators `ids` (missing ones are left out). */
export async function operatorNames(exec: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await queryRows<OperatorName>(
    exec,
    sql`SELECT id, username FROM operators WHERE id IN (${sql.join(
      unique.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}
