import { z } from "zod";

/** The crash game's API under /rgs/api/crash (docs/crash.md). Money as "12.34" strings. */
const RoomId = z.string().min(1).max(64);
const Money = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/);
const Hash = z.string().regex(/^[0-9a-f]{64}$/);

export const CrashSessionRequest = z.object({
  token: z.string().min(1).max(512),
  roomId: RoomId,
  lang: z.enum(["TY", "EN"]).optional(),
});
export const CrashBetRequest = z.object({
  sessionId: z.string().uuid(),
  roundId: z.string().uuid(),
  requestId: z.string().min(1).max(64),
  amount: Money,
  /** Automatic cash-out (e.g. "2.00"); omitted: cash out by hand. */
  autoCashout: z
    .string()
    .regex(/^\d{1,5}(\.\d{1,2})?$/)
    .optional(),
});
export type CrashBetRequest = z.infer<typeof CrashBetRequest>;
export const CrashCashoutRequest = z.object({ sessionId: z.string().uuid(), roundId: z.string().uuid() });
export const CrashRoundsQuery = z.object({
  roomId: RoomId,
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const CrashMyBetsQuery = z.object({
  sessionId: z.string().uuid(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const CrashVerifyRequest = z.object({ hash: Hash, salt: z.string().min(1).max(128) });

export interface CrashRoundView {
  roundId: string;
  roomId: string;
  roundNo: number;
  status: "betting" | "flying" | "settled" | "void";
  /** SHA-256 of the round's hash: the previous round's hash (the commitment). */
  seedHash: string;
  opensAt: string;
  closesAt: string;
  /** When the curve started (ms since epoch), null while betting. */
  startedAt: number | null;
  /** Shown once the round crashed. */
  crash: string | null;
  crashX100: number | null;
  crashAt: number | null;
  hash: string | null;
  /** The server's clock when this view was made (ms): clients draw the curve on it. */
  serverTime: number;
}

export interface CrashBetView {
  betId: string;
  roundId: string;
  roundNo?: number;
  player: string;
  amount: string;
  autoCashout: string | null;
  cashout: string | null;
  win: string | null;
  status: string;
  balance: string | null;
  crash?: string | null;
}

export interface CrashChainInfo {
  terminatingHash: string;
  salt: string;
  length: number;
  firstRound: number;
}

export interface CrashRoomInfo {
  id: string;
  name: Record<string, string>;
  vendor: string;
  minBet: string;
  maxBet: string;
  bettingMs: number;
  /** The chain in use: round `firstRound` of the room links to its terminating hash. */
  chain: CrashChainInfo;
  /**
   * The chain that takes over when this one is used up, published while rounds of the current
   * one are left (null until then).
   */
  nextChain: CrashChainInfo | null;
  round: CrashRoundView | null;
  players: number;
}
