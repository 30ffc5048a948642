import type {
  BillStatus,
  BillView,
  ContractKind,
  IncomeSummaryView,
} from "@panalo/contracts/agent-contracts";
import { addDays, manilaStart } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";

/** Bills, runs and commission reports, read for "my income" and the back office. */

interface BillRow {
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

const iso = (d: Date | string) => new Date(d).toISOString();
const money = (v: string) => formatMinor(BigInt(v));

export function billView(r: BillRow): BillView {
  return {
    id: Number(r.id),
    contractId: Number(r.contract_id),
    kind: r.kind,
    periodKey: r.period_key,
    windowStart: iso(r.window_start),
    windowEnd: iso(r.window_end),
    runId: Number(r.run_id),
    memberId: Number(r.member_id),
    ...(r.member_name === undefined ? {} : { memberName: r.member_name }),
    payerId: r.payer_id === null ? null : Number(r.payer_id),
    validBet: money(r.valid_bet),
    netLoss: money(r.net_loss),
    activeMembers: r.active_members,
    rateBp: r.rate_bp,
    carryIn: money(r.carry_in),
    carryOut: money(r.carry_out),
    amount: money(r.amount),
    status: r.status,
    attempts: r.attempts,
    paidAt: r.paid_at === null ? null : iso(r.paid_at),
  };
}

const COLUMNS = sql`b.id, b.contract_id, b.kind, b.period_key, b.window_start, b.window_end, b.run_id, b.member_id,
  m.username AS member_name, b.payer_id, b.valid_bet::text, b.net_loss::text, b.active_members, b.rate_bp,
  b.carry_in::text, b.carry_out::text, b.amount::text, b.status, b.attempts, b.paid_at`;

async function pageOf(exec: Executor, where: SQL, page: number, pageSize: number) {
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
  return {
    items: rows.map(billView),
    total: Number(count?.n ?? 0),
    paidTotal: money(count?.total ?? "0"),
    page,
    pageSize,
  };
}

/**
 * "My income" (spec §2 agent centre): every commission and salary of the agent, by period and
 * by contract, newest first, with the total paid. Bills not paid yet (insufficient upline
 * balance) are listed with their state.
 */
export async function myIncome(
  exec: Executor,
  memberId: number,
  q: { kind?: ContractKind; page: number; pageSize: number },
) {
  const where = sql`b.member_id = ${memberId} AND b.status <> 'nothing' ${q.kind ? sql`AND b.kind = ${q.kind}` : sql``}`;
  return pageOf(exec, where, q.page, q.pageSize);
}

/** Bills of a contract kind, for the contract pages (the agent's own, newest first). */
export async function billsOfKind(exec: Executor, memberId: number, kind: ContractKind) {
  return (await pageOf(exec, sql`b.member_id = ${memberId} AND b.kind = ${kind}`, 1, 20)).items;
}

export async function adminBills(
  exec: Executor,
  q: { runId?: number; memberId?: number; status?: BillStatus; page: number; pageSize: number },
) {
  const parts = [sql`TRUE`];
  if (q.runId) parts.push(sql`(b.run_id = ${q.runId} OR b.paid_by_run = ${q.runId})`);
  if (q.memberId) parts.push(sql`b.member_id = ${q.memberId}`);
  if (q.status) parts.push(sql`b.status = ${q.status}`);
  return pageOf(exec, sql.join(parts, sql` AND `), q.page, q.pageSize);
}

export async function runsList(exec: Executor, page: number, pageSize: number) {
  const rows = await queryRows<{
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
  const [count] = await queryRows<{ n: string }>(
    exec,
    sql`SELECT COUNT(*)::text AS n FROM agent_settlement_runs`,
  );
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      schedule: r.schedule,
      periodKey: r.period_key,
      cutoff: iso(r.cutoff),
      status: r.status,
      held: r.held,
      attempts: r.attempts,
      bills: r.bills,
      paid: r.paid,
      paidAmount: money(r.paid_minor),
      insufficient: r.insufficient,
      error: r.error,
      startedAt: iso(r.started_at),
      finishedAt: r.finished_at === null ? null : iso(r.finished_at),
    })),
    total: Number(count?.n ?? 0),
    page,
    pageSize,
  };
}

