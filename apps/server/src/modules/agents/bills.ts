import type {
  BillStatus,
  BillView,
  ContractKind,
  IncomeSummaryView,
} from "@panalo/contracts/agent-contracts";
import { addDays, manilaStart } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money";
import type { Executor } from "../../db/client.ts";
import {
  type BillFilter,
  type BillRow,
  billsPage,
  commissionRows,
  incomeRows,
  runCount,
  runRows,
} from "./repo/bills.ts";

/** Bills, runs and commission reports, read for "my income" and the back office. */

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

async function pageOf(exec: Executor, filter: BillFilter, page: number, pageSize: number) {
  const { rows, count } = await billsPage(exec, filter, page, pageSize);
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
  return pageOf(exec, { income: memberId, ...(q.kind ? { kind: q.kind } : {}) }, q.page, q.pageSize);
}

/** Bills of a contract kind, for the contract pages (the agent's own, newest first). */
export async function billsOfKind(exec: Executor, memberId: number, kind: ContractKind) {
  return (await pageOf(exec, { memberOfKind: memberId, kind }, 1, 20)).items;
}

export async function adminBills(
  exec: Executor,
  q: { runId?: number; memberId?: number; status?: BillStatus; page: number; pageSize: number },
) {
  const { runId, memberId, status } = q;
  return pageOf(exec, { runId, memberId, status }, q.page, q.pageSize);
}

export async function runsList(exec: Executor, page: number, pageSize: number) {
  const rows = await runRows(exec, page, pageSize);
  const count = await runCount(exec);
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
  const start = manilaStart(from);
  const end = manilaStart(addDays(to, 1));
  const rows = await commissionRows(exec, start, end, group);
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
  const start = manilaStart(q.from);
  const end = manilaStart(addDays(q.to, 1));
  const rows = await incomeRows(exec, memberId, start, end, q.group);
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
