import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";

/**
 * The back office's list of every movement of the ledger (ledger_transactions), filtered by a
 * time range, a type and a member, ordered by time or by type, a page at a time. Each filter
 * and order reads an index (ledger_transactions_time_idx, ledger_transactions_type_time_idx,
 * ledger_transactions_member_idx); the amount of a movement is read per row of the page only
 * (ledger_entries_transaction_idx), never of the whole range.
 */
export interface LedgerFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  type?: string | undefined;
  member?: number | undefined;
  /** An export reads only the movements that existed when it started (see ledgerExport). */
  maxId?: number | undefined;
}

export interface LedgerTransactionRow {
  id: string;
  type: string;
  reference: string | null;
  memberId: string | null;
  createdAt: Date;
  /** What the movement moved: the sum of its positive legs, in centavos. */
  amount: string;
}

function where(f: LedgerFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.from) parts.push(sql`t.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`t.created_at < ${f.to.toISOString()}::timestamptz`);
  if (f.type) parts.push(sql`t.type = ${f.type}`);
  if (f.member) parts.push(sql`t.member_id = ${f.member}`);
  if (f.maxId) parts.push(sql`t.id <= ${f.maxId}`);
  return sql.join(parts, sql` AND `);
}

const ORDER = { createdAt: sql`t.created_at`, type: sql`t.type` } as const;
export type LedgerSort = keyof typeof ORDER;

export async function ledgerTransactionRows(
  exec: Executor,
  f: LedgerFilter,
  page: { sort: LedgerSort; direction: "asc" | "desc"; limit: number; offset: number },
): Promise<LedgerTransactionRow[]> {
  const dir = page.direction === "asc" ? sql`ASC` : sql`DESC`;
  const then = page.sort === "type" ? sql`, t.created_at ${dir}` : sql``;
  return queryRows<LedgerTransactionRow>(
    exec,
    sql`SELECT t.id, t.type, t.reference, t.member_id AS "memberId", t.created_at AS "createdAt",
          coalesce((SELECT sum(e.amount) FROM ledger_entries e WHERE e.transaction_id = t.id AND e.amount > 0), 0)::text AS amount
        FROM ledger_transactions t WHERE ${where(f)}
        ORDER BY ${ORDER[page.sort]} ${dir}${then}, t.id ${dir} LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

export async function ledgerTransactionCount(exec: Executor, f: LedgerFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    exec,
    sql`SELECT count(*)::int AS n FROM ledger_transactions t WHERE ${where(f)}`,
  );
  return row?.n ?? 0;
}

/** The newest movement's id (0 for none): where an export stops. */
export async function newestTransactionId(exec: Executor): Promise<number> {
  const [row] = await queryRows<{ id: string | null }>(
    exec,
    sql`SELECT max(id)::text AS id FROM ledger_transactions`,
  );
  return Number(row?.id ?? 0);
}
