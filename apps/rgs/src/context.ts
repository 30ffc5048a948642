import type { RgsDb } from "./db.ts";
import type { ProtocolClient } from "./protocol-client.ts";

/** What every RGS operation works with. */
export interface RgsContext {
  db: RgsDb;
  client: ProtocolClient;
  now: () => Date;
  /**
   * How long a round belongs to whoever is settling it (the spin that started it, or one retry
   * worker) before another worker may take it over: longer than one platform call can last.
   */
  leaseMs: number;
}

const MESSAGES = {
  EN: {
    INSUFFICIENT_FUNDS: "Your balance is too low for this bet.",
    SESSION_EXPIRED: "The game session has ended. Please open the game again from the site.",
    BET_INVALID: "This bet is not one of the game's bet levels.",
    PLATFORM_UNAVAILABLE: "The casino could not be reached. Your bet was not taken; please try again.",
    GAME_NOT_FOUND: "This game does not exist.",
    ROUND_NOT_FOUND: "This round was not found.",
    TOKEN_INVALID: "The game link is not valid. Please open the game again from the site.",
    REPLAY_LINK_INVALID:
      "This replay link is not valid or has expired. Open the replay again from your betting record.",
    VALIDATION_ERROR: "Some fields are missing or not valid.",
    NOT_FOUND: "Not found.",
    INTERNAL_ERROR: "Something went wrong. Please try again.",
    SERVICE_UNAVAILABLE: "The game server is briefly unavailable. Please try again in a moment.",
    SALES_CLOSED: "Sales for draw {draw} are closed.",
    DRAW_NOT_FOUND: "This draw is not on sale.",
    LIABILITY_LIMIT: "{number} has reached its limit for draw {draw}. Please choose another number.",
    STAKE_LIMIT: "The stake for {game} must be between {min} and {max}.",
    SELECTION_INVALID: "This selection is not valid for {game} ({type}).",
    CANCEL_NOT_ALLOWED: "This slip can no longer be cancelled.",
    SLIP_NOT_FOUND: "This slip was not found.",
    GAME_DISABLED: "{game} is not on sale right now.",
    SLIP_TOO_LARGE: "A slip can hold at most {max} bets.",
    UNAUTHORIZED: "This call is not signed.",
    INVALID_SIGNATURE: "This call is not signed.",
    TRANSFER_CANCELLED: "This transfer was already declared failed and cannot be made.",
    DUPLICATE_MISMATCH: "This id was already used with other content.",
    BETS_CLOSED: "Betting closed before your bets arrived. None of them was taken.",
    TABLE_NOT_FOUND: "This table does not exist.",
    TABLE_CLOSED: "This table is closed right now.",
    TABLE_LIMIT: "The stake on {spot} must be between {min} and {max} per round.",
    ROOM_NOT_FOUND: "This bingo room does not exist.",
    ROOM_FULL: "Every seat in this room is taken. Please try another room.",
    ROOM_CLOSED: "This room is closed right now. Please try another stake level.",
    SEAT_CLOSED: "You have left this seat. Sit down again to play on.",
    ROUND_OPEN: "Your current magazine is still open. Close it before loading another.",
    MAGAZINE_CLOSED: "This magazine is closed. Load a new one to fire on.",
    FISH_LEVEL_NOT_FOUND: "This stake level does not exist.",
    SEED_NOT_REVEALED:
      "These shots can be checked once you leave the seat: its server seed is revealed then.",
    GAME_SALES_CLOSED: "Ticket sales for this game closed before your purchase arrived. Nothing was taken.",
    TICKET_LIMIT: "You can hold at most {max} tickets in one game.",
    TICKETS_SOLD_OUT: "Only {left} tickets are left for this game.",
    FREE_SPINS_NOT_FOUND: "These free spins were not found for this game.",
    FREE_SPINS_USED_UP: "All your free spins have been played.",
    FREE_SPINS_EXPIRED: "Your free spins have expired.",
    CRASHED: "The round crashed before your cash-out arrived. The bet is lost.",
    ALREADY_BET: "You already have a bet in this round.",
    NO_BET: "You have no bet standing in this round.",
    FIGHT_NOT_FOUND: "This fight was not found.",
    EVENT_NOT_FOUND: "This cockfight event was not found.",
    FIGHT_STATE: "This fight is {status}: that cannot be done now.",
    RESULT_DECLARED: "A result was already declared for this fight.",
    FOUR_EYES: "A second operator must confirm the result: you declared it.",
    RESULT_MISMATCH: "The result confirmed is not the one declared.",
    COCKFIGHT_LIMIT: "A bet on this fight must be between {min} and {max}.",
    CARDS_BUY_IN: "The buy-in at this table must be between {min} and {max}.",
    CARDS_ALREADY_SEATED: "You already have a seat at this table.",
    CARDS_SAME_ADDRESS:
      "Another player on your network or device is already seated at this table. Please choose another table.",
    CARDS_ACTION_REFUSED: "This move is not allowed now ({reason}).",
    CARDS_NO_HAND: "No hand is being played at this table right now.",
    CARDS_NOT_YOUR_TURN: "It is not your turn.",
    CARDS_TIMED_OUT: "Your time ran out: the table acted for you.",
    CARDS_EMOTE_TOO_FAST: "Wait a moment before sending another emote.",
    BONUS_BUY_IN_NOT_ALLOWED:
      "Bonus money cannot be used to buy in at a card table. Your real-money balance is too low for this buy-in.",
  },
  TY: {
    INSUFFICIENT_FUNDS: "Kulang ang balanse mo para sa tayang ito.",
    SESSION_EXPIRED: "Tapos na ang game session. Buksan muli ang laro mula sa site.",
    BET_INVALID: "Hindi kasama ang tayang ito sa mga bet level ng laro.",
    PLATFORM_UNAVAILABLE: "Hindi maabot ang casino. Hindi kinuha ang taya mo; subukan muli.",
    GAME_NOT_FOUND: "Walang ganitong laro.",
    ROUND_NOT_FOUND: "Hindi nahanap ang round na ito.",
    TOKEN_INVALID: "Hindi valid ang link ng laro. Buksan muli ang laro mula sa site.",
    REPLAY_LINK_INVALID:
      "Hindi valid o expired na ang link ng replay na ito. Buksan muli ang replay mula sa iyong talaan ng taya.",
    VALIDATION_ERROR: "May kulang o hindi valid na field.",
    NOT_FOUND: "Hindi nahanap.",
    INTERNAL_ERROR: "May nangyaring mali. Subukan muli.",
    SERVICE_UNAVAILABLE: "Pansamantalang hindi available ang game server. Subukan muli maya-maya.",
    SALES_CLOSED: "Sarado na ang bentahan para sa draw {draw}.",
    DRAW_NOT_FOUND: "Hindi mabibili ang draw na ito.",
    LIABILITY_LIMIT: "Naabot na ng {number} ang limit nito sa draw {draw}. Pumili ng ibang numero.",
    STAKE_LIMIT: "Ang taya sa {game} ay dapat mula {min} hanggang {max}.",
    SELECTION_INVALID: "Hindi valid ang pinili para sa {game} ({type}).",
    CANCEL_NOT_ALLOWED: "Hindi na maaaring kanselahin ang slip na ito.",
    SLIP_NOT_FOUND: "Hindi nahanap ang slip na ito.",
    GAME_DISABLED: "Hindi mabibili ang {game} ngayon.",
    SLIP_TOO_LARGE: "Hanggang {max} taya lamang ang isang slip.",
    UNAUTHORIZED: "Walang pirma ang tawag na ito.",
    INVALID_SIGNATURE: "Walang pirma ang tawag na ito.",
    TRANSFER_CANCELLED: "Idineklara nang bigo ang transfer na ito at hindi na ito maaaring gawin.",
    DUPLICATE_MISMATCH: "Nagamit na ang id na ito sa ibang nilalaman.",
    BETS_CLOSED: "Sarado na ang taya bago dumating ang mga taya mo. Wala ni isang kinuha.",
    TABLE_NOT_FOUND: "Walang ganitong mesa.",
    TABLE_CLOSED: "Sarado ang mesang ito ngayon.",
    TABLE_LIMIT: "Ang taya sa {spot} ay dapat mula {min} hanggang {max} bawat round.",
    ROOM_NOT_FOUND: "Walang ganitong bingo room.",
    ROOM_FULL: "Puno na ang lahat ng upuan sa room na ito. Subukan ang ibang room.",
    ROOM_CLOSED: "Sarado ang room na ito ngayon. Subukan ang ibang antas ng taya.",
    SEAT_CLOSED: "Umalis ka na sa upuang ito. Umupo muli para magpatuloy.",
    ROUND_OPEN: "Bukas pa ang kasalukuyan mong magazine. Isara muna ito bago mag-load ng bago.",
    MAGAZINE_CLOSED: "Sarado na ang magazine na ito. Mag-load ng bago para makapagpaputok.",
    FISH_LEVEL_NOT_FOUND: "Walang ganitong antas ng taya.",
    SEED_NOT_REVEALED:
      "Masusuri ang mga putok na ito kapag umalis ka na sa upuan: doon ibubunyag ang server seed.",
    GAME_SALES_CLOSED: "Sarado na ang bentahan ng tiket bago dumating ang bili mo. Walang kinuha.",
    TICKET_LIMIT: "Hanggang {max} tiket lang ang puwede mong hawakan sa isang laro.",
    TICKETS_SOLD_OUT: "{left} tiket na lang ang natitira para sa larong ito.",
    FREE_SPINS_NOT_FOUND: "Hindi nahanap ang mga free spin na ito para sa larong ito.",
    FREE_SPINS_USED_UP: "Nalaro mo na lahat ng free spin mo.",
    FREE_SPINS_EXPIRED: "Nag-expire na ang mga free spin mo.",
    CRASHED: "Nag-crash ang round bago dumating ang cash-out mo. Talo ang taya.",
    ALREADY_BET: "May taya ka na sa round na ito.",
    NO_BET: "Wala kang nakatayang taya sa round na ito.",
    FIGHT_NOT_FOUND: "Hindi nahanap ang labang ito.",
    EVENT_NOT_FOUND: "Hindi nahanap ang sabong event na ito.",
    FIGHT_STATE: "Ang labang ito ay {status}: hindi iyan magagawa ngayon.",
    RESULT_DECLARED: "May naideklara nang resulta para sa labang ito.",
    FOUR_EYES: "Ibang operator ang dapat magkumpirma ng resulta: ikaw ang nagdeklara.",
    RESULT_MISMATCH: "Hindi tugma ang kinukumpirmang resulta sa idineklara.",
    COCKFIGHT_LIMIT: "Ang taya sa labang ito ay dapat mula {min} hanggang {max}.",
    CARDS_BUY_IN: "Ang buy-in sa mesang ito ay dapat mula {min} hanggang {max}.",
    CARDS_ALREADY_SEATED: "May upuan ka na sa mesang ito.",
    CARDS_SAME_ADDRESS:
      "May ibang manlalaro mula sa iyong network o device na nakaupo na sa mesang ito. Pumili ng ibang mesa.",
    CARDS_ACTION_REFUSED: "Hindi puwede ang galaw na ito ngayon ({reason}).",
    CARDS_NO_HAND: "Walang kamay na nilalaro sa mesang ito ngayon.",
    CARDS_NOT_YOUR_TURN: "Hindi mo pa turn.",
    CARDS_TIMED_OUT: "Naubos ang oras mo: ang mesa ang gumalaw para sa iyo.",
    CARDS_EMOTE_TOO_FAST: "Maghintay sandali bago magpadala ulit ng emote.",
    BONUS_BUY_IN_NOT_ALLOWED:
      "Hindi puwedeng gamitin ang bonus para mag-buy-in sa card table. Kulang ang totoong pera mo para sa buy-in na ito.",
  },
} as const;
export type RgsCode = keyof (typeof MESSAGES)["EN"];

export function rgsMessage(code: RgsCode, lang: "TY" | "EN", params?: Record<string, string>): string {
  return MESSAGES[lang][code].replace(/\{(\w+)\}/g, (m, k: string) => params?.[k] ?? m);
}

/** A refusal with a stable code (messages in TY and EN above), and the balance when known. */
export class RgsError extends Error {
  constructor(
    readonly code: RgsCode,
    readonly httpStatus: number,
    readonly balance: string | null = null,
    readonly details?: Array<{ path: string; message: string }>,
    /** Values named in the message ({number}, {draw}, …). */
    readonly params?: Record<string, string>,
  ) {
    super(code);
  }
}
