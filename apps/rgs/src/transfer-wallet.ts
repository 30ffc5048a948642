import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { findNul } from "@panalo/contracts/input";
import { formatMinor, NonNegativeAmount, PositiveAmount } from "@panalo/contracts/money";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { isTransferVendor } from "./catalog.ts";
import { type RgsContext, RgsError } from "./context.ts";
import { type RgsDb, type RgsTx, rows } from "./db.ts";
import type { CallResult, ProtocolCall, ProtocolClient } from "./protocol-client.ts";

/**
 * The provider side of the transfer wallet (docs/provider-protocol.md "Transfer wallet"): the
 * players of a transfer vendor (PNX) keep their money in rgs.transfer_wallets. The platform
 * moves it in and out with signed calls at /rgs/transfer/<VENDOR>/<call>, and the vendor's
 * rounds bet and win against it (transferWalletClient) instead of the platform's debit/credit.
 */

/** The same window as the platform's: a signature more than 300 s off is refused. */
const SIGNATURE_WINDOW_S = 300;

/** `X-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, compared in constant time. */
export function validTransferSignature(
  secret: string,
  header: string | undefined,
  raw: string,
  now: Date,
): boolean {
  const m = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!m) return false;
  if (Math.abs(now.getTime() / 1000 - Number(m[1])) > SIGNATURE_WINDOW_S) return false;
  const expected = createHmac("sha256", secret).update(`${m[1]}.${raw}`).digest();
  const given = Buffer.from(m[2] ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const Id = z.string().min(1).max(100);
/** A decimal string above zero with at most two decimals ("10", "10.5", "10.50"). */
const Amount = PositiveAmount;
const PlayerId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const Currency = z.string().regex(/^[A-Z]{3,4}$/);
const Transfer = z.object({
  requestId: Id,
  transferId: Id,
  playerId: PlayerId,
  currency: Currency,
  amount: Amount,
});
const Schemas = {
  balance: z.object({ requestId: Id, playerId: PlayerId, currency: Currency }),
  deposit: Transfer,
  withdraw: Transfer,
  status: z.object({ requestId: Id, transferId: Id }),
};

const num = (v: unknown): number => Number(v);
const minor = (v: unknown): bigint => BigInt(String(v));

export interface WalletBalance {
  playerId: number;
  currency: string;
  balance: string;
  version: number;
}

/** A player's wallet; one never funded answers 0.00 at version 0 in the currency asked. */
export async function transferBalance(
  db: RgsDb | RgsTx,
  vendor: string,
  playerId: number,
  currency: string,
): Promise<WalletBalance> {
  const [w] = await rows<{ currency: string; balance: unknown; version: unknown }>(
    db,
    sql`SELECT currency, balance, version FROM rgs.transfer_wallets
        WHERE player_id = ${playerId} AND vendor = ${vendor}`,
  );
  return {
    playerId,
    currency: w?.currency ?? currency,
    balance: formatMinor(w ? minor(w.balance) : 0n),
    version: w ? num(w.version) : 0,
  };
}

type TransferDone = { transferId: string; status: "done"; balance: string; version: number };

/**
 * A deposit (money in) or a withdrawal (money out), in one database transaction: the transfer
 * id is claimed first (a concurrent copy waits for the first and then reads its answer), then
 * the wallet moves by one conditional update (never below zero, under the row's lock), then the
 * answer is stored with the claim. A refusal for insufficient funds is kept (a refusal is an
 * answer too): the claim becomes `cancelled` with its fingerprint, so the same transfer again is
 * refused alike (INSUFFICIENT_FUNDS), `status` answers `failed`, and it never applies later.
 */
export async function moveTransfer(
  db: RgsDb,
  vendor: string,
  kind: "deposit" | "withdraw",
  t: { transferId: string; playerId: number; currency: string; amount: bigint },
): Promise<TransferDone> {
  const fingerprint = createHash("sha256")
    .update([kind, t.playerId, t.currency, t.amount.toString()].join("|"))
    .digest("hex");
  const outcome = await db.transaction(async (tx) => {
    const [claimed] = await rows<{ transfer_id: string }>(
      tx,
      sql`INSERT INTO rgs.transfers (transfer_id, vendor, kind, player_id, currency, amount, fingerprint)
          VALUES (${t.transferId}, ${vendor}, ${kind}, ${t.playerId}, ${t.currency},
                  ${t.amount.toString()}::bigint, ${fingerprint})
          ON CONFLICT DO NOTHING
          RETURNING transfer_id`,
    );
    if (!claimed) {
      const [seen] = await rows<{ kind: string; fingerprint: string | null; answer: TransferDone | null }>(
        tx,
        sql`SELECT kind, fingerprint, answer FROM rgs.transfers
            WHERE transfer_id = ${t.transferId} AND vendor = ${vendor}`,
      );
      if (seen?.kind === "cancelled" && seen.fingerprint === fingerprint) {
        return { refused: (await transferBalance(tx, vendor, t.playerId, t.currency)).balance };
      }
      if (seen?.kind === "cancelled") throw new RgsError("TRANSFER_CANCELLED", 409);
      if (!seen?.answer || seen.fingerprint !== fingerprint) throw new RgsError("DUPLICATE_MISMATCH", 409);
      return seen.answer;
    }
    if (kind === "deposit") {
      await tx.execute(
        sql`INSERT INTO rgs.transfer_wallets (player_id, vendor, currency, balance)
            VALUES (${t.playerId}, ${vendor}, ${t.currency}, 0)
            ON CONFLICT DO NOTHING`,
      );
    }
    const delta = (kind === "deposit" ? t.amount : -t.amount).toString();
    const [w] = await rows<{ balance: unknown; version: unknown }>(
      tx,
      sql`UPDATE rgs.transfer_wallets
          SET balance = balance + ${delta}::bigint, version = version + 1, updated_at = now()
          WHERE player_id = ${t.playerId} AND vendor = ${vendor} AND currency = ${t.currency}
            AND balance + ${delta}::bigint >= 0
          RETURNING balance, version`,
    );
    if (!w) {
      const now = await transferBalance(tx, vendor, t.playerId, t.currency);
      if (now.currency !== t.currency) {
        throw new RgsError("VALIDATION_ERROR", 400, null, [
          { path: "currency", message: "currency_mismatch" },
        ]);
      }
      await tx.execute(
        sql`UPDATE rgs.transfers SET kind = 'cancelled'
            WHERE transfer_id = ${t.transferId} AND vendor = ${vendor}`,
      );
      return { refused: now.balance };
    }
    const answer: TransferDone = {
      transferId: t.transferId,
      status: "done",
      balance: formatMinor(minor(w.balance)),
      version: num(w.version),
    };
    await tx.execute(
      sql`UPDATE rgs.transfers SET answer = ${JSON.stringify(answer)}::jsonb
          WHERE transfer_id = ${t.transferId} AND vendor = ${vendor}`,
    );
    return answer;
  });
  if ("refused" in outcome) throw new RgsError("INSUFFICIENT_FUNDS", 409, outcome.refused);
  return outcome;
}

/**
 * Where a transfer stands. One never seen is stored as `cancelled` first, so that it arriving
 * late is refused (TRANSFER_CANCELLED): the answer `failed` is final. A transfer in flight holds
 * its claim, so this waits for it and answers its outcome.
 */
export async function transferStatus(db: RgsDb, vendor: string, transferId: string) {
  const [claimed] = await rows<{ transfer_id: string }>(
    db,
    sql`INSERT INTO rgs.transfers (transfer_id, vendor, kind) VALUES (${transferId}, ${vendor}, 'cancelled')
        ON CONFLICT DO NOTHING
        RETURNING transfer_id`,
  );
  if (claimed) return { transferId, status: "failed" as const };
  const [seen] = await rows<{ kind: string; amount: unknown; answer: TransferDone | null }>(
    db,
    sql`SELECT kind, amount, answer FROM rgs.transfers WHERE transfer_id = ${transferId} AND vendor = ${vendor}`,
  );
  if (!seen || seen.kind === "cancelled") return { transferId, status: "failed" as const };
  if (!seen.answer) throw new RgsError("INTERNAL_ERROR", 500); // a claim commits with its answer
  return {
    transferId,
    status: "done" as const,
    kind: seen.kind,
    amount: formatMinor(minor(seen.amount)),
    balance: seen.answer.balance,
    version: seen.answer.version,
  };
}

/** The signed transfer calls, in a scope of their own that keeps the raw body for the signature. */
export async function transferRoutes(
  app: FastifyInstance,
  ctx: RgsContext,
  secretOf: (vendor: string) => string,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );
    const route = <S extends z.ZodType>(
      call: string,
      schema: S,
      run: (vendor: string, b: z.infer<S>) => Promise<unknown>,
    ) =>
      scope.post(`/transfer/:vendor/${call}`, async (req: FastifyRequest) => {
        const vendor = (req.params as { vendor?: string }).vendor ?? "";
        if (!isTransferVendor(vendor)) throw new RgsError("NOT_FOUND", 404);
        const raw = typeof req.body === "string" ? req.body : "";
        const sig = req.headers["x-signature"];
        if (!validTransferSignature(secretOf(vendor), Array.isArray(sig) ? sig[0] : sig, raw, ctx.now())) {
          throw new RgsError("INVALID_SIGNATURE", 401);
        }
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          throw new RgsError("VALIDATION_ERROR", 400, null, [{ path: "", message: "invalid JSON" }]);
        }
        const nulAt = findNul(json);
        if (nulAt !== null)
          throw new RgsError("VALIDATION_ERROR", 400, null, [{ path: nulAt, message: "nul_char" }]);
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
          throw new RgsError(
            "VALIDATION_ERROR",
            400,
            null,
            parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
          );
        }
        return { success: true as const, value: await run(vendor, parsed.data) };
      });
    route("balance", Schemas.balance, (v, b) => transferBalance(ctx.db, v, b.playerId, b.currency));
    route("deposit", Schemas.deposit, (v, b) => moveTransfer(ctx.db, v, "deposit", b));
    route("withdraw", Schemas.withdraw, (v, b) => moveTransfer(ctx.db, v, "withdraw", b));
    route("status", Schemas.status, (v, b) => transferStatus(ctx.db, v, b.transferId));
  });
}

