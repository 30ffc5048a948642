import { CARD_SEED_TABLES, CARDS_VENDOR } from "@panalo/rgs/cards/engine";
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
 * The PVP card tables in the catalog (docs/cards.md): one game per table of vendor PNP (gameCode
 * = the table's id, category PVP), launched at /rgs/cards/{gameCode}; GLS2_roomList joins the
 * game server's tables to these games for the lobby's nodeId. The vendor is cash-only: a buy-in
 * becomes chips other players can win, so bonus money may not buy in. Idempotent like seedGames.
 */
export async function seedCardGames(db: Db, config: Config): Promise<number> {
  const [vendor] = await db.select().from(gameVendors).where(eq(gameVendors.vassalage, CARDS_VENDOR));
  if (!vendor) return 0;
  await db
    .update(gameVendors)
    .set({ launchUrl: "/rgs/cards/{gameCode}" })
    .where(and(eq(gameVendors.vassalage, CARDS_VENDOR), isNull(gameVendors.launchUrl)));
  if (config.APP_SECRET)
    await db
      .insert(providerClients)
      .values({
        vendor: CARDS_VENDOR,
        secret: inHouseProviderSecret(config.APP_SECRET, CARDS_VENDOR),
        cashOnly: true,
      })
      .onConflictDoUpdate({ target: providerClients.vendor, set: { cashOnly: true } });
  const existing = await db
    .select({ gameCode: games.gameCode })
    .from(games)
    .where(eq(games.vendor, CARDS_VENDOR));
  let added = 0;
  for (const [i, table] of CARD_SEED_TABLES.entries()) {
    if (existing.some((e) => e.gameCode === table.id)) continue;
    const title = table.game === "holdem" ? "Texas Hold'em" : "Tongits";
    const stakes =
      table.game === "holdem"
        ? `${(table.sb ?? 0) / 100}/${(table.bb ?? 0) / 100}`
        : `${(table.stake ?? 0) / 100}`;
    const name = `${title} ${stakes}`;
    const thumbnail = await storeMedia(
      db,
      Buffer.from(
        gameTileSvg({
          name,
          vendor: CARDS_VENDOR,
          colours: ["#7b241c", "#2e0d0a"],
          volatility: null,
          motif: "cards",
        }),
      ),
      "image/svg+xml",
    );
    await db
      .insert(games)
      .values({
        vendor: CARDS_VENDOR,
        gameCode: table.id,
        gameType: vendor.gameType,
        gameClassify: "PVP",
        names: { EN: name, TY: name, CN: name, VI: name, TH: name, ID: name, JA: name },
        searchText: searchTextOf(`${name} poker cards baraha ${table.game}`),
        minBet: BigInt(table.min),
        minLineNum: 1,
        thumbnail,
        isHot: false,
        sort: i,
      })
      .onConflictDoNothing();
    added++;
  }
  return added;
}
