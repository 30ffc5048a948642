import { SLOT_GAMES } from "@panalo/game-math/games/all";
import { SLOT_GAME_INFO, type SlotGameInfo } from "@panalo/game-math/games/catalog";
import { exactRtp, type SlotGame } from "@panalo/game-math/slots";

export interface RgsGame extends SlotGameInfo {
  /** Exact return to player in percent (two decimals), computed from the game's maths. */
  rtpPercent: string;
  math: SlotGame;
}

let cached: RgsGame[] | null = null;

/**
 * The games this game server offers, as an operator imports them into its catalog: every game
 * whose listing and maths both exist. The RTP is computed once from the maths, never written.
 */
export function rgsCatalog(): readonly RgsGame[] {
  if (!cached) {
    cached = SLOT_GAME_INFO.flatMap((info) => {
      const math = SLOT_GAMES[info.id];
      if (!math) return [];
      return [{ ...info, math, rtpPercent: (exactRtp(math).total * 100).toFixed(2) }];
    });
  }
  return cached;
}

export function rgsGame(id: string): RgsGame | undefined {
  return rgsCatalog().find((g) => g.id === id);
}