// ---------------------------------------------------------------------------------------------
// Rounds of a transfer vendor: bets, wins and rollbacks against the wallet, by the platform's rules.

/** A definite no: the claim is rolled back with everything else, the balance is told. */
class Refusal extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly balance: string,
  ) {
    super(code);
  }
}

const Move = z.object({
  playerId: PlayerId,
  transactionId: Id,
  roundId: Id,
  amount: NonNegativeAmount,
  betTransactionId: Id.optional(),
  refTransactionId: Id.optional(),
});
type MoveKind = "bet" | "win" | "rollback";

interface SeenMove {
  kind: MoveKind;
  player_id: unknown;
  round_id: string;
  amount: unknown;
  ref_transaction_id: string | null;
  answer: Record<string, unknown> | null;
}

/**
 * One bet, win or rollback applied once (docs/provider-protocol.md, the platform's rules): the
 * transaction id is claimed first, then the wallet's row is locked, so one player's moves queue
 * and a bet and the rollback naming it never pass each other's checks. The same id with the
 * same content answers the first answer; other content is DUPLICATE_MISMATCH. A bet needs the
 * balance (INSUFFICIENT_FUNDS) and no rollback naming it (BET_ROLLED_BACK); a win names a bet of
 * the player's (TRANSACTION_NOT_FOUND) not rolled back; a rollback of a bet never seen is
 * acknowledged and remembered (its row names the bet), of a bet with a win ROLLBACK_NOT_ALLOWED.
 * Every move applied bumps the wallet's version.
 */
