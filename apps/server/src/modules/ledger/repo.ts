import { and, desc, eq, gte, inArray, lt, notInArray, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../db/schema/ledger.ts";

/**
 * The ledger's reads for the wallet pages and the back office: a member's accounts, their
 * entries page by page, and each account's stored balance beside the sum of its entries. The
 * posting itself (ledger.ts) keeps its own statements. Members' names are not joined here: the
 * caller asks the members module for them.
 */

export interface AccountLine {
  id: number;
  kind: string;
  currency: string;
}

/** The member's accounts, without those of the kinds `exceptKinds`. */
export async function memberAccounts(
  exec: Executor,
  memberId: number,
  exceptKinds: readonly string[],
): Promise<AccountLine[]> {
  return exec
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.memberId, memberId),
        exceptKinds.length ? notInArray(ledgerAccounts.kind, [...exceptKinds]) : undefined,
      ),
    );
}

export interface EntriesQuery {
  accountIds: number[];
  /** Entries created at or after this instant. */
  from?: Date;
  /** Entries created before this instant. */
  to?: Date;
  /** Only the movements of these types. */
  types?: readonly string[] | undefined;
  limit: number;
  offset: number;
}

/** A page of the entries of some accounts, newest first, with the movement each belongs to, and their total count. */
export async function entriesPage(exec: Executor, q: EntriesQuery) {
  const where = and(
    inArray(ledgerEntries.accountId, q.accountIds),
    q.from ? gte(ledgerEntries.createdAt, q.from) : undefined,
    q.to ? lt(ledgerEntries.createdAt, q.to) : undefined,
    q.types?.length ? inArray(ledgerTransactions.type, [...q.types]) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    exec
      .select({
        id: ledgerEntries.id,
        accountId: ledgerEntries.accountId,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
        createdAt: ledgerEntries.createdAt,
        type: ledgerTransactions.type,
        reference: ledgerTransactions.reference,
        transactionId: ledgerTransactions.id,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(q.limit)
      .offset(q.offset),
    exec
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export interface AccountBalanceRow {
  accountId: number | string;
  memberId: number | string | null;
  kind: string;
  currency: string;
  balance: string | null;
  entriesSum: string;
  entries: number;
  ok: boolean;
}

/**
 * Every account's stored balance beside the sum of its entries, house and clearing accounts
 * first, paged; `problems` keeps only the member accounts whose two disagree (house accounts
 * store no balance, so they always agree).
 */
export async function accountBalancesPage(
  exec: Executor,
  q: { limit: number; offset: number; problems: boolean },
): Promise<{ rows: AccountBalanceRow[]; total: number }> {
  const problem = sql`a.member_id IS NOT NULL AND a.balance IS DISTINCT FROM COALESCE(s.total, 0)`;
  const filter = q.problems ? sql`WHERE ${problem}` : sql``;
  const sums = sql`LEFT JOIN LATERAL (
      SELECT SUM(e.amount) AS total, count(*) AS n FROM ledger_entries e WHERE e.account_id = a.id
    ) s ON true`;
  const page = await exec.execute(sql`
    SELECT a.id AS "accountId", a.member_id AS "memberId", a.kind, a.currency,
      a.balance::text AS balance, COALESCE(s.total, 0)::text AS "entriesSum", COALESCE(s.n, 0)::int AS entries,
      NOT (${problem}) AS ok
    FROM ledger_accounts a ${sums}
    ${filter}
    ORDER BY (a.member_id IS NOT NULL), a.id
    LIMIT ${q.limit} OFFSET ${q.offset}`);
  const count = await exec.execute(sql`
    SELECT count(*)::int AS n FROM ledger_accounts a ${q.problems ? sums : sql``} ${filter}`);
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  return { rows: rows<AccountBalanceRow>(page), total: rows<{ n: number }>(count)[0]?.n ?? 0 };
}

/** Whether a movement with this idempotency key was posted already. */
export async function isPosted(exec: Executor, idempotencyKey: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
  return row !== undefined;
}

/**
 * Locks the main accounts of these (member, currency) pairs, in account id order (the ledger's
 * lock order), for the rest of the caller's transaction, and answers their balances. A pair
 * without an account is left out.
 */
export async function lockMainBalances(
  tx: Executor,
  pairs: ReadonlyArray<{ memberId: number; currency: string }>,
): Promise<Array<{ memberId: number; currency: string; balance: bigint }>> {
  if (pairs.length === 0) return [];
  const rows = await queryRows<{ member_id: string; currency: string; balance: string }>(
    tx,
    sql`SELECT member_id, currency, balance::text FROM ledger_accounts
      WHERE kind = 'main' AND (member_id, currency) IN (${sql.join(
        pairs.map((p) => sql`(${p.memberId}::bigint, ${p.currency})`),
        sql`, `,
      )}) ORDER BY id FOR UPDATE`,
  );
  return rows.map((r) => ({
    memberId: Number(r.member_id),
    currency: r.currency,
    balance: BigInt(r.balance),
  }));
}

/**
 * A house account's id and balance (the sum of its entries: house accounts store none), or
 * undefined before its first movement. The jackpot's pool checks its row against this.
 */
export async function houseAccount(
  exec: Executor,
  house: string,
  currency: string,
): Promise<{ id: number; balance: bigint } | undefined> {
  const [row] = await queryRows<{ id: string; balance: string }>(
    exec,
    sql`SELECT a.id::text AS id,
          (SELECT COALESCE(SUM(e.amount), 0)::text FROM ledger_entries e WHERE e.account_id = a.id) AS balance
        FROM ledger_accounts a
        WHERE a.member_id IS NULL AND a.kind = ${`house:${house}`} AND a.currency = ${currency}`,
  );
  return row ? { id: Number(row.id), balance: BigInt(row.balance) } : undefined;
}
