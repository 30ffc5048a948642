import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";

/**
 * The "contract" column of team management (spec §2 agent centre): for each member of
 * `memberIds` (all in `agentId`'s team, checked by the caller), the live contracts it holds, in
 * a line of `<kind> <rate>%` items joined by ", " (e.g. `daily_salary 0.60%, dividend 15.00%`);
 * the rate is the contract's headline rate (its highest tier, or a real-time salary's higher
 * rate). The web translates each kind. Members holding none are left out.
 */
export async function contractSummaries(
  db: Executor,
  _agentId: number,
  memberIds: readonly number[],
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (memberIds.length === 0) return out;
  const rows = await queryRows<{ downline_id: string; kind: string; rate_bp: number }>(
    db,
    sql`SELECT downline_id, kind, rate_bp FROM agent_contracts
      WHERE status = 'active' AND downline_id IN (${sql.join(
        memberIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      ORDER BY downline_id, kind`,
  );
  for (const r of rows) {
    const id = Number(r.downline_id);
    const item = `${r.kind} ${(Number(r.rate_bp) / 100).toFixed(2)}%`;
    out.set(id, out.has(id) ? `${out.get(id)}, ${item}` : item);
  }
  return out;
}
