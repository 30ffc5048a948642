import type { Executor } from "../../db/client.ts";
import { activeContractRates } from "./repo/contract-column.ts";

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
  const rows = await activeContractRates(db, memberIds);
  for (const r of rows) {
    const id = Number(r.downline_id);
    const item = `${r.kind} ${(Number(r.rate_bp) / 100).toFixed(2)}%`;
    out.set(id, out.has(id) ? `${out.get(id)}, ${item}` : item);
  }
  return out;
}
