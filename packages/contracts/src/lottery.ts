// CONTRACT READY
// CHANGELOG: (none yet — first version)
import { z } from "zod";
import { MoneyString } from "./envelope.ts";
import { intInput } from "./input.ts";
import { amountText } from "./money.ts";

/**
 * The lottery and e-lottery product. It lives in the RGS (apps/rgs, vendor TCG_SEA);
 * the back office reaches it through the platform. Every answer is the envelope
 * `{ success: true, value }` or `{ success: false, code, message, balance? }`. Amounts are
 * decimal strings ("10.00"); times are ISO-8601 UTC strings; game codes contain a slash
 * ("6/42"), so they always travel in a query string or a body, never in a path segment.
 *
 * Auth: O = open; S = an RGS lottery session: header `Authorization: Bearer <sessionId>`
 * (the SSE stream, which cannot send headers, takes `?sessionId=`); T = the member's platform
 * token (as every other platform call); A = back-office operator cookie + permission.
 *
 *  Method Path                                   Auth  In                        Out (value)
 *  POST   /lotto/lgw/session                     T     —                         LotteryLaunch
 *  POST   /rgs/lottery/session                   O     LotterySessionRequest     LotterySession
 *  GET    /rgs/lottery/games                     O     LotteryMenuQuery          LotteryMenu
 *  GET    /lgw/vn/games/game_menu                O     LotteryMenuQuery          LotteryMenu (same)
 *  GET    /lgw/vn/games/game_menu/recent         S     —                         LotteryRecent
 *  GET    /rgs/lottery/results                   O     LotteryResultsQuery       LotteryResults
 *  GET    /lgw/vn/numeros/opened/game            O     LotteryResultsQuery       LotteryResults (same)
 *  GET    /rgs/lottery/draws/open                O     LotteryOpenDrawsQuery     LotteryOpenDraws
 *  GET    /lotto/lgw/games/opened/numero         S     LotteryOpenDrawsQuery     LotteryOpenDraws (same)
 *  GET    /rgs/lottery/draw                      O     LotteryDrawQuery          LotteryDraw
 *  POST   /rgs/lottery/verify                    O     LotteryVerifyRequest      LotteryVerify
 *  POST   /rgs/lottery/slips                     S     LotterySlipRequest        LotterySlip
 *  POST   /rgs/lottery/slips/cancel              S     LotteryCancelRequest      LotterySlip
 *  GET    /rgs/lottery/bets                      S     LotteryBetsQuery          LotteryBets
 *  GET    /rgs/lottery/events?sessionId=         O/S   —                         text/event-stream of LotteryEvent
 *  GET    /api/admin/lottery/games               A lottery.read   —                     AdminLotteryGame[]
 *  PUT    /api/admin/lottery/games               A lottery.write  AdminLotteryGameUpdate AdminLotteryGame
 *  GET    /api/admin/lottery/draws               A lottery.read   AdminLotteryDrawsQuery AdminLotteryDraws
 *  GET    /api/admin/lottery/liability           A lottery.read   AdminLiabilityQuery    AdminLiability
 *  GET    /api/admin/lottery/report              A lottery.read   AdminLotteryReportQuery AdminLotteryReport
 * The platform's admin routes forward to the RGS's signed /rgs/admin/lottery/* (same shapes).
 *
 * Cancel: cancelling is per SLIP (the protocol's rollback returns the slip's single debit):
 * allowed while every draw of the slip is before its cut-off, every game of the slip allows
 * cancelling, and nothing of the slip is settled. Otherwise CANCEL_NOT_ALLOWED / SALES_CLOSED.
 *
 * Error codes besides the RGS ones (rgs.ts RgsErrorCodes) and VALIDATION_ERROR:
 * SALES_CLOSED, DRAW_NOT_FOUND, LIABILITY_LIMIT (message names the number), STAKE_LIMIT,
 * SELECTION_INVALID, CANCEL_NOT_ALLOWED, SLIP_NOT_FOUND, GAME_DISABLED, SLIP_TOO_LARGE.
 */

