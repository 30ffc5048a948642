import { eq, sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../../db/client.ts";
import { ledgerAccounts } from "../../../db/schema/ledger.ts";

/** Statements of posting and the whole-ledger check (ledger.ts). */

export interface PostedRow {
  transactionId: number | string;
  replayed: boolean;
  balances: Record<string, string>;
}

/** One movement through the stored function ledger_post (migration 0440). */
export async function ledgerPost(
  tx: Tx,
  p: {
    idempotencyKey: string;
    type: string;
    reference: string | null;
    memberId: number | null;
    fingerprint: string;
    legs: unknown[];
  },
): Promise<PostedRow | undefined> {
  const [row] = (
    await queryRows<{ r: PostedRow }>(
      tx,
      sql`SELECT ledger_post(${p.idempotencyKey}, ${p.type}, ${p.reference},
        ${p.memberId}, ${p.fingerprint}, ${JSON.stringify(p.legs)}::jsonb) AS r`,
    )
  ).map((x) => x.r);
  return row;
}

/** Many movements through the stored function ledger_post_many (migration 0722). */
export async function ledgerPostMany(tx: Tx, rows: unknown[]): Promise<PostedRow[]> {
  return (
    await queryRows<{ r: PostedRow }>(
      tx,
      sql`SELECT r FROM ledger_post_many(${JSON.stringify(rows)}::jsonb) AS r`,
    )
  ).map((x) => x.r);
}

/** A member's accounts with their stored balances. */
export function memberAccountRows(exec: Executor, memberId: number) {
  return exec
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      currency: ledgerAccounts.currency,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.memberId, memberId));
}

/**
 * The whole ledger's facts for the reconciliation, in this order: member accounts whose stored
 * balance differs from their entries, transactions that do not balance, each currency's sum,
 * and the counts of accounts and transactions.
 */
export async function reconciliationFacts(exec: Executor) {
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
  return {
    mismatches: rows<{ accountId: number | string; stored: string; sum: string }>(mism),
    unbalanced: rows<{ id: number | string }>(unbalanced),
    totals: rows<{ currency: string; total: string }>(totals),
    counts: rows<{ accounts: number; transactions: number }>(counts)[0],
  };
}
