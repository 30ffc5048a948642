import { and, asc, count, desc, eq, getTableColumns, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { favoriteGames, gameCategories, games, gameVendors, recentGames } from "../../db/schema/games.ts";

/** A catalog row with whether the caller favours it (always false for guests). */
export type GameRow = typeof games.$inferSelect & { isFavorite: boolean };

/** The text a search matches: lower case, accents removed ("Piñoy" → "pinoy"). */
export function searchTextOf(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** A LIKE pattern that matches `text` anywhere, with LIKE's own wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${searchTextOf(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ListFilter {
  gameType?: string;
  vendor?: string;
  gameClassify?: string;
  search?: string;
  minBet?: bigint;
  minLineNum?: number;
  hotOnly?: boolean;
  nodeIds?: number[];
}

/** Only enabled games of enabled vendors are ever listed (spec §4). */
function whereOf(f: ListFilter): SQL | undefined {
  return and(
    eq(games.enabled, true),
    eq(gameVendors.enabled, true),
    f.gameType ? eq(games.gameType, f.gameType) : undefined,
    f.vendor ? eq(games.vendor, f.vendor) : undefined,
    f.gameClassify ? eq(games.gameClassify, f.gameClassify) : undefined,
    f.search ? sql`${games.searchText} LIKE ${containsPattern(f.search)}` : undefined,
    f.minBet !== undefined ? eq(games.minBet, f.minBet) : undefined,
    f.minLineNum !== undefined ? eq(games.minLineNum, f.minLineNum) : undefined,
    f.hotOnly ? eq(games.isHot, true) : undefined,
    f.nodeIds ? inArray(games.nodeId, f.nodeIds.length ? f.nodeIds : [-1]) : undefined,
  );
}

function selectGames(exec: Executor, memberId: number | null) {
  return exec
    .select({ ...getTableColumns(games), isFavorite: sql<boolean>`(${favoriteGames.memberId} IS NOT NULL)` })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.vassalage, games.vendor))
    .leftJoin(
      favoriteGames,
      and(eq(favoriteGames.nodeId, games.nodeId), eq(favoriteGames.memberId, memberId ?? -1)),
    );
}

/**
 * One page of the catalog in the operator's order, and how many games match in all. The
 * total rides on the page's rows (a window count), so a search scans the catalog once.
 */
export async function listGames(
  exec: Executor,
  f: ListFilter,
  page: { offset: number; limit: number },
  memberId: number | null,
): Promise<{ rows: GameRow[]; total: number }> {
  const found = await listPageQuery(exec, f, page, memberId);
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found[0]) return { rows, total: found[0].total };
  if (page.offset === 0) return { rows, total: 0 };
  // A page past the end has no row to carry the total.
  const [c] = await exec
    .select({ n: count() })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.vassalage, games.vendor))
    .where(whereOf(f));
  return { rows, total: c?.n ?? 0 };
}

/** The one statement of a catalog page with its total (exported so its plan can be checked). */
export function listPageQuery(
  exec: Executor,
  f: ListFilter,
  page: { offset: number; limit: number },
  memberId: number | null,
) {
  return exec
    .select({
      ...getTableColumns(games),
      isFavorite: sql<boolean>`(${favoriteGames.memberId} IS NOT NULL)`,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.vassalage, games.vendor))
    .leftJoin(
      favoriteGames,
      and(eq(favoriteGames.nodeId, games.nodeId), eq(favoriteGames.memberId, memberId ?? -1)),
    )
    .where(whereOf(f))
    .orderBy(asc(games.sort), asc(games.nodeId))
    .limit(page.limit)
    .offset(page.offset);
}

/** The games with the given ids (listed ones only), in no particular order. */
export async function gamesByIds(exec: Executor, nodeIds: number[], memberId: number | null) {
  if (nodeIds.length === 0) return [];
  return selectGames(exec, memberId).where(whereOf({ nodeIds }));
}

/** A game and its vendor, listed or not (launch decides what a disabled one answers). */
export async function gameWithVendor(exec: Executor, nodeId: number) {
  const [row] = await exec
    .select({ game: games, vendor: gameVendors })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.vassalage, games.vendor))
    .where(eq(games.nodeId, nodeId));
  return row;
}

/**
 * spec §4 classify filter: the classifies with how many listed games each has — of one vendor,
 * or of a category; the filter never offers a classify with no games.
 */
