import type { Transport } from "@panalo/rgs/protocol-client";
import type { FastifyRequest } from "fastify";
import type { ZodType } from "zod";
import type { Db } from "./db.ts";

/** The sportsbook's settings (the platform's names for them; main.ts reads them alone). */
export interface SportsConfig {
  /** The secret the in-house vendors' protocol secrets are derived from (both sides know it). */
  APP_SECRET?: string;
  /** The simulator feed: "on" ticks it every SPORTS_SIM_TICK_MS; "off" with a real feed. */
  SPORTS_SIMULATOR: "on" | "off";
  SPORTS_SIM_TICK_MS: number;
  UOF_AMQP_URL?: string;
  UOF_ACCESS_TOKEN: string;
  UOF_BOOKMAKER_ID: number;
  UOF_NODE_ID?: number;
  UOF_API_URL: string;
  UOF_EXCHANGE: string;
  UOF_QUEUE?: string;
  UOF_PRODUCTS: string;
  UOF_ALIVE_TIMEOUT_S: number;
}

/** Odds pushes between processes (the platform's shared store, or memory alone). */
export interface SportsRelay {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>;
}

/** One declared route, for the host's OpenAPI document. */
export interface ApiDoc {
  methods: string[];
  url: string;
  body?: ZodType;
  query?: ZodType;
  params?: ZodType;
}

/** An audit row of an operator's change on the trading desk. */
export interface SportsAudit {
  operatorId: number;
  operatorName: string;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string;
}

/**
 * What the sportsbook asks of the platform it sells under. A vendor knows the platform's
 * members only by the ids and tokens the platform hands it; the platform answers these (in this
 * process, or over its provider protocol when the book runs alone). A refusal is thrown as an
 * error with a code and a status.
 */
export interface SportsHost {
  /** A player call's guard: the member signed in (throws the platform's 401 otherwise). */
  requireMember(req: FastifyRequest): Promise<void>;
  /** The member the guard found. */
  memberOf(req: FastifyRequest): { id: number };
  /** The member's wallet currency, or null when there is no such member. */
  memberCurrency(memberId: number): Promise<string | null>;
  /** Usernames of members, by id (the trading desk's lists). */
  memberNames(ids: number[]): Promise<Map<number, string>>;
  /** Whether the member may play now: a refusal code (self-exclusion, a lock), or null. */
  playGate(memberId: number, at: Date): Promise<string | null>;
  /** A launch token of the member for the vendor (the protocol's debit presents one). */
  launchToken(memberId: number, vendor: string): Promise<string>;
  /** How long a launch token lives. */
  launchTokenTtlMs: number;
  /** The book's vendors (PNSB, PNES) known to the platform, with their catalogue rounds' games. */
  ensureVendors(): Promise<void>;
  /** Checks the signature of a feed message posted by a feed vendor (throws a refusal). */
  verifyFeedSignature(vendor: string, signature: string | undefined, raw: string): Promise<void>;
  /** A back-office call's guard: an operator whose role holds the permission. */
  requireOperator(
    permission: "sports.read" | "sports.write" | "sports.settle",
  ): (req: FastifyRequest) => Promise<void>;
  /** The operator the guard found. */
  operatorOf(req: FastifyRequest): { id: number; username: string };
  /** Records an operator's change in the platform's audit trail. */
  audit(entry: SportsAudit): Promise<void>;
  /** The text of a refusal code in the caller's language (X-Lang). */
  message(code: string, lang: string, params?: Record<string, string | number>): string;
}

/** What every sportsbook operation works with. */
export interface SportsContext {
  config: SportsConfig;
  db: Db;
  store: SportsRelay;
  clock: { now(): Date };
  host: SportsHost;
  /** How the book's protocol calls reach the platform (in memory, or over HTTP). */
  transport: Transport;
  /** The routes declared, for the host's OpenAPI document. */
  apiDocs: ApiDoc[];
}
