import { z } from "zod";

/**
 * The card rooms' back office (vendor PNP, docs/cards.md "Back office"): the tables' settings
 * and live hands, the hand history with verify links, the rake report, the fair-play rule and
 * reports. The RGS answers these under /rgs/admin/cards*, the platform under /api/admin/cards*.
 */
const Money = z.string().regex(/^\d{1,13}(\.\d{1,2})?$/);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A table's settings; every field optional (only those sent change). */
export const AdminCardTableUpdate = z.object({
  tableId: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(60).optional(),
  /** Hold'em only. */
  smallBlind: Money.optional(),
  bigBlind: Money.optional(),
  /** Tongits only: one payment unit. */
  stake: Money.optional(),
  /** Hold'em 2–9; Tongits is always 3. */
  seats: z.number().int().min(2).max(9).optional(),
  minBuyIn: Money.optional(),
  maxBuyIn: Money.optional(),
  /** Percent of the pot (Hold'em) or of the winner's take (Tongits), at most 10, 4 decimals. */
  rakePercent: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,4})?$/)
    .refine((v) => Number(v) <= 10, "at most 10 %")
    .optional(),
  rakeCap: Money.optional(),
  actionSeconds: z.number().int().min(5).max(120).optional(),
  timeBankSeconds: z.number().int().min(0).max(600).optional(),
  pauseSeconds: z.number().int().min(0).max(60).optional(),
  enabled: z.boolean().optional(),
  /** Fair play at this table: true/false, or null to follow the global setting. */
  distinctPlayers: z.boolean().nullable().optional(),
});
export type AdminCardTableUpdate = z.infer<typeof AdminCardTableUpdate>;

export const AdminCardSettings = z.object({ distinctPlayers: z.boolean() });
export type AdminCardSettings = z.infer<typeof AdminCardSettings>;

export const AdminCardHandsQuery = z.object({
  tableId: z.string().min(1).max(64).optional(),
  playerId: z.coerce.number().int().min(1).optional(),
  page: z.coerce.number().int().min(1).max(10000).default(1),
});
export const AdminCardReportQuery = z.object({ from: Day, to: Day });
export const AdminCardOpponentsQuery = z.object({
  playerId: z.coerce.number().int().min(1),
  from: Day.optional(),
  to: Day.optional(),
});
export const AdminCardPairsQuery = z.object({
  from: Day,
  to: Day,
  /** The rule's two thresholds (docs/cards.md "Fair play"). */
  minHands: z.coerce.number().int().min(1).max(100000).default(50),
  minSharePercent: z.coerce.number().int().min(1).max(100).default(80),
});

export interface AdminCardTable {
  tableId: string;
  game: "holdem" | "tongits";
  name: string;
  smallBlind: string | null;
  bigBlind: string | null;
  stake: string | null;
  seats: number;
  minBuyIn: string;
  maxBuyIn: string;
  rakePercent: string;
  rakeCap: string;
  actionSeconds: number;
  timeBankSeconds: number;
  pauseSeconds: number;
  enabled: boolean;
  distinctPlayers: boolean | null;
  live: {
    seatsTaken: number;
    /** Chips on the seats (the players' money at the table). */
    onTable: string;
    hand: {
      handId: string;
      no: number;
      startedAt: string;
      actingSeat: number | null;
      deadline: string | null;
      players: number;
    } | null;
  };
}

export interface AdminCardHand {
  handId: string;
  tableId: string;
  no: number;
  status: "playing" | "complete" | "void";
  startedAt: string;
  endedAt: string | null;
  /** Each dealt-in player: seat, player, stack at the start and the hand's result (null while playing). */
  players: Array<{ seat: number; playerId: number; stack: string; net: string | null }>;
  rake: string;
  serverSeedHash: string;
  deckHash: string;
  /** Revealed once the hand is complete or void. */
  serverSeed: string | null;
  clientSeed: string;
  /** The game server's recomputation of the deck (null while playing). */
  verifyUrl: string | null;
}

export interface AdminCardReportRow {
  /** A Manila day, or null on the table's total over the period. */
  day: string | null;
  tableId: string;
  hands: number;
  voided: number;
  rake: string;
}

export interface AdminCardOpponent {
  opponentId: number;
  /** Completed hands both were dealt into. */
  hands: number;
  /** Of those, hands the player ended up, and down, and the opponent up. */
  won: number;
  lost: number;
  opponentWon: number;
  /** won / hands, percent with one decimal. */
  winRatePercent: string;
  /** The player's net over those hands. */
  net: string;
}

export interface AdminCardPair {
  playerA: number;
  playerB: number;
  together: number;
  handsA: number;
  handsB: number;
  /** together / min(handsA, handsB), percent with one decimal. */
  sharePercent: string;
  /** Whether they sat down from one address or device. */
  sameAddress: boolean;
}
