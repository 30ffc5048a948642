import type {
  AdminCampaign,
  AdminLoyaltySettings,
  AdminMallItem,
  AdminMission,
  AdminPointsRate,
  AdminVipChange,
  AdminVipLevel,
} from "@panalo/contracts/loyalty";
import { formatMinor } from "@panalo/contracts/money";
import { isTransferVendor } from "@panalo/rgs/catalog";
import { rgsGame, totalBet } from "@panalo/rgs/games";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { addDays, manilaStart } from "../reports/service.ts";
import { toRedemption } from "./mall.ts";
import { leaderboard } from "./missions.ts";
import {
  campaignList,
  campaignPrizes,
  insertCampaign,
  insertMission,
  missionRow,
  pointsTotalsByDay,
  redemptionQueue,
  saveMallItem,
  updateLoyaltySettings,
  updateMission,
  upsertPointsRate,
  upsertVipLevel,
  vipHistory,
} from "./repo.ts";
import { memberVip, setLevel, vipLevels } from "./vip.ts";

/**
 * The rules of loyalty's back office beyond one call: a manual VIP change,
 * a mall item's checks, the redemption queue, missions, campaigns and the points report. The
 * routes audit; the statements are in repo.ts.
 */

export const ADMIN_PAGE = 50;

/** The member's level, figures and level history. */
export async function memberVipView(ctx: AppContext, memberId: number) {
  const v = await memberVip(ctx.db, memberId, ctx.clock.now());
  const history = await vipHistory(ctx.db, memberId);
  return {
    level: v.level,
    validBet: formatMinor(v.figures.validBet),
    deposit: formatMinor(v.figures.deposit),
    history: history.map((h) => ({
      ...h,
      id: Number(h.id),
      created_at: new Date(h.created_at).toISOString(),
    })),
  };
}

/** An operator sets the member's level (one that exists); answers the level before and whether it changed. */
export async function changeMemberVip(
  ctx: AppContext,
  memberId: number,
  b: (typeof AdminVipChange)["_output"],
  operatorId: number,
) {
  const levels = await vipLevels(ctx.db);
  if (!levels.some((l) => l.level === b.level)) throw new AppError("VIP_LEVEL_NOT_FOUND", 404);
  const at = ctx.clock.now();
  const before = await memberVip(ctx.db, memberId, at);
  const changed = await ctx.db.transaction((tx) =>
    setLevel(tx, {
      memberId,
      to: b.level,
      reason: "manual",
      sourceKey: `vip:manual:${memberId}:${at.getTime()}:${operatorId}`,
      at,
      operatorId,
      note: b.note,
    }),
  );
  return { before: before.level, changed };
}

/** A mall item created (`id` null) or replaced, once its kind's fields are right; its id. */
export async function saveItem(ctx: AppContext, id: number | null, b: (typeof AdminMallItem)["_output"]) {
  if (b.kind === "freespins") {
    // An in-house slot of that vendor (not a transfer-wallet one) and one of its bet levels.
    const fs = b.freeSpins;
    if (!fs) throw new AppError("VALIDATION_ERROR", 400, { field: "freeSpins", reason: "required" });
    const game = rgsGame(fs.gameCode);
    if (!game || game.vendor !== fs.vendor || isTransferVendor(fs.vendor))
      throw new AppError("VALIDATION_ERROR", 400, { field: "freeSpins.gameCode", reason: "not_found" });
    if (totalBet(game, fs.betPerLine) === null)
      throw new AppError("VALIDATION_ERROR", 400, { field: "freeSpins.betPerLine", reason: "invalid" });
  }
  if (b.kind !== "goods" && b.kind !== "raffle" && b.kind !== "freespins" && b.amount === null)
    throw new AppError("VALIDATION_ERROR", 400, { field: "amount", reason: "required" });
  if (b.kind === "raffle" && b.tickets === null)
    throw new AppError("VALIDATION_ERROR", 400, { field: "tickets", reason: "required" });
  const saved = await saveMallItem(ctx.db, id, b, ctx.clock.now());
  if (saved === undefined) throw new AppError("MALL_ITEM_NOT_FOUND", 404);
  return saved;
}

