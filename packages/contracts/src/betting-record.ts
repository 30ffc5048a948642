import { z } from "zod";
import { GameCategory } from "./content.ts";
import { MoneyString } from "./envelope.ts";
import { intInput } from "./input.ts";

/**
 * The betting record (spec §2 member centre page personalHistoryCopy): the member's own game
 * rounds as the platform saw them through the provider protocol, one row per (vendor, round),
 * and a short-lived link that replays one round on its game server (docs/provider-protocol.md
 * "Game recall"). Dates are calendar days in Manila time, as the account record counts them.
 */

/** The longest range one request may cover (a month of rounds is read and summed at once). */
export const BET_RECORD_MAX_DAYS = 31;
export const BET_RECORD_PAGE_SIZE = 15;
/** How long a replay link stays valid. */
export const REPLAY_LINK_TTL_S = 600;

const Vassalage = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{2,30}$/);
const DAY_MS = 86_400_000;

// ---------- POST /wps/relay/GCS_betRecord (member) ----------
export const BetRecordRequest = z
  .object({
    startDate: z.iso.date(),
    endDate: z.iso.date(),
    /** One vendor, or every vendor of one category; neither: all. */
    vassalage: Vassalage.optional(),
    gameType: GameCategory.optional(),
    page: intInput(1, 10_000).default(1),
    pageSize: intInput(1, 50).default(BET_RECORD_PAGE_SIZE),
  })
  .refine((v) => v.startDate <= v.endDate, { path: ["endDate"], message: "end_before_start" })
  .refine((v) => Date.parse(v.endDate) - Date.parse(v.startDate) < BET_RECORD_MAX_DAYS * DAY_MS, {
    path: ["endDate"],
    message: "range_too_long",
  });
export type BetRecordRequest = z.input<typeof BetRecordRequest>;

/** open: bets taken, no result yet; settled: the provider closed the round; rolled_back: stake returned. */
export const BetRoundStatus = z.enum(["open", "settled", "rolled_back"]);
export type BetRoundStatus = z.infer<typeof BetRoundStatus>;

export const BetRecordRow = z.object({
  vassalage: z.string(),
  vendorName: z.string(),
  roundId: z.string(),
  /** The provider's game id and its name in the caller's language; null when the provider did not say. */
  gameCode: z.string().nullable(),
  gameName: z.string().nullable(),
  /** When the round's first bet was taken (ISO 8601). */
  time: z.string(),
  /** Sum of the round's bets, its wins, and win + returned stakes − bets. */
  bet: MoneyString,
  win: MoneyString,
  net: MoneyString,
  status: BetRoundStatus,
  /** The round can be replayed on its game server (GCS_betReplay). */
  replay: z.boolean(),
  /** A spin of a free-spin grant (its bet 0.00), e.g. from the points mall. */
  freeSpin: z.boolean(),
});
export type BetRecordRow = z.infer<typeof BetRecordRow>;

export const BetRecordTotals = z.object({
  rounds: z.number().int(),
  bet: MoneyString,
  win: MoneyString,
  net: MoneyString,
});
export type BetRecordTotals = z.infer<typeof BetRecordTotals>;

export const BetRecordValue = z.object({
  items: z.array(BetRecordRow),
  /** Rounds in the filtered range (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  currency: z.string(),
  /** Over every round of the filtered range, not only this page. */
  totals: BetRecordTotals,
});
export type BetRecordValue = z.infer<typeof BetRecordValue>;

// ---------- POST /wps/relay/GCS_betReplay (member) ----------
export const BetReplayRequest = z.object({
  vassalage: Vassalage,
  roundId: z.string().min(1).max(100),
});
export type BetReplayRequest = z.input<typeof BetReplayRequest>;
export const BetReplayValue = z.object({
  /** The game server's replay page for this round, signed for this player (REPLAY_LINK_TTL_S). */
  url: z.string(),
  expiresAt: z.string(),
});
export type BetReplayValue = z.infer<typeof BetReplayValue>;
