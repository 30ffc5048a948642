import {
  type AdminCampaign,
  type AdminLoyaltySettings,
  type AdminMallItem,
  type AdminMission,
  type AdminPointsRate,
  type AdminVipChange,
  AdminVipLevel,
  POINTS_RATE,
  partsToPercent,
  REBATE_RATE,
} from "@panalo/contracts/loyalty";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { isTransferVendor } from "@panalo/rgs/catalog";
import { rgsGame, totalBet } from "@panalo/rgs/games";
import type { Executor, Tx } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { registerApplier, requestApproval, withApproval } from "../admin/service.ts";
import { readSetting } from "../content/service.ts";
import { addDays, manilaStart } from "../reports/service.ts";
import { toRedemption } from "./mall.ts";
import { leaderboard } from "./missions.ts";
import { type LoyaltySettings, loyaltySettings, pointsRates } from "./points.ts";
import { lockLoyaltySettings } from "./repo/points.ts";
import { lockVipLevelSaves } from "./repo/vip.ts";
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
import { memberVip, setLevel, type VipLevel, vipLevels } from "./vip.ts";

/**
 * The rules of loyalty's back office beyond one call: a manual VIP change,
 * a mall item's checks, the redemption queue, missions, campaigns and the points report. The
 * routes audit; the statements are in repo.ts and repo/*.ts.
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

// ---------- rules, rates and VIP levels (pesos and percentages on the wire) ----------

type SettingsBody = (typeof AdminLoyaltySettings)["_output"];
type VipLevelBody = (typeof AdminVipLevel)["_output"];
interface Operator {
  id: number;
  username: string;
}

/** The settings as the back office reads and sends them: pesos and percentages, never centavos or ppm. */
export const settingsWire = (s: LoyaltySettings | SettingsBody) => ({
  depositRatePercent: partsToPercent(s.depositRatePpm, POINTS_RATE.decimals, POINTS_RATE.perPercent),
  expiryDays: s.expiryDays,
  convertPoints: s.convertPoints,
  convertAmount: formatMinor(s.convertMinor),
  convertMinPoints: s.convertMinPoints,
  vipWindowDays: s.vipWindowDays,
  vipReviewDays: s.vipReviewDays,
  rankDays: s.rankDays,
});
export const pointsRateWire = (r: { gameType: string; vipLevel: number; ratePpm: number }) => ({
  gameType: r.gameType,
  vipLevel: r.vipLevel,
  ratePercent: partsToPercent(r.ratePpm, POINTS_RATE.decimals, POINTS_RATE.perPercent),
});
export const vipLevelWire = (l: VipLevel | VipLevelBody) => ({
  level: l.level,
  name: l.name,
  minValidBet: formatMinor(l.minValidBet),
  minDeposit: formatMinor(l.minDeposit),
  rebateRatePercent: partsToPercent(l.rebateRatePpm, REBATE_RATE.decimals, REBATE_RATE.perPercent),
  withdrawDailyMax: l.withdrawDailyMax === null ? null : formatMinor(l.withdrawDailyMax),
  withdrawDailyCount: l.withdrawDailyCount,
  birthdayBonus: formatMinor(l.birthdayBonus),
  upgradeBonus: formatMinor(l.upgradeBonus),
});

/** The rules and points rates as the back office shows them. */
export async function loyaltyRulesView(ctx: AppContext) {
  const [s, rates] = await Promise.all([loyaltySettings(ctx.db), pointsRates(ctx.db)]);
  return { settings: settingsWire(s), rates: rates.map(pointsRateWire) };
}
export const vipLevelsView = async (ctx: AppContext) => ({
  list: (await vipLevels(ctx.db)).map(vipLevelWire),
});

/**
 * Four eyes on a VIP level, as on a bonus granted by hand: an upgrade or birthday bonus raised
 * above the amount one operator may move alone (Finance settings, adjustment threshold) pays
 * every member who reaches the level that much, so it waits for a second operator. Lower
 * bonuses, thresholds, rates (as rebate rates) and withdrawal caps apply at once.
 */
export function vipLevelRaises(before: VipLevel | null, after: VipLevelBody, threshold: bigint): string[] {
  const changes: string[] = [];
  for (const field of ["upgradeBonus", "birthdayBonus"] as const)
    if (after[field] > threshold && after[field] > (before?.[field] ?? 0n)) changes.push(field);
  return changes;
}