export const LotteryErrorCodes = [
  "SALES_CLOSED",
  "DRAW_NOT_FOUND",
  "LIABILITY_LIMIT",
  "STAKE_LIMIT",
  "SELECTION_INVALID",
  "CANCEL_NOT_ALLOWED",
  "SLIP_NOT_FOUND",
  "GAME_DISABLED",
  "SLIP_TOO_LARGE",
  "GAME_NOT_FOUND",
  "INSUFFICIENT_FUNDS",
  "SESSION_EXPIRED",
  "TOKEN_INVALID",
  "PLATFORM_UNAVAILABLE",
] as const;
export type LotteryErrorCode = (typeof LotteryErrorCodes)[number];

/** The vendor every lottery game is sold under. */
export const LOTTERY_VENDOR = "TCG_SEA";

/** PCSO-style games are LOTT; the fast e-lottery games (every 1, 3, 5 minutes) are ELOTT. */
export const LotteryGameType = z.enum(["LOTT", "ELOTT"]);
export type LotteryGameType = z.infer<typeof LotteryGameType>;

/** straight = exact order ("direct"); rambolito = any order (digits games); pick = pick-six line. */
export const LotteryBetType = z.enum(["straight", "rambolito", "pick"]);
export type LotteryBetType = z.infer<typeof LotteryBetType>;

/**
 * spec §2 playType (query of /lottery): direct → straight; single → one combination in any
 * order (rambolito on digits games, a pick line on pick-six games); double → a compound entry
 * the page expands into several single/direct bets before sending (the server only sees bets).
 */
export const LotteryPlayType = z.enum(["single", "double", "direct"]);
export type LotteryPlayType = z.infer<typeof LotteryPlayType>;

export const LotterySchedule = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("daily"),
    times: z
      .array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/))
      .min(1)
      .max(24),
  }),
  z.object({
    kind: z.literal("weekly"),
    /** 0 Sunday … 6 Saturday, Asia/Manila. */
    weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  }),
  z.object({ kind: z.literal("every"), minutes: z.number().int().min(1).max(1440) }),
]);
export type LotterySchedule = z.infer<typeof LotterySchedule>;

/**
 * Prize multipliers per 1 unit of stake. digits: straight (rambolito pays straight ÷ the
 * number of distinct orderings of the selection); pick: by number of matches ("6": 1000000 …).
 */
export const LotteryPrizeTable = z.object({
  straight: z.number().int().min(0).max(100_000_000).optional(),
  matches: z.record(z.string().regex(/^[0-9]$/), z.number().int().min(0).max(100_000_000)).optional(),
});
export type LotteryPrizeTable = z.infer<typeof LotteryPrizeTable>;

export const LotteryDrawStatus = z.enum(["open", "closed", "drawn", "settled"]);
export type LotteryDrawStatus = z.infer<typeof LotteryDrawStatus>;

/** A draw (numero). `closed` = past cut-off, waiting for the draw. */
export const LotteryDraw = z.object({
  gameCode: z.string(),
  drawNo: z.string(),
  drawAt: z.string(),
  cutoffAt: z.string(),
  status: LotteryDrawStatus,
  /** SHA-256 of the seed, public from when sales open. */
  seedHash: z.string(),
  /** Revealed with the result; null before. */
  seed: z.string().nullable(),
  result: z.array(z.number().int()).nullable(),
  drawnAt: z.string().nullable(),
});
export type LotteryDraw = z.infer<typeof LotteryDraw>;

export const LotteryGameInfo = z.object({
  code: z.string(),
  name: z.string(),
  gameType: LotteryGameType,
  /** The menu tag (spec §3 gameGroupCode): "PCSO" or "ELOTT". */
  tag: z.string(),
  kind: z.enum(["digits", "pick"]),
  /** digits: how many values; pick: how many numbers to choose. */
  count: z.number().int(),
  /** Smallest and largest value a position may take (3D: 0–9; 2D: 1–31; 6/42: 1–42). */
  min: z.number().int(),
  max: z.number().int(),
  betTypes: z.array(LotteryBetType),
  prizeTable: LotteryPrizeTable,
  minStake: MoneyString,
  maxStake: MoneyString,
  cutoffSeconds: z.number().int(),
  schedule: LotterySchedule,
  cancelAllowed: z.boolean(),
  /** The draw now on sale (the earliest open one), if any. */
  currentDraw: LotteryDraw.nullable(),
  /** The latest result. */
  lastDraw: LotteryDraw.nullable(),
});
export type LotteryGameInfo = z.infer<typeof LotteryGameInfo>;

