import type {
  TeamBetsQuery,
  TeamMemberRow,
  TeamMembersQuery,
  TeamProfitQuery,
  TeamTransactionsQuery,
} from "@panalo/contracts/agents";
import { formatMinor } from "@panalo/contracts/money";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Executor, queryRows } from "../../db/client.ts";
import { Errors } from "../../lib/errors.ts";
import { contractSummaries } from "./contract-column.ts";
import type { AgentPrincipal } from "./service.ts";
import {
  cashSums,
  figuresOf,
  inTeam,
  periodOf,
  type RoundSumRow,
  roundSums,
  sequential,
  teamIds,
} from "./team.ts";

type Viewer = Pick<AgentPrincipal, "id" | "currency">;
const like = (q: string) => `%${q.replace(/[%_\\]/g, "\\$&").toLowerCase()}%`;

/** The team's members, or only those whose name matches, as an id subquery. */
function teamFilter(agentId: number, username: string | undefined): SQL {
  return username
    ? sql`SELECT t.descendant_id AS id FROM member_tree t JOIN member_directory m ON m.id = t.descendant_id
        WHERE t.ancestor_id = ${agentId} AND t.depth > 0 AND m.username LIKE ${like(username)}`
    : teamIds(agentId);
}

/**
 * Team management (spec §2): the caller's downlines with level (depth below the caller), type,
 * upline, balance, last login, team size and contract. `under` drills into one downline's own
 * tree, which must be in the caller's team.
 */
export async function teamMembers(
  db: Executor,
  me: Viewer,
  q: z.output<typeof TeamMembersQuery>,
): Promise<{ items: TeamMemberRow[]; total: number }> {
  const root = q.under ?? me.id;
  if (q.under && q.under !== me.id && !(await inTeam(db, me.id, q.under))) {
    throw Errors.forbiddenCode("NOT_IN_YOUR_TEAM");
  }
  const where = sql`t.ancestor_id = ${root} AND t.depth ${q.directOnly === "1" ? sql`= 1` : sql`> 0`}
    ${q.q ? sql`AND m.username LIKE ${like(q.q)}` : sql``}`;
  const [rows, [count]] = await sequential([
    () =>
      queryRows<{
        id: number;
        username: string;
        level: number;
        is_agent: number;
        upline_id: number | null;
        upline_name: string | null;
        balance: string;
        last_login_at: string | null;
        created_at: string;
        team_size: number;
      }>(
        db,
        sql`SELECT m.id::int AS id, m.username, mine.depth::int AS level, m.is_agent::int AS is_agent,
          m.upline_id::int AS upline_id, u.username AS upline_name, coalesce(a.balance, 0)::text AS balance,
          to_char(m.last_login_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_login_at,
          to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
          (SELECT count(*) - 1 FROM member_tree s WHERE s.ancestor_id = m.id)::int AS team_size
        FROM member_tree t
        JOIN member_directory m ON m.id = t.descendant_id
        JOIN member_tree mine ON mine.ancestor_id = ${me.id} AND mine.descendant_id = m.id
        LEFT JOIN member_directory u ON u.id = m.upline_id
        LEFT JOIN ledger_balances a ON a.member_id = m.id AND a.kind = 'main' AND a.currency = m.currency
        WHERE ${where}
        ORDER BY t.depth, m.id
        LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
      ),
    () =>
      queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM member_tree t JOIN member_directory m ON m.id = t.descendant_id WHERE ${where}`,
      ),
  ]);
  const contracts = await contractSummaries(
    db,
    me.id,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      username: r.username,
      level: r.level,
      isAgent: r.is_agent,
      uplineId: r.upline_id,
      uplineName: r.upline_name,
      balance: formatMinor(BigInt(r.balance)),
      lastLoginAt: r.last_login_at,
      createdAt: r.created_at,
      teamSize: r.team_size,
      contract: contracts.get(r.id) ?? null,
    })),
    total: count?.n ?? 0,
  };
}

/**
 * Team betting (spec §2): the team's bets in the period by game category (the vendor's game
 * type) or by member.
 */
export async function teamBets(db: Executor, me: Viewer, q: z.output<typeof TeamBetsQuery>) {
  const r = periodOf(q);
  const key =
    q.by === "category"
      ? sql`coalesce((SELECT v.game_type FROM vendor_catalogue v WHERE v.vassalage = p.vendor), 'OTHER')`
      : sql`(SELECT m.username FROM member_directory m WHERE m.id = p.member_id)`;
  const rows = await queryRows<RoundSumRow>(db, roundSums(teamFilter(me.id, q.username), r, key));
  rows.sort((a, b) => (BigInt(b.bets) > BigInt(a.bets) ? 1 : BigInt(b.bets) < BigInt(a.bets) ? -1 : 0));
  const page = rows.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
  return {
    items: page.map((row) => ({ key: row.key, rounds: row.rounds, ...figuresOf(row) })),
    total: rows.length,
  };
}

