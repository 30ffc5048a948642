import { randomInt } from "node:crypto";
import type { GameCreate, GameUpdate, VendorUpdate } from "@panalo/contracts/admin-games";
import { GameCategories, type GameCategory, type Vendor } from "@panalo/contracts/content";
import type { Game, LaunchGameValue, RankEntry } from "@panalo/contracts/games";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import type { Executor } from "../../db/client.ts";
import type { games, gameVendors } from "../../db/schema/games.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import type { Lang } from "../../lib/messages.ts";
import type { OperatorPrincipal } from "../../lib/operator-guard.ts";
import { cockfightAvailability } from "../cockfight/service.ts";
import { readSetting } from "../content/service.ts";
import { latestWins } from "../jackpot/service.ts";
import { memberUsernames, TRIAL } from "../members/service.ts";
import { biggestWins, issueLaunchToken, roundsByGame } from "../providers/service.ts";
import { nameIn } from "./names.ts";
import {
  type AdminGameFilter,
  adminGamePage,
  allEnabledVendors,
  allVendors,
  type CategoryRow,
  categoryRows,
  enabledNodesOfVendor,
  type GameRow,
  gameCountsByVendor,
  gamesByCodes,
  gamesByIds,
  gameWithVendor,
  insertGameRow,
  launchesSince,
  listGames,
  lockCategoryRows,
  lockGame,
  lockVendor,
  recordLaunch,
  searchTextOf,
  setCategory,
  updateGameRow,
  updateVendorRow,
  vendorByCode,
} from "./repo.ts";

export { bettingRecord, replayLink } from "./betting-record.ts";
export { nameIn } from "./names.ts";
export { personalProfit } from "./personal-profit.ts";

const WEEK_MS = 7 * 24 * 60 * 60_000;

export function toGame(row: GameRow, lang: Lang): Game {
  return {
    nodeId: row.nodeId,
    vassalage: row.vendor,
    gameCode: row.gameCode,
    gameType: categoryOf(row.gameType),
    gameClassify: row.gameClassify,
    gameName: nameIn(row.names, lang),
    minBet: formatMinor(row.minBet),
    minLineNum: row.minLineNum,
    thumbnail: row.thumbnail,
    rtp: row.rtp,
    volatility: row.volatility,
    isHot: row.isHot ? 1 : 0,
    isFavorite: Boolean(row.isFavorite),
  };
}

function categoryOf(type: string): GameCategory {
  // The seed and the back office write only known categories; an unknown one is a bug.
  const found = GameCategories.find((c) => c === type);
  if (!found) throw new Error(`unknown game category ${type}`);
  return found;
}

export function toVendor(v: typeof gameVendors.$inferSelect): Vendor {
  return {
    nodeId: v.nodeId,
    vassalage: v.vassalage,
    gameType: categoryOf(v.gameType),
    accountTypeId: v.accountTypeId,
    displayName: v.displayName,
    smallIcon: v.smallIcon,
    logo: v.logo,
    logoHover: v.logoHover,
    isHot: v.isHot ? 1 : 0,
  };
}

/**
 * The header nav: each category shown that has enabled vendors, in the order the back office
 * set (seeded with the spec's §2 order), with its vendors in order.
 */
export async function gameMenus(
  exec: Executor,
): Promise<Array<{ gameType: GameCategory; vendors: Vendor[] }>> {
  const [rows, order] = await Promise.all([allEnabledVendors(exec), categoryRows(exec)]);
  const byType = new Map<GameCategory, Vendor[]>();
  for (const v of rows) {
    const type = v.gameType as GameCategory; // checked on write
    if (!GameCategories.includes(type)) continue;
    const list = byType.get(type) ?? [];
    list.push({
      nodeId: v.nodeId,
      vassalage: v.vassalage,
      gameType: type,
      accountTypeId: v.accountTypeId,
      displayName: v.displayName,
      smallIcon: v.smallIcon,
      logo: v.logo,
      logoHover: v.logoHover,
      isHot: v.isHot ? 1 : 0,
    });
    byType.set(type, list);
  }
  return order
    .filter((c) => c.shown)
    .map((c) => categoryOf(c.code))
    .filter((t) => byType.has(t))
    .map((t) => ({ gameType: t, vendors: byType.get(t) ?? [] }));
}

/**
 * spec §4 popular games: the most played of the last 7 days (provider rounds that name the
 * game, plus members' launches), then hot games fill the rest.
 */
