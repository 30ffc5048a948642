import { manilaDay, manilaStart } from "@panalo/contracts/manila-time";
import type { Executor, Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { checkTxPassword } from "../../lib/member-auth.ts";
import { emitMemberEvent } from "../../lib/member-events.ts";
import { memberGate } from "../../lib/member-gates.ts";
import { grantBonus } from "../bonus/service.ts";
import { isPosted, postIn } from "../ledger/service.ts";
import { lockOpenRaffle, REWARDS_HOUSE } from "../rewards/service.ts";
import {
  deliverGrant,
  FS_REFUSED_REASON,
  GRANT_LEASE_MS,
  type GrantRequest,
  type GrantSender,
} from "./free-spins.ts";
import { loyaltySettings, pointsLegs } from "./points.ts";
import { insertFreeSpinGrant, markGrantRefused } from "./repo/free-spins.ts";
import {
  enabledMallItem,
  type ItemRow,
  insertBoughtTickets,
  insertRedemption,
  lockRedemption,
  mallItemRows,
  type RedemptionRow,
  redemptionByRequest,
  redemptionCounts,
  returnItemStock,
  setRedemptionDecision,
  takeItemStock,
} from "./repo/mall.ts";
import { memberCurrency } from "./repo/members.ts";

export type { RedemptionRow } from "./repo/mall.ts";

/**
 * The points mall. A redemption, in one transaction:
 *   1. the item's row is taken and its stock decremented in one statement
 *      (UPDATE … WHERE stock > 0): the row lock queues every redeemer of the item, so the stock
 *      never goes below zero and the caps counted next see every earlier redemption;
 *   2. the member's and the period's caps are checked;
 *   3. the points leave the member's points account (ledger, key points:redeem:<id>; too few
 *      points undo everything, stock included);
 *   4. cash is paid to the main wallet, a bonus granted under its rule (wagering), raffle tickets
 *      added to the raffle open now (rewards/raffle.ts, its row share-locked against the draw) — these are
 *      approved at once; goods wait in the back-office queue (spec §4 in process → approved
 *      with a tracking reference, or rejected with the points and the stock returned).
 * A repeated request (same requestId) answers the first redemption.
 */
export interface MallItem {
  id: number;
  kind: "goods" | "cash" | "bonus" | "raffle" | "freespins";
  names: Record<string, string>;
  descriptions: Record<string, string>;
  imageUrl: string;
  pricePoints: bigint;
  stock: number | null;
  amount: bigint | null;
  bonusRuleId: number | null;
  /** raffle: tickets per redemption in the raffle open at the time. */
  tickets: number | null;
  /** freespins: the in-house slot, the spins, the bet per line and the days they last. */
  freeSpins: {
    vendor: string;
    gameCode: string;
    spins: number;
    betPerLine: bigint;
    expiryDays: number;
  } | null;
  memberCap: number | null;
  periodCap: number | null;
  capPeriod: "day" | "week" | "month";
  enabled: boolean;
  sort: number;
}
const toItem = (r: ItemRow): MallItem => ({
  id: r.id,
  kind: r.kind,
  names: r.names,
  descriptions: r.descriptions,
  imageUrl: r.image_url,
  pricePoints: BigInt(r.price_points),
  stock: r.stock,
  amount: r.amount === null ? null : BigInt(r.amount),
  bonusRuleId: r.bonus_rule_id,
  tickets: r.tickets,
  freeSpins:
    r.kind === "freespins" &&
    r.fs_vendor &&
    r.fs_game_code &&
    r.fs_spins &&
    r.fs_bet_per_line &&
    r.fs_expiry_days
      ? {
          vendor: r.fs_vendor,
          gameCode: r.fs_game_code,
          spins: r.fs_spins,
          betPerLine: BigInt(r.fs_bet_per_line),
          expiryDays: r.fs_expiry_days,
        }
      : null,
  memberCap: r.member_cap,
  periodCap: r.period_cap,
  capPeriod: r.cap_period,
  enabled: r.enabled,
  sort: r.sort,
});

export async function mallItems(exec: Executor, opts: { all?: boolean } = {}): Promise<MallItem[]> {
  const rows = await mallItemRows(exec, opts.all ?? false);
  return rows.map(toItem);
}

export interface RedeemInput {
  itemId: number;
  requestId: string;
  password: string;
  address?: string | null;
  mobile?: string | null;
}

export interface Redemption {
  id: number;
  itemId: number;
  kind: string;
  points: bigint;
  status: "in_process" | "approved" | "rejected";
  address: string | null;
  mobile: string | null;
  tracking: string | null;
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}
export const toRedemption = (r: RedemptionRow): Redemption => ({
  id: Number(r.id),
  itemId: r.item_id,
  kind: r.kind,
  points: BigInt(r.points),
  status: r.status,
  address: r.address,
  mobile: r.mobile,
  tracking: r.tracking,
  reason: r.reason,
  createdAt: new Date(r.created_at),
  decidedAt: r.decided_at === null ? null : new Date(r.decided_at),
});

/** The start of the cap period `at` falls in (Manila calendar: UTC+8, no daylight saving). */
export function capPeriodStart(period: MallItem["capPeriod"], at: Date): Date {
  // The Manila calendar day as a UTC date, moved back to the week's Monday or the month's first.
  const d = new Date(`${manilaDay(at)}T00:00:00Z`);
  if (period === "week") d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (period === "month") d.setUTCDate(1);
  return manilaStart(d.toISOString().slice(0, 10));
}

async function checkPassword(ctx: AppContext, memberId: number, password: string): Promise<void> {
  await checkTxPassword(ctx, memberId, password, "password");
}

/** A debit of points that reports too few points with its own code. */
async function spendPoints(tx: Tx, key: string, memberId: number, points: bigint, reference: string) {
  try {
    await postIn(tx, {
      idempotencyKey: key,
      type: "points_redeem",
      reference,
      memberId,
      legs: pointsLegs(memberId, -points),
    });
  } catch (err) {
    if (err instanceof AppError && err.code === "INSUFFICIENT_FUNDS")
      throw new AppError("POINTS_NOT_ENOUGH", 409);
    throw err;
  }
}

export async function redeem(
  ctx: AppContext,
  memberId: number,
  input: RedeemInput,
  deps: { sendGrant?: GrantSender } = {},
): Promise<Redemption> {
  const at = ctx.clock.now();
  const seen = await redemptionByRequest(ctx.db, memberId, input.requestId);
  if (seen) return toRedemption(seen);
  await checkPassword(ctx, memberId, input.password);
  const gate = await memberGate(ctx.db, memberId, "bonus", at);
  if (gate) throw new AppError(gate, 403);
  const peek = await enabledMallItem(ctx.db, input.itemId);
  if (!peek) throw new AppError("MALL_ITEM_NOT_FOUND", 404);
  const sendGrant = deps.sendGrant;
  if (peek.kind === "freespins" && !sendGrant) throw new AppError("FREESPINS_UNAVAILABLE", 503);
  // spec §5: goods need a receiving address and a mobile number.
  if (peek.kind === "goods" && (!input.address?.trim() || !input.mobile?.trim())) {
    throw Errors.validation([
      ...(!input.address?.trim() ? [{ path: "address", message: "required" }] : []),
      ...(!input.mobile?.trim() ? [{ path: "mobile", message: "required" }] : []),
    ]);
  }
  let grant = null as GrantRequest | null;
  const done = await ctx.db.transaction(async (tx) => {
    const item = await takeItemStock(tx, input.itemId);
    if (!item) throw new AppError("MALL_OUT_OF_STOCK", 409);
    const it = toItem(item);
    const again = await redemptionByRequest(tx, memberId, input.requestId);
    if (again) throw new AppError("DUPLICATE_MISMATCH", 409);
    const counts = await redemptionCounts(tx, memberId, it.id, capPeriodStart(it.capPeriod, at));
    if (it.memberCap !== null && (counts?.mine ?? 0) >= it.memberCap)
      throw new AppError("MALL_CAP_REACHED", 409);
    if (it.periodCap !== null && (counts?.period ?? 0) >= it.periodCap)
      throw new AppError("MALL_CAP_REACHED", 409);
    const status = it.kind === "goods" ? "in_process" : "approved";
    const row = await insertRedemption(tx, {
      memberId,
      itemId: it.id,
      requestId: input.requestId,
      kind: it.kind,
      points: it.pricePoints,
      status,
      address: it.kind === "goods" ? (input.address?.trim() ?? null) : null,
      mobile: it.kind === "goods" ? (input.mobile?.trim() ?? null) : null,
      at,
      decidedAt: status === "approved" ? at : null,
    });
    if (!row) throw Errors.internal();
    const id = Number(row.id);
    await spendPoints(tx, `points:redeem:${id}`, memberId, it.pricePoints, `R${id}`);
    if (it.kind === "cash" && it.amount) {
      const currency = (await memberCurrency(tx, memberId)) ?? "PHP";
      await postIn(tx, {
        idempotencyKey: `mall:cash:${id}`,
        type: "points_cash",
        reference: `R${id}`,
        memberId,
        legs: [
          { account: { house: REWARDS_HOUSE, currency }, amount: -it.amount },
          { account: { member: memberId, kind: "main", currency }, amount: it.amount },
        ],
      });
    }
    if (it.kind === "raffle" && it.tickets) {
      // Tickets in the raffle open now; none open refuses the whole redemption (points and stock kept).
      const currency = (await memberCurrency(tx, memberId)) ?? "PHP";
      const raffleId = await lockOpenRaffle(tx, currency, at);
      if (raffleId === null) throw new AppError("MALL_NO_RAFFLE", 409);
      await insertBoughtTickets(tx, { redemptionId: id, raffleId, memberId, tickets: it.tickets, at });
    }
    if (it.kind === "bonus" && it.amount && it.bonusRuleId) {
      await grantBonus(tx, {
        memberId,
        ruleId: it.bonusRuleId,
        amountMinor: it.amount,
        sourceKey: `mall:bonus:${id}`,
        reference: `R${id}`,
      });
    }
    if (it.kind === "freespins" && it.freeSpins) {
      // The grant is sent to the RGS after the commit (below); its copy here names it.
      const fs = it.freeSpins;
      const currency = (await memberCurrency(tx, memberId)) ?? "PHP";
      const expiresAt = new Date(at.getTime() + fs.expiryDays * 86_400_000);
      grant = {
        grantId: `mall:R${id}`,
        memberId,
        vendor: fs.vendor,
        gameCode: fs.gameCode,
        currency,
        spins: fs.spins,
        betPerLine: fs.betPerLine,
        expiresAt,
      };
      await insertFreeSpinGrant(
        tx,
        { ...grant, redemptionId: id, at },
        new Date(at.getTime() + GRANT_LEASE_MS),
      );
    }
    await emitMemberEvent(tx, {
      kind: "points.redeemed",
      memberId,
      ref: `redemption:${id}:${status}`,
      params: {
        redemptionId: id,
        item: it.names.EN ?? String(it.id),
        points: Number(it.pricePoints),
        status,
      },
    });
    return toRedemption(row);
  });
  if (grant && sendGrant) {
    // The RGS makes the grant (keyed by this redemption: a resend is stored once). Refused by the
    // RGS: the redemption is rejected with its points and stock returned, and the member told so.
    // No answer: the redemption stands and the grant is sent again until the RGS has it.
    const g: GrantRequest = grant;
    if ((await deliverGrant(ctx, done.id, g, sendGrant, undoFreeSpins)) === "refused")
      throw new AppError("FREESPINS_UNAVAILABLE", 503);
  }
  return done;
}

/**
 * A free-spins redemption whose grant the RGS refused, or that expired before it could be delivered:
 * rejected, points and stock returned (once).
 */
export async function undoFreeSpins(
  ctx: AppContext,
  redemptionId: number,
  reason = FS_REFUSED_REASON,
): Promise<void> {
  const refused = (tx: Executor) => markGrantRefused(tx, redemptionId);
  try {
    await decideRedemption(ctx, redemptionId, {
      approve: false,
      reason,
      operatorId: null,
      from: "approved",
      also: refused,
    });
  } catch (err) {
    // Another process refused it first: already rejected and refunded, once.
    if (!(err instanceof AppError && err.code === "MALL_REDEMPTION_DECIDED")) throw err;
    await refused(ctx.db);
  }
}

/** The operator's decision on a goods redemption (spec §4): approve with tracking, or reject. */
export async function decideRedemption(
  ctx: AppContext,
  id: number,
  d: {
    approve: boolean;
    tracking?: string | null;
    reason?: string | null;
    operatorId: number | null;
    /** Undoing a free-spins redemption whose grant could not be made (approved at once). */
    from?: "in_process" | "approved";
    /** More work in the decision's transaction. */
    also?: (tx: Executor) => Promise<unknown>;
  },
): Promise<Redemption> {
  const at = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const r = await lockRedemption(tx, id);
    if (!r) throw new AppError("MALL_REDEMPTION_NOT_FOUND", 404);
    if (r.status !== (d.from ?? "in_process")) throw new AppError("MALL_REDEMPTION_DECIDED", 409);
    const memberId = Number(r.member_id);
    if (!d.approve) {
      await postIn(tx, {
        idempotencyKey: `points:refund:${id}`,
        type: "points_refund",
        reference: `R${id}`,
        memberId,
        legs: pointsLegs(memberId, BigInt(r.points)),
      });
      await returnItemStock(tx, r.item_id);
    }
    const row = await setRedemptionDecision(tx, id, {
      status: d.approve ? "approved" : "rejected",
      tracking: d.approve ? (d.tracking ?? null) : null,
      reason: d.approve ? null : (d.reason ?? null),
      decidedBy: d.operatorId,
      at,
    });
    if (!row) throw Errors.internal();
    await d.also?.(tx);
    await emitMemberEvent(tx, {
      kind: "points.redeemed",
      memberId,
      ref: `redemption:${id}:${row.status}`,
      params: { redemptionId: id, points: Number(r.points), status: row.status, tracking: row.tracking },
    });
    return toRedemption(row);
  });
}

