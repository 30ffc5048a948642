import { z } from "zod";
import { MoneyString } from "./envelope.ts";
import { intInput } from "./input.ts";
import { amountText } from "./money.ts";

/**
 * The API the in-house game client (apps/rgs/ui) calls on the game server (apps/rgs), all under
 * /rgs/api. Every answer is the platform's envelope `{ success, code?, message?, value? }`;
 * a refused spin also carries the balance (`RgsFailure`). Amounts are decimal strings ("1.50").
 */

/** Codes a spin (or any session call) can be refused with, besides VALIDATION_FAILED. */
export const RgsErrorCodes = [
  "INSUFFICIENT_FUNDS",
  "SESSION_EXPIRED",
  "BET_INVALID",
  "PLATFORM_UNAVAILABLE",
  "GAME_NOT_FOUND",
  "ROUND_NOT_FOUND",
  "TOKEN_INVALID",
  "REPLAY_LINK_INVALID",
] as const;
export type RgsErrorCode = (typeof RgsErrorCodes)[number];

export const RgsFailure = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  /** The player's balance when the platform told us (e.g. on INSUFFICIENT_FUNDS). */
  balance: MoneyString.optional(),
});
export type RgsFailure = z.infer<typeof RgsFailure>;

/** A reel index and a row index, from 0, left to right and top to bottom. */
export const RgsCell = z.tuple([z.number().int(), z.number().int()]).readonly();

export const RgsLineWin = z.object({
  /** The payline's index, or null for a ways win. */
  line: z.number().int().nullable(),
  symbol: z.string(),
  count: z.number().int(),
  ways: z.number().int(),
  /** In line-bet units. */
  pay: z.number().int(),
  cells: z.array(RgsCell),
});
export type RgsLineWin = z.infer<typeof RgsLineWin>;

export const RgsSpinOutcome = z.object({
  stops: z.array(z.number().int()),
  /** window[reel][row] */
  window: z.array(z.array(z.string())),
  lineWins: z.array(RgsLineWin),
  scatterCount: z.number().int(),
  scatterCells: z.array(RgsCell),
  /** Scatter pay in line-bet units. */
  scatterPay: z.number().int(),
  /** The spin's win in line-bet units before any free-spin multiplier. */
  lineBetUnits: z.number().int(),
  freeSpinsAwarded: z.number().int(),
});
export type RgsSpinOutcome = z.infer<typeof RgsSpinOutcome>;

/** The engine's detailed round: the paid spin and every free spin it led to, in play order. */
export const RgsRoundOutcome = z.object({
  base: RgsSpinOutcome,
  freeSpins: z.array(RgsSpinOutcome),
  /** Every free spin's win is multiplied by this. */
  multiplier: z.number(),
  /** The whole round's win in line-bet units. */
  winUnits: z.number().int(),
  /** The whole round's win as a multiple of the total bet. */
  win: z.number(),
});
export type RgsRoundOutcome = z.infer<typeof RgsRoundOutcome>;

export const RgsGameInfo = z.object({
  id: z.string(),
  name: z.string(),
  rows: z.number().int(),
  reelCount: z.number().int(),
  /** Each line: the row shown on each reel; [] for a ways game. */
  lines: z.array(z.array(z.number().int())),
  ways: z.boolean(),
  /** Line bets in one total bet: the number of lines, or a ways game's coins. */
  betUnits: z.number().int(),
  symbols: z.array(z.string()),
  wild: z.string().nullable(),
  scatter: z.string().nullable(),
  /** symbol → pays for 1..N of a kind, in line bets. */
  paytable: z.record(z.string(), z.array(z.number())),
  /** scatter count → multiple of the total bet. */
  scatterPays: z.record(z.string(), z.number()),
  /** scatter count → free spins awarded. */
  freeSpins: z.record(z.string(), z.number()),
  freeSpinMultiplier: z.number(),
  minBetPerLine: MoneyString,
  /** The stakes per line the player may choose, smallest first. */
  betLevels: z.array(MoneyString),
  colours: z.array(z.string()),
});
export type RgsGameInfo = z.infer<typeof RgsGameInfo>;

