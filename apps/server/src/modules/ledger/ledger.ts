import { createHash } from "node:crypto";
import { MAX_MINOR } from "@panalo/contracts/money";
import type { Db, Executor, Tx } from "../../db/client.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import {
  ledgerPost,
  ledgerPostMany,
  memberAccountRows,
  type PostedRow,
  reconciliationFacts,
} from "./repo/posting.ts";

/**
 * The ledger module's API. Nobody else writes ledger tables.
 *
 * A movement is one transaction of legs that sum to zero. Member accounts are created on first
 * use, locked in id order and never go below zero; house and clearing accounts are never
 * locked (their balance is the sum of their entries). Each transaction has an idempotency key:
 * the same key with the same legs answers the first result again; with other legs it is refused.
 */
export type MemberKind = "main" | "bonus" | "hold" | "play" | "points" | `vendor:${string}`;
export type AccountRef =
  | { member: number; kind: MemberKind; currency: string }
  | { house: string; currency: string };
export interface Leg {
  account: AccountRef;
  amount: bigint;
}
export interface PostInput {
  idempotencyKey: string;
  type: string;
  reference?: string | null;
  /** The member the movement belongs to (for their account record). */
  memberId?: number | null;
  legs: Leg[];
}
export interface PostResult {
  transactionId: number;
  replayed: boolean;
  /** Balance after the movement of each member account it touched, by account id. */
  balances: Map<number, bigint>;
}

const keyOf = (a: AccountRef) =>
  "member" in a ? `m:${a.member}:${a.kind}:${a.currency}` : `h:${a.house}:${a.currency}`;

function fingerprint(input: PostInput): string {
  const legs = input.legs.map((l) => `${keyOf(l.account)}=${l.amount}`).sort();
  return createHash("sha256")
    .update(`${input.type}|${input.reference ?? ""}|${legs.join(",")}`)
    .digest("hex");
}

function validate(input: PostInput): void {
  if (!input.idempotencyKey || input.idempotencyKey.length > 200)
    throw new AppError("LEDGER_UNBALANCED", 400);
  if (input.legs.length < 2) throw new AppError("LEDGER_UNBALANCED", 400);
  let sum = 0n;
  for (const l of input.legs) {
    if (l.amount === 0n || l.amount >= MAX_MINOR || l.amount <= -MAX_MINOR)
      throw new AppError("LEDGER_UNBALANCED", 400);
    sum += l.amount;
  }
  if (sum !== 0n) throw new AppError("LEDGER_UNBALANCED", 400);
  const currencies = new Set(input.legs.map((l) => l.account.currency));
  // Play money and real money never meet in one transaction, nor do two real currencies.
  if (currencies.size !== 1) throw new AppError("LEDGER_UNBALANCED", 400);
}

/** The message a ledger_post refusal raises (INSUFFICIENT_FUNDS, DUPLICATE_MISMATCH, …). */
function ledgerRefusal(err: unknown): string | undefined {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: string; message?: string };
    if (code === "P0001" && message && /^[A-Z_]+$/.test(message)) return message;
  }
  return undefined;
}

/**
 * Post a movement inside the caller's transaction (used with a domain change that must commit
 * with it). One database call: ledger_post (migration 0440) claims the key, makes missing
 * accounts, locks the member accounts in id order, writes the entries and the balances.
 */
export async function postIn(tx: Tx, input: PostInput): Promise<PostResult> {
  validate(input);
  const legs = input.legs.map((l) =>
    "member" in l.account
      ? { m: l.account.member, k: l.account.kind, c: l.account.currency, a: l.amount.toString() }
      : { m: null, k: `house:${l.account.house}`, c: l.account.currency, a: l.amount.toString() },
  );
  let row: PostedRow | undefined;
  try {
    row = await ledgerPost(tx, {
      idempotencyKey: input.idempotencyKey,
      type: input.type,
      reference: input.reference ?? null,
      memberId: input.memberId ?? null,
      fingerprint: fingerprint(input),
      legs,
    });
  } catch (err) {
    const refusal = ledgerRefusal(err);
    if (refusal === "INSUFFICIENT_FUNDS" || refusal === "DUPLICATE_MISMATCH")
      throw new AppError(refusal, 409);
    if (refusal === "LEDGER_UNBALANCED") throw new AppError(refusal, 400);
    throw err;
  }
  if (!row) throw Errors.internal();
  const balances = new Map<number, bigint>(
    Object.entries(row.balances).map(([id, b]) => [Number(id), BigInt(b)]),
  );
  return { transactionId: Number(row.transactionId), replayed: row.replayed, balances };
}

