import type { Executor } from "../../db/client.ts";

/**
 * The "contract" column of team management (spec §2 agent centre): for each member of
 * `memberIds` (all in `agentId`'s team), a one-line summary of the contract it holds from its
 * upline, or nothing. The contracts themselves (issue 15 point 3) are another module's: it fills
 * this function in; until then no member has one.
 */
export async function contractSummaries(
  _db: Executor,
  _agentId: number,
  _memberIds: readonly number[],
): Promise<Map<number, string>> {
  return new Map();
}
