import { z } from "zod";
import { BigId, Id, intInput, PageNo } from "./input.ts";
import { amountSchema, NonNegativeAmount, PositiveAmount } from "./money.ts";

/**
 * Loyalty (spec §2 /pointMall, /deposit-rank, /bet-rank, missionLeaderboard; §3 points
 * records, memberLabel, vipService; §4 redeem statuses; §5 redeem form; §7 points and mission
 * calls). Points are whole numbers; cash amounts travel as decimal strings ("12.50").
 */
export const REDEEM_STATUSES = ["in_process", "approved", "rejected"] as const;
export type RedeemStatus = (typeof REDEEM_STATUSES)[number];
export const MALL_KINDS = ["goods", "cash", "bonus", "raffle", "freespins"] as const;

/** A caller's own retry key (a uuid or similar): the same key never redeems twice. */
const RequestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "request_id_invalid");
const Password = z.string().min(1).max(20);

/** POST /wps/relay/passwordCheck/MCS2_redeemPointReward (spec §5: goods need address and mobile). */
export const RedeemPointRequest = z.strictObject({
  itemId: Id,
  requestId: RequestId,
  password: Password,
  address: z.string().trim().max(300).optional(),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{7,20}$/, "mobile_invalid")
    .optional(),
});

/** POST /wps/relay/passwordCheck/MCS2_convertPoint */
export const ConvertPointRequest = z.strictObject({
  points: intInput(1, 1_000_000_000),
  requestId: RequestId,
  password: Password,
});

export const PageQuery = z.strictObject({ pageNo: PageNo.default(1) });
export const LeaderboardQuery = z.strictObject({ campaignId: Id.optional() });
export const RankParams = z.strictObject({ kind: z.enum(["deposit", "bet"]) });

export interface MallItemView {
  id: number;
  kind: (typeof MALL_KINDS)[number];
  name: string;
  description: string;
  imageUrl: string;
  price: number;
  stock: number | null;
  amount: string | null;
  /** raffle items: tickets per redemption in the raffle open at the time. */
  tickets: number | null;
  /** freespins items: N spins at a fixed bet per line on one in-house slot, lasting expiryDays. */
  freeSpins: MallFreeSpins | null;
  memberCap: number | null;
  periodCap: number | null;
  capPeriod: "day" | "week" | "month";
}
export interface MallFreeSpins {
  vendor: string;
  gameCode: string;
  spins: number;
  betPerLine: string;
  expiryDays: number;
}

/** spec §3 points records: points, changed points, points balance, amount, remark, status, time, reference. */
export interface PointsRecord {
  id: number;
  type: string;
  points: number;
  changedPoints: number;
  pointsBalance: number;
  amount: string | null;
  remark: string;
  status: string;
  time: string;
  reference: string | null;
}

// ---------- back office ----------
const Texts = z.partialRecord(z.enum(["TY", "EN", "CN", "VI", "TH", "ID", "JA"]), z.string().max(200));
/**
 * A rate the operator types as a percentage ("0.5" = 0.5 %, "12" = 12 %; at most `decimals`
 * decimals) → the whole number the tables keep: `perPercent` parts for 1 %. Text to integer,
 * never through a float; null when the text is not such a percentage.
 */
export function percentToParts(text: string, decimals: number, perPercent: number): number | null {
  const m = /^(\d{1,7})(?:\.(\d+))?$/.exec(typeof text === "string" ? text.trim() : "");
  if (!m) return null;
  const frac = m[2] ?? "";
  if (frac.length > decimals) return null;
  const scale = 10 ** decimals;
  // perPercent is a multiple of 10^decimals (see the rates below), so every typed value is whole.
  return ((Number(m[1]) * scale + Number(frac.padEnd(decimals, "0") || "0")) * perPercent) / scale;
}

/** The stored parts back as the percentage text the operator typed: 5000 ppm of 10000 per 1 % → "0.5". */
export function partsToPercent(parts: number, decimals: number, perPercent: number): string {
  const scale = 10 ** decimals;
  const n = Math.round((parts * scale) / perPercent);
  const frac = String(n % scale)
    .padStart(decimals, "0")
    .replace(/0+$/, "");
  return `${Math.floor(n / scale)}${frac ? `.${frac}` : ""}`;
}

/**
 * The two kinds of rate of loyalty's back office:
 * - points earned, as a percentage of the amount in pesos (100 % = 1 point per ₱1), kept as
 *   millionths of a point per centavo (100 % = 10,000), two decimals;
 * - a VIP level's rebate, a percentage of valid bets kept as parts per million (1 % = 10,000),
 *   four decimals.
 */
export const POINTS_RATE = { decimals: 2, perPercent: 100 } as const;
export const REBATE_RATE = { decimals: 4, perPercent: 10_000 } as const;
const percent = (unit: { decimals: number; perPercent: number }, maxParts: number) =>
  z
    .string({ error: "rate_invalid" })
    .max(20, "rate_invalid")
    .transform((s, ctx) => {
      const parts = percentToParts(s, unit.decimals, unit.perPercent);
      if (parts === null || parts > maxParts) {
        ctx.addIssue({ code: "custom", message: "rate_invalid" });
        return z.NEVER;
      }
      return parts;
    });
/** Points rate: at most 10,000 % (100 points per ₱1). */
const PointsPercent = percent(POINTS_RATE, 1_000_000);
/** Rebate rate: at most 10 % of valid bets. */
const RebatePercent = percent(REBATE_RATE, 100_000);
/** A peso amount of a setting: "1000" or "1000.00" → centavos (zero allowed), at most ₱1,000,000,000. */
const Pesos = NonNegativeAmount;

