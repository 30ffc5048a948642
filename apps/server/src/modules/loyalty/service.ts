/**
 * What other modules may read of loyalty's tables. They call these functions and never query
 * `loyalty_*` themselves.
 */

/** The member's VIP level as stored (loyalty_members.vip_level); null when loyalty has not seen the member. */
export { storedVipLevel } from "./repo/vip.ts";

// The VIP rules other modules use: a member's label, withdrawal limits and rebate rates; the
// periodic review and birthday bonuses the job catalogue runs.
export { birthdayBonuses, memberLabel, memberWithdrawLimits, reviewVip, vipRebateRates } from "./vip.ts";
