import { OWNER_ROLE, type Permission } from "@panalo/contracts/admin-roles";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";

/** The reads of `operators` other modules may make, published by service.ts. */

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