// GET /rgs/lottery/games and /lgw/vn/games/game_menu (O)
export const LotteryMenuQuery = z.object({
  prizeMode: z.string().max(16).optional(),
  device: z.string().max(16).optional(),
  lang: z.enum(["TY", "EN"]).optional(),
});
export const LotteryMenu = z.object({
  /** The server's clock, so the page's countdown does not depend on the phone's clock. */
  serverTime: z.string(),
  games: z.array(LotteryGameInfo),
});
export type LotteryMenu = z.infer<typeof LotteryMenu>;

// GET /lgw/vn/games/game_menu/recent (S): games the player bet on, most recent first.
export const LotteryRecent = z.object({
  items: z.array(z.object({ gameCode: z.string(), name: z.string(), lastBetAt: z.string() })),
});
export type LotteryRecent = z.infer<typeof LotteryRecent>;

// GET /rgs/lottery/results and /lgw/vn/numeros/opened/game (O): newest first.
export const LotteryResultsQuery = z.object({
  gameCode: z.string().min(1).max(16),
  count: intInput(1, 100).default(100),
});
export const LotteryResults = z.object({ items: z.array(LotteryDraw) });
export type LotteryResults = z.infer<typeof LotteryResults>;

// GET /rgs/lottery/draws/open and /lotto/lgw/games/opened/numero: the open draws, soonest first.
export const LotteryOpenDrawsQuery = z.object({
  gameCode: z.string().min(1).max(16),
  count: intInput(1, 50).default(10),
});
export const LotteryOpenDraws = z.object({ serverTime: z.string(), items: z.array(LotteryDraw) });
export type LotteryOpenDraws = z.infer<typeof LotteryOpenDraws>;

// GET /rgs/lottery/draw?drawNo= (O)
export const LotteryDrawQuery = z.object({ drawNo: z.string().min(1).max(40) });

// POST /rgs/lottery/verify (O): recompute a result from a seed; compared with the published draw.
export const LotteryVerifyRequest = z.object({
  drawNo: z.string().min(1).max(40),
  seed: z.string().regex(/^[0-9a-f]{64}$/, "the seed must be 64 hex characters"),
});
export type LotteryVerifyRequest = z.infer<typeof LotteryVerifyRequest>;
export const LotteryVerify = z.object({
  gameCode: z.string(),
  drawNo: z.string(),
  /** SHA-256 of the seed given. */
  seedHash: z.string(),
  /** The result this seed gives for this draw. */
  result: z.array(z.number().int()),
  publishedSeedHash: z.string(),
  publishedResult: z.array(z.number().int()).nullable(),
  /** The seed matches the published hash and reproduces the published result. */
  valid: z.boolean(),
});
export type LotteryVerify = z.infer<typeof LotteryVerify>;

// POST /lotto/lgw/session (T, platform): a one-time launch token for vendor TCG_SEA.
export const LotteryLaunch = z.object({ token: z.string(), rgsBase: z.string() });
export type LotteryLaunch = z.infer<typeof LotteryLaunch>;

// POST /rgs/lottery/session (O): opens an RGS lottery session from the launch token.
export const LotterySessionRequest = z.object({
  token: z.string().min(1).max(512),
  lang: z.enum(["TY", "EN"]).optional(),
});
export type LotterySessionRequest = z.infer<typeof LotterySessionRequest>;
export const LotterySession = z.object({
  sessionId: z.string().uuid(),
  currency: z.string(),
  balance: MoneyString,
  expiresAt: z.string(),
});
export type LotterySession = z.infer<typeof LotterySession>;

