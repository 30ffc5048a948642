import { z } from "zod";
import { PageNo, pageSize } from "./input.ts";

/**
 * The back office's dashboard and reports. Amounts are decimal
 * strings of the brand currency ("1234.50"); days are Manila days ("2026-03-02"). Finance
 * figures need `finance.read`.
 */

/** A Manila day, YYYY-MM-DD, a real calendar day. */
export const ReportDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "day_invalid")
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, "day_invalid");

/** The longest range a dashboard or report covers: a year and a day. */
export const MAX_REPORT_DAYS = 366;

const rangeCheck = (v: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const days = (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: "custom", path: ["to"], message: "range_invalid" });
  else if (days >= MAX_REPORT_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: "range_too_long" });
};

/** GET /api/admin/reports/dashboard?from=&to= */
export const DashboardQuery = z.object({ from: ReportDay, to: ReportDay }).superRefine(rangeCheck);

export const DashboardFigures = z.object({
  deposits: z.string(),
  depositCount: z.number().int(),
  withdrawals: z.string(),
  withdrawalCount: z.number().int(),
  bets: z.string(),
  wins: z.string(),
  /** bets − wins */
  ggr: z.string(),
  bonuses: z.string(),
  /** Net of manual adjustments credited to (positive) or taken from (negative) players. */
  adjustments: z.string(),
  /** GGR − bonuses − adjustments */
  ngr: z.string(),
  rounds: z.number().int(),
  activePlayers: z.number().int(),
  newPlayers: z.number().int(),
  firstDepositors: z.number().int(),
});
export type DashboardFigures = z.infer<typeof DashboardFigures>;

export const QueueAge = z.object({
  count: z.number().int(),
  /** ISO time of the oldest waiting item, null when none waits. */
  oldestAt: z.string().nullable(),
});

export const SeriesPoint = z.object({
  day: z.string(),
  deposits: z.string(),
  withdrawals: z.string(),
  bets: z.string(),
  wins: z.string(),
  ggr: z.string(),
});
export const Breakdown = z.object({
  key: z.string(),
  bets: z.string(),
  wins: z.string(),
  ggr: z.string(),
  rounds: z.number().int(),
});

export const Dashboard = z.object({
  today: z.string(),
  from: z.string(),
  to: z.string(),
  todayFigures: DashboardFigures,
  period: DashboardFigures,
  series: z.array(SeriesPoint),
  byCategory: z.array(Breakdown),
  byVendor: z.array(Breakdown),
  queues: z.object({ deposits: QueueAge, withdrawals: QueueAge, heldWins: QueueAge, approvals: QueueAge }),
  /** Days before this one come from the rollup tables; from it on, from the live records. */
  rolledUpUntil: z.string().nullable(),
  asOf: z.string(),
  /** Seconds the replica these figures were read from is behind the primary; null: the primary. */
  replicaLagSeconds: z.number().nullable(),
});
export type Dashboard = z.infer<typeof Dashboard>;

// ---------- reports ----------
export const GameGroups = ["day", "game", "vendor", "player"] as const;
export const GameSorts = ["key", "bets", "wins", "ggr", "rtp", "rounds", "players"] as const;
export const ChannelSorts = ["key", "amount", "succeeded", "failed", "successRate", "fees"] as const;
export const PlayerSorts = [
  "key",
  "deposits",
  "withdrawals",
  "bets",
  "wins",
  "ggr",
  "bonuses",
  "adjustments",
  "ngr",
  "rounds",
] as const;
export const RoundSorts = ["time", "bet", "win"] as const;

const rangeFields = {
  from: ReportDay,
  to: ReportDay,
  sortDir: z.enum(["asc", "desc"]).default("desc"),
  page: PageNo.default(1),
  pageSize: pageSize(200).default(50),
};
const Member = z.string().trim().min(1).max(40).optional();
const Channel = z.string().trim().min(1).max(40).optional();

/** GET /api/admin/reports/games?groupBy=&from=&to=&member=&vendor=&sort=&sortDir=&page=&pageSize= */
export const GamesReportQuery = z
  .object({
    ...rangeFields,
    groupBy: z.enum(GameGroups).default("day"),
    sort: z.enum(GameSorts).default("key"),
    member: Member,
    /** The game's vendor (the "channel" a round came through). */
    vendor: Channel,
  })
  .superRefine(rangeCheck);
export type GamesReportQuery = z.infer<typeof GamesReportQuery>;

/** GET /api/admin/reports/channels?groupBy=&from=&to=&channel=&state=… */
export const ChannelsReportQuery = z
  .object({
    ...rangeFields,
    groupBy: z.enum(["channel", "day"]).default("channel"),
    sort: z.enum(ChannelSorts).default("key"),
    channel: Channel,
    /** deposit or withdrawal. */
    state: z.enum(["deposit", "withdrawal"]).optional(),
  })
  .superRefine(rangeCheck);
export type ChannelsReportQuery = z.infer<typeof ChannelsReportQuery>;

/** GET /api/admin/reports/players?from=&to=&member=&state=… (player profitability) */
export const PlayersReportQuery = z
  .object({
    ...rangeFields,
    sort: z.enum(PlayerSorts).default("ngr"),
    member: Member,
    /** The member's account state. */
    state: z.enum(["active", "locked", "closed"]).optional(),
  })
  .superRefine(rangeCheck);
export type PlayersReportQuery = z.infer<typeof PlayersReportQuery>;

/** GET /api/admin/reports/rounds?from=&to=&member=&vendor=&state=… (one row per bet) */
export const RoundsReportQuery = z
  .object({
    ...rangeFields,
    sort: z.enum(RoundSorts).default("time"),
    member: Member,
    vendor: Channel,
    /** won: a win credited on the round; lost: none; rolled_back: the stake returned. */
    state: z.enum(["won", "lost", "rolled_back"]).optional(),
  })
  .superRefine(rangeCheck);
export type RoundsReportQuery = z.infer<typeof RoundsReportQuery>;

export const GamesReportRow = z.object({
  key: z.string(),
  label: z.string(),
  bets: z.string(),
  wins: z.string(),
  ggr: z.string(),
  /** wins / bets in percent with two decimals, null without bets. */
  rtp: z.string().nullable(),
  rounds: z.number().int(),
  players: z.number().int(),
});
export const ChannelsReportRow = z.object({
  key: z.string(),
  kind: z.string(),
  channel: z.string(),
  amount: z.string(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** succeeded / decided in percent, null when none was decided. */
  successRate: z.string().nullable(),
  fees: z.string(),
});
export const PlayersReportRow = z.object({
  key: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  state: z.string(),
  deposits: z.string(),
  withdrawals: z.string(),
  bets: z.string(),
  wins: z.string(),
  ggr: z.string(),
  bonuses: z.string(),
  adjustments: z.string(),
  ngr: z.string(),
  rounds: z.number().int(),
});
export const RoundsReportRow = z.object({
  time: z.string(),
  username: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  roundId: z.string(),
  bet: z.string(),
  win: z.string(),
  state: z.string(),
});

export const reportPage = <T extends z.ZodType>(row: T) =>
  z.object({ items: z.array(row), total: z.number().int(), totals: row.optional() });
