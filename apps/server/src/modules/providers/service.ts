import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { formatMinor } from "@panalo/contracts/money";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { members } from "../../db/schema/members.ts";
import { launchTokens, providerClients, providerTransactions } from "../../db/schema/providers.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { registerMessages } from "../../lib/messages.ts";
import { tokenHash } from "../../lib/passwords.ts";
import { type AccountRef, memberBalances, postIn } from "../ledger/ledger.ts";
import { notifyMembers } from "../ledger/notify.ts";

registerMessages("EN", {
  INVALID_SIGNATURE: "The request signature is not valid.",
  INVALID_TOKEN: "The game session is not valid. Please open the game again.",
  TRANSACTION_NOT_FOUND: "The transaction this refers to was not found.",
  BET_ROLLED_BACK: "This bet was already rolled back.",
  ROLLBACK_NOT_ALLOWED: "This bet already has a result and cannot be rolled back.",
  PLAYER_NOT_FOUND: "The player was not found.",
});
registerMessages("TY", {
  INVALID_SIGNATURE: "Hindi valid ang signature ng request.",
  INVALID_TOKEN: "Hindi valid ang game session. Buksan muli ang laro.",
  TRANSACTION_NOT_FOUND: "Hindi nahanap ang transaksyong tinutukoy.",
  BET_ROLLED_BACK: "Na-rollback na ang taya na ito.",
  ROLLBACK_NOT_ALLOWED: "May resulta na ang taya na ito at hindi na mai-rollback.",
  PLAYER_NOT_FOUND: "Hindi nahanap ang manlalaro.",
});

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

/** Check a call's signature header against the vendor's secret; answers the vendor's secret row. */
export async function verifyProviderSignature(
  ctx: AppContext,
  vendor: string,
  header: string | undefined,
  rawBody: string,
) {
  const [client] = await ctx.db.select().from(providerClients).where(eq(providerClients.vendor, vendor));
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!client?.enabled || !m) throw new AppError("INVALID_SIGNATURE", 401);
  const skew = Math.abs(ctx.clock.now().getTime() / 1000 - Number(m[1]));
  const expected = Buffer.from(
    createHmac("sha256", client.secret).update(`${m[1]}.${rawBody}`).digest("hex"),
    "hex",
  );
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
  const [m] = await ctx.db
    .select({ currency: members.currency })
    .from(members)
    .where(eq(members.id, memberId));
  if (!m) throw new AppError("PLAYER_NOT_FOUND", 404);
  const token = randomBytes(24).toString("base64url");
  await ctx.db.insert(launchTokens).values({
    tokenHash: tokenHash(token),
    memberId,
    vendor,
    currency: m.currency,
    expiresAt: new Date(ctx.clock.now().getTime() + LAUNCH_TOKEN_TTL_MS),
  });
  return token;
}

const walletOf = (memberId: number, currency: string): AccountRef => ({
  member: memberId,
  kind: currency === "FUN" ? "play" : "main",
  currency,
});
const houseOf = (currency: string): AccountRef => ({ house: "games", currency });

async function balanceOf(exec: AppContext["db"] | Tx, memberId: number, currency: string): Promise<string> {
  const kind = currency === "FUN" ? "play" : "main";
  const b = (await memberBalances(exec, memberId)).find((x) => x.kind === kind && x.currency === currency);
  return formatMinor(b?.balance ?? 0n);
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
  const [m] = await ctx.db
    .select({ id: members.id, currency: members.currency, status: members.status })
    .from(members)
    .where(eq(members.id, playerId));
  return m;
}

/**
 * The launch token opens one game session (issue 5: one-time, short-lived): authenticate claims
 * it atomically, once, and only within LAUNCH_CLAIM_WINDOW_MS of the launch, so a token seen in
 * an address bar, a log or a referrer cannot open a second session. The session's bets keep
 * presenting it until it expires.
 */