/**
 * Commission report: per Manila day (or week from Monday, or month) a bill's period ended in,
 * per kind and funding, the bills, what was paid and what waits (insufficient upline balance).
 * Dates are inclusive Manila days; a week or month row sums only the bills inside from–to, and
 * is labelled with its first day (a month: YYYY-MM).
 */
export async function commissionReport(
  exec: Executor,
  from: string,
  to: string,
  group: "day" | "week" | "month" = "day",
) {
  // The Manila time just before the window's end: the day its period ended in.
  const local = sql`(b.window_end AT TIME ZONE 'Asia/Manila' - interval '1 microsecond')`;
  const label =
    group === "day"
      ? sql`to_char(${local}, 'YYYY-MM-DD')`
      : group === "week"
        ? sql`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`
        : sql`to_char(date_trunc('month', ${local}), 'YYYY-MM')`;
  const start = manilaStart(from);
  const end = manilaStart(addDays(to, 1));
  const rows = await queryRows<{
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
  return {
    items: rows.map((r) => ({
      day: r.day,
      kind: r.kind,
      funding: r.funding,
      bills: Number(r.bills),
      paid: Number(r.paid),
      paidAmount: money(r.paid_minor),
      waiting: Number(r.waiting),
      waitingAmount: money(r.waiting_minor),
      validBet: money(r.valid_bet),
    })),
  };
}

/**
 * "My income" per period (spec §2 agent centre): per Manila day, week (from Monday) or month
 * a bill's period ended in, the agent's paid bills (gross), the paid bills it was the payer of
 * (paid to its downlines, named) and the net. Only paid bills count: a bill still waiting for
 * an upline's balance is neither earned nor paid yet. Reads the bills by member and by payer
 * (agent_bills_member_idx, agent_bills_payer_idx).
 */
export async function incomeSummary(
  exec: Executor,
  memberId: number,
  q: { from: string; to: string; group: "day" | "week" | "month" },
): Promise<IncomeSummaryView> {
  const local = sql`(b.window_end AT TIME ZONE 'Asia/Manila' - interval '1 microsecond')`;
  const label =
    q.group === "day"
      ? sql`to_char(${local}, 'YYYY-MM-DD')`
      : q.group === "week"
        ? sql`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`
        : sql`to_char(date_trunc('month', ${local}), 'YYYY-MM')`;
  const start = manilaStart(q.from);
  const end = manilaStart(addDays(q.to, 1));
  const inRange = sql`b.status = 'paid' AND b.window_end > ${start} AND b.window_end <= ${end}`;
  const rows = await queryRows<{
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
  const periods = new Map<string, { gross: bigint; out: bigint; downlines: Map<number, [string, bigint]> }>();
  for (const r of rows) {
    const p = periods.get(r.period) ?? { gross: 0n, out: 0n, downlines: new Map<number, [string, bigint]>() };
    periods.set(r.period, p);
    const amount = BigInt(r.total);
    if (r.downline_id === null) p.gross += amount;
    else {
      p.out += amount;
      const id = Number(r.downline_id);
      const prev = p.downlines.get(id)?.[1] ?? 0n;
      p.downlines.set(id, [r.username ?? "", prev + amount]);
    }
  }
  let gross = 0n;
  let out = 0n;
  const list = [...periods.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([period, p]) => {
      gross += p.gross;
      out += p.out;
      return {
        period,
        gross: formatMinor(p.gross),
        paidOut: formatMinor(p.out),
        net: formatMinor(p.gross - p.out),
        downlines: [...p.downlines.entries()]
          .sort((a, b) => (a[1][1] > b[1][1] ? -1 : a[1][1] < b[1][1] ? 1 : a[0] - b[0]))
          .map(([id, [username, amount]]) => ({ id, username, amount: formatMinor(amount) })),
      };
    });
  return {
    group: q.group,
    from: q.from,
    to: q.to,
    periods: list,
    totals: { gross: formatMinor(gross), paidOut: formatMinor(out), net: formatMinor(gross - out) },
  };
}
