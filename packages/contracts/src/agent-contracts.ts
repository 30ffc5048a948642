import { z } from "zod";
import { BigId, intInput } from "./input.ts";
import { amountText } from "./money.ts";

/**
 * Agent contracts (spec §3 contract fields, §4 contract states, §7 MCS2_processDividendReq,
 * MCS2_processDailySalContract, MCS2_processContractHourSalary, MCSFE_processRealTimeSalaryContract).
 *
 * Rates are whole hundredths of a percent (basis points: 150 = 1.50 %); amounts are texts of
 * the one money parser ("1000.00"), stored as minor units.
 */
export const CONTRACT_KINDS = ["dividend", "daily_salary", "hourly_salary", "realtime_salary"] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];
export const SALARY_PERIODS = ["daily", "weekly", "semimonthly", "monthly"] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];
export type ContractPeriod = SalaryPeriod | "hourly" | "five_minutes";
export const CONTRACT_STATUSES = [
  "offered",
  "active",
  "rejected",
  "terminated",
  "ended",
  "withdrawn",
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const BILL_STATUSES = ["pending", "paid", "insufficient", "nothing"] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** 0 … 100.00 % in basis points. */
export const RateBp = intInput(0, 10_000, "rate_invalid");

/**
 * One step of a tiered rate: it applies when the team has at least `minActiveMembers` members
 * with a settled bet in the period and at least `minValidBet` of valid bets. The highest rate of
 * the steps met applies; none met: nothing is paid.
 */
export const Tier = z.strictObject({
  minActiveMembers: intInput(0, 1_000_000),
  minValidBet: amountText({ allowZero: true }),
  rateBp: RateBp,
});
export type Tier = z.infer<typeof Tier>;

const tiers = z
  .array(Tier)
  .min(1)
  .max(10)
  .refine((t) => new Set(t.map((x) => `${x.minActiveMembers}|${x.minValidBet}`)).size === t.length, {
    message: "tier_duplicate",
  });

export const DividendTerms = z.strictObject({
  kind: z.literal("dividend"),
  period: z.enum(SALARY_PERIODS),
  tiers,
  /** A period where the team won (negative net loss) is carried into the next period's base. */
  carryOver: z.boolean(),
});
export const DailySalaryTerms = z.strictObject({
  kind: z.literal("daily_salary"),
  period: z.enum(SALARY_PERIODS),
  tiers,
});
export const HourlySalaryTerms = z.strictObject({
  kind: z.literal("hourly_salary"),
  tiers,
});
export const RealtimeSalaryTerms = z.strictObject({
  kind: z.literal("realtime_salary"),
  /** Rate on the stake of a settled bet the bettor won (or broke even on). */
  profitRateBp: RateBp,
  /** Rate on the stake of a settled bet the bettor lost. */
  lossRateBp: RateBp,
  /** Bets below this stake earn nothing. */
  minSingleBet: amountText({ allowZero: true }),
});
export const ContractTerms = z.discriminatedUnion("kind", [
  DividendTerms,
  DailySalaryTerms,
  HourlySalaryTerms,
  RealtimeSalaryTerms,
]);
export type ContractTerms = z.infer<typeof ContractTerms>;

/** An upline offers a contract to one of its direct downlines (paid from the upline's wallet). */
export const OfferContractRequest = z.strictObject({
  downlineId: BigId,
  terms: ContractTerms,
});
export const ContractIdRequest = z.strictObject({ contractId: BigId });
export const ContractKindQuery = z.strictObject({ kind: z.enum(CONTRACT_KINDS).optional() });

/** The operator offers a top agent a contract paid by the platform (or by its upline). */
export const AdminOfferContractRequest = z.strictObject({
  downlineId: BigId,
  funding: z.enum(["platform", "upline"]),
  terms: ContractTerms,
});

export interface ContractView {
  id: number;
  kind: ContractKind;
  uplineId: number | null;
  uplineName: string | null;
  downlineId: number;
  downlineName: string;
  funding: "platform" | "upline";
  period: ContractPeriod;
  terms: ContractTerms;
  rateBp: number;
  status: ContractStatus;
  offeredAt: string;
  acceptedAt: string | null;
  endedAt: string | null;
  endReason: string | null;
}

export interface ContractEventView {
  id: number;
  contractId: number;
  action: string;
  memberId: number | null;
  operatorId: number | null;
  detail: Record<string, unknown>;
  createdAt: string;
}

export interface BillView {
  id: number;
  contractId: number;
  kind: ContractKind;
  periodKey: string;
  windowStart: string;
  windowEnd: string;
  runId: number;
  memberId: number;
  memberName?: string;
  payerId: number | null;
  validBet: string;
  netLoss: string;
  activeMembers: number;
  rateBp: number;
  carryIn: string;
  carryOut: string;
  amount: string;
  status: BillStatus;
  attempts: number;
  paidAt: string | null;
}

/** spec §3 consolidated contract info (AGENTPOLICY3): which contract pages the agent sees. */
export interface ConsolidatedContractInfo {
  /** 1 when the agent may see its daily-salary contracts (it has one, or offers them). */
  dailysalreqtype: 0 | 1;
  divtypereq: 0 | 1;
  contracthoursalreq: 0 | 1;
  realtimesalreqtype: 0 | 1;
}

export const IncomeQuery = z.strictObject({
  kind: z.enum(CONTRACT_KINDS).optional(),
  page: intInput(1, 100_000).default(1),
  pageSize: intInput(1, 100).default(20),
});

export const AdminBillsQuery = z.strictObject({
  runId: BigId.optional(),
  memberId: BigId.optional(),
  status: z.enum(BILL_STATUSES).optional(),
  page: intInput(1, 100_000).default(1),
  pageSize: intInput(1, 500).default(50),
});
export const AdminContractsQuery = z.strictObject({
  memberId: BigId.optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
});
export const REPORT_GROUPS = ["day", "week", "month"] as const;
/**
 * "My income" per period: what the agent earned (its paid bills), what it paid its downlines
 * (the paid bills it was the payer of, per downline) and the net, per Manila day, week (from
 * Monday) or month a bill's period ended in, inclusive Manila days, at most 366 of them.
 */
export const IncomeSummaryQuery = z
  .strictObject({
    from: z.iso.date(),
    to: z.iso.date(),
    group: z.enum(REPORT_GROUPS).default("day"),
  })
  .refine((q) => q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= 365 * 86_400_000, {
    message: "range_invalid",
    path: ["to"],
  });

export interface IncomePeriodView {
  /** YYYY-MM-DD (a day, or a week's Monday) or YYYY-MM. */
  period: string;
  gross: string;
  paidOut: string;
  net: string;
  /** What each downline was paid in the period, largest first. */
  downlines: { id: number; username: string; amount: string }[];
}

export interface IncomeSummaryView {
  group: (typeof REPORT_GROUPS)[number];
  from: string;
  to: string;
  /** Oldest first; only periods with a paid bill either way. */
  periods: IncomePeriodView[];
  totals: { gross: string; paidOut: string; net: string };
}

/** The contracts that accepting an open offer would end (spec §4: a lower rate ends them). */
export interface ContractImpactView {
  contractId: number;
  ends: ContractView[];
}

export const AdminReportQuery = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
  /** Rows per Manila day, per week (from Monday) or per month the bills' periods ended in. */
  group: z.enum(REPORT_GROUPS).default("day"),
});