/** MCS2_convertPoint: points to cash at the operator's ratio, once per requestId. */
export async function convertPoints(
  ctx: AppContext,
  memberId: number,
  input: { points: number; requestId: string; password: string },
): Promise<{ points: bigint; cashMinor: bigint; currency: string }> {
  const s = await loyaltySettings(ctx.db);
  const points = BigInt(input.points);
  if (points < BigInt(s.convertMinPoints) || points % BigInt(s.convertPoints) !== 0n) {
    throw new AppError("POINTS_CONVERT_AMOUNT", 400, {
      min: s.convertMinPoints,
      step: s.convertPoints,
    });
  }
  const cash = (points / BigInt(s.convertPoints)) * s.convertMinor;
  if (cash <= 0n)
    throw new AppError("POINTS_CONVERT_AMOUNT", 400, { min: s.convertMinPoints, step: s.convertPoints });
  const key = `points:convert:${memberId}:${input.requestId}`;
  if (!(await isPosted(ctx.db, key))) {
    await checkPassword(ctx, memberId, input.password);
    const gate = await memberGate(ctx.db, memberId, "bonus", ctx.clock.now());
    if (gate) throw new AppError(gate, 403);
  }
  const currency = (await memberCurrency(ctx.db, memberId)) ?? "PHP";
  await ctx.db.transaction(async (tx) => {
    // Points and cash are two currencies, so two ledger transactions, committed together.
    await spendPoints(tx, key, memberId, points, `convert:${input.requestId}`);
    await postIn(tx, {
      idempotencyKey: `${key}:cash`,
      type: "points_cash",
      reference: `convert:${input.requestId}`,
      memberId,
      legs: [
        { account: { house: REWARDS_HOUSE, currency }, amount: -cash },
        { account: { member: memberId, kind: "main", currency }, amount: cash },
      ],
    });
  });
  return { points, cashMinor: cash, currency };
}
