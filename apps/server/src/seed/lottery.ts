import { LOTTERY_CATALOG, LOTTERY_VENDOR, lotteryCatalog } from "@panalo/rgs/lottery/catalog";
import { and, eq } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { games, gameVendors } from "../db/schema/games.ts";
import { providerClients } from "../db/schema/providers.ts";
import { storeMedia } from "../modules/admin/media.ts";
import { searchTextOf } from "../modules/games/repo.ts";
import { inHouseProviderSecret } from "../modules/providers/service.ts";
import { gameTileSvg } from "./game-tile.ts";

const COLOURS: Record<string, [string, string]> = {
  LOTT: ["#c0392b", "#f5b041"],
  ELOTT: ["#6c3483", "#48c9b0"],
};

/**
 * The lottery games of the in-house RGS in the catalog: one game of vendor TCG_SEA per
 * lottery game, gameType LOTT (PCSO-style) or ELOTT (the fast ones), gameCode = the lottery
 * code; launching one answers the /lottery page. The platform knows TCG_SEA's protocol secret
 * the way it knows PNS/PNG's (derived from APP_SECRET). Idempotent: existing rows are kept.
 */
export async function seedLotteryGames(db: Db, config: Config): Promise<number> {
  const [vendor] = await db.select().from(gameVendors).where(eq(gameVendors.vassalage, LOTTERY_VENDOR));
  if (!vendor) return 0;
  let added = 0;
  await db.transaction(async (tx) => {
    if (config.APP_SECRET) {
      await tx
        .insert(providerClients)
        .values({ vendor: LOTTERY_VENDOR, secret: inHouseProviderSecret(config.APP_SECRET, LOTTERY_VENDOR) })
        .onConflictDoNothing();
    }
    const existing = new Set(
      (
        await tx
          .select({ gameCode: games.gameCode })
          .from(games)
          .where(and(eq(games.vendor, LOTTERY_VENDOR)))
      ).map((g) => g.gameCode),
    );
    const list = lotteryCatalog();
    for (const [index, g] of list.entries()) {
      if (existing.has(g.code)) continue;
      const defaults = LOTTERY_CATALOG.find((d) => d.code === g.code);
      const thumbnail = await storeMedia(
        tx,
        Buffer.from(
          gameTileSvg({
            name: g.name,
            vendor: LOTTERY_VENDOR,
            colours: COLOURS[g.gameType] ?? ["#c0392b", "#f5b041"],
            volatility: "high",
          }),
        ),
        "image/svg+xml",
      );
      await tx
        .insert(games)
        .values({
          vendor: LOTTERY_VENDOR,
          gameCode: g.code,
          gameType: g.gameType,
          gameClassify: g.tag,
          names: { EN: g.name, TY: g.name },
          searchText: searchTextOf(`${g.name} ${g.code} lotto lottery`),
          minBet: defaults?.minStake ?? 100n,
          minLineNum: 1,
          thumbnail,
          isHot: false,
          sort: index,
        })
        .onConflictDoNothing();
      added++;
    }
  });
  return added;
}
