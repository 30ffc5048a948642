import { SLOT_GAMES } from "@panalo/game-math/games/all";
import { SLOT_GAME_INFO, type SlotGameInfo, type SlotVendor } from "@panalo/game-math/games/catalog";
import { exactRtp, type SlotGame } from "@panalo/game-math/slots";

/**
 * Vendors whose players keep their money in a wallet of ours (docs/provider-protocol.md
 * "Transfer wallet"): the platform moves money in and out with signed transfers, and these
 * games bet and win against that wallet instead of the platform's debit and credit.
 */
export const TRANSFER_VENDORS: readonly string[] = ["PNX"];

export const isTransferVendor = (vendor: string): boolean => TRANSFER_VENDORS.includes(vendor);

/** The brands this game server sells under: the seamless ones of the maths package, and PNX. */
export type RgsVendor = SlotVendor | "PNX";

export interface RgsGame extends Omit<SlotGameInfo, "vendor"> {
  vendor: RgsVendor;
  /** Exact return to player in percent (two decimals), computed from the game's maths. */
  rtpPercent: string;
  math: SlotGame;
}

/**
 * Panalo Xpress (PNX) relists existing games under the transfer-wallet vendor: the same maths
 * and listing, the name with " Xpress" appended, an id of its own (a game id names one vendor).
 */
const XPRESS: ReadonlyArray<{ id: string; base: string }> = [
  { id: "xpress-jeepney-rush", base: "jeepney-rush" },
  { id: "xpress-tarsier-treasure", base: "tarsier-treasure" },
];

function listed(info: Omit<SlotGameInfo, "vendor"> & { vendor: RgsVendor }, mathId: string): RgsGame[] {
  const math = SLOT_GAMES[mathId];
  if (!math) return [];
  return [{ ...info, math, rtpPercent: (exactRtp(math).total * 100).toFixed(2) }];
}

let cached: RgsGame[] | null = null;

/**
 * The games this game server offers, as an operator imports them into its catalog: every game
 * whose listing and maths both exist. The RTP is computed once from the maths, never written.
 */
export function rgsCatalog(): readonly RgsGame[] {
  if (!cached) {
    const seamless = SLOT_GAME_INFO.flatMap((info) => listed(info, info.id));
    const xpress = XPRESS.flatMap(({ id, base }) => {
      const info = SLOT_GAME_INFO.find((g) => g.id === base);
      if (!info) return [];
      const name = { EN: `${info.name.EN} Xpress`, TY: `${info.name.TY} Xpress` };
      return listed({ ...info, id, vendor: "PNX", name }, base);
    });
    cached = [...seamless, ...xpress];
  }
  return cached;
}

export function rgsGame(id: string): RgsGame | undefined {
  return rgsCatalog().find((g) => g.id === id);
}
