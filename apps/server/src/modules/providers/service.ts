import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { formatMinor } from "@panalo/contracts/money";
import type { Executor } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { publishEvent } from "../../lib/member-events.ts";
import { memberGate } from "../../lib/member-gates.ts";
import { tokenHash } from "../../lib/passwords.ts";
import { memberBalances, notifyMember } from "../ledger/service.ts";
import { memberCurrency, memberStanding } from "../members/service.ts";
import { MoveBatcher } from "./move-batcher.ts";
import { applyCredits } from "./repo/batch.ts";
import {
  claimLaunchToken,
  insertFreeRound,
  insertLaunchToken,
  insertProviderClientIfMissing,
  type ProviderClientRow,
  providerClientByVendor,
} from "./repo/protocol.ts";

/** Signed requests older or newer than this are refused (replay window, clock skew). */
export const SIGNATURE_WINDOW_S = 300;
export const LAUNCH_TOKEN_TTL_MS = 4 * 60 * 60_000;
/** A launched game must open its session within this time of the launch. */
export const LAUNCH_CLAIM_WINDOW_MS = 5 * 60_000;

export function signProvider(
  secret: string,
  rawBody: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`;
}

/**
 * Vendors' credentials, kept per process for a few seconds (every protocol call needs them; a
 * change — a vendor switched off, a new secret — takes effect within CLIENT_CACHE_MS). Unknown
 * vendors are not remembered, so a vendor added is usable at once.
 */
const CLIENT_CACHE_MS = 5_000;
type ClientRow = ProviderClientRow;
/** Per database (tests run several apps, each with its own database, in one process). */
const clientCaches = new WeakMap<object, Map<string, { at: number; row: ClientRow }>>();
/** Lookups under way, per database and vendor: concurrent first calls share one query. */
const clientLookups = new WeakMap<object, Map<string, Promise<ClientRow | undefined>>>();

export async function providerClient(
  ctx: Pick<AppContext, "db">,
  vendor: string,
): Promise<ClientRow | undefined> {
  let clientCache = clientCaches.get(ctx.db);
  if (!clientCache) {
    clientCache = new Map();
    clientCaches.set(ctx.db, clientCache);
  }
  const now = Date.now();
  const hit = clientCache.get(vendor);
  if (hit && now - hit.at < CLIENT_CACHE_MS) return hit.row;
  let lookups = clientLookups.get(ctx.db);
  if (!lookups) {
    lookups = new Map();
    clientLookups.set(ctx.db, lookups);
  }
  const pending = lookups.get(vendor);
  if (pending) return pending;
  const cache = clientCache;
  const lookup = (async () => {
    const row = await providerClientByVendor(ctx.db, vendor);
    if (row) cache.set(vendor, { at: now, row });
    else cache.delete(vendor);
    return row;
  })();
  lookups.set(vendor, lookup);
  const done = () => {
    if (lookups.get(vendor) === lookup) lookups.delete(vendor);
  };
  lookup.then(done, done);
  return lookup;
}

/** Forget cached vendor credentials (after the back office or a seed changes them). */
export function forgetProviderClients(ctx: Pick<AppContext, "db">): void {
  clientCaches.delete(ctx.db);
  clientLookups.delete(ctx.db);
}

/** Check a call's signature header against the vendor's secret; answers the vendor's secret row. */
export async function verifyProviderSignature(
  ctx: AppContext,
  vendor: string,
  header: string | undefined,
  rawBody: string,
) {
  const client = await providerClient(ctx, vendor);
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!client?.enabled || !m) throw new AppError("INVALID_SIGNATURE", 401);
  const skew = Math.abs(ctx.clock.now().getTime() / 1000 - Number(m[1]));
  const expected = createHmac("sha256", client.secret).update(`${m[1]}.${rawBody}`).digest();
  const given = Buffer.from(m[2] ?? "", "hex");
  if (skew > SIGNATURE_WINDOW_S || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError("INVALID_SIGNATURE", 401);
  }
}

/**
 * The secret of an in-house vendor (PNS, PNG): HMAC-SHA256(APP_SECRET, "provider-secret:<VENDOR>")
 * as hex. The seed stores it in `provider_clients`; the in-house game server derives the same
 * one, so no secret is copied between the two.
 */
export function inHouseProviderSecret(appSecret: string, vendor: string): string {
  return createHmac("sha256", appSecret).update(`provider-secret:${vendor}`).digest("hex");
}

/** A one-time-use-per-launch token the game receives and hands to its provider. */
export async function issueLaunchToken(ctx: AppContext, memberId: number, vendor: string): Promise<string> {
  const currency = await memberCurrency(ctx.db, memberId);
  if (currency === undefined) throw new AppError("PLAYER_NOT_FOUND", 404);
  // Every launch (games, lottery, the RGS's games) passes the member gate "play"
  // (self-exclusion, cooling-off, a spent session limit); the debit checks the same in SQL.
  const refusal = await memberGate(ctx.db, memberId, "play", ctx.clock.now());
  if (refusal) throw new AppError(refusal, 403);
  const token = randomBytes(24).toString("base64url");
  await insertLaunchToken(ctx.db, {
    tokenHash: tokenHash(token),
    memberId,
    vendor,
    currency,
    expiresAt: new Date(ctx.clock.now().getTime() + LAUNCH_TOKEN_TTL_MS),
  });
  return token;
}

/** What the player can bet: main (or play money) and the bonus account (migration 0801). */
async function balanceOf(exec: Executor, memberId: number, currency: string): Promise<string> {
  const kinds = currency === "FUN" ? ["play"] : ["main", "bonus"];
  const total = (await memberBalances(exec, memberId))
    .filter((x) => kinds.includes(x.kind) && x.currency === currency)
    .reduce((sum, x) => sum + x.balance, 0n);
  return formatMinor(total);
}

/** An error answer of the protocol: the code, and the player's balance, always. */
async function fail(
  ctx: AppContext,
  code: string,
  status: number,
  memberId: number | null,
  currency = "PHP",
): Promise<never> {
  const balance = memberId ? await balanceOf(ctx.db, memberId, currency) : null;
  throw new AppError(code, status, {}, undefined, { balance, currency });
}

async function player(ctx: AppContext, playerId: number) {
  return memberStanding(ctx.db, playerId);
}

/**
 * The launch token opens one game session (one-time, short-lived): authenticate claims
 * it atomically, once, and only within LAUNCH_CLAIM_WINDOW_MS of the launch, so a token seen in
 * an address bar, a log or a referrer cannot open a second session. The session's bets keep
 * presenting it until it expires.
 */
export async function authenticate(ctx: AppContext, vendor: string, token: string) {
  const now = ctx.clock.now();
  // Issued (expiry − TTL, on the same clock that issued it) no longer ago than the window.
  const row = await claimLaunchToken(
    ctx.db,
    tokenHash(token),
    vendor,
    now,
    new Date(now.getTime() + LAUNCH_TOKEN_TTL_MS - LAUNCH_CLAIM_WINDOW_MS),
  );
  if (!row) return fail(ctx, "INVALID_TOKEN", 401, null);
  const m = await player(ctx, row.memberId);
  if (!m) return fail(ctx, "PLAYER_NOT_FOUND", 404, null);
  if (m.status !== "active") return fail(ctx, "ACCOUNT_LOCKED", 423, m.id, m.currency);
  // A launch token issued before an exclusion (or a spent session) opens no game session.
  const refusal = await memberGate(ctx.db, m.id, "play", now);
  if (refusal) return fail(ctx, refusal, 403, m.id, m.currency);
  return { playerId: m.id, currency: m.currency, balance: await balanceOf(ctx.db, m.id, m.currency) };
}

export async function balance(ctx: AppContext, playerId: number) {
  const m = await player(ctx, playerId);
  if (!m) return fail(ctx, "PLAYER_NOT_FOUND", 404, null);
  return { playerId: m.id, currency: m.currency, balance: await balanceOf(ctx.db, m.id, m.currency) };
}

export interface MoveInput {
  vendor: string;
  playerId: number;
  transactionId: string;
  roundId: string;
  amount: bigint;
  roundClosed: boolean;
  /** bet: the launch token; win/rollback: the bet it refers to. */
  token?: string;
  refTransactionId?: string;
  /** The provider's game id (optional on debit and credit): names the game on boards. */
  gameCode?: string;
  /** A debit of 0.00 for a spin of a free-spin grant: its round is labelled in the betting record. */
  freeSpin?: boolean;
  /** The free-spin grant the spin was taken from (optional). */
  grantId?: string;
}

// The game code joins the fingerprint only when sent, so answers stored before it existed still
// match their retries.
const print = (kind: string, i: MoveInput) =>
  createHash("sha256")
    .update(
      [kind, i.playerId, i.roundId, i.amount.toString(), i.refTransactionId ?? ""]
        .concat(i.gameCode ? [i.gameCode] : [])
        .join("|"),
    )
    .digest("hex");

type Answer = {
  transactionId: string;
  playerId: number;
  currency: string;
  balance: string;
  /** reverse: what was taken back (the rest is the vendor's to recover). */
  taken?: string;
};

/** What provider_move (migration 0512) answers; a refusal's replay is the refusal it stored. */
type MoveResult =
  | { answer: Answer; replay: boolean; posted: boolean }
  | { error: string; seen?: boolean; replay?: boolean; balance?: string; currency?: string };

/** Refusals that come from the transaction's own checks (the others are a repeat's). */
const CHECK_STATUS: Record<string, number> = {
  INSUFFICIENT_FUNDS: 409,
  // A cash-only vendor's bet (the card rooms' buy-ins) that real money does not cover.
  BONUS_BUY_IN_NOT_ALLOWED: 409,
  PLAYER_NOT_FOUND: 404,
  // Responsible gaming (migration 1020): the member's own limits and blocks.
  RG_LOSS_LIMIT: 403,
  RG_WAGER_LIMIT: 403,
  RG_SELF_EXCLUDED: 403,
  RG_COOLING_OFF: 403,
  RG_SESSION_LIMIT: 403,
};

/** One batcher per database (tests run several apps, each with its own database, in one process). */
const batchers = new WeakMap<object, MoveBatcher>();
function batcherOf(ctx: AppContext): MoveBatcher {
  let b = batchers.get(ctx.db);
  if (!b) {
    b = new MoveBatcher(ctx.database, () => ctx.clock.now());
    batchers.set(ctx.db, b);
  }
  return b;
}

/**
 * Apply one provider transaction exactly once: provider_move (migrations 0510, 0512) takes the
 * player's lock, claims the id, checks it, moves the money through the ledger and records the
 * answer — a refusal too, which is final — in one database call, shared with the calls that
 * arrive meanwhile (MoveBatcher: one commit for many). A repeat with the same content gets the
 * stored answer or refusal, with other content DUPLICATE_MISMATCH; a concurrent copy waits for
 * the first and then gets its answer.
 */
async function applyOnce(
  ctx: AppContext,
  kind: "bet" | "win" | "rollback" | "reverse",
  i: MoveInput,
): Promise<Answer> {
  const result = (await batcherOf(ctx).run({
    vendor: i.vendor,
    kind,
    tid: i.transactionId,
    round: i.roundId,
    player: i.playerId,
    amount: i.amount.toString(),
    ref: i.refTransactionId ?? null,
    token: i.token ? tokenHash(i.token) : null,
    game: i.gameCode ?? null,
    print: print(kind, i),
  })) as MoveResult | undefined;
  if (!result) throw new Error("provider_move answered nothing");
  if ("error" in result) {
    const status = result.seen ? 409 : (CHECK_STATUS[result.error] ?? 400);
    throw new AppError(result.error, status, {}, undefined, {
      balance: result.balance ?? null,
      currency: result.currency ?? "PHP",
    });
  }
  // The member's screens hear of every move of money and of every settled round, even one that
  // moves none (a 0.00 win): a bet's wagering toward a bonus counts when its round settles, and
  // the bonus bar and the betting record read again on this news. A repeat changes nothing.
  if (result.posted || (kind === "win" && !result.replay)) await notifyMember(ctx, i.playerId);
  // Loyalty (points, missions, VIP) follows the settlement off this path: a note in memory
  // after the commit; a repeat notes it again and the accrual marks a round once.
  if (kind === "win")
    await publishEvent({ ctx, exec: ctx.db }, "bet.settled", { vendor: i.vendor, roundId: i.roundId });
  return result.answer;
}

export async function debit(ctx: AppContext, i: MoveInput): Promise<Answer> {
  const answer = await applyOnce(ctx, "bet", i);
  // The label is written once the bet is taken and before it is answered, so a provider that
  // got no answer resends the bet and the label with it (once per round).
  if (i.freeSpin)
    await insertFreeRound(ctx.db, {
      vendor: i.vendor,
      roundId: i.roundId,
      memberId: i.playerId,
      grantId: i.grantId ?? null,
      at: ctx.clock.now(),
    });
  return answer;
}
/** A win: the bet it names must exist (token expiry is not checked: a round started may finish). */
export const credit = (ctx: AppContext, i: MoveInput) => applyOnce(ctx, "win", i);
/** One credit's outcome in a batch: its answer, or its refusal (code, status, balance). */
export type CreditOutcome =
  | { ok: true; value: Answer }
  | { ok: false; code: string; status: number; balance: string | null; currency: string };

/**
 * Many credits of one vendor in one call (the protocol's `credits`): applied in one database
 * transaction by provider_credits, each exactly as `credit` alone would be — its own transaction
 * id, idempotent by it, every rule of provider_move — and answered one by one, in order.
 */
export async function creditMany(
  ctx: AppContext,
  vendor: string,
  items: MoveInput[],
): Promise<CreditOutcome[]> {
  const results = (await applyCredits(
    ctx.database,
    vendor,
    items.map((i) => ({
      tid: i.transactionId,
      round: i.roundId,
      player: i.playerId,
      amount: i.amount.toString(),
      ref: i.refTransactionId ?? "",
      game: i.gameCode ?? null,
      print: print("win", i),
    })),
    ctx.clock.now(),
  )) as Array<MoveResult | null>;
  const notify = new Set<number>();
  const out = items.map((i, n): CreditOutcome => {
    const r = results[n];
    if (!r) return { ok: false, code: "PLAYER_NOT_FOUND", status: 404, balance: null, currency: "PHP" };
    if ("error" in r)
      return {
        ok: false,
        code: r.error,
        status: r.seen ? 409 : (CHECK_STATUS[r.error] ?? 400),
        balance: r.balance ?? null,
        currency: r.currency ?? "PHP",
      };
    if (r.posted || !r.replay) notify.add(i.playerId);
    return { ok: true, value: r.answer };
  });
  // As for a credit alone: the members' screens, and loyalty's note of each settled round.
  for (const m of notify) await notifyMember(ctx, m);
  for (const [n, i] of items.entries())
    if (out[n]?.ok) await publishEvent({ ctx, exec: ctx.db }, "bet.settled", { vendor, roundId: i.roundId });
  return out;
}

/**
 * A rollback returns a bet's stake. For a bet never seen, it is acknowledged and a tombstone
 * remembers the bet's id, so the bet arriving late is refused.
 */
export const rollback = (ctx: AppContext, i: MoveInput) => applyOnce(ctx, "rollback", i);
/**
 * A reversal takes back a credit or a rollback of the member's round, as far as the wallet goes
 * (never below zero), and answers how much it took; what it could not take is the vendor's to
 * recover (a sportsbook nets it from the bet's next payout).
 */
export const reverse = (ctx: AppContext, i: MoveInput) => applyOnce(ctx, "reverse", i);

/**
 * The provider_clients row of an in-house vendor whose secret is derived from APP_SECRET (the
 * sportsbook's PNSB and PNES): written when missing, never changed.
 */
export async function ensureInHouseClient(ctx: AppContext, vendor: string): Promise<void> {
  const appSecret = ctx.config.APP_SECRET;
  if (!appSecret) throw new Error("APP_SECRET is not set: the in-house vendors cannot sign their calls");
  await insertProviderClientIfMissing(ctx.db, vendor, inHouseProviderSecret(appSecret, vendor));
}

// The game statistics the games module and the lobby show (biggest wins, rounds per game).
export { biggestWins, roundsByGame } from "./repo/stats.ts";
