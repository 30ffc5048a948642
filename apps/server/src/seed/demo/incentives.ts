import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/**
 * The demo's money incentives (demo mode only), each on the terms an operator would set:
 * - a first-deposit bonus the player picks on the deposit page: 100 % up to ₱500 from a ₱100
 *   deposit, 10× the bonus to wager within 14 days, slots counting in full;
 * - daily rebates per game category, claimed by the player in the reward centre (manual mode);
 * - invite-friends rewards for the referrer: on the friend's first deposit of ₱200 or more and
 *   when the friend's valid bets reach ₱2,000.
 */
export const DEMO_BONUS_NAME = "Welcome bonus 100% up to ₱500";

const REBATES: Array<[string, number]> = [
  // game type, rate in hundredths of a basis point (5000 = 0.5 %)
  ["RNG", 5_000],
  ["FISH", 5_000],
  ["LIVE", 3_000],
  ["SPORTS", 3_000],
  ["ESPORTS", 3_000],
  ["LOTT", 2_000],
  ["BINGO", 2_000],
];

export async function seedDemoIncentives(db: Db): Promise<void> {
  await db.execute(sql`INSERT INTO bonus_rules (name, kind, currency, percent, max_bonus, min_deposit,
      wagering_multiple, wagering_base, contributions, max_bet, expiry_days)
    VALUES (${DEMO_BONUS_NAME}, 'first_deposit', 'PHP', 100, 50000, 10000, 10, 'bonus',
      '{"RNG": 100, "FISH": 100, "LIVE": 20, "SPORTS": 20, "ESPORTS": 20, "*": 10}'::jsonb, 50000, 14)`);
  for (const [gameType, ratePpm] of REBATES) {
    await db.execute(sql`INSERT INTO rebate_rates (game_type, vip_level, rate_ppm, min_payout)
      VALUES (${gameType}, 0, ${ratePpm}, 100) ON CONFLICT (game_type, vip_level) DO NOTHING`);
  }
  await db.execute(sql`UPDATE rebate_settings SET mode = 'manual', claim_days = 7 WHERE id = 1`);
  await db.execute(sql`UPDATE referral_settings SET enabled = true, register_reward = 0,
      deposit_reward = 5000, deposit_min = 20000, bet_reward = 10000, bet_threshold = 200000 WHERE id = 1`);
}