async function applyMove(
  db: RgsDb,
  vendor: string,
  kind: MoveKind,
  m: { playerId: number; transactionId: string; roundId: string; amount: bigint; ref: string | null },
): Promise<CallResult> {
  try {
    const value = await db.transaction(async (tx) => {
      const [claimed] = await rows<{ transaction_id: string }>(
        tx,
        sql`INSERT INTO rgs.wallet_moves
              (transaction_id, vendor, kind, player_id, round_id, amount, ref_transaction_id)
            VALUES (${m.transactionId}, ${vendor}, ${kind}, ${m.playerId}, ${m.roundId},
                    ${m.amount.toString()}::bigint, ${m.ref})
            ON CONFLICT DO NOTHING
            RETURNING transaction_id`,
      );
      const [wallet] = await rows<{ balance: unknown }>(
        tx,
        sql`SELECT balance FROM rgs.transfer_wallets
            WHERE player_id = ${m.playerId} AND vendor = ${vendor} FOR UPDATE`,
      );
      const balance = formatMinor(wallet ? minor(wallet.balance) : 0n);
      const refuse = (code: string, status: number) => new Refusal(code, status, balance);
      if (!claimed) {
        const [seen] = await rows<SeenMove>(
          tx,
          sql`SELECT kind, player_id, round_id, amount, ref_transaction_id, answer FROM rgs.wallet_moves
              WHERE transaction_id = ${m.transactionId} AND vendor = ${vendor}`,
        );
        const same =
          seen?.kind === kind &&
          num(seen.player_id) === m.playerId &&
          seen.round_id === m.roundId &&
          minor(seen.amount) === m.amount &&
          seen.ref_transaction_id === m.ref;
        if (!same || !seen?.answer) throw refuse("DUPLICATE_MISMATCH", 409);
        return seen.answer;
      }
      /** The other moves naming the same bet: what happened to it already. */
      const naming = async (betId: string) =>
        (
          await rows<{ kind: MoveKind }>(
            tx,
            sql`SELECT kind FROM rgs.wallet_moves
                WHERE ref_transaction_id = ${betId} AND vendor = ${vendor}
                  AND transaction_id <> ${m.transactionId}`,
          )
        ).map((r) => r.kind);
      const betOf = async (betId: string) =>
        (
          await rows<{ kind: MoveKind; player_id: unknown; amount: unknown }>(
            tx,
            sql`SELECT kind, player_id, amount FROM rgs.wallet_moves
                WHERE transaction_id = ${betId} AND vendor = ${vendor}`,
          )
        )[0];
      let delta: bigint;
      if (kind === "bet") {
        if ((await naming(m.transactionId)).includes("rollback")) throw refuse("BET_ROLLED_BACK", 409);
        delta = -m.amount;
      } else {
        const betId = m.ref ?? "";
        const bet = await betOf(betId);
        const after = await naming(betId);
        const theirs = bet?.kind === "bet" && num(bet.player_id) === m.playerId;
        if (kind === "win") {
          if (after.includes("rollback")) throw refuse("BET_ROLLED_BACK", 409);
          if (!theirs) throw refuse("TRANSACTION_NOT_FOUND", 404);
          delta = m.amount;
        } else if (!bet) {
          // Never seen: acknowledged, nothing moves; this row remembers the bet's id.
          if (after.includes("rollback")) throw refuse("BET_ROLLED_BACK", 409);
          delta = 0n;
        } else if (!theirs) {
          throw refuse("TRANSACTION_NOT_FOUND", 404);
        } else if (after.includes("win")) {
          throw refuse("ROLLBACK_NOT_ALLOWED", 409);
        } else if (after.includes("rollback")) {
          throw refuse("BET_ROLLED_BACK", 409);
        } else {
          delta = minor(bet.amount);
        }
      }
      const [moved] = await rows<{ currency: string; balance: unknown }>(
        tx,
        sql`UPDATE rgs.transfer_wallets
            SET balance = balance + ${delta.toString()}::bigint, version = version + 1, updated_at = now()
            WHERE player_id = ${m.playerId} AND vendor = ${vendor} AND balance + ${delta.toString()}::bigint >= 0
            RETURNING currency, balance`,
      );
      if (!moved && delta !== 0n) throw refuse("INSUFFICIENT_FUNDS", 409);
      // No wallet (a rollback of a bet never seen by a player never funded): the session's currency.
      const currency =
        moved?.currency ??
        (
          await rows<{ currency: string }>(
            tx,
            sql`SELECT currency FROM rgs.sessions WHERE player_id = ${m.playerId} AND vendor = ${vendor}
                ORDER BY created_at DESC LIMIT 1`,
          )
        )[0]?.currency ??
        "PHP";
      const answer = {
        transactionId: m.transactionId,
        playerId: m.playerId,
        currency,
        balance: formatMinor(moved ? minor(moved.balance) : 0n),
      };
      await tx.execute(
        sql`UPDATE rgs.wallet_moves SET answer = ${JSON.stringify(answer)}::jsonb
            WHERE transaction_id = ${m.transactionId} AND vendor = ${vendor}`,
      );
      return answer;
    });
    return { kind: "ok", status: 200, value };
  } catch (err) {
    if (err instanceof Refusal)
      return { kind: "refused", status: err.status, code: err.code, balance: err.balance };
    // The database failed us: as unknown as a lost answer (the transaction left nothing behind).
    return { kind: "unknown", status: null, reason: err instanceof Error ? err.message : String(err) };
  }
}