export async function popularGames(ctx: AppContext, n: number, memberId: number | null) {
  const since = new Date(ctx.clock.now().getTime() - WEEK_MS);
  const [rounds, launches, hot] = await Promise.all([
    roundsByGame(ctx.db, since),
    launchesSince(ctx.db, since),
    listGames(ctx.db, { hotOnly: true }, { offset: 0, limit: n }, memberId),
  ]);
  const played = await gamesByCodes(
    ctx.db,
    rounds.flatMap((r) => (r.gameCode ? [{ vendor: r.vendor, gameCode: r.gameCode }] : [])),
  );
  const score = new Map<number, number>();
  for (const g of played) {
    const r = rounds.find((x) => x.vendor === g.vendor && x.gameCode === g.gameCode);
    score.set(g.nodeId, r?.rounds ?? 0);
  }
  for (const l of launches) score.set(l.nodeId, (score.get(l.nodeId) ?? 0) + l.launches);
  const ranked = (await gamesByIds(ctx.db, [...score.keys()], memberId))
    .filter((g) => (score.get(g.nodeId) ?? 0) > 0)
    .sort((a, b) => (score.get(b.nodeId) ?? 0) - (score.get(a.nodeId) ?? 0) || a.sort - b.sort);
  const out = ranked.slice(0, n);
  for (const g of hot.rows) if (out.length < n && !out.some((x) => x.nodeId === g.nodeId)) out.push(g);
  return out;
}

/** "maria88" → "ma***88": the winner board never shows a whole username (spec §4). */
export function maskName(name: string): string {
  if (name.length <= 2) return `${name.slice(0, 1)}***`;
  if (name.length <= 4) return `${name.slice(0, 1)}***${name.slice(-1)}`;
  return `${name.slice(0, 2)}***${name.slice(-2)}`;
}

