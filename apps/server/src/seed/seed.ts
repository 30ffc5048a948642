import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { seedDemoContent } from "./content.ts";
import { seedGames } from "./games.ts";
import { seedLotteryGames } from "./lottery.ts";
import { type SeededOperator, seedOperator } from "./operator.ts";

/** First start: the demo brand's content and the first owner account, each only once. */
export async function seedIfEmpty(db: Db, config: Config): Promise<{ operator: SeededOperator | null }> {
  await seedDemoContent(db, config);
  await seedGames(db, config);
  await seedLotteryGames(db, config);
  const operator = await seedOperator(db);
  return { operator };
}
