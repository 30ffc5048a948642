import { DEFAULT_TABLES } from "@panalo/rgs/tables/catalog";
import { and, eq, isNull } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { games, gameVendors } from "../db/schema/games.ts";
import { providerClients } from "../db/schema/providers.ts";
import { storeMedia } from "../modules/admin/media.ts";
import { searchTextOf } from "../modules/games/repo.ts";
import { inHouseProviderSecret } from "../modules/providers/service.ts";
import { gameTileSvg, type TileMotif } from "./game-tile.ts";

/** The in-house live casino vendor: its tables run on the game server. */
export const LIVE_VENDOR = "PNL";
const COLOURS: Record<string, [string, string]> = {
  baccarat: ["#1e8449", "#0b3d1f"],
  baccarat_nc: ["#117864", "#06332b"],
  roulette: ["#922b21", "#2c0b08"],
  dragon_tiger: ["#b9770e", "#3d2704"],
  sicbo: ["#5b2c6f", "#1c0d23"],
};

const MOTIF: Record<string, TileMotif> = {
  baccarat: "cards",
  baccarat_nc: "cards",
  dragon_tiger: "cards",
  roulette: "roulette",
  sicbo: "dice",
};

/**
 * The live tables in the catalog: one game per table of vendor PNL (gameCode = the table's id),
 * launched at /rgs/tables/{gameCode}. Idempotent like seedGames: existing rows are kept.
 */
export async function seedLiveTableGames(db: Db, config: Config): Promise<number> {
  const [vendor] = await db.select().from(gameVendors).where(eq(gameVendors.vassalage, LIVE_VENDOR));
  if (!vendor) return 0;
  await db
    .update(gameVendors)
    .set({ launchUrl: "/rgs/tables/{gameCode}", replayUrl: "/rgs/replay/{roundId}" })
    .where(and(eq(gameVendors.vassalage, LIVE_VENDOR), isNull(gameVendors.launchUrl)));
  if (config.APP_SECRET)
    await db
      .insert(providerClients)
      .values({ vendor: LIVE_VENDOR, secret: inHouseProviderSecret(config.APP_SECRET, LIVE_VENDOR) })
      .onConflictDoNothing();
  const existing = await db
    .select({ gameCode: games.gameCode })
    .from(games)
    .where(eq(games.vendor, LIVE_VENDOR));
  let added = 0;
  for (const [i, t] of DEFAULT_TABLES.entries()) {
    if (existing.some((e) => e.gameCode === t.id)) continue;
    const thumbnail = await storeMedia(
      db,
      Buffer.from(
        gameTileSvg({
          name: t.name.EN,
          vendor: LIVE_VENDOR,
          colours: COLOURS[t.game] ?? ["#1e8449", "#0b3d1f"],
          volatility: "low",
          motif: MOTIF[t.game] ?? "cards",
        }),
      ),
      "image/svg+xml",
    );
    await db
      .insert(games)
      .values({
        vendor: LIVE_VENDOR,
        gameCode: t.id,
        gameType: vendor.gameType,
        gameClassify: "LIVE",
        names: { EN: t.name.EN, TY: t.name.TY },
        searchText: searchTextOf(`${t.name.EN} ${t.name.TY}`),
        minBet: BigInt(t.min),
        minLineNum: 1,
        thumbnail,
        isHot: i < 2,
        sort: i,
      })
      .onConflictDoNothing();
    added++;
  }
  return added;
}