/** One selection line of a slip, placed on `repeat` consecutive open draws from `drawNo`. */
export const LotterySlipLine = z.object({
  gameCode: z.string().min(1).max(16),
  betType: LotteryBetType,
  /** digits games: in order (3D [1,2,3]); pick games: the six numbers. */
  selection: z.array(z.number().int().min(0).max(99)).min(1).max(10),
  /** Stake per draw: the strict money form ("10.00"), above zero. */
  stake: amountText(),
  /** The first draw; default the draw now on sale. */
  drawNo: z.string().min(1).max(40).optional(),
  /** Repeat for the next N draws (1 = this draw only). */
  repeat: z.number().int().min(1).max(50).default(1),
  /** The selection came from quick pick (kept for the record; validated like any other). */
  quickPick: z.boolean().optional(),
});
export type LotterySlipLine = z.input<typeof LotterySlipLine>;

// POST /rgs/lottery/slips (S)
export const LotterySlipRequest = z.object({
  /** The client's id of this slip: the same id again answers the same slip (no second debit). */
  requestId: z.string().min(1).max(64),
  lines: z.array(LotterySlipLine).min(1).max(50),
});
export type LotterySlipRequest = z.input<typeof LotterySlipRequest>;

export const LotteryBetStatus = z.enum(["pending", "open", "won", "lost", "cancelled"]);
export type LotteryBetStatus = z.infer<typeof LotteryBetStatus>;

export const LotteryBet = z.object({
  betId: z.string(),
  slipId: z.string().uuid(),
  gameCode: z.string(),
  drawNo: z.string(),
  drawAt: z.string(),
  cutoffAt: z.string(),
  betType: LotteryBetType,
  selection: z.array(z.number().int()),
  stake: MoneyString,
  /** The most this bet can win (at the prize table when placed). */
  potentialWin: MoneyString,
  status: LotteryBetStatus,
  /** Null until settled. */
  win: MoneyString.nullable(),
  /** The draw's result once drawn. */
  result: z.array(z.number().int()).nullable(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotteryBet = z.infer<typeof LotteryBet>;

export const LotterySlipStatus = z.enum([
  "debit_pending",
  "placed",
  "refused",
  "rollback_pending",
  "rolled_back",
  "cancelled",
]);
export type LotterySlipStatus = z.infer<typeof LotterySlipStatus>;

export const LotterySlip = z.object({
  slipId: z.string().uuid(),
  status: LotterySlipStatus,
  total: MoneyString,
  /** The balance the platform last confirmed. */
  balance: MoneyString.nullable(),
  bets: z.array(LotteryBet),
  createdAt: z.string(),
});
export type LotterySlip = z.infer<typeof LotterySlip>;

// POST /rgs/lottery/slips/cancel (S)
export const LotteryCancelRequest = z.object({ slipId: z.string().uuid() });
export type LotteryCancelRequest = z.infer<typeof LotteryCancelRequest>;

// GET /rgs/lottery/bets (S): my bets, newest first.
export const LotteryBetsQuery = z.object({
  status: z.enum(["open", "settled", "all"]).default("all"),
  gameCode: z.string().min(1).max(16).optional(),
  page: intInput(1, 10_000).default(1),
  pageSize: intInput(1, 100).default(20),
});
export const LotteryBets = z.object({ items: z.array(LotteryBet), totalPages: z.number().int() });
export type LotteryBets = z.infer<typeof LotteryBets>;

/**
 * GET /rgs/lottery/events?sessionId= — text/event-stream. Every message is `event: <type>` and
 * `data: <LotteryEvent JSON>`; a `: ping` comment every 15 s keeps it open. Public events
 * (draw results, new draw on sale) go to everyone; `settlement` only to the session's player.
 */
export const LotteryEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("hello"), serverTime: z.string(), private: z.boolean() }),
  z.object({ type: z.literal("result"), draw: LotteryDraw }),
  z.object({
    type: z.literal("settlement"),
    slipId: z.string().uuid(),
    gameCode: z.string(),
    drawNo: z.string(),
    /** Sum won by this slip on this draw (0.00 for a loss). */
    win: MoneyString,
    bets: z.array(z.object({ betId: z.string(), status: LotteryBetStatus, win: MoneyString })),
  }),
]);
export type LotteryEvent = z.infer<typeof LotteryEvent>;

// ---------- back office (platform /api/admin/lottery/*, RGS /rgs/admin/lottery/*) ----------