/** spec §4 winner board: the biggest real wins of the last 7 days in listed games. */
export async function rankList(
  ctx: AppContext,
  category: GameCategory | "ALL",
  limit: number,
  lang: Lang,
): Promise<RankEntry[]> {
  const since = new Date(ctx.clock.now().getTime() - WEEK_MS);
  // Wins in games no longer listed are skipped, so read a margin beyond the limit.
  const { minWinShown } = await readSetting(ctx.db, "winners");
  const wins = await biggestWins(ctx.db, since, limit * 5, parseMoney(minWinShown) ?? 1n);
  // The progressive jackpot's wins of the week come first, named by the game that won them.
  const jackpots = (await latestWins(ctx.db, limit)).filter((w) => w.createdAt >= since);
  const names = await memberUsernames(
    ctx.db,
    jackpots.map((w) => w.memberId),
  );
  const known = await gamesByCodes(
    ctx.db,
    [...wins, ...jackpots].flatMap((w) => (w.gameCode ? [{ vendor: w.vendor, gameCode: w.gameCode }] : [])),
  );
  const out: RankEntry[] = [];
  for (const w of jackpots) {
    const g = known.find((k) => k.vendor === w.vendor && k.gameCode === w.gameCode);
    if (!g || (category !== "ALL" && g.gameType !== category)) continue;
    out.push({
      vo: {
        iconUrl: g.thumbnail,
        customerName: maskName(names.get(w.memberId) ?? ""),
        gameName: nameIn(g.names, lang),
        winAmount: formatMinor(w.amount),
        nodeId: g.nodeId,
        jackpot: true,
      },
    });
    if (out.length >= limit) return out;
  }
  for (const w of wins) {
    const g = known.find((k) => k.vendor === w.vendor && k.gameCode === w.gameCode);
    if (!g || (category !== "ALL" && g.gameType !== category)) continue;
    out.push({
      vo: {
        iconUrl: g.thumbnail,
        customerName: maskName(w.username),
        gameName: nameIn(g.names, lang),
        winAmount: formatMinor(w.amount),
        nodeId: g.nodeId,
      },
    });
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * The operator's launch CDNs (settings row `launchGameCDNs`, edited in the back office); none
 * when unset or unreadable.
 */
function launchCdns(ctx: AppContext): Promise<string[]> {
  return readSetting(ctx.db, "launchGameCDNs");
}

const LOTTERY_TYPES: readonly string[] = ["LOTT", "ELOTT"];

/**
 * spec §3 launch input / §4 launch: the game must be listed and its vendor on; a trial account
 * (play money) only plays vendors that offer play money. The game gets a fresh launch token.
 */
export async function launchGame(
  ctx: AppContext,
  member: { id: number; isAgent: number },
  nodeId: number,
  lang: Lang,
  /** The site's origin as the player reached it (lib/site-origin.ts): the game's lobby link. */
  origin: string = ctx.config.PUBLIC_URL,
  /** The player's address: cockfight launches only where the operator turned it on. */
  ip: string | null = null,
): Promise<LaunchGameValue> {
  const found = await gameWithVendor(ctx.db, nodeId);
  if (!found) throw new AppError("GAME_NOT_FOUND", 404);
  const { game, vendor } = found;
  if (!game.enabled || !vendor.enabled) throw new AppError("GAME_MAINTENANCE", 503);
  if (game.gameType === "COCKFIGHT" && (ip === null || !(await cockfightAvailability(ctx.db, ip)).available))
    throw new AppError("COCKFIGHT_REGION", 403);
  if (member.isAgent === TRIAL && !vendor.playMoney) throw new AppError("IN_NEED_TRUE_ACCOUNT", 403);
  const now = ctx.clock.now();
  if (LOTTERY_TYPES.includes(game.gameType)) {
    await recordLaunch(ctx.db, member.id, game.nodeId, now);
    return { mode: "lottery", url: `/lottery?gameCode=${encodeURIComponent(game.gameCode)}` };
  }
  if (!vendor.launchUrl) throw new AppError("GAME_MAINTENANCE", 503);
  const token = await issueLaunchToken(ctx, member.id, vendor.vassalage);
  const lobby = new URL(origin).origin;
  const path = vendor.launchUrl.replaceAll("{gameCode}", encodeURIComponent(game.gameCode));
  const query = new URLSearchParams({ token, lang, lobby }).toString();
  let url = `${path}${path.includes("?") ? "&" : "?"}${query}`;
  const cdns = await launchCdns(ctx);
  // A relative launch URL may be served through one of the operator's CDNs, picked at random.
  if (cdns.length > 0 && url.startsWith("/"))
    url = `${cdns[randomInt(cdns.length)]?.replace(/\/$/, "")}${url}`;
  await recordLaunch(ctx.db, member.id, game.nodeId, now);
  return { mode: "iframe", url };
}

// ---- read functions for other modules (they never query the games tables themselves) ----

/** The enabled games of one vendor (bingo rooms, live tables): each game code's node id. */
export function enabledGameNodes(ctx: AppContext, vendor: string): Promise<Map<string, number>> {
  return enabledNodesOfVendor(ctx.db, vendor);
}

/** One vendor's catalog row (enabled, play money…), undefined when it is not listed. */
export function gameVendor(ctx: AppContext, vendor: string) {
  return vendorByCode(ctx.db, vendor);
}

// ---- the back office's catalogue ----
//
// Every vendor and game, listed or not, and their edits: on or off, order, hot flag, images,
// category and names per language. The player site reads the catalogue straight from these
// tables on every call, so a change shows on the next page a player opens. Each edit is
// optimistic (the version the editor loaded) and audited with before and after.

const vendorDto = (v: typeof gameVendors.$inferSelect, counts?: { games: number; enabledGames: number }) => ({
  nodeId: v.nodeId,
  vassalage: v.vassalage,
  gameType: v.gameType,
  displayName: v.displayName,
  smallIcon: v.smallIcon,
  logo: v.logo,
  logoHover: v.logoHover,
  isHot: v.isHot,
  enabled: v.enabled,
  sort: v.sort,
  version: v.version,
  games: counts?.games ?? 0,
  enabledGames: counts?.enabledGames ?? 0,
});

const gameDto = (g: typeof games.$inferSelect) => ({
  nodeId: g.nodeId,
  vendor: g.vendor,
  gameCode: g.gameCode,
  gameType: g.gameType,
  gameClassify: g.gameClassify,
  names: Object.fromEntries(Object.entries(g.names).filter((e): e is [string, string] => Boolean(e[1]))),
  thumbnail: g.thumbnail,
  isHot: g.isHot,
  enabled: g.enabled,
  sort: g.sort,
  version: g.version,
});

export async function adminVendors(ctx: AppContext) {
  const [vendors, counts] = await Promise.all([allVendors(ctx.db), gameCountsByVendor(ctx.db)]);
  return vendors.map((v) =>
    vendorDto(
      v,
      counts.find((c) => c.vendor === v.vassalage),
    ),
  );
}

export function updateVendor(
  ctx: AppContext,
  op: OperatorPrincipal,
  nodeId: number,
  body: VendorUpdate,
  ip: string,
) {
  return ctx.db.transaction(async (tx) => {
    const before = await lockVendor(tx, nodeId);
    if (!before) throw Errors.notFound("vendor");
    const { version, ...values } = body;
    if (before.version !== version) throw Errors.conflict("VERSION_CONFLICT");
    const after = await updateVendorRow(tx, before.nodeId, { ...values, version: before.version + 1 });
    if (!after) throw Errors.internal();
    await recordAudit(tx, {
      operatorId: op.id,
      operatorName: op.username,
      action: "update",
      entityType: "game-vendor",
      entityId: before.vassalage,
      before: vendorDto(before),
      after: vendorDto(after),
      ip,
    });
    return vendorDto(after);
  });
}

export async function adminGames(ctx: AppContext, filter: AdminGameFilter, page: number, pageSize: number) {
  const { rows, total } = await adminGamePage(ctx.db, filter, pageSize, (page - 1) * pageSize);
  return { items: rows.map(gameDto), total };
}

/**
 * Add a game to a vendor's catalogue by hand, audited. Refusals name the field and say why
 * (`vendor_unknown`, `game_code_taken`), so the editor can put them beside the field.
 */
export function createGame(ctx: AppContext, op: OperatorPrincipal, body: GameCreate, ip: string) {
  return ctx.db.transaction(async (tx) => {
    const vendor = await vendorByCode(tx, body.vendor);
    if (!vendor) throw Errors.validation([{ path: "vendor", message: "vendor_unknown" }]);
    const names = Object.fromEntries(
      Object.entries(body.names).filter(
        (e): e is [string, string] => typeof e[1] === "string" && e[1] !== "",
      ),
    );
    const row = await insertGameRow(tx, {
      vendor: vendor.vassalage,
      gameCode: body.gameCode,
      gameType: body.gameType,
      gameClassify: body.gameClassify,
      names,
      // The search matches every language's name (spec §4 search).
      searchText: searchTextOf([...Object.values(names), body.gameCode].join(" ")),
      minBet: parseMoney(body.minBet) ?? 0n,
      minLineNum: 0,
      thumbnail: body.thumbnail,
      isHot: body.isHot,
      enabled: body.enabled,
    });
    if (!row) throw Errors.validation([{ path: "gameCode", message: "game_code_taken" }]);
    await recordAudit(tx, {
      operatorId: op.id,
      operatorName: op.username,
      action: "create",
      entityType: "game",
      entityId: `${row.vendor}:${row.gameCode}`,
      before: null,
      after: gameDto(row),
      ip,
    });
    return gameDto(row);
  });
}

export function updateGame(
  ctx: AppContext,
  op: OperatorPrincipal,
  nodeId: number,
  body: GameUpdate,
  ip: string,
) {
  return ctx.db.transaction(async (tx) => {
    const before = await lockGame(tx, nodeId);
    if (!before) throw Errors.notFound("game");
    const { version, names: input, ...values } = body;
    if (before.version !== version) throw Errors.conflict("VERSION_CONFLICT");
    const names = Object.fromEntries(
      Object.entries(input).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
    );
    const after = await updateGameRow(tx, before.nodeId, {
      ...values,
      names,
      // The search matches every language's name (spec §4 search).
      searchText: searchTextOf([...Object.values(names), before.gameCode].join(" ")),
      version: before.version + 1,
    });
    if (!after) throw Errors.internal();
    await recordAudit(tx, {
      operatorId: op.id,
      operatorName: op.username,
      action: "update",
      entityType: "game",
      entityId: `${before.vendor}:${before.gameCode}`,
      before: gameDto(before),
      after: gameDto(after),
      ip,
    });
    return gameDto(after);
  });
}

// ---- the nav's categories (back office) ----

const categoryDto = (c: CategoryRow, vendors: number) => ({
  code: categoryOf(c.code),
  position: c.position,
  shown: c.shown,
  /** Enabled vendors in it: a category without any is not in the nav whatever it says. */
  vendors,
});

/** Every category in nav order, with whether shown and how many enabled vendors it has. */
export async function adminCategories(ctx: AppContext) {
  const [order, vendors] = await Promise.all([categoryRows(ctx.db), allEnabledVendors(ctx.db)]);
  return order.map((c) => categoryDto(c, vendors.filter((v) => v.gameType === c.code).length));
}

/**
 * Set the nav's order and which categories show: `order` names every category once, first
 * shown first. Audited with the order before and after, in one transaction.
 */
export async function setCategoryOrder(
  ctx: AppContext,
  op: OperatorPrincipal,
  order: Array<{ code: GameCategory; shown: boolean }>,
  ip: string,
) {
  const codes = new Set(order.map((c) => c.code));
  if (codes.size !== order.length || GameCategories.some((c) => !codes.has(c)))
    throw Errors.validation([{ path: "order", message: "every_category_once" }]);
  await ctx.db.transaction(async (tx) => {
    const before = await lockCategoryRows(tx);
    const now = ctx.clock.now();
    for (const [i, c] of order.entries())
      await setCategory(tx, c.code, { position: i + 1, shown: c.shown, updatedAt: now });
    await recordAudit(tx, {
      operatorId: op.id,
      operatorName: op.username,
      action: "update",
      entityType: "game_nav",
      entityId: null,
      before: before.map((c) => ({ code: c.code, shown: c.shown })),
      after: order,
      ip,
    });
  });
  return adminCategories(ctx);
}
