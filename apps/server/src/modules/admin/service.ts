import type { Role } from "@panalo/contracts/admin-roles";
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

const roleList = (roles: readonly Role[]) =>
  sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  );

/** Operators not disabled whose role is one of `roles`, by username. */
export async function activeOperatorsIn(exec: Executor, roles: readonly Role[]): Promise<OperatorName[]> {
  if (roles.length === 0) return [];
  return queryRows<OperatorName>(
    exec,
    sql`SELECT id, username FROM operators WHERE NOT disabled AND role IN (${roleList(roles)}) ORDER BY username`,
  );
}

/** Whether operator `id` exists, is not disabled and holds one of `roles`. */
export async function isActiveOperatorIn(
  exec: Executor,
  id: number,
  roles: readonly Role[],
): Promise<boolean> {
  if (roles.length === 0) return false;
  const [row] = await queryRows<{ id: number }>(
    exec,
    sql`SELECT id FROM operators WHERE id = ${id} AND NOT disabled AND role IN (${roleList(roles)})`,
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
