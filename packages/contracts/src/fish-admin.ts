import { z } from "zod";

/**
 * The fish-shooting game's back office (vendor PNF): the rooms' settings and live state, the
 * per-game report and a player's shot history (docs/fish.md "Back office"). The RGS answers
 * these under /rgs/admin/fish*, the platform under /api/admin/fish*.
 */
const Money = z.string().regex(/^\d{1,13}(\.\d{1,2})?$/);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A room's settings; RTP one of the certified settings (packages/game-math fish CERTIFIED_RTP_BP). */
export const AdminFishRoomUpdate = z.object({
  roomId: z.string().min(1).max(64),
  /** The cannon's level-1 bet; a shot's bet is this times the cannon level. */
  minBet: Money.optional(),
  /** The largest bet a shot may be. */
  maxBet: Money.optional(),
  seats: z.number().int().min(1).max(4).optional(),
  rtpBp: z.number().int().min(1).max(10000).optional(),
  enabled: z.boolean().optional(),
});
export type AdminFishRoomUpdate = z.infer<typeof AdminFishRoomUpdate>;

export const AdminFishReportQuery = z.object({ from: Day, to: Day });
export const AdminFishShotsQuery = z.object({
  playerId: z.coerce.number().int().min(1),
  page: z.coerce.number().int().min(1).max(10000).default(1),
});

export interface AdminFishRoom {
  roomId: string;
  level: string;
  minBet: string;
  maxBet: string;
  seats: number;
  rtpBp: number;
  enabled: boolean;
  /** The certified RTP settings the operator may choose from. */
  certifiedRtpBp: number[];
  live: {
    seatsTaken: number;
    openMagazines: number;
    /** Shots fired in the last minute, and fish killed in it. */
    shotsLastMinute: number;
    killsLastMinute: number;
    /** What the open magazines hold (their players' money on the room). */
    onMagazines: string;
  };
}

export interface AdminFishReportRow {
  /** A Manila day (YYYY-MM-DD), or null on a room's total over the period. */
  day: string | null;
  roomId: string;
  shots: number;
  stake: string;
  wins: string;
  margin: string;
  marginPercent: string | null;
  /** The measured return (wins / stake) against the RTP the shots were decided at. */
  rtpPercent: string | null;
  statedRtpPercent: string | null;
  /** Measured minus stated, in percentage points. */
  rtpDifference: string | null;
}

export interface AdminFishShot {
  at: string;
  roomId: string;
  sittingId: string;
  magazineId: string;
  nonce: number;
  fish: number;
  kindId: number;
  bet: string;
  hit: boolean;
  win: string;
  rtpBp: number;
  /** Whether the shot recomputes from the revealed seed (null while the player is still seated). */
  verified: boolean | null;
  /** The game server's recomputation of the shot (null until the seed is revealed). */
  verifyUrl: string | null;
}
