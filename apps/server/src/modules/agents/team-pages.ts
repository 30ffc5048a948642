import type {
  TeamBetsQuery,
  TeamMemberRow,
  TeamMembersQuery,
  TeamProfitQuery,
  TeamTransactionsQuery,
} from "@panalo/contracts/agents";
import { formatMinor } from "@panalo/contracts/money";
import type { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { Errors } from "../../lib/errors.ts";
import { contractSummaries } from "./contract-column.ts";
import {
  inTeam,
  memberNames,
  type RoundKey,
  teamCashSums,
  teamMemberPage,
  teamRoundSums,
  teamTransactionPage,
} from "./repo/team.ts";
import type { AgentPrincipal } from "./service.ts";
import { figuresOf, periodOf, sequential } from "./team.ts";

type Viewer = Pick<AgentPrincipal, "id" | "currency">;

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
  const { rows, count } = await teamMemberPage(db, me.id, {
    root,
    directOnly: q.directOnly === "1",
    q: q.q,
    page: q.page,
    pageSize: q.pageSize,
  });
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
  const key: RoundKey = q.by === "category" ? "category" : "member";
  const rows = await teamRoundSums(db, { agentId: me.id, username: q.username }, r, key);
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
  const members = { agentId: me.id, username: q.username };
  const [play, cash] = await sequential([
    () => teamRoundSums(db, members, r, "memberId"),
    () => teamCashSums(db, members, r, me.currency),
  ]);
  const ids = [...new Set([...play.map((p) => Number(p.key)), ...cash.map((c) => Number(c.member_id))])].sort(
    (a, b) => a - b,
  );
  const page = ids.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
  const names = page.length ? await memberNames(db, page) : [];
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

/**
 * Downline transaction details (spec §2): every ledger transaction that moved a team member's
 * money (their own, and an upline's transfer to them), newest first, with the amount on the
 * member's own accounts and the main balance after. Read through the members' accounts
 * (ledger_entries_account_idx), so a transfer posted by the upline shows on the downline's line.
 */
export async function teamTransactions(db: Executor, me: Viewer, q: z.output<typeof TeamTransactionsQuery>) {
  const r = periodOf(q);
  const { rows, count } = await teamTransactionPage(db, { agentId: me.id, username: q.username }, r, {
    type: q.type,
    page: q.page,
    pageSize: q.pageSize,
  });
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
