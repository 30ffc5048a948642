import { DEFAULT_CRASH_ROOMS } from "@panalo/rgs/crashgame/catalog";
import { and, eq, isNull } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { games, gameVendors } from "../db/schema/games.ts";
import { providerClients } from "../db/schema/providers.ts";
import { storeMedia } from "../modules/admin/media.ts";
import { searchTextOf } from "../modules/games/repo.ts";
import { inHouseProviderSecret } from "../modules/providers/service.ts";
import { gameTileSvg } from "./game-tile.ts";

/** The in-house crash vendor: its rooms run on the game server (docs/crash.md). */
export const CRASH_VENDOR = "PNC";

/**
 * The crash rooms in the catalog: one game per room of vendor PNC (gameCode = the room's id,
 * vendor type RNG — the spec has no crash category; the online games' lane — classify CRASH),
 * launched at /rgs/crash/{gameCode}; the betting record's recall opens /rgs/replay/{roundId}.
 * Idempotent like seedGames: existing rows are kept.
 */
export async function seedCrashGames(db: Db, config: Config): Promise<number> {
  const [vendor] = await db.select().from(gameVendors).where(eq(gameVendors.vassalage, CRASH_VENDOR));
  if (!vendor) return 0;
  await db
    .update(gameVendors)
    .set({ launchUrl: "/rgs/crash/{gameCode}", replayUrl: "/rgs/replay/{roundId}" })
    .where(and(eq(gameVendors.vassalage, CRASH_VENDOR), isNull(gameVendors.launchUrl)));
  if (config.APP_SECRET)
    await db
      .insert(providerClients)
      .values({ vendor: CRASH_VENDOR, secret: inHouseProviderSecret(config.APP_SECRET, CRASH_VENDOR) })
      .onConflictDoNothing();
  const existing = await db
    .select({ gameCode: games.gameCode })
    .from(games)
    .where(eq(games.vendor, CRASH_VENDOR));
  let added = 0;
  for (const [i, r] of DEFAULT_CRASH_ROOMS.entries()) {
    if (existing.some((e) => e.gameCode === r.id)) continue;
    const thumbnail = await storeMedia(
      db,
      Buffer.from(
        gameTileSvg({
          name: r.name.EN,
          vendor: CRASH_VENDOR,
          colours: ["#c0392b", "#2c0b07"],
          volatility: "high",
        }),
      ),
      "image/svg+xml",
    );
    await db
      .insert(games)
      .values({
        vendor: CRASH_VENDOR,
        gameCode: r.id,
        gameType: vendor.gameType,
        gameClassify: "CRASH",
        names: { EN: r.name.EN, TY: r.name.TY },
        searchText: searchTextOf(`${r.name.EN} crash multiplier`),
        minBet: BigInt(r.minBet),
        minLineNum: 1,
        thumbnail,
        isHot: i === 0,
        sort: i,
      })
      .onConflictDoNothing();
    added++;
  }
  return added;
}
