import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";

/**
 * Statements of the back office's tree and contract lists. The tree's rows are members read
 * through the agent closure (member_tree), with each one's main balance.
 */

export interface TreeRow {
  id: number;
  username: string;
  is_agent: number;
  status: string;
  currency: string;
  upline_id: number | null;
  upline_name: string | null;
  affiliate_code: string | null;
  depth: number;
  direct: number;
  team_size: number;
  balance: string;
  created_at: string;
}

export type TreeFilter = { parent: number } | { search: string } | { topAgents: true };

function treeWhere(f: TreeFilter): SQL {
  if ("parent" in f) return sql`m.upline_id = ${f.parent}`;
  if ("search" in f) {
    const pattern = `%${f.search.replace(/[%_\\]/g, "\\$&").toLowerCase()}%`;
    return sql`m.username LIKE ${pattern}`;
  }
  return sql`m.upline_id IS NULL AND m.is_agent IN (1, 2, 41, 42)`;
}

/**
 * A search puts the member whose username is exactly the text first (the back office picks a
 * member by username from the first page of suggestions), then id order as everywhere else.
 */
function treeOrder(f: TreeFilter): SQL {
  if ("search" in f) return sql`(m.username = ${f.search.toLowerCase()}) DESC, m.id`;
  return sql`m.id`;
}

/** One page of the tree, in id order (an exact username match first), and how many rows match. */
export async function treePage(
  exec: Executor,
  filter: TreeFilter,
  limit: number,
  offset: number,
): Promise<{ rows: TreeRow[]; total: number }> {
  const where = treeWhere(filter);
  const [rows, [count]] = await Promise.all([
    queryRows<TreeRow>(
      exec,
      sql`SELECT m.id::int AS id, m.username, m.is_agent::int AS is_agent, m.status, m.currency,
        m.upline_id::int AS upline_id, u.username AS upline_name, m.affiliate_code,
        (SELECT max(depth) FROM member_tree p WHERE p.descendant_id = m.id)::int AS depth,
        (SELECT count(*) FROM member_directory d WHERE d.upline_id = m.id)::int AS direct,
        (SELECT count(*) - 1 FROM member_tree s WHERE s.ancestor_id = m.id)::int AS team_size,
        coalesce(a.balance, 0)::text AS balance,
        to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
      FROM member_directory m LEFT JOIN member_directory u ON u.id = m.upline_id
      LEFT JOIN ledger_balances a ON a.member_id = m.id AND a.kind = 'main' AND a.currency = m.currency
      WHERE ${where}
      ORDER BY ${treeOrder(filter)} LIMIT ${limit} OFFSET ${offset}`,
    ),
    queryRows<{ n: number }>(exec, sql`SELECT count(*)::int AS n FROM member_directory m WHERE ${where}`),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The members above `memberId`, from the top down (one index range of the closure). */
export async function uplinePath(
  exec: Executor,
  memberId: number,
): Promise<Array<{ id: number; username: string }>> {
  return queryRows<{ id: number; username: string }>(
    exec,
    sql`SELECT m.id::int AS id, m.username FROM member_tree t JOIN member_directory m ON m.id = t.ancestor_id
        WHERE t.descendant_id = ${memberId} ORDER BY t.depth DESC`,
  );
}

/** Ids of the latest 500 contracts, of one member (either side) and of one status when given. */
export async function contractIds(
  exec: Executor,
  q: { memberId?: number; status?: string },
): Promise<number[]> {
  const parts = [sql`TRUE`];
  if (q.memberId) parts.push(sql`(c.downline_id = ${q.memberId} OR c.upline_id = ${q.memberId})`);
  if (q.status) parts.push(sql`c.status = ${q.status}`);
  const rows = await queryRows<{ id: string }>(
    exec,
    sql`SELECT c.id FROM agent_contracts c WHERE ${sql.join(parts, sql` AND `)} ORDER BY c.id DESC LIMIT 500`,
  );
  return rows.map((r) => Number(r.id));
}

/** How far below the agent the member of that username is (1 = direct), or null outside its team. */
export async function depthOfUsernameBelow(
  exec: Executor,
  agentId: number,
  username: string,
): Promise<number | null> {
  const [r] = await queryRows<{ depth: number }>(
    exec,
    sql`SELECT t.depth FROM member_directory m JOIN member_tree t ON t.descendant_id = m.id AND t.ancestor_id = ${agentId}
      WHERE m.username = ${username} AND t.depth >= 1`,
  );
  return r ? Number(r.depth) : null;
}
