import { z } from "zod";
import { LangCode } from "./envelope.ts";
import { BigId, Id, intInput, PageNo } from "./input.ts";
import { NonNegativeAmount, PositiveAmount } from "./money.ts";

/**
 * Reward centre, rebates, raffles and referrals (spec §2 member centre
 * pages rewardCenter, manualRebate, referral; §7 MCS2_claimRafflePromotion). Amounts travel as
 * decimal strings ("12.50"); the server keeps minor units.
 */
export const REWARD_STATES = ["waiting", "claimed", "expired", "void"] as const;
export type RewardState = (typeof REWARD_STATES)[number];
export const REWARD_SOURCES = ["promotion", "rebate", "raffle", "referral", "mission"] as const;

/** GET /wps/rewards/list: waiting (the default) or the history (claimed, expired, void). */
export const RewardListQuery = z.strictObject({
  tab: z.enum(["waiting", "history"]).default("waiting"),
  source: z.enum(REWARD_SOURCES).optional(),
  pageNo: PageNo.default(1),
});

export interface RewardItem {
  id: number;
  source: string;
  title: string;
  payout: "cash" | "bonus";
  amount: string;
  currency: string;
  state: RewardState;
  expiresAt: string | null;
  createdAt: string;
  claimedAt: string | null;
  unread: boolean;
}
export interface RewardList {
  list: RewardItem[];
  totalPages: number;
  /** Sum of the waiting cash rewards (what "claim all" pays). */
  waitingTotal: string;
}

/** POST /wps/rewards/claim */
export const ClaimRewardRequest = z.strictObject({ id: BigId });
/** POST /wps/rewards/claimAll: every waiting reward, or only those of one source (manualRebate). */
export const ClaimAllRequest = z.strictObject({ source: z.enum(REWARD_SOURCES).optional() });
export interface ClaimResult {
  claimed: number;
  amount: string;
  /** Rewards that could not be paid now (expired meanwhile, bonus not available, ...). */
  skipped: number;
}

/** POST /wps/relay/MCS2_claimRafflePromotion: claim the member's prizes of one raffle (or all). */
export const ClaimRaffleRequest = z.strictObject({ raffleId: Id.optional() });

export interface RaffleView {
  id: number;
  title: string;
  currency: string;
  startsAt: string;
  endsAt: string;
  ticketPerDeposit: string | null;
  ticketPerBet: string | null;
  status: "open" | "drawn" | "cancelled";
  seedHash: string;
  /** Shown only once drawn: anyone can check SHA-256(serverSeed) = seedHash and redo the draw. */
  serverSeed: string | null;
  totalTickets: number | null;
  prizes: Array<{ rank: number; amount: string }>;
  myTickets: number;
  winners: Array<{ rank: number; ticket: number; member: string; amount: string }>;
}

/** Rebates (manualRebate page). */
export interface RebatePage {
  mode: "auto" | "manual";
  rates: Array<{ gameType: string; rate: string }>;
  /** Waiting rebate rewards (closed days, manual mode) and their total. */
  waiting: RewardItem[];
  waitingTotal: string;
  /** Today's valid bets and estimated rebate so far, per category (paid after the day closes). */
  today: Array<{ gameType: string; validBet: string; estimate: string }>;
  history: Array<{ day: string; amount: string; mode: "auto" | "manual"; claimed: boolean }>;
}

/** Referral page (invite friends). */
export interface ReferralPage {
  enabled: boolean;
  code: string;
  link: string;
  qrUrl: string;
  rewards: { register: string; deposit: string; depositMin: string; bet: string; betThreshold: string };
  friends: Array<{
    member: string;
    joinedAt: string;
    registered: boolean;
    deposited: boolean;
    betReached: boolean;
  }>;
  earned: string;
}

// ---------- Back office ----------
/** A rate is a percentage text with up to 4 decimals: "0.35" = 0.35 %. */
export const RatePercent = z
  .string()
  .regex(/^\d{1,2}(\.\d{1,4})?$/, "rate_invalid")
  .refine((s) => Number(s) <= 10, "rate_invalid");

export const AdminRebateRate = z.strictObject({
  gameType: z.string().trim().min(1).max(20),
  vipLevel: intInput(0, 100).default(0),
  rate: RatePercent,
  /** Default 0.01: any positive rebate is paid. */
  minPayout: PositiveAmount.optional(),
  maxPayout: PositiveAmount.nullable().optional(),
  enabled: z.boolean().default(true),
});
export const AdminRebateSettings = z.strictObject({
  mode: z.enum(["auto", "manual"]),
  claimDays: intInput(1, 90),
});
export const AdminRebateRunRequest = z.strictObject({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "date_invalid"),
});

/**
 * A raffle's title per site language: the operator writes Filipino (TY) or English (EN) at least;
 * a language left out or blank is dropped, and the member reads theirs, else EN, else TY (as
 * promotions and notices fall back).
 */
const Title = z
  .partialRecord(LangCode, z.string().trim().max(120))
  .transform(
    (t) => Object.fromEntries(Object.entries(t).filter(([, v]) => v)) as Partial<Record<LangCode, string>>,
  )
  .refine((t) => Boolean(t.TY || t.EN), "title_ty_or_en_needed");
export const AdminRaffleCreate = z
  .strictObject({
    title: Title,
    currency: z.string().length(3).default("PHP"),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    ticketPerDeposit: PositiveAmount.nullable().optional(),
    ticketPerBet: PositiveAmount.nullable().optional(),
    maxTicketsPerMember: intInput(1, 1_000_000).default(1000),
    prizes: z.array(PositiveAmount).min(1).max(100),
  })
  .refine((r) => r.ticketPerDeposit != null || r.ticketPerBet != null, "ticket_rule_required")
  .refine((r) => Date.parse(r.endsAt) > Date.parse(r.startsAt), "date_range_invalid");

export const AdminReferralSettings = z.strictObject({
  enabled: z.boolean(),
  registerReward: NonNegativeAmount,
  depositReward: NonNegativeAmount,
  depositMin: PositiveAmount,
  betReward: NonNegativeAmount,
  betThreshold: PositiveAmount,
});

export const AdminRewardReportQuery = z.strictObject({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "date_invalid"),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "date_invalid"),
  format: z.enum(["json", "csv"]).default("json"),
});