export const AdminLotteryGame = z.object({
  code: z.string(),
  name: z.string(),
  gameType: LotteryGameType,
  tag: z.string(),
  enabled: z.boolean(),
  schedule: LotterySchedule,
  cutoffSeconds: z.number().int(),
  prizeTable: LotteryPrizeTable,
  minStake: MoneyString,
  maxStake: MoneyString,
  /** Max total potential payout on one number/combination per draw. */
  liabilityLimit: MoneyString,
  cancelAllowed: z.boolean(),
  sortOrder: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type AdminLotteryGame = z.infer<typeof AdminLotteryGame>;

/** Only the fields sent change; `code` names the game. */
export const AdminLotteryGameUpdate = z.object({
  code: z.string().min(1).max(16),
  name: z.string().trim().min(1).max(60).optional(),
  enabled: z.boolean().optional(),
  schedule: LotterySchedule.optional(),
  cutoffSeconds: z.number().int().min(0).max(86_400).optional(),
  prizeTable: LotteryPrizeTable.optional(),
  minStake: amountText().optional(),
  maxStake: amountText().optional(),
  liabilityLimit: amountText().optional(),
  cancelAllowed: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
});
export type AdminLotteryGameUpdate = z.infer<typeof AdminLotteryGameUpdate>;

export const AdminLotteryDrawsQuery = z.object({
  gameCode: z.string().min(1).max(16).optional(),
  status: LotteryDrawStatus.optional(),
  page: intInput(1, 100_000).default(1),
  pageSize: intInput(1, 200).default(50),
});
export type AdminLotteryDrawsQuery = z.input<typeof AdminLotteryDrawsQuery>;
export const AdminLotteryDraw = LotteryDraw.extend({
  bets: z.number().int(),
  sales: MoneyString,
  payouts: MoneyString,
});
export type AdminLotteryDraw = z.infer<typeof AdminLotteryDraw>;
export const AdminLotteryDraws = z.object({ items: z.array(AdminLotteryDraw), totalPages: z.number().int() });
export type AdminLotteryDraws = z.infer<typeof AdminLotteryDraws>;

// Open liability per number of one draw, largest first.
export const AdminLiabilityQuery = z.object({
  drawNo: z.string().min(1).max(40),
  limit: intInput(1, 500).default(20),
});
export type AdminLiabilityQuery = z.input<typeof AdminLiabilityQuery>;
export const AdminLiability = z.object({
  drawNo: z.string(),
  gameCode: z.string(),
  liabilityLimit: MoneyString,
  items: z.array(
    z.object({
      /** The number/combination as players see it ("1-2-3", "3-14-22-30-41-42"). */
      combination: z.string(),
      /** Total potential payout if this combination is drawn. */
      exposure: MoneyString,
      /** exposure / limit, 0–1. */
      usage: z.number(),
    }),
  ),
});
export type AdminLiability = z.infer<typeof AdminLiability>;

// Sales, payouts and margin per game or per draw over [from, to) (draw time).
export const AdminLotteryReportQuery = z.object({
  from: z.string().datetime({ offset: true }),
  to: z.string().datetime({ offset: true }),
  groupBy: z.enum(["game", "draw"]).default("game"),
  gameCode: z.string().min(1).max(16).optional(),
});
export type AdminLotteryReportQuery = z.input<typeof AdminLotteryReportQuery>;
export const AdminLotteryReportRow = z.object({
  gameCode: z.string(),
  /** Set when grouped by draw. */
  drawNo: z.string().nullable(),
  drawAt: z.string().nullable(),
  bets: z.number().int(),
  sales: MoneyString,
  payouts: MoneyString,
  /** sales − payouts */
  margin: MoneyString,
  /** margin / sales, null without sales. */
  marginRate: z.number().nullable(),
});
export type AdminLotteryReportRow = z.infer<typeof AdminLotteryReportRow>;
export const AdminLotteryReport = z.object({
  rows: z.array(AdminLotteryReportRow),
  totals: AdminLotteryReportRow.omit({ gameCode: true, drawNo: true, drawAt: true }),
});
export type AdminLotteryReport = z.infer<typeof AdminLotteryReport>;
