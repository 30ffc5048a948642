import { sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { seedBingoGames } from "./bingo.ts";
import { seedCardGames } from "./cards.ts";
import { seedCockfightGame } from "./cockfight.ts";
import { seedDemoContent } from "./content.ts";
import { seedCrashGames } from "./crash.ts";
import type { DemoAgent } from "./demo/agents.ts";
import { seedDemoShowcase } from "./demo/showcase.ts";
import { seedFishGames } from "./fish.ts";
import { seedGames } from "./games.ts";
import { seedLiveTableGames } from "./live-tables.ts";
import { seedLotteryGames } from "./lottery.ts";
import { type SeededOperator, seedOperator } from "./operator.ts";

/** 72_013 names "the seeding lock" (72_011 the platform's migrations, 72_012 the RGS's). */
const SEED_LOCK = 72013;

/**
 * First start: the brand's base content (the in-house games, banners, notices, help) and the
 * first owner account, each only once; in demo mode also the showcase (demo/showcase.ts) —
 * features switched on and set up as an operator would, and a demo agent. Several
 * processes started together on an empty database seed once: the whole seed is one transaction
 * under an advisory lock, so the second waits for the first to commit, then finds everything
 * there and adds nothing; a crash mid-seed leaves nothing half-written for the next start.
 * Each part checks what exists before writing, so running it again is harmless.
 */
export async function seedIfEmpty(
  db: Db,
  config: Config,
): Promise<{ operator: SeededOperator | null; demoAgent: DemoAgent | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const inTx = tx as unknown as Db; // the same query surface; nested transactions become savepoints
    await seedDemoContent(inTx, config);
    await seedGames(inTx, config);
    await seedLotteryGames(inTx, config);
    await seedLiveTableGames(inTx, config);
    await seedBingoGames(inTx, config);
    await seedCockfightGame(inTx, config);
    await seedFishGames(inTx, config);
    await seedCardGames(inTx, config);
    await seedCrashGames(inTx, config);
    const showcase = await seedDemoShowcase(inTx, config);
    const operator = await seedOperator(inTx);
    return { operator, demoAgent: showcase?.agent ?? null };
  });
}
