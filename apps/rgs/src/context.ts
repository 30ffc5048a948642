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
    VALIDATION_ERROR: "Some fields are missing or not valid.",
    NOT_FOUND: "Not found.",
    INTERNAL_ERROR: "Something went wrong. Please try again.",
  },
  TY: {
    INSUFFICIENT_FUNDS: "Kulang ang balanse mo para sa tayang ito.",
    SESSION_EXPIRED: "Tapos na ang game session. Buksan muli ang laro mula sa site.",
    BET_INVALID: "Hindi kasama ang tayang ito sa mga bet level ng laro.",
    PLATFORM_UNAVAILABLE: "Hindi maabot ang casino. Hindi kinuha ang taya mo; subukan muli.",
    GAME_NOT_FOUND: "Walang ganitong laro.",
    ROUND_NOT_FOUND: "Hindi nahanap ang round na ito.",
    TOKEN_INVALID: "Hindi valid ang link ng laro. Buksan muli ang laro mula sa site.",
    VALIDATION_ERROR: "May kulang o hindi valid na field.",
    NOT_FOUND: "Hindi nahanap.",
    INTERNAL_ERROR: "May nangyaring mali. Subukan muli.",
  },
} as const;
export type RgsCode = keyof (typeof MESSAGES)["EN"];

export function rgsMessage(code: RgsCode, lang: "TY" | "EN"): string {
  return MESSAGES[lang][code];
}

/** A refusal with a stable code (messages in TY and EN above), and the balance when known. */
export class RgsError extends Error {
  constructor(
    readonly code: RgsCode,
    readonly httpStatus: number,
    readonly balance: string | null = null,
    readonly details?: Array<{ path: string; message: string }>,
  ) {
    super(code);
  }
}
