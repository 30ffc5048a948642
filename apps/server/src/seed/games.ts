import { parseMoney } from "@panalo/contracts/money";
import { rgsCatalog, TRANSFER_VENDORS } from "@panalo/rgs/catalog";
import { and, inArray, isNull } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { games, gameVendors } from "../db/schema/games.ts";
import { providerClients } from "../db/schema/providers.ts";
import { storeMedia } from "../modules/admin/media.ts";
import { searchTextOf } from "../modules/games/repo.ts";
import { inHouseProviderSecret } from "../modules/providers/service.ts";
import { gameTileSvg } from "./game-tile.ts";

/** The vendors whose games the in-house game server (apps/rgs) serves. */
const IN_HOUSE = ["PNS", "PNG", "PNX"] as const;
/** spec §4 hot list: the first games of each in-house vendor are shown as hot. */
const HOT_PER_VENDOR = 2;

/**
 * The in-house games in the catalog (spec §3 game): one row per `rgsCatalog()` game under its
 * vendor, with a tile drawn from its colours. Only launchable games are listed: other demo
 * vendors keep their empty state. Idempotent: existing games and vendor settings are kept
 * (an operator's edits win), games the game server adds later are added on the next start.
 */
export async function seedGames(db: Db, config: Config): Promise<number> {
  const vendors = await db
    .select({ vassalage: gameVendors.vassalage, gameType: gameVendors.gameType })
    .from(gameVendors)
    .where(inArray(gameVendors.vassalage, [...IN_HOUSE]));
  if (vendors.length === 0) return 0;
  let added = 0;
  await db.transaction(async (tx) => {
    // First run only: how the in-house vendors launch and replay rounds, and that trial accounts
    // may play them.
    await tx
      .update(gameVendors)
      .set({ launchUrl: "/rgs/games/{gameCode}", replayUrl: "/rgs/replay/{roundId}", playMoney: true })
      .where(and(inArray(gameVendors.vassalage, [...IN_HOUSE]), isNull(gameVendors.launchUrl)));
    // The game server derives the same secrets from APP_SECRET; without it none can be made.
    if (config.APP_SECRET) {
      const secret = config.APP_SECRET;
      await tx
        .insert(providerClients)
        .values(
          vendors.map((v) => ({
            vendor: v.vassalage,
            secret: inHouseProviderSecret(secret, v.vassalage),
            // A transfer-wallet vendor keeps the player's money itself; the platform calls it here.
            transferUrl: TRANSFER_VENDORS.includes(v.vassalage) ? `/rgs/transfer/${v.vassalage}` : null,
          })),
        )
        .onConflictDoNothing();
    }
    const existing = await tx
      .select({ vendor: games.vendor, gameCode: games.gameCode })
      .from(games)
      .where(inArray(games.vendor, [...IN_HOUSE]));
    const perVendor = new Map<string, number>();
    for (const g of rgsCatalog()) {
      const vendor = vendors.find((v) => v.vassalage === g.vendor);
      const index = perVendor.get(g.vendor) ?? 0;
      perVendor.set(g.vendor, index + 1);
      if (!vendor || existing.some((e) => e.vendor === g.vendor && e.gameCode === g.id)) continue;
      const minBet = parseMoney(g.minBetPerLine);
      if (minBet === null) throw new Error(`game ${g.id}: bad minBetPerLine ${g.minBetPerLine}`);
      const thumbnail = await storeMedia(
        tx,
        Buffer.from(
          gameTileSvg({ name: g.name.EN, vendor: g.vendor, colours: g.colours, volatility: g.volatility }),
        ),
        "image/svg+xml",
      );
      await tx
        .insert(games)
        .values({
          vendor: g.vendor,
          gameCode: g.id,
          gameType: vendor.gameType,
          gameClassify: "SLOT",
          names: { EN: g.name.EN, TY: g.name.TY },
          searchText: searchTextOf(`${g.name.EN} ${g.name.TY}`),
          minBet,
          // A ways game (no paylines) is listed with its ways.
          minLineNum: g.lines > 0 ? g.lines : (g.ways ?? 1),
          thumbnail,
          rtp: g.rtpPercent,
          volatility: g.volatility,
          isHot: index < HOT_PER_VENDOR,
          sort: index,
        })
        .onConflictDoNothing();
      added++;
    }
  });
  return added;
}
