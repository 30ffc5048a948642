import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";

/**
 * What other modules may read of loyalty's tables. They call these functions and never query
 * `loyalty_*` themselves.
 */

/** The member's VIP level as stored (loyalty_members.vip_level); null when loyalty has not seen the member. */
export async function storedVipLevel(exec: Executor, memberId: number): Promise<string | number | null> {
  const [row] = await queryRows<{ level: string | number | null }>(
    exec,
    sql`SELECT vip_level AS level FROM loyalty_members WHERE member_id = ${memberId}`,
  );
  return row?.level ?? null;
}

// The VIP rules other modules use: a member's label, withdrawal limits and rebate rates; the
// periodic review and birthday bonuses the job catalogue runs.
export { birthdayBonuses, memberLabel, memberWithdrawLimits, reviewVip, vipRebateRates } from "./vip.ts";
