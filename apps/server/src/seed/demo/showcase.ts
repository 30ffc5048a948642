import { sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import { type Db, queryRows } from "../../db/client.ts";
import { readSettings, writeSetting } from "../../modules/content/settings.ts";
import { type DemoAgent, seedDemoAgent } from "./agents.ts";
import { seedDemoIncentives } from "./incentives.ts";
import { seedDemoLoyalty } from "./loyalty.ts";

/**
 * What demo mode adds to the base seed, so an operator evaluating a fresh `npm start` meets the
 * whole product in minutes: customer-service chat, login by SMS code, password recovery by
 * mobile and e-mail (codes and links in the back office's outbox), the VIP programme, missions
 * and their leaderboard, the points mall, a deposit bonus, rebates, invite-friends rewards,
 * e-sports, and an agent with a team. A production install (demo mode off) starts with all of
 * these off, as the operator decides. Written once, in the first start's seed transaction.
 */
const SHOWCASE_KEY = "demo_showcase";

export async function seedDemoShowcase(db: Db, config: Config): Promise<{ agent: DemoAgent } | null> {
  if (!config.DEMO_MODE) return null;
  const [done] = await queryRows<{ key: string }>(
    db,
    sql`SELECT key FROM settings WHERE key = ${SHOWCASE_KEY}`,
  );
  if (done) return null;
  const now = new Date();
  const { whitelabel } = await readSettings(db, ["whitelabel"]);
  await writeSetting(db, "whitelabel", {
    switches: {
      ...whitelabel.switches,
      CBS3: true,
      MOBILEVERCODELOGIN3: true,
      REGMOBVERF3: true,
      CHNGPASSVERIF3: true,
      CHNGPASSMAIL3: true,
    },
  });
  // E-sports: the in-house e-sports vendor, when this version has one.
  await db.execute(sql`UPDATE game_vendors SET enabled = true WHERE game_type = 'ESPORTS'`);
  await seedDemoLoyalty(db, now);
  await seedDemoIncentives(db);
  const agent = await seedDemoAgent(db, now);
  await db.execute(
    sql`INSERT INTO settings (key, value) VALUES (${SHOWCASE_KEY}, ${JSON.stringify({ at: now.toISOString() })}::jsonb)`,
  );
  return { agent };
}