/** User profit and loss (spec §2): each team member's cash and play over the period. */
export async function teamProfit(db: Executor, me: Viewer, q: z.output<typeof TeamProfitQuery>) {
  const r = periodOf(q);
  const members = teamFilter(me.id, q.username);
  const [play, cash] = await sequential([
    () => queryRows<RoundSumRow>(db, roundSums(members, r, sql`p.member_id::text`)),
    () =>
      queryRows<{ member_id: number; deposits: string; withdrawals: string }>(
        db,
        cashSums(members, r, me.currency),
      ),
  ]);
  const ids = [...new Set([...play.map((p) => Number(p.key)), ...cash.map((c) => Number(c.member_id))])].sort(
    (a, b) => a - b,
  );
  const page = ids.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
  const names = page.length
    ? await queryRows<{ id: number; username: string }>(
        db,
        sql`SELECT id::int AS id, username FROM member_directory WHERE id IN (${sql.join(
          page.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    : [];
  return {
    items: page.map((id) => {
      const p = play.find((x) => Number(x.key) === id);
      const c = cash.find((x) => Number(x.member_id) === id);
      return {
        id,
        username: names.find((n) => n.id === id)?.username ?? "",
        deposits: formatMinor(BigInt(c?.deposits ?? 0)),
        withdrawals: formatMinor(BigInt(c?.withdrawals ?? 0)),
        ...figuresOf(p),
      };
    }),
    total: ids.length,
  };
}

const TYPE_FILTER: Record<string, SQL> = {
  deposit: sql`t.type = 'deposit'`,
  withdrawal: sql`t.type LIKE 'withdrawal%'`,
  transfer: sql`t.type = 'transfer'`,
  adjustment: sql`t.type = 'adjustment'`,
  bet: sql`t.type = 'bet'`,
  win: sql`t.type = 'win'`,
  other: sql`t.type NOT IN ('deposit', 'transfer', 'adjustment', 'bet', 'win') AND t.type NOT LIKE 'withdrawal%'`,
};

/**
 * Downline transaction details (spec §2): every ledger transaction that moved a team member's
 * money (their own, and an upline's transfer to them), newest first, with the amount on the
 * member's own accounts and the main balance after. Read through the members' accounts
 * (ledger_entries_account_idx), so a transfer posted by the upline shows on the downline's line.
 */
export async function teamTransactions(db: Executor, me: Viewer, q: z.output<typeof TeamTransactionsQuery>) {
  const r = periodOf(q);
  const members = teamFilter(me.id, q.username);
  const base = sql`WITH team AS (${members}),
    ent AS (
      SELECT e.transaction_id, a.member_id, e.amount, e.balance_after, a.kind, e.created_at
      FROM ledger_balances a JOIN team ON team.id = a.member_id
      JOIN ledger_entry_log e ON e.account_id = a.account_id
      WHERE e.created_at >= ${r.from.toISOString()}::timestamptz AND e.created_at < ${r.to.toISOString()}::timestamptz),
    lines AS (
      SELECT ent.transaction_id, ent.member_id, t.type, sum(ent.amount) AS amount,
        max(ent.balance_after) FILTER (WHERE ent.kind = 'main') AS balance_after, min(ent.created_at) AS at
      FROM ent JOIN ledger_transaction_log t ON t.id = ent.transaction_id
      ${q.type ? sql`WHERE ${TYPE_FILTER[q.type]}` : sql``}
      GROUP BY ent.transaction_id, ent.member_id, t.type)`;
  const [rows, [count]] = await sequential([
    () =>
      queryRows<{
        id: number;
        username: string;
        type: string;
        amount: string;
        balance_after: string | null;
        at: string;
      }>(
        db,
        sql`${base}
        SELECT l.transaction_id::int AS id, m.username, l.type, l.amount::text AS amount,
          l.balance_after::text AS balance_after,
          to_char(l.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at
        FROM lines l JOIN member_directory m ON m.id = l.member_id
        ORDER BY l.at DESC, l.transaction_id DESC, m.username
        LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
      ),
    () => queryRows<{ n: number }>(db, sql`${base} SELECT count(*)::int AS n FROM lines`),
  ]);
  return {
    items: rows.map((x) => ({
      id: x.id,
      username: x.username,
      type: x.type,
      amount: formatMinor(BigInt(x.amount)),
      balanceAfter: x.balance_after === null ? null : formatMinor(BigInt(x.balance_after)),
      time: x.at,
    })),
    total: count?.n ?? 0,
  };
}