/** A page of the redemption queue (of one status, or all), newest first. */
export async function redemptionQueuePage(ctx: AppContext, status: string | null, pageNo: number) {
  const rows = await redemptionQueue(ctx.db, status, ADMIN_PAGE, (pageNo - 1) * ADMIN_PAGE);
  return {
    list: rows.map((r) => {
      const x = toRedemption(r);
      return {
        ...x,
        points: Number(x.points),
        member: r.username,
        item: r.names.EN ?? "",
        // A free-spins redemption: its grant's delivery to the game server.
        freeSpins: r.fs_state
          ? {
              state: r.fs_state,
              attempts: r.fs_attempts ?? 0,
              lastError: r.fs_last_error,
              nextAttemptAt:
                r.fs_state === "pending" && r.fs_next_attempt_at
                  ? new Date(r.fs_next_attempt_at).toISOString()
                  : null,
            }
          : null,
      };
    }),
    totalPages: Math.ceil(Number(rows[0]?.total ?? 0) / ADMIN_PAGE),
  };
}

export const createMission = (ctx: AppContext, b: (typeof AdminMission)["_output"]) =>
  insertMission(ctx.db, b);

/** A mission replaced; answers it as it was. Progress already made stays (a changed target applies to what is still open). */
export async function replaceMission(ctx: AppContext, id: number, b: (typeof AdminMission)["_output"]) {
  const before = await missionRow(ctx.db, id);
  if (!before) throw new AppError("MISSION_NOT_FOUND", 404);
  await updateMission(ctx.db, id, b);
  return before;
}

/** A campaign created; its id and its prizes as stored (amounts as text). */
export async function createCampaign(ctx: AppContext, b: (typeof AdminCampaign)["_output"]) {
  const prizes = b.prizes.map((p) => ({ rank: p.rank, amount: p.amount.toString() }));
  const id = await insertCampaign(ctx.db, { names: b.names, startsAt: b.startsAt, endsAt: b.endsAt, prizes });
  return { id, prizes };
}

/** A campaign's top 100 with the prize of each rank. */
export async function campaignResults(ctx: AppContext, id: number) {
  const c = await campaignPrizes(ctx.db, id);
  if (!c) throw new AppError("MISSION_NOT_FOUND", 404);
  const board = await leaderboard(ctx.db, id, null, 100, { reveal: true });
  const prizeOf = new Map(c.prizes.map((p) => [p.rank, formatMinor(BigInt(p.amount))]));
  return {
    settledAt: c.settled_at ? new Date(c.settled_at).toISOString() : null,
    top: board.top.map((r) => ({ ...r, prize: prizeOf.get(r.rank) ?? null })),
  };
}

/** Points issued, redeemed, refunded, expired and adjusted per Manila day of `from`..`to`. */
export async function pointsReport(ctx: AppContext, from: string, to: string) {
  const rows = await pointsTotalsByDay(ctx.db, manilaStart(from), manilaStart(addDays(to, 1)));
  const days = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const d = days.get(r.day) ?? {};
    d[r.type] = Number(r.points);
    days.set(r.day, d);
  }
  return [...days.entries()].map(([day, d]) => ({
    day,
    issued: d.points_earn ?? 0,
    redeemed: d.points_redeem ?? 0,
    refunded: d.points_refund ?? 0,
    expired: d.points_expire ?? 0,
    adjusted: d.points_adjust ?? 0,
  }));
}

/** Rules and rates as the operator saves them, stamped with the clock's time. */
export const saveLoyaltySettings = (ctx: AppContext, b: (typeof AdminLoyaltySettings)["_output"]) =>
  updateLoyaltySettings(ctx.db, b, ctx.clock.now());
export const savePointsRate = (ctx: AppContext, b: (typeof AdminPointsRate)["_output"]) =>
  upsertPointsRate(ctx.db, b, ctx.clock.now());
export const saveVipLevel = (ctx: AppContext, b: (typeof AdminVipLevel)["_output"]) =>
  upsertVipLevel(ctx.db, b, ctx.clock.now());
export const campaignsList = (ctx: AppContext) => campaignList(ctx.db);