/**
 * PUT /api/admin/loyalty/settings. Amounts in pesos, rates in percent; the output is what the
 * tables keep (centavos, millionths).
 */
export const AdminLoyaltySettings = z
  .strictObject({
    depositRatePercent: PointsPercent,
    expiryDays: intInput(0, 3650),
    convertPoints: intInput(1, 1_000_000),
    /** What `convertPoints` points are worth, in pesos (at most ₱1,000,000). */
    convertAmount: amountSchema({ allowZero: true, max: 100_000_000n }),
    convertMinPoints: intInput(1, 1_000_000_000),
    vipWindowDays: intInput(1, 366),
    vipReviewDays: intInput(1, 366),
    rankDays: intInput(1, 366),
  })
  .transform(({ depositRatePercent, convertAmount, ...rest }) => ({
    ...rest,
    depositRatePpm: depositRatePercent,
    convertMinor: convertAmount,
  }));
/** PUT /api/admin/loyalty/rates: points per category and VIP level, in percent. */
export const AdminPointsRate = z
  .strictObject({
    gameType: z.string().regex(/^[A-Z_]{2,20}$/),
    vipLevel: intInput(0, 20),
    ratePercent: PointsPercent,
  })
  .transform(({ ratePercent, ...rest }) => ({ ...rest, ratePpm: ratePercent }));
/** PUT /api/admin/loyalty/vip-levels: thresholds, bonuses and the withdrawal cap in pesos, the rebate in percent. */
export const AdminVipLevel = z
  .strictObject({
    level: intInput(0, 20),
    name: z.string().trim().min(1).max(40),
    minValidBet: Pesos,
    minDeposit: Pesos,
    rebateRatePercent: RebatePercent,
    withdrawDailyMax: PositiveAmount.nullable(),
    withdrawDailyCount: intInput(1, 1000).nullable(),
    birthdayBonus: Pesos,
    upgradeBonus: Pesos,
  })
  .transform(({ rebateRatePercent, ...rest }) => ({ ...rest, rebateRatePpm: rebateRatePercent }));
export const AdminVipChange = z.strictObject({
  level: intInput(0, 20),
  note: z.string().trim().min(1).max(300),
});
export const AdminMallItem = z.strictObject({
  kind: z.enum(MALL_KINDS),
  names: Texts,
  descriptions: Texts.default({}),
  imageUrl: z.string().max(500).default(""),
  pricePoints: intInput(1, 1_000_000_000),
  stock: intInput(0, 10_000_000).nullable(),
  amount: PositiveAmount.nullable(),
  bonusRuleId: Id.nullable(),
  /** raffle: tickets per redemption (1–10,000). */
  tickets: intInput(1, 10_000).nullable().default(null),
  /** freespins: the in-house slot (vendor, game code), spins, bet per line, days they last. */
  freeSpins: z
    .strictObject({
      vendor: z.string().regex(/^[A-Z0-9_]{2,30}$/),
      gameCode: z.string().trim().min(1).max(100),
      spins: intInput(1, 1000),
      betPerLine: PositiveAmount,
      expiryDays: intInput(1, 365),
    })
    .nullable()
    .default(null),
  memberCap: intInput(1, 100_000).nullable(),
  periodCap: intInput(1, 100_000).nullable(),
  capPeriod: z.enum(["day", "week", "month"]).default("day"),
  enabled: z.boolean().default(true),
  sort: intInput(0, 100_000).default(0),
});
export const AdminRedemptionDecision = z.strictObject({
  approve: z.boolean(),
  tracking: z.string().trim().max(100).optional(),
  reason: z.string().trim().max(300).optional(),
});
export const AdminRedemptionQuery = z.strictObject({
  status: z.enum(REDEEM_STATUSES).optional(),
  pageNo: PageNo.default(1),
});
const TaskSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("deposit"), target: intInput(1, 1_000_000_000_000) }),
  z.strictObject({
    type: z.literal("bet"),
    target: intInput(1, 1_000_000_000_000),
    gameType: z.string().max(20).optional(),
  }),
  z.strictObject({
    type: z.literal("rounds"),
    target: intInput(1, 1_000_000),
    gameCode: z.string().max(60).optional(),
  }),
  z.strictObject({ type: z.literal("wins"), target: intInput(1, 1_000_000) }),
  z.strictObject({ type: z.literal("login_days"), target: intInput(1, 366) }),
  z.strictObject({ type: z.literal("mission"), target: z.literal(1), missionId: Id }),
]);
export const AdminMission = z.strictObject({
  campaignId: Id.nullable(),
  names: Texts,
  period: z.enum(["daily", "weekly", "once"]),
  tasks: z.array(TaskSchema).min(1).max(5),
  prizeKind: z.enum(["points", "cash", "bonus"]),
  prizeAmount: intInput(1, 1_000_000_000),
  bonusRuleId: Id.nullable().default(null),
  score: intInput(0, 1_000_000).default(1),
  /** Only members at this VIP level or above see and progress it (0: everyone). */
  minVipLevel: intInput(0, 20).default(0),
  enabled: z.boolean().default(true),
  sort: intInput(0, 100_000).default(0),
});
export const AdminCampaign = z.strictObject({
  names: Texts,
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  prizes: z.array(z.strictObject({ rank: intInput(1, 100), amount: PositiveAmount })).max(100),
});
export const AdminPointsReportQuery = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
  format: z.enum(["json", "csv"]).default("json"),
});
export const AdminMemberParams = z.strictObject({ id: BigId });
