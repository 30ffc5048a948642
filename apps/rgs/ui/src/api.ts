import type {
  RgsFreeSpinGrant,
  RgsReplay,
  RgsRoundDetail,
  RgsRounds,
  RgsSeed,
  RgsSession,
  RgsSessionRequest,
  RgsSpin,
  RgsSpinRequest,
  RgsVerify,
  RgsVerifyRequest,
} from "@panalo/contracts/rgs";

/**
 * The calls of the slot client to the game server (/rgs/api, contract in
 * packages/contracts/src/rgs.ts). Only the contract's types are imported, not its zod schemas:
 * the game server validates and shapes its answers, and leaving zod out keeps the client's
 * bundle small (a fast game UI on a phone). A refusal becomes an `RgsApiError` with
 * the stable code, the server's translated message and, when known, the balance.
 */
export class RgsApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The balance the server reported with the refusal (e.g. INSUFFICIENT_FUNDS). */
    readonly balance: string | null,
  ) {
    super(message);
  }
}

const BASE = "/rgs/api";
const TIMEOUT_MS = 15_000;
/** The game server answers refusals in this language (its `x-lang` header). */
let answerLang: "TY" | "EN" = "TY";

export function setApiLang(lang: "TY" | "EN"): void {
  answerLang = lang;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

/** Reads the envelope `{ success, code?, message?, value? }` (spec §7) of an answer. */
export function readEnvelope(json: unknown, status: number): unknown {
  if (isRecord(json) && json.success === true && "value" in json) return json.value;
  if (isRecord(json) && json.success === false && typeof json.code === "string") {
    const message = typeof json.message === "string" ? json.message : "";
    const balance = typeof json.balance === "string" ? json.balance : null;
    throw new RgsApiError(json.code, message, balance);
  }
  throw new RgsApiError("BAD_ANSWER", `HTTP ${status}`, null);
}

async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${BASE}${path}`, {
      method,
      headers: {
        "x-lang": answerLang,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new RgsApiError("NETWORK", "", null);
  }
  const json: unknown = await res.json().catch(() => null);
  // The value's shape is the contract's answer type for this path: the server builds it from
  // the same zod schema (packages/contracts/src/rgs.ts) and its tests check the shape.
  return readEnvelope(json, res.status) as T;
}

const q = (v: string) => encodeURIComponent(v);

export const rgsApi = {
  openSession: (req: RgsSessionRequest) => call<RgsSession>("POST", "/session", req),
  spin: (req: RgsSpinRequest) => call<RgsSpin>("POST", "/spin", req),
  freeSpins: (sessionId: string) => call<RgsFreeSpinGrant[]>("GET", `/freespins?sessionId=${q(sessionId)}`),
  setClientSeed: (sessionId: string, clientSeed: string) =>
    call<RgsSeed>("POST", "/seed", { sessionId, clientSeed }),
  rounds: (sessionId: string, page: number) =>
    call<RgsRounds>("GET", `/rounds?sessionId=${q(sessionId)}&page=${page}`),
  round: (sessionId: string, roundId: string) =>
    call<RgsRoundDetail>("GET", `/rounds/${q(roundId)}?sessionId=${q(sessionId)}`),
  verify: (req: RgsVerifyRequest) => call<RgsVerify>("POST", "/verify", req),
  /** Game recall from the platform's betting record: the signed link's parameters, passed on as given. */
  replay: (roundId: string, link: { vendor: string; player: string; exp: string; sig: string }) =>
    call<RgsReplay>(
      "GET",
      `/replay/${q(roundId)}?vendor=${q(link.vendor)}&player=${q(link.player)}&exp=${q(link.exp)}&sig=${q(link.sig)}`,
    ),
};
