import { z } from "zod";

/**
 * Cockfight (sabong) pools of the in-house game server, vendor SV3: the RGS's cockfight API
 * (apps/rgs/src/cockfight) and its back office. Amounts are pesos as strings ("100.00").
 */
const Money = z.string().regex(/^\d{1,11}(\.\d{1,2})?$/);
const Lang = z.enum(["TY", "EN", "CN", "VI", "TH", "ID", "JA"]);
export const CockfightSide = z.enum(["meron", "wala", "draw"]);
export type CockfightSide = z.infer<typeof CockfightSide>;
export const CockfightResult = z.enum(["meron", "wala", "draw", "cancelled"]);
export type CockfightResult = z.infer<typeof CockfightResult>;
export const COCKFIGHT_VENDOR = "SV3";
/** The one catalogue game of vendor SV3 (category COCKFIGHT): the arena's live fights. */
export const COCKFIGHT_GAME_CODE = "sabong";

export const CockfightSessionRequest = z.object({
  token: z.string().min(1).max(512),
  gameCode: z.string().min(1).max(64),
  lang: Lang.optional(),
});
export const CockfightBetRequest = z.object({
  sessionId: z.string().uuid(),
  fightId: z.string().uuid(),
  requestId: z.string().min(1).max(64),
  side: CockfightSide,
  amount: Money,
});
export type CockfightBetRequest = z.infer<typeof CockfightBetRequest>;
export const CockfightMyBetsQuery = z.object({ sessionId: z.string().uuid() });

const Entry = z.object({
  owner: z.string().trim().min(1).max(80),
  weight: z.string().trim().min(1).max(20),
  record: z.string().trim().max(20).default(""),
});
export type CockfightEntry = z.infer<typeof Entry>;

export const AdminCockfightEventCreate = z.object({
  arena: z.string().trim().min(1).max(120),
  date: z.iso.date(),
  /** An HLS playlist: https:// anywhere, or a path on this site (a test stream). */
  videoUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https:\/\/|\/)[^\s]*\.m3u8(\?[^\s]*)?$/),
  plasadaBp: z.number().int().min(0).max(2000).default(500),
  drawPaysX100: z.number().int().min(100).max(10000).default(800),
  minBet: Money.default("10.00"),
  maxBet: Money.default("50000.00"),
});
export const AdminCockfightFightCreate = z.object({
  eventId: z.string().uuid(),
  fightNo: z.number().int().min(1).max(9999),
  meron: Entry,
  wala: Entry,
});
export const AdminCockfightOpen = z.object({
  fightId: z.string().uuid(),
  /** Betting stops by itself this many seconds after it opens (absent: only by the operator). */
  closeAfterSeconds: z.number().int().min(10).max(7200).optional(),
});
export const AdminCockfightFightRef = z.object({ fightId: z.string().uuid() });
export const AdminCockfightDeclare = z.object({ fightId: z.string().uuid(), result: CockfightResult });
export const AdminCockfightEventsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export interface CockfightFightView {
  fightId: string;
  eventId: string;
  fightNo: number;
  meron: CockfightEntry;
  wala: CockfightEntry;
  status: "scheduled" | "open" | "closed" | "settled";
  closesAt: string | null;
  pools: { meron: string; wala: string; draw: string };
  /** What one peso returns on each side if it wins (after the plasada); null: no bets yet. */
  odds: { meron: string | null; wala: string | null; draw: string };
  plasadaBp: number;
  minBet: string;
  maxBet: string;
  /** Shown once confirmed (settled). */
  result: CockfightResult | null;
  oddsPaid: string | null;
}

export interface CockfightEventView {
  eventId: string;
  arena: string;
  date: string;
  videoUrl: string;
  fights: CockfightFightView[];
}

export interface CockfightBetView {
  betId: string;
  fightId: string;
  fightNo: number;
  side: CockfightSide;
  amount: string;
  win: string | null;
  status: string;
  balance: string | null;
  result: CockfightResult | null;
  oddsPaid: string | null;
}

/**
 * GET/PUT /api/admin/settings/cockfight: where cockfight is offered. Off by default (online
 * sabong is suspended in the Philippines): on only for visitors whose address is in one of
 * `countries`, and, with `unlocated`, for addresses with no country (private networks).
 */
export const CockfightSettings = z.object({
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)).max(250),
  unlocated: z.boolean(),
});
export type CockfightSettings = z.infer<typeof CockfightSettings>;
/** GET /wps/cockfight/availability: whether this visitor may see and play cockfight. */
export interface CockfightAvailability {
  available: boolean;
  countryCode: string | null;
}
