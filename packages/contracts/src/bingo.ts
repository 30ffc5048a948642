import { z } from "zod";

/** Bingo rooms of the in-house game server: the RGS's bingo API. */
const Money = z.string().regex(/^\d{1,13}(\.\d{1,2})?$/);
const Lang = z.enum(["TY", "EN", "CN", "VI", "TH", "ID", "JA"]);
export const BingoKind = z.enum(["bingo90", "bingo75"]);
export type BingoKind = z.infer<typeof BingoKind>;
export const BingoPrize = z.enum(["line", "two_lines", "full_house", "pattern", "blackout"]);
export type BingoPrize = z.infer<typeof BingoPrize>;
const RoomId = z.string().min(1).max(64);

export const BingoSessionRequest = z.object({
  token: z.string().min(1).max(512),
  roomId: RoomId,
  lang: Lang.optional(),
});
export const BingoBuyRequest = z.object({
  sessionId: z.string().uuid(),
  gameId: z.string().uuid(),
  requestId: z.string().min(1).max(64),
  count: z.number().int().min(1).max(600),
});
export type BingoBuyRequest = z.infer<typeof BingoBuyRequest>;
export const BingoMyTicketsQuery = z.object({ sessionId: z.string().uuid(), gameId: z.string().uuid() });
export const BingoGamesQuery = z.object({
  roomId: RoomId,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const BingoVerifyRequest = z.object({
  kind: BingoKind,
  seed: z.string().regex(/^[0-9a-f]{64}$/),
  /** 90-ball: strips to deal (strip numbers); 75-ball: card numbers. */
  from: z.number().int().min(0).max(100000).default(0),
  count: z.number().int().min(1).max(60).default(6),
});

/** One prize of a game: its amount, the ball that won it, the winning tickets and their shares. */
export interface BingoPrizeView {
  prize: BingoPrize;
  amount: string;
  /** Balls drawn when it was won (null: not yet, or not yet shown). */
  at: number | null;
  winners: Array<{ ticketNo: number; share: string }>;
}

/** A game as everyone in the room sees it: the balls drawn so far, the seed once settled. */
export interface BingoGameView {
  gameId: string;
  roomId: string;
  gameNo: number;
  kind: BingoKind;
  status: "selling" | "drawing" | "settled" | "void";
  seedHash: string;
  seed: string | null;
  ticketPrice: string;
  opensAt: string;
  startsAt: string;
  ticketsSold: number;
  pool: string;
  ballMs: number;
  balls: number[];
  prizes: BingoPrizeView[];
}

export interface BingoRoomInfo {
  id: string;
  kind: BingoKind;
  name: { EN: string; TY: string };
  vendor: string;
  ticketPrice: string;
  poolPercent: string;
  split: Record<string, number>;
  guaranteed: string;
  salesMs: number;
  ballMs: number;
  maxTickets: number;
  gameTickets: number;
  opensAt: string | null;
  closesAt: string | null;
  open: boolean;
  enabled: boolean;
  players: number;
  game: BingoGameView | null;
}

export interface BingoTicketView {
  ticketNo: number;
  numbers: number[][];
}
export interface BingoPurchaseView {
  purchaseId: string;
  gameId: string;
  count: number;
  total: string;
  win: string | null;
  status: string;
  balance: string | null;
  tickets: BingoTicketView[];
}

/** spec §7: the bingo rooms for /bingo. */
export const BingoRoomListRequest = z.object({ language: Lang.optional() });
export interface BingoRoomListEntry {
  nodeId: number | null;
  roomId: string;
  kind: BingoKind;
  name: string;
  ticketPrice: string;
  open: boolean;
  players: number;
  /** The next (or current) game: when it starts, tickets sold, the prize pool so far. */
  game: {
    gameNo: number;
    status: BingoGameView["status"];
    startsAt: string;
    pool: string;
    ticketsSold: number;
  } | null;
}

/** Back office. */
export const AdminBingoRoomUpdate = z.object({
  id: RoomId,
  ticketPrice: Money.optional(),
  poolBp: z.number().int().min(0).max(10000).optional(),
  split: z.record(z.string(), z.number().int().min(0).max(10000)).optional(),
  guaranteed: Money.optional(),
  salesMs: z.number().int().min(1000).max(3_600_000).optional(),
  ballMs: z.number().int().min(50).max(60_000).optional(),
  maxTickets: z.number().int().min(1).max(600).optional(),
  gameTickets: z.number().int().min(1).max(100_000).optional(),
  opensAt: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .nullable()
    .optional(),
  closesAt: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .nullable()
    .optional(),
  enabled: z.boolean().optional(),
});
export const AdminBingoGamesQuery = z.object({
  roomId: RoomId,
  page: z.coerce.number().int().min(1).max(10000).default(1),
});
export const AdminBingoReportQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export interface AdminBingoReportRow {
  roomId: string;
  games: number;
  voided: number;
  tickets: number;
  sales: string;
  prizes: string;
  margin: string;
  marginPercent: string | null;
}