export const RgsFairness = z.object({
  /** SHA-256 hex of the current server seed, shown before play. */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce of the next round on this seed pair (rounds played so far). */
  nonce: z.number().int(),
});
export type RgsFairness = z.infer<typeof RgsFairness>;

const SessionId = z.string().uuid();
const ClientSeed = z.string().trim().min(1).max(64);

// POST /rgs/api/session
export const RgsSessionRequest = z.object({
  token: z.string().min(1).max(512),
  gameId: z.string().min(1).max(64),
  lang: z.enum(["TY", "EN"]).optional(),
});
export type RgsSessionRequest = z.infer<typeof RgsSessionRequest>;
export const RgsSession = z.object({
  sessionId: SessionId,
  currency: z.string(),
  balance: MoneyString,
  game: RgsGameInfo,
  fairness: RgsFairness,
});
export type RgsSession = z.infer<typeof RgsSession>;

// POST /rgs/api/spin
export const RgsSpinRequest = z.object({
  sessionId: SessionId,
  /** A bet: the strict money form (packages/contracts/src/money.ts), above zero. */
  betPerLine: amountText(),
  /** The client's id of this spin: a retried request with the same id answers the same round. */
  requestId: z.string().min(1).max(64),
  /** A free spin from this grant: the grant's bet, nothing debited. */
  grantId: z.string().min(1).max(100).optional(),
});
export type RgsSpinRequest = z.infer<typeof RgsSpinRequest>;
export const RgsSpin = z.object({
  roundId: z.string().uuid(),
  bet: MoneyString,
  win: MoneyString,
  balance: MoneyString,
  outcome: RgsRoundOutcome,
  /** The fairness of the round just played (its nonce), not the next one. */
  fairness: RgsFairness,
  /** settled, or credit_pending while the win is still being paid (the balance then excludes it). */
  status: z.enum(["settled", "credit_pending"]),
  /** A free spin: its grant and the spins left on it after this one. */
  freeSpin: z.object({ grantId: z.string(), left: z.number().int() }).optional(),
});
export type RgsSpin = z.infer<typeof RgsSpin>;

// Free-spin grants. GET /rgs/api/freespins?sessionId=: the player's usable
// grants on the session's game. POST /rgs/admin/freespins/grants (signed by the platform) makes one.
export const RgsFreeSpinGrant = z.object({
  grantId: z.string(),
  gameId: z.string(),
  spins: z.number().int(),
  left: z.number().int(),
  betPerLine: MoneyString,
  expiresAt: z.string(),
});
export type RgsFreeSpinGrant = z.infer<typeof RgsFreeSpinGrant>;
export const RgsFreeSpinGrantCreate = z.object({
  grantId: z.string().min(1).max(100),
  playerId: z.number().int().positive(),
  vendor: z.string().regex(/^[A-Z0-9_]{2,30}$/),
  gameId: z.string().min(1).max(100),
  currency: z.string().regex(/^[A-Z]{3}$/),
  spins: z.number().int().min(1).max(1000),
  betPerLine: amountText(),
  expiresAt: z.string().datetime(),
});
export type RgsFreeSpinGrantCreate = z.infer<typeof RgsFreeSpinGrantCreate>;
// POST /rgs/admin/freespins/grants/close (same body): `made` — the RGS had the grant before it was
// closed (then `used` of its spins were played); not made — it is stored closed, nothing playable.
export const RgsFreeSpinGrantClosed = RgsFreeSpinGrant.extend({ made: z.boolean(), used: z.number().int() });
export type RgsFreeSpinGrantClosed = z.infer<typeof RgsFreeSpinGrantClosed>;

