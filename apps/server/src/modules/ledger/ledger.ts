import { createHash } from "node:crypto";
import { MAX_MINOR } from "@panalo/contracts/money";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../db/client.ts";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../db/schema/ledger.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { registerMessages } from "../../lib/messages.ts";

registerMessages("EN", {
  INSUFFICIENT_FUNDS: "Your balance is not enough for this.",
  DUPLICATE_MISMATCH: "This request was already made with different details.",
  LEDGER_UNBALANCED: "The movement does not balance.",
});
registerMessages("TY", {
  INSUFFICIENT_FUNDS: "Kulang ang iyong balanse para dito.",
  DUPLICATE_MISMATCH: "Nagawa na ang kahilingang ito na may ibang detalye.",
  LEDGER_UNBALANCED: "Hindi balanse ang galaw.",
});

/**
 * The ledger module's API (issue 4 item 1). Nobody else writes ledger tables.
 *
 * A movement is one transaction of legs that sum to zero. Member accounts are created on first
 * use, locked in id order and never go below zero; house and clearing accounts are never
 * locked (their balance is the sum of their entries). Each transaction has an idempotency key:
 * the same key with the same legs answers the first result again; with other legs it is refused.
 */
export type MemberKind = "main" | "bonus" | "hold" | "play" | `vendor:${string}`;
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

/** House account ids never change once made: kept per process after the first lookup. */
const houseIds = new Map<string, number>();

/** Account ids for the refs, creating missing ones. */
async function resolveAccounts(tx: Executor, refs: AccountRef[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const r of refs) {
    const cached = "house" in r ? houseIds.get(keyOf(r)) : undefined;
    if (cached !== undefined) out.set(keyOf(r), cached);
  }
  const unique = [...new Map(refs.map((r) => [keyOf(r), r])).values()];
  const find = async () => {
    for (const r of unique) {
      if (out.has(keyOf(r))) continue;
      const where =
        "member" in r
          ? and(
              eq(ledgerAccounts.memberId, r.member),
              eq(ledgerAccounts.kind, r.kind),
              eq(ledgerAccounts.currency, r.currency),
            )
          : and(
              isNull(ledgerAccounts.memberId),
              eq(ledgerAccounts.kind, `house:${r.house}`),
              eq(ledgerAccounts.currency, r.currency),
            );
      const [row] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
      if (row) out.set(keyOf(r), row.id);
    }
  };
  await find();
  // Found before this transaction wrote anything: committed by someone, safe to remember.
  for (const r of unique) {
    const id = out.get(keyOf(r));
    if ("house" in r && id !== undefined) houseIds.set(keyOf(r), id);
  }
  const missing = unique.filter((r) => !out.has(keyOf(r)));
  if (missing.length) {
    await tx
      .insert(ledgerAccounts)
      .values(
        missing.map((r) =>
          "member" in r
            ? { memberId: r.member, kind: r.kind, currency: r.currency, balance: 0n }
            : { memberId: null, kind: `house:${r.house}`, currency: r.currency, balance: null },
        ),
      )
      .onConflictDoNothing();
    // Not cached: made in this transaction, they vanish if it rolls back.
    await find();
  }
  return out;
}

/** Post a movement inside the caller's transaction (used with a domain change that must commit with it). */
export async function postIn(tx: Tx, input: PostInput): Promise<PostResult> {
  validate(input);
  const print = fingerprint(input);
  const [claimed] = await tx
    .insert(ledgerTransactions)
    .values({
      idempotencyKey: input.idempotencyKey,
      type: input.type,
      reference: input.reference ?? null,
      memberId: input.memberId ?? null,
      fingerprint: print,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!claimed) return replay(tx, input.idempotencyKey, print);

  const ids = await resolveAccounts(
    tx,
    input.legs.map((l) => l.account),
  );
  const memberIds = [
    ...new Set(input.legs.filter((l) => "member" in l.account).map((l) => ids.get(keyOf(l.account)) ?? 0)),
  ].sort((a, b) => a - b);
  // Lock the member accounts in id order: two movements on the same accounts queue, never deadlock.
  const locked = memberIds.length
    ? await tx
        .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, memberIds))
        .orderBy(ledgerAccounts.id)
        .for("update")
    : [];
  const balances = new Map<number, bigint>(locked.map((r) => [r.id, r.balance ?? 0n]));
  const entries: Array<typeof ledgerEntries.$inferInsert> = [];
  for (const l of input.legs) {
    const accountId = ids.get(keyOf(l.account));
    if (accountId === undefined) throw Errors.internal();
    let after: bigint | null = null;
    if (balances.has(accountId)) {
      after = (balances.get(accountId) ?? 0n) + l.amount;
      if (after < 0n) throw new AppError("INSUFFICIENT_FUNDS", 409);
      balances.set(accountId, after);
    }
    entries.push({ transactionId: claimed.id, accountId, amount: l.amount, balanceAfter: after });
  }
  await tx.insert(ledgerEntries).values(entries);
  for (const [id, balance] of balances) {
    await tx.update(ledgerAccounts).set({ balance }).where(eq(ledgerAccounts.id, id));
  }
  return { transactionId: claimed.id, replayed: false, balances };
}

async function replay(tx: Executor, key: string, print: string): Promise<PostResult> {
  const [existing] = await tx
    .select({ id: ledgerTransactions.id, fingerprint: ledgerTransactions.fingerprint })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, key));
  if (!existing) throw Errors.internal();
  if (existing.fingerprint !== print) throw new AppError("DUPLICATE_MISMATCH", 409);
  const rows = await tx
    .select({ accountId: ledgerEntries.accountId, balanceAfter: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, existing.id));
  const balances = new Map<number, bigint>();
  for (const r of rows) if (r.balanceAfter !== null) balances.set(r.accountId, r.balanceAfter);
  return { transactionId: existing.id, replayed: true, balances };
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
  const rows = await exec
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      currency: ledgerAccounts.currency,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.memberId, memberId));
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

/** The daily reconciliation, runnable at any time (issue 4 item 7). */
export async function reconcile(exec: Executor): Promise<Reconciliation> {
  const mism = await exec.execute(sql`
    SELECT a.id AS "accountId", a.balance::text AS stored, COALESCE(SUM(e.amount), 0)::text AS sum
    FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    WHERE a.member_id IS NOT NULL
    GROUP BY a.id, a.balance
    HAVING a.balance <> COALESCE(SUM(e.amount), 0)`);
  const unbalanced = await exec.execute(sql`
    SELECT transaction_id AS id FROM ledger_entries GROUP BY transaction_id HAVING SUM(amount) <> 0`);
  const totals = await exec.execute(sql`
    SELECT a.currency, SUM(e.amount)::text AS total
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id GROUP BY a.currency`);
  const counts = await exec.execute(sql`
    SELECT (SELECT count(*) FROM ledger_accounts)::int AS accounts, (SELECT count(*) FROM ledger_transactions)::int AS transactions`);
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const totalMap: Record<string, string> = {};
  for (const t of rows<{ currency: string; total: string }>(totals)) totalMap[t.currency] = t.total;
  const mismatches = rows<{ accountId: number | string; stored: string; sum: string }>(mism).map((m) => ({
    accountId: Number(m.accountId),
    stored: m.stored,
    sum: m.sum,
  }));
  const unbalancedIds = rows<{ id: number | string }>(unbalanced).map((u) => Number(u.id));
  const c = rows<{ accounts: number; transactions: number }>(counts)[0];
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