async function writeVipLevel(
  tx: Tx,
  before: VipLevel | null,
  b: VipLevelBody,
  op: Operator,
  ip: string,
  at: Date,
) {
  await upsertVipLevel(tx, b, at);
  await recordAudit(tx, {
    operatorId: op.id,
    operatorName: op.username,
    action: "update",
    entityType: "vip_level",
    entityId: String(b.level),
    before: before ? vipLevelWire(before) : null,
    after: vipLevelWire(b),
    ip,
  });
}

async function writeSettings(
  tx: Tx,
  before: LoyaltySettings,
  b: SettingsBody,
  op: Operator,
  ip: string,
  at: Date,
) {
  await updateLoyaltySettings(tx, b, at);
  await recordAudit(tx, {
    operatorId: op.id,
    operatorName: op.username,
    action: "update",
    entityType: "loyalty_settings",
    entityId: "1",
    before: settingsWire(before),
    after: settingsWire(b),
    ip,
  });
}

const levelOf = async (tx: Executor, level: number) =>
  (await vipLevels(tx)).find((l) => l.level === level) ?? null;

/** Save a VIP level (audited), or store it for a second operator when it pays more (APPROVAL_PENDING). */
export function saveVipLevel(ctx: AppContext, b: VipLevelBody, op: Operator, ip: string) {
  return withApproval(ctx, async (tx) => {
    // Serialise with other saves of the level so the four-eyes comparison holds.
    await lockVipLevelSaves(tx, b.level);
    const before = await levelOf(tx, b.level);
    const threshold = parseMoney((await readSetting(tx, "finance")).adjustmentApprovalThreshold) ?? 0n;
    const changes = vipLevelRaises(before, b, threshold);
    if (changes.length > 0) {
      return requestApproval(ctx, tx, {
        kind: "loyalty.vip_level",
        entityId: String(b.level),
        payload: vipLevelWire(b),
        base: before ? vipLevelWire(before) : null,
        summary: {
          before: before ? vipLevelWire(before) : null,
          after: vipLevelWire(b),
          changes,
          threshold: formatMinor(threshold),
        },
        op,
        ip,
      });
    }
    await writeVipLevel(tx as Tx, before, b, op, ip, ctx.clock.now());
    return vipLevelWire(b);
  });
}

/** Save the rules, audited with what they replaced (rates and days: no second operator). */
export function saveLoyaltySettings(ctx: AppContext, b: SettingsBody, op: Operator, ip: string) {
  return ctx.db.transaction(async (tx) => {
    await lockLoyaltySettings(tx);
    const before = await loyaltySettings(tx);
    await writeSettings(tx, before, b, op, ip, ctx.clock.now());
    return settingsWire(b);
  });
}

/** A points rate (audited with the rate it replaced); earning rates apply at once. */
export async function savePointsRate(
  ctx: AppContext,
  b: (typeof AdminPointsRate)["_output"],
  op: Operator,
  ip: string,
) {
  return ctx.db.transaction(async (tx) => {
    const before = (await pointsRates(tx)).find(
      (r) => r.gameType === b.gameType && r.vipLevel === b.vipLevel,
    );
    await upsertPointsRate(tx, b, ctx.clock.now());
    await recordAudit(tx, {
      operatorId: op.id,
      operatorName: op.username,
      action: "update",
      entityType: "points_rate",
      entityId: `${b.gameType}:${b.vipLevel}`,
      before: before ? pointsRateWire(before) : null,
      after: pointsRateWire(b),
      ip,
    });
    return pointsRateWire(b);
  });
}

/** A flat object as text with its keys sorted: jsonb (the stored base) does not keep key order. */
const canonical = (v: unknown) =>
  v && typeof v === "object"
    ? JSON.stringify(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
    : "null";

/**
 * The second operator's approval re-runs the change against what it was made on: a level
 * changed since is stale (VERSION_CONFLICT), to be asked again.
 */

export function registerLoyaltyAppliers(ctx: AppContext): void {
  registerApplier(ctx, "loyalty.vip_level", {
    permission: "marketing.write",
    entityType: "vip_level",
    async apply(tx, r, op, ip) {
      const b = AdminVipLevel.parse(r.payload);
      await lockVipLevelSaves(tx, b.level);
      const before = await levelOf(tx, b.level);
      if (canonical(before ? vipLevelWire(before) : null) !== canonical(r.base))
        throw new AppError("VERSION_CONFLICT", 409);
      await writeVipLevel(tx, before, b, op, ip, ctx.clock.now());
      return vipLevelWire(b);
    },
  });
}
export const campaignsList = (ctx: AppContext) => campaignList(ctx.db);
