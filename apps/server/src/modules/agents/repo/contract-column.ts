import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";

/** The live contracts held by `memberIds`, by member then kind (team management's column). */
export async function activeContractRates(db: Executor, memberIds: readonly number[]) {
  return queryRows<{ downline_id: string; kind: string; rate_bp: number }>(
    db,
    sql`SELECT downline_id, kind, rate_bp FROM agent_contracts
      WHERE status = 'active' AND downline_id IN (${sql.join(
        memberIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      ORDER BY downline_id, kind`,
  );
}