/**
 * Post many movements inside the caller's transaction in one database call, set-based:
 * ledger_post_many (migration 0722) applies ledger_post's rules to the batch — balanced legs,
 * new keys (a batch with a used key goes through ledger_post one by one: replays answered,
 * mismatches refused), accounts made on first use, every member account of the batch locked in
 * id order, entries in the order given with their balance after, no member balance below zero.
 * One refusal undoes the whole call: callers that expect one run it under a savepoint and fall
 * back to `postIn` one by one.
 */
export async function postManyIn(tx: Tx, inputs: PostInput[]): Promise<PostResult[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((input) => {
    validate(input);
    return {
      k: input.idempotencyKey,
      t: input.type,
      r: input.reference ?? null,
      m: input.memberId ?? null,
      f: fingerprint(input),
      l: input.legs.map((l) =>
        "member" in l.account
          ? { m: l.account.member, k: l.account.kind, c: l.account.currency, a: l.amount.toString() }
          : { m: null, k: `house:${l.account.house}`, c: l.account.currency, a: l.amount.toString() },
      ),
    };
  });
  let out: PostedRow[];
  try {
    out = await ledgerPostMany(tx, rows);
  } catch (err) {
    const refusal = ledgerRefusal(err);
    if (refusal === "INSUFFICIENT_FUNDS" || refusal === "DUPLICATE_MISMATCH")
      throw new AppError(refusal, 409);
    if (refusal === "LEDGER_UNBALANCED") throw new AppError(refusal, 400);
    throw err;
  }
  if (out.length !== inputs.length) throw Errors.internal();
  return out.map((row) => ({
    transactionId: Number(row.transactionId),
    replayed: row.replayed,
    balances: new Map<number, bigint>(Object.entries(row.balances).map(([id, b]) => [Number(id), BigInt(b)])),
  }));
}

/** Post a movement in its own transaction, retrying when the database asks for it. */
export async function post(db: Db, input: PostInput): Promise<PostResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => postIn(tx, input));
    } catch (err) {
      const code =
        (err as { code?: string; cause?: { code?: string } }).code ??
        (err as { cause?: { code?: string } }).cause?.code;
      if (attempt < 3 && (code === "40001" || code === "40P01")) continue;
      throw err;
    }
  }
}

// ---------- convenience movements ----------
export const transfer = (
  db: Db,
  o: {
    key: string;
    type: string;
    from: AccountRef;
    to: AccountRef;
    amount: bigint;
    memberId?: number;
    reference?: string;
  },
) =>
  post(db, {
    idempotencyKey: o.key,
    type: o.type,
    reference: o.reference,
    memberId: o.memberId,
    legs: [
      { account: o.from, amount: -o.amount },
      { account: o.to, amount: o.amount },
    ],
  });

/** Balances of a member's accounts, by kind and currency. */
export async function memberBalances(exec: Executor, memberId: number) {
  const rows = await memberAccountRows(exec, memberId);
  return rows.map((r) => ({ ...r, balance: r.balance ?? 0n }));
}

export interface Reconciliation {
  ok: boolean;
  accounts: number;
  transactions: number;
  /** Member accounts whose stored balance differs from the sum of their entries. */
  balanceMismatches: Array<{ accountId: number; stored: string; sum: string }>;
  /** Transactions whose entries do not sum to zero. */
  unbalancedTransactions: number[];
  /** Per currency, the sum of every entry (must be zero). */
  totals: Record<string, string>;
}

/** The daily reconciliation, runnable at any time. */
export async function reconcile(exec: Executor): Promise<Reconciliation> {
  const facts = await reconciliationFacts(exec);
  const totalMap: Record<string, string> = {};
  for (const t of facts.totals) totalMap[t.currency] = t.total;
  const mismatches = facts.mismatches.map((m) => ({
    accountId: Number(m.accountId),
    stored: m.stored,
    sum: m.sum,
  }));
  const unbalancedIds = facts.unbalanced.map((u) => Number(u.id));
  const c = facts.counts;
  return {
    ok:
      mismatches.length === 0 &&
      unbalancedIds.length === 0 &&
      Object.values(totalMap).every((v) => v === "0"),
    accounts: c?.accounts ?? 0,
    transactions: c?.transactions ?? 0,
    balanceMismatches: mismatches,
    unbalancedTransactions: unbalancedIds,
    totals: totalMap,
  };
}