export async function classifyCounts(exec: Executor, vendor: string | undefined, gameType?: string) {
  return exec
    .select({ gameClassify: games.gameClassify, count: count() })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.vassalage, games.vendor))
    .where(whereOf({ vendor, gameType }))
    .groupBy(games.gameClassify)
    .orderBy(asc(games.gameClassify));
}

export async function enabledVendors(exec: Executor, gameType: string) {
  return exec
    .select()
    .from(gameVendors)
    .where(and(eq(gameVendors.enabled, true), eq(gameVendors.gameType, gameType)))
    .orderBy(asc(gameVendors.sort), asc(gameVendors.nodeId));
}

/** Every enabled vendor, in the order the nav shows them. */
export async function allEnabledVendors(exec: Executor) {
  return exec
    .select()
    .from(gameVendors)
    .where(eq(gameVendors.enabled, true))
    .orderBy(asc(gameVendors.sort), asc(gameVendors.nodeId));
}

/** A member's favourites, newest first, one page (spec §4 list type "fav"). */
export async function favoriteList(
  exec: Executor,
  memberId: number,
  f: ListFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: GameRow[]; total: number }> {
  const where = and(whereOf(f), eq(favoriteGames.memberId, memberId));
  const rows = await selectGames(exec, memberId)
    .where(where)
    .orderBy(desc(favoriteGames.createdAt), desc(games.nodeId))
    .limit(page.limit)
    .offset(page.offset);
  const [c] = await exec
    .select({ n: count() })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.vassalage, games.vendor))
    .innerJoin(favoriteGames, eq(favoriteGames.nodeId, games.nodeId))
    .where(where);
  return { rows, total: c?.n ?? 0 };
}

/** A member's recently launched games, latest first, one page (spec §4 list type "recent"). */
export async function recentList(
  exec: Executor,
  memberId: number,
  f: ListFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: GameRow[]; total: number }> {
  const own = and(eq(recentGames.nodeId, games.nodeId), eq(recentGames.memberId, memberId));
  const where = whereOf(f);
  const rows = await selectGames(exec, memberId)
    .innerJoin(recentGames, own)
    .where(where)
    .orderBy(desc(recentGames.lastPlayedAt), desc(games.nodeId))
    .limit(page.limit)
    .offset(page.offset);
  const [c] = await exec
    .select({ n: count() })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.vassalage, games.vendor))
    .innerJoin(recentGames, own)
    .where(where);
  return { rows, total: c?.n ?? 0 };
}

/** A launch: the member's row for the game is created or bumped (plays + 1, played now). */
export async function recordLaunch(exec: Executor, memberId: number, nodeId: number, at: Date) {
  await exec
    .insert(recentGames)
    .values({ memberId, nodeId, lastPlayedAt: at, plays: 1 })
    .onConflictDoUpdate({
      target: [recentGames.memberId, recentGames.nodeId],
      set: { lastPlayedAt: at, plays: sql`${recentGames.plays} + 1` },
    });
}

/** Launches per game since a moment (members who opened it; spec §4 popular games). */
export async function launchesSince(exec: Executor, since: Date) {
  return exec
    .select({ nodeId: recentGames.nodeId, launches: count() })
    .from(recentGames)
    .where(gte(recentGames.lastPlayedAt, since))
    .groupBy(recentGames.nodeId);
}

export async function setFavorite(exec: Executor, memberId: number, nodeId: number, on: boolean) {
  if (on) await exec.insert(favoriteGames).values({ memberId, nodeId }).onConflictDoNothing();
  else
    await exec
      .delete(favoriteGames)
      .where(and(eq(favoriteGames.memberId, memberId), eq(favoriteGames.nodeId, nodeId)));
}

/** Listed games named by (vendor, game code) pairs: boards know games by the provider's id. */
export async function gamesByCodes(exec: Executor, codes: Array<{ vendor: string; gameCode: string }>) {
  if (codes.length === 0) return [];
  const vendors = [...new Set(codes.map((c) => c.vendor))];
  const ids = [...new Set(codes.map((c) => c.gameCode))];
  return selectGames(exec, null).where(
    and(whereOf({}), inArray(games.vendor, vendors), inArray(games.gameCode, ids)),
  );
}

/** The enabled games of one vendor: each game code's node id. */
export async function enabledNodesOfVendor(exec: Executor, vendor: string): Promise<Map<string, number>> {
  const rows = await exec
    .select({ nodeId: games.nodeId, gameCode: games.gameCode })
    .from(games)
    .where(and(eq(games.vendor, vendor), eq(games.enabled, true)));
  return new Map(rows.map((g) => [g.gameCode, g.nodeId]));
}