export async function authenticate(ctx: AppContext, vendor: string, token: string) {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(launchTokens)
    .set({ claimedAt: now })
    .where(
      and(
        eq(launchTokens.tokenHash, tokenHash(token)),
        eq(launchTokens.vendor, vendor),
        isNull(launchTokens.claimedAt),
        // Issued (expiry − TTL, on the same clock that issued it) no longer ago than the window.
        gt(launchTokens.expiresAt, new Date(now.getTime() + LAUNCH_TOKEN_TTL_MS - LAUNCH_CLAIM_WINDOW_MS)),
      ),
    )
    .returning({ memberId: launchTokens.memberId });
  if (!row) return fail(ctx, "INVALID_TOKEN", 401, null);
  const m = await player(ctx, row.memberId);
  if (!m) return fail(ctx, "PLAYER_NOT_FOUND", 404, null);
  if (m.status !== "active") return fail(ctx, "ACCOUNT_LOCKED", 423, m.id, m.currency);
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

type Answer = { transactionId: string; playerId: number; currency: string; balance: string };

/**
 * Apply one provider transaction exactly once. The provider row and the ledger movement commit
 * together; a repeat with the same content gets the stored answer, with other content
 * DUPLICATE_MISMATCH. Unique (vendor, transaction id) decides races between two copies.
 */
async function applyOnce(
  ctx: AppContext,
  kind: "bet" | "win" | "rollback",
  i: MoveInput,
  checks: (
    tx: Tx,
    m: { id: number; currency: string; status: string },
  ) => Promise<{ legs: Array<{ account: AccountRef; amount: bigint }> | null; tombstone?: string }>,
): Promise<Answer> {
  const m = await player(ctx, i.playerId);
  if (!m) return fail(ctx, "PLAYER_NOT_FOUND", 404, null);
  const fingerprint = print(kind, i);
  try {
    const out = await ctx.db.transaction(async (tx) => {
      const [seen] = await tx
        .select()
        .from(providerTransactions)
        .where(
          and(
            eq(providerTransactions.vendor, i.vendor),
            eq(providerTransactions.transactionId, i.transactionId),
          ),
        );
      if (seen) {
        if (seen.kind === "rollback_tombstone" && kind === "bet")
          return { error: "BET_ROLLED_BACK" as const };
        if (seen.kind !== kind || seen.fingerprint !== fingerprint)
          return { error: "DUPLICATE_MISMATCH" as const };
        return { answer: seen.response as Answer, replay: true, legs: null };
      }
      const { legs, tombstone } = await checks(tx, m);
      if (tombstone) {
        await tx.insert(providerTransactions).values({
          vendor: i.vendor,
          transactionId: tombstone,
          kind: "rollback_tombstone",
          roundId: i.roundId,
          memberId: m.id,
          amount: 0n,
          fingerprint: "tombstone",
        });
      }
      let after: bigint | undefined;
      if (legs) {
        const posted = await postIn(tx, {
          idempotencyKey: `prov:${i.vendor}:${i.transactionId}`,
          type: kind,
          reference: `${i.vendor}:${i.roundId}`,
          memberId: m.id,
          legs,
        });
        // The member account is the only one with a balance in these movements.
        after = [...posted.balances.values()][0];
      }
      const answer: Answer = {
        transactionId: i.transactionId,
        playerId: m.id,
        currency: m.currency,
        balance: after !== undefined ? formatMinor(after) : await balanceOf(tx, m.id, m.currency),
      };
      await tx.insert(providerTransactions).values({
        vendor: i.vendor,
        transactionId: i.transactionId,
        kind,
        roundId: i.roundId,
        memberId: m.id,
        amount: i.amount,
        refTransactionId: i.refTransactionId ?? null,
        gameCode: i.gameCode ?? null,
        fingerprint,
        response: answer,
      });
      return { answer, replay: false, legs };
    });
    if ("error" in out) return fail(ctx, out.error ?? "DUPLICATE_MISMATCH", 409, m.id, m.currency);
    if (out.legs) await notifyMembers(ctx, { legs: out.legs });
    return out.answer;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (err instanceof AppError && "balance" in (err.extra ?? {})) throw err;
    if (
      code === "INSUFFICIENT_FUNDS" ||
      code === "INVALID_TOKEN" ||
      code === "TRANSACTION_NOT_FOUND" ||
      code === "ROLLBACK_NOT_ALLOWED" ||
      code === "ACCOUNT_LOCKED" ||
      code === "BET_ROLLED_BACK"
    ) {
      return fail(ctx, code, code === "INSUFFICIENT_FUNDS" ? 409 : 400, m.id, m.currency);
    }
    const pgCode = code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (pgCode === "23505") return applyOnce(ctx, kind, i, checks); // a concurrent copy won: answer as a repeat
    throw err;
  }
}

export function debit(ctx: AppContext, i: MoveInput) {
  return applyOnce(ctx, "bet", i, async (tx, m) => {
    const [token] = i.token
      ? await tx
          .select()
          .from(launchTokens)
          .where(and(eq(launchTokens.tokenHash, tokenHash(i.token)), eq(launchTokens.vendor, i.vendor)))
      : [];
    if (!token || token.memberId !== m.id || token.expiresAt.getTime() < ctx.clock.now().getTime()) {
      throw new AppError("INVALID_TOKEN", 401);
    }
    if (m.status !== "active") throw new AppError("ACCOUNT_LOCKED", 423);
    if (i.amount === 0n) return { legs: null };
    return {
      legs: [
        { account: walletOf(m.id, m.currency), amount: -i.amount },
        { account: houseOf(m.currency), amount: i.amount },
      ],
    };
  });
}

/** A win: the bet it names must exist (token expiry is not checked: a round started may finish). */
export function credit(ctx: AppContext, i: MoveInput) {
  return applyOnce(ctx, "win", i, async (tx, m) => {
    const [bet] = await tx
      .select()
      .from(providerTransactions)
      .where(
        and(
          eq(providerTransactions.vendor, i.vendor),
          eq(providerTransactions.transactionId, i.refTransactionId ?? ""),
        ),
      );
    if (!bet || bet.memberId !== m.id || (bet.kind !== "bet" && bet.kind !== "rollback_tombstone")) {
      throw new AppError("TRANSACTION_NOT_FOUND", 404);
    }
    if (bet.kind === "rollback_tombstone") throw new AppError("BET_ROLLED_BACK", 409);
    const [rolled] = await tx
      .select({ id: providerTransactions.id })
      .from(providerTransactions)
      .where(
        and(
          eq(providerTransactions.vendor, i.vendor),
          eq(providerTransactions.refTransactionId, bet.transactionId),
          eq(providerTransactions.kind, "rollback"),
        ),
      );
    if (rolled) throw new AppError("BET_ROLLED_BACK", 409);
    if (i.amount === 0n) return { legs: null };
    return {
      legs: [
        { account: houseOf(m.currency), amount: -i.amount },
        { account: walletOf(m.id, m.currency), amount: i.amount },
      ],
    };
  });
}

/**
 * A rollback returns a bet's stake. For a bet never seen, it is acknowledged and a tombstone
 * remembers the bet's id, so the bet arriving late is refused.
 */
export function rollback(ctx: AppContext, i: MoveInput) {
  return applyOnce(ctx, "rollback", i, async (tx, m) => {
    const ref = i.refTransactionId ?? "";
    const [bet] = await tx
      .select()
      .from(providerTransactions)
      .where(and(eq(providerTransactions.vendor, i.vendor), eq(providerTransactions.transactionId, ref)));
    if (!bet) return { legs: null, tombstone: ref };
    if (bet.memberId !== m.id || bet.kind !== "bet") throw new AppError("TRANSACTION_NOT_FOUND", 404);
    const related = await tx
      .select({ kind: providerTransactions.kind })
      .from(providerTransactions)
      .where(and(eq(providerTransactions.vendor, i.vendor), eq(providerTransactions.refTransactionId, ref)));
    if (related.some((r) => r.kind === "win")) throw new AppError("ROLLBACK_NOT_ALLOWED", 409);
    if (related.some((r) => r.kind === "rollback")) throw new AppError("BET_ROLLED_BACK", 409);
    if (bet.amount === 0n) return { legs: null };
    return {
      legs: [
        { account: houseOf(m.currency), amount: -bet.amount },
        { account: walletOf(m.id, m.currency), amount: bet.amount },
      ],
    };
  });
}