const MOVE_KIND: Partial<Record<ProtocolCall, MoveKind>> = {
  debit: "bet",
  credit: "win",
  rollback: "rollback",
};

/** A call of a transfer vendor's round answered here, in the shape of the platform's answers. */
async function localCall(
  db: RgsDb,
  vendor: string,
  call: ProtocolCall,
  body: Record<string, unknown>,
): Promise<CallResult> {
  if (call === "balance") {
    const b = z.object({ playerId: PlayerId, currency: Currency.optional() }).safeParse(body);
    if (!b.success) return { kind: "refused", status: 400, code: "VALIDATION_ERROR", balance: null };
    const value = await transferBalance(db, vendor, b.data.playerId, b.data.currency ?? "PHP");
    return { kind: "ok", status: 200, value: { ...value } };
  }
  const kind = MOVE_KIND[call];
  const b = Move.safeParse(body);
  if (!kind || !b.success) return { kind: "refused", status: 400, code: "VALIDATION_ERROR", balance: null };
  const ref = kind === "win" ? b.data.betTransactionId : kind === "rollback" ? b.data.refTransactionId : null;
  if (kind !== "bet" && !ref)
    return { kind: "refused", status: 400, code: "VALIDATION_ERROR", balance: null };
  return applyMove(db, vendor, kind, { ...b.data, ref: ref ?? null });
}

/**
 * The protocol client the RGS uses: a transfer vendor's debit, credit, rollback and balance are
 * answered by its wallet here; everything else (authenticate, the seamless vendors) goes to the
 * platform. Spins, the retry worker and the lottery need not know which kind of vendor they play.
 */
export function transferWalletClient(db: RgsDb, platform: ProtocolClient): ProtocolClient {
  return {
    call(vendor, call, body) {
      if (call === "authenticate" || !isTransferVendor(vendor)) return platform.call(vendor, call, body);
      return localCall(db, vendor, call, body);
    },
  };
}