/** One vendor's row by its code (vassalage). */
export async function vendorByCode(exec: Executor, vendor: string) {
  const [row] = await exec.select().from(gameVendors).where(eq(gameVendors.vassalage, vendor));
  return row;
}

// ---- the back office's catalogue ----

/** Every vendor, listed or not, by category and the operator's order. */
export function allVendors(exec: Executor) {
  return exec
    .select()
    .from(gameVendors)
    .orderBy(asc(gameVendors.gameType), asc(gameVendors.sort), asc(gameVendors.nodeId));
}

/** How many games each vendor has, and how many of them are on. */
export function gameCountsByVendor(exec: Executor) {
  return exec
    .select({
      vendor: games.vendor,
      games: count(),
      enabledGames: sql<number>`count(*) FILTER (WHERE ${games.enabled})`.mapWith(Number),
    })
    .from(games)
    .groupBy(games.vendor);
}

/** A vendor row, locked for an edit in the caller's transaction. */
export async function lockVendor(exec: Executor, nodeId: number) {
  const [row] = await exec.select().from(gameVendors).where(eq(gameVendors.nodeId, nodeId)).for("update");
  return row;
}

export async function updateVendorRow(
  exec: Executor,
  nodeId: number,
  values: Partial<typeof gameVendors.$inferInsert>,
) {
  const [row] = await exec
    .update(gameVendors)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(gameVendors.nodeId, nodeId))
    .returning();
  return row;
}

export interface AdminGameFilter {
  vendor?: string;
  gameType?: string;
  enabled?: boolean;
  /** Matched anywhere in any language's name or in the game code, LIKE's wildcards taken literally. */
  q?: string;
}

/** One page of every game, listed or not, in the operator's order, and how many match in all. */
export async function adminGamePage(exec: Executor, f: AdminGameFilter, limit: number, offset: number) {
  const search = f.q ? containsPattern(f.q) : null;
  const where: SQL | undefined = and(
    f.vendor ? eq(games.vendor, f.vendor) : undefined,
    f.gameType ? eq(games.gameType, f.gameType) : undefined,
    f.enabled !== undefined ? eq(games.enabled, f.enabled) : undefined,
    search ? sql`(${games.searchText} LIKE ${search} OR lower(${games.gameCode}) LIKE ${search})` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    exec
      .select()
      .from(games)
      .where(where)
      .orderBy(asc(games.sort), asc(games.nodeId))
      .limit(limit)
      .offset(offset),
    exec.select({ n: count() }).from(games).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A game row, locked for an edit in the caller's transaction. */
export async function lockGame(exec: Executor, nodeId: number) {
  const [row] = await exec.select().from(games).where(eq(games.nodeId, nodeId)).for("update");
  return row;
}

export async function updateGameRow(
  exec: Executor,
  nodeId: number,
  values: Partial<typeof games.$inferInsert>,
) {
  const [row] = await exec.update(games).set(values).where(eq(games.nodeId, nodeId)).returning();
  return row;
}

/** A new game; undefined when the vendor already has a game with this code. */
export async function insertGameRow(exec: Executor, values: typeof games.$inferInsert) {
  const [row] = await exec
    .insert(games)
    .values(values)
    .onConflictDoNothing({ target: [games.vendor, games.gameCode] })
    .returning();
  return row;
}

export type CategoryRow = typeof gameCategories.$inferSelect;

/** The nav's categories in their order. */
export function categoryRows(exec: Executor): Promise<CategoryRow[]> {
  return exec.select().from(gameCategories).orderBy(asc(gameCategories.position), asc(gameCategories.code));
}

/** The same, locked for a change in the caller's transaction. */
export function lockCategoryRows(exec: Executor): Promise<CategoryRow[]> {
  return exec
    .select()
    .from(gameCategories)
    .orderBy(asc(gameCategories.position), asc(gameCategories.code))
    .for("update");
}

export async function setCategory(
  exec: Executor,
  code: string,
  set: { position: number; shown: boolean; updatedAt: Date },
): Promise<void> {
  await exec
    .update(gameCategories)
    .set({ ...set, version: sql`${gameCategories.version} + 1` })
    .where(eq(gameCategories.code, code));
}
