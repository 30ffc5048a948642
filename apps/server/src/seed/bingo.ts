import { DEFAULT_ROOMS } from "@panalo/rgs/bingo/catalog";
import { and, eq, isNull } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { games, gameVendors } from "../db/schema/games.ts";
import { providerClients } from "../db/schema/providers.ts";
import { storeMedia } from "../modules/admin/media.ts";
import { searchTextOf } from "../modules/games/repo.ts";
import { inHouseProviderSecret } from "../modules/providers/service.ts";
import { gameTileSvg } from "./game-tile.ts";

/** The in-house bingo vendor: its rooms run on the game server. */
export const BINGO_VENDOR = "PNB";

/**
 * The bingo rooms in the catalog: one game per room of vendor PNB (gameCode = the room's id,
 * category BINGO), launched at /rgs/bingo/{gameCode}; the betting record's recall opens
 * /rgs/replay/{roundId}. Idempotent like seedGames: existing rows are kept.
 */
export async function seedBingoGames(db: Db, config: Config): Promise<number> {
  const [vendor] = await db.select().from(gameVendors).where(eq(gameVendors.vassalage, BINGO_VENDOR));
  if (!vendor) return 0;
  await db
    .update(gameVendors)
    .set({ launchUrl: "/rgs/bingo/{gameCode}", replayUrl: "/rgs/replay/{roundId}" })
    .where(and(eq(gameVendors.vassalage, BINGO_VENDOR), isNull(gameVendors.launchUrl)));
  if (config.APP_SECRET)
    await db
      .insert(providerClients)
      .values({ vendor: BINGO_VENDOR, secret: inHouseProviderSecret(config.APP_SECRET, BINGO_VENDOR) })
      .onConflictDoNothing();
  const existing = await db
    .select({ gameCode: games.gameCode })
    .from(games)
    .where(eq(games.vendor, BINGO_VENDOR));
  let added = 0;
  for (const [i, r] of DEFAULT_ROOMS.entries()) {
    if (existing.some((e) => e.gameCode === r.id)) continue;
    const thumbnail = await storeMedia(
      db,
      Buffer.from(
        gameTileSvg({
          name: r.name.EN,
          vendor: BINGO_VENDOR,
          colours: r.kind === "bingo90" ? ["#ca6f1e", "#4a2508"] : ["#1f618d", "#0b2638"],
          volatility: "low",
          motif: "balls",
        }),
      ),
      "image/svg+xml",
    );
    await db
      .insert(games)
      .values({
        vendor: BINGO_VENDOR,
        gameCode: r.id,
        gameType: vendor.gameType,
        gameClassify: "BINGO",
        names: { EN: r.name.EN, TY: r.name.TY },
        searchText: searchTextOf(`${r.name.EN} ${r.name.TY}`),
        minBet: BigInt(r.price),
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
