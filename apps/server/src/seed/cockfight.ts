import { COCKFIGHT_GAME_CODE, COCKFIGHT_VENDOR } from "@panalo/contracts/cockfight";
import { and, eq, isNull } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { games, gameVendors } from "../db/schema/games.ts";
import { providerClients } from "../db/schema/providers.ts";
import { storeMedia } from "../modules/admin/media.ts";
import { searchTextOf } from "../modules/games/repo.ts";
import { inHouseProviderSecret } from "../modules/providers/service.ts";
import { gameTileSvg } from "./game-tile.ts";

/**
 * The cockfight game in the catalog: vendor SV3 (category COCKFIGHT), one game "sabong" (the
 * arena's live fights), launched at /rgs/cockfight/{gameCode}; the betting record's recall opens
 * /rgs/replay/{roundId} (the client opens the cockfight recall for vendor SV3). Idempotent: existing rows are kept.
 */
export async function seedCockfightGame(db: Db, config: Config): Promise<boolean> {
  const [vendor] = await db.select().from(gameVendors).where(eq(gameVendors.vassalage, COCKFIGHT_VENDOR));
  if (!vendor) return false;
  await db
    .update(gameVendors)
    .set({ launchUrl: "/rgs/cockfight/{gameCode}", replayUrl: "/rgs/replay/{roundId}" })
    .where(and(eq(gameVendors.vassalage, COCKFIGHT_VENDOR), isNull(gameVendors.launchUrl)));
  if (config.APP_SECRET)
    await db
      .insert(providerClients)
      .values({
        vendor: COCKFIGHT_VENDOR,
        secret: inHouseProviderSecret(config.APP_SECRET, COCKFIGHT_VENDOR),
      })
      .onConflictDoNothing();
  const [existing] = await db
    .select({ id: games.nodeId })
    .from(games)
    .where(eq(games.vendor, COCKFIGHT_VENDOR));
  if (existing) return false;
  const thumbnail = await storeMedia(
    db,
    Buffer.from(
      gameTileSvg({
        name: "Sabong",
        vendor: COCKFIGHT_VENDOR,
        colours: ["#922b21", "#3b0f0b"],
        volatility: "high",
        motif: "balls",
      }),
    ),
    "image/svg+xml",
  );
  await db
    .insert(games)
    .values({
      vendor: COCKFIGHT_VENDOR,
      gameCode: COCKFIGHT_GAME_CODE,
      gameType: vendor.gameType,
      gameClassify: "COCKFIGHT",
      names: { EN: "Sabong Arena", TY: "Sabong Arena" },
      searchText: searchTextOf("Sabong Arena"),
      minBet: 1000n,
      minLineNum: 1,
      thumbnail,
      sort: 0,
    })
    .onConflictDoNothing();
  return true;
}
