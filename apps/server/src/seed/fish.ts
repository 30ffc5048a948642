import { FISH_LEVELS, FISH_VENDOR } from "@panalo/rgs/fish/engine";
import { and, eq, isNull } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { games, gameVendors } from "../db/schema/games.ts";
import { providerClients } from "../db/schema/providers.ts";
import { storeMedia } from "../modules/admin/media.ts";
import { searchTextOf } from "../modules/games/repo.ts";
import { inHouseProviderSecret } from "../modules/providers/service.ts";
import { gameTileSvg } from "./game-tile.ts";

const COLOURS: ReadonlyArray<[string, string]> = [
  ["#138d90", "#06383a"],
  ["#1f618d", "#0b2638"],
  ["#b9770e", "#3d2704"],
];
const peso = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, "0")}`;

/** The game's name in the site's seven languages (the lobby shows the member's own). */
const FISH_TITLE: Record<string, string> = {
  EN: "Panalo Fishing",
  TY: "Panalo Fishing",
  CN: "Panalo 捕鱼",
  VI: "Panalo Bắn Cá",
  TH: "Panalo ยิงปลา",
  ID: "Panalo Tembak Ikan",
  JA: "Panalo フィッシング",
};

/** The fish game at one stake level, as the catalog lists it: its name and stake range. */
export function fishGameName(level: { id: string; minBet: bigint; maxBet: bigint }): Record<
  string,
  string
> & {
  EN: string;
} {
  const range = `${peso(level.minBet)}–${peso(level.maxBet)}`;
  const names = Object.fromEntries(
    Object.entries(FISH_TITLE).map(([lang, title]) => [lang, `${title} ${range}`]),
  );
  return { ...names, EN: `${FISH_TITLE.EN} ${range}` };
}

/**
 * The fish game in the catalog (docs/fish.md): one game per stake level of vendor PNF (gameCode
 * = the level: low, mid, high; category FISH), launched at /rgs/fish/{gameCode}, where the
 * player sits at a free seat of that level's rooms. Idempotent like seedGames.
 */
export async function seedFishGames(db: Db, config: Config): Promise<number> {
  const [vendor] = await db.select().from(gameVendors).where(eq(gameVendors.vassalage, FISH_VENDOR));
  if (!vendor) return 0;
  await db
    .update(gameVendors)
    .set({ launchUrl: "/rgs/fish/{gameCode}" })
    .where(and(eq(gameVendors.vassalage, FISH_VENDOR), isNull(gameVendors.launchUrl)));
  // The betting record's game recall of a magazine (a round): the game server's replay page.
  await db
    .update(gameVendors)
    .set({ replayUrl: "/rgs/replay/{roundId}" })
    .where(and(eq(gameVendors.vassalage, FISH_VENDOR), isNull(gameVendors.replayUrl)));
  if (config.APP_SECRET)
    await db
      .insert(providerClients)
      .values({ vendor: FISH_VENDOR, secret: inHouseProviderSecret(config.APP_SECRET, FISH_VENDOR) })
      .onConflictDoNothing();
  const existing = await db
    .select({ gameCode: games.gameCode })
    .from(games)
    .where(eq(games.vendor, FISH_VENDOR));
  let added = 0;
  for (const [i, level] of FISH_LEVELS.entries()) {
    if (existing.some((e) => e.gameCode === level.id)) continue;
    const name = fishGameName(level);
    const thumbnail = await storeMedia(
      db,
      Buffer.from(
        gameTileSvg({
          name: name.EN,
          vendor: FISH_VENDOR,
          colours: COLOURS[i] ?? ["#138d90", "#06383a"],
          volatility: "medium",
          motif: "balls",
        }),
      ),
      "image/svg+xml",
    );
    await db
      .insert(games)
      .values({
        vendor: FISH_VENDOR,
        gameCode: level.id,
        gameType: vendor.gameType,
        gameClassify: "FISH",
        names: name,
        searchText: searchTextOf(`${name.EN} fishing fish pangingisda`),
        minBet: level.minBet,
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
