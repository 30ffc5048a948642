import type { BillStatus, ContractKind } from "@panalo/contracts/agent-contracts";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";

/** Statements of the bills, runs and commission reports (bills.ts shapes the answers). */

export interface BillRow {
  id: string;
  contract_id: string;
  kind: ContractKind;
  period_key: string;
  window_start: Date | string;
  window_end: Date | string;
  run_id: string;
  member_id: string;
  member_name?: string;
  payer_id: string | null;
  valid_bet: string;
  net_loss: string;
  active_members: number;
  rate_bp: number;
  carry_in: string;
  carry_out: string;
  amount: string;
  status: BillStatus;
  attempts: number;
  paid_at: Date | string | null;
}

const COLUMNS = sql`b.id, b.contract_id, b.kind, b.period_key, b.window_start, b.window_end, b.run_id, b.member_id,
  m.username AS member_name, b.payer_id, b.valid_bet::text, b.net_loss::text, b.active_members, b.rate_bp,
  b.carry_in::text, b.carry_out::text, b.amount::text, b.status, b.attempts, b.paid_at`;

/** Which bills a page lists: an agent's income (all but 'nothing'), its bills of a kind, or the back office's filter. */
export type BillFilter =
  | { income: number; kind?: ContractKind }
  | { memberOfKind: number; kind: ContractKind }
  | { runId?: number; memberId?: number; status?: BillStatus };

function billWhere(f: BillFilter): SQL {
  if ("income" in f)
    return sql`b.member_id = ${f.income} AND b.status <> 'nothing' ${f.kind ? sql`AND b.kind = ${f.kind}` : sql``}`;
  if ("memberOfKind" in f) return sql`b.member_id = ${f.memberOfKind} AND b.kind = ${f.kind}`;
  const parts = [sql`TRUE`];
  if (f.runId) parts.push(sql`(b.run_id = ${f.runId} OR b.paid_by_run = ${f.runId})`);
  if (f.memberId) parts.push(sql`b.member_id = ${f.memberId}`);
  if (f.status) parts.push(sql`b.status = ${f.status}`);
  return sql.join(parts, sql` AND `);
}

/** A page of bills, newest first, with the count and the paid total of all that match. */
export async function billsPage(exec: Executor, filter: BillFilter, page: number, pageSize: number) {
  const where = billWhere(filter);
  const [rows, [count]] = await Promise.all([
    queryRows<BillRow>(
      exec,
      sql`SELECT ${COLUMNS} FROM agent_bills b JOIN member_directory m ON m.id = b.member_id WHERE ${where}
        ORDER BY b.window_end DESC, b.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    ),
    queryRows<{ n: string; total: string }>(
      exec,
      sql`SELECT COUNT(*)::text AS n, COALESCE(SUM(b.amount) FILTER (WHERE b.status = 'paid'), 0)::text AS total
        FROM agent_bills b WHERE ${where}`,
    ),
  ]);
  return { rows, count };
}

export async function runRows(exec: Executor, page: number, pageSize: number) {
  return queryRows<{
    id: string;
    schedule: string;
    period_key: string;
    cutoff: Date | string;
    status: string;
    held: boolean;
    attempts: number;
    bills: number;
    paid: number;
    paid_minor: string;
    insufficient: number;
    error: string | null;
    started_at: Date | string;
    finished_at: Date | string | null;
  }>(
    exec,
    sql`SELECT id, schedule, period_key, cutoff, status, held, attempts, bills, paid, paid_minor::text, insufficient,
        error, started_at, finished_at
      FROM agent_settlement_runs ORDER BY started_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
}

export async function runCount(exec: Executor) {
  const [count] = await queryRows<{ n: string }>(
    exec,
    sql`SELECT COUNT(*)::text AS n FROM agent_settlement_runs`,
  );
  return count;
}

/** The Manila label of the period a bill's window ended in: its day, week (from Monday) or month. */
function periodLabel(group: "day" | "week" | "month"): SQL {
  // The Manila time just before the window's end: the day its period ended in.
  const local = sql`(b.window_end AT TIME ZONE 'Asia/Manila' - interval '1 microsecond')`;
  return group === "day"
    ? sql`to_char(${local}, 'YYYY-MM-DD')`
    : group === "week"
      ? sql`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`
      : sql`to_char(date_trunc('month', ${local}), 'YYYY-MM')`;
}

export async function commissionRows(
  exec: Executor,
  start: Date,
  end: Date,
  group: "day" | "week" | "month",
) {
  const label = periodLabel(group);
  return queryRows<{
    day: string;
    kind: ContractKind;
    funding: string;
    bills: string;
    paid: string;
    paid_minor: string;
    waiting: string;
    waiting_minor: string;
    valid_bet: string;
  }>(
    exec,
    sql`SELECT ${label} AS day,
        b.kind, CASE WHEN b.payer_id IS NULL THEN 'platform' ELSE 'upline' END AS funding,
        COUNT(*)::text AS bills,
        COUNT(*) FILTER (WHERE b.status = 'paid')::text AS paid,
        COALESCE(SUM(b.amount) FILTER (WHERE b.status = 'paid'), 0)::text AS paid_minor,
        COUNT(*) FILTER (WHERE b.status IN ('pending', 'insufficient'))::text AS waiting,
        COALESCE(SUM(b.amount) FILTER (WHERE b.status IN ('pending', 'insufficient')), 0)::text AS waiting_minor,
        SUM(b.valid_bet)::text AS valid_bet
      FROM agent_bills b
      WHERE b.window_end > ${start} AND b.window_end <= ${end}
      GROUP BY 1, 2, 3 ORDER BY 1 DESC, 2, 3`,
  );
}

export async function incomeRows(
  exec: Executor,
  memberId: number,
  start: Date,
  end: Date,
  group: "day" | "week" | "month",
) {
  const label = periodLabel(group);
  const inRange = sql`b.status = 'paid' AND b.window_end > ${start} AND b.window_end <= ${end}`;
  return queryRows<{
    period: string;
    downline_id: string | null;
    username: string | null;
    total: string;
  }>(
    exec,
    sql`SELECT ${label} AS period, NULL::bigint AS downline_id, NULL::text AS username, SUM(b.amount)::text AS total
        FROM agent_bills b WHERE b.member_id = ${memberId} AND ${inRange} GROUP BY 1
      UNION ALL
      SELECT ${label}, b.member_id, m.username, SUM(b.amount)::text
        FROM agent_bills b JOIN member_directory m ON m.id = b.member_id
        WHERE b.payer_id = ${memberId} AND ${inRange} GROUP BY 1, 2, 3`,
  );
}