// POST /rgs/api/seed: sets the client seed, rotates the server seed and reveals the old one.
export const RgsSeedRequest = z.object({ sessionId: SessionId, clientSeed: ClientSeed });
export type RgsSeedRequest = z.infer<typeof RgsSeedRequest>;
export const RgsSeed = z.object({
  revealedServerSeed: z.string(),
  revealedServerSeedHash: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type RgsSeed = z.infer<typeof RgsSeed>;

export const RgsRoundStatuses = [
  "debit_pending",
  "credit_pending",
  "settled",
  "refused",
  "rollback_pending",
  "rolled_back",
] as const;
export const RgsRoundStatus = z.enum(RgsRoundStatuses);
export type RgsRoundStatus = z.infer<typeof RgsRoundStatus>;

// GET /rgs/api/rounds?sessionId=&page=
export const RgsRoundsQuery = z.object({
  sessionId: SessionId,
  page: intInput(1, 100_000).default(1),
});
export const RgsRoundSummary = z.object({
  roundId: z.string().uuid(),
  gameId: z.string(),
  bet: MoneyString,
  win: MoneyString,
  createdAt: z.string(),
  nonce: z.number().int(),
  serverSeedHash: z.string(),
  status: RgsRoundStatus,
});
export type RgsRoundSummary = z.infer<typeof RgsRoundSummary>;
export const RgsRounds = z.object({ items: z.array(RgsRoundSummary), totalPages: z.number().int() });
export type RgsRounds = z.infer<typeof RgsRounds>;

// GET /rgs/api/rounds/:roundId?sessionId=
export const RgsRoundQuery = z.object({ sessionId: SessionId });
export const RgsRoundDetail = RgsRoundSummary.extend({
  betPerLine: MoneyString,
  clientSeed: z.string(),
  /** Null until the player rotates the seed (then the round can be verified). */
  serverSeed: z.string().nullable(),
  /** Null for a round refused or rolled back before it was played. */
  outcome: RgsRoundOutcome.nullable(),
});
export type RgsRoundDetail = z.infer<typeof RgsRoundDetail>;

// GET /rgs/api/replay/:roundId?vendor=&player=&exp=&sig= — game recall from the platform's
// betting record, no session: the link the platform signed (docs/provider-protocol.md
// "Game recall") opens one round of one player, read-only, until it expires.
export const RgsReplayQuery = z.object({
  vendor: z.string().regex(/^[A-Za-z0-9_]{2,30}$/),
  player: intInput(1, Number.MAX_SAFE_INTEGER),
  exp: intInput(1, 2 ** 40),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
});
export type RgsReplayQuery = z.infer<typeof RgsReplayQuery>;
export const RgsReplay = z.object({
  round: RgsRoundDetail,
  game: RgsGameInfo,
  currency: z.string(),
});
export type RgsReplay = z.infer<typeof RgsReplay>;

// POST /rgs/api/verify: a pure recompute, no session needed.
export const RgsVerifyRequest = z.object({
  gameId: z.string().min(1).max(64),
  serverSeed: z.string().regex(/^[0-9a-f]{64}$/, "server seed must be 64 hex characters"),
  clientSeed: ClientSeed,
  nonce: z.number().int().min(0).max(2_147_483_647),
  betPerLine: amountText(),
});
export type RgsVerifyRequest = z.infer<typeof RgsVerifyRequest>;
export const RgsVerify = z.object({
  /** The game as its own screen shows it (so the verify page names symbols as the game does). */
  game: RgsGameInfo,
  serverSeedHash: z.string(),
  outcome: RgsRoundOutcome,
  /** The round's win in money at this bet per line. */
  win: MoneyString,
  /**
   * The spin's progressive-jackpot draw (docs/jackpot.md): the first 13 hex digits of
   * HMAC-SHA256(serverSeed, "<clientSeed>:<nonce>:jackpot"), as sent with the jackpot call.
   */
  jackpotDraw: z.string().optional(),
});
export type RgsVerify = z.infer<typeof RgsVerify>;
