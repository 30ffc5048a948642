import type { ContractKind, ContractPeriod, ContractTerms } from "@panalo/contracts/agent-contracts";
import { parseMoney } from "@panalo/contracts/money";
import type { Executor } from "../../db/client.ts";
import type { SettlementSchedule } from "../../db/schema/agents.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { lockMainBalances, type PostInput, postIn, postManyIn } from "../ledger/service.ts";
import { dividend, duePeriods, realtimeFromSums, salary } from "./contract-math.ts";
import {
  advanceSettledUntil,
  type BillToPay,
  claimRun,
  dueContractRows,
  failRun,
  figureSettings,
  finishRun,
  insertBills,
  lastCarries,
  lockBillsToPay,
  markBillInsufficient,
  markBillPaid,
  markBillsPaid,
  type NewBill,
  runById,
  setRunHeld,
  teamFigureRows,
  unpaidBillIds,
} from "./repo/settlement.ts";
import { rolledUntil, rollupAgentDays, splitRange } from "./rollup.ts";

/**
 * Settlement runs. A run belongs to a schedule (daily: dividends and daily
 * salaries of every period length; hourly; realtime: every 5 minutes) and a job period; it
 *
 *  1. writes a bill for every (contract, contract period) that ended by the run's cut-off and
 *     has none — the unique (contract_id, period_key) key and a compare-and-set of the
 *     contract's settled_until make this once, whatever runs at the same time or again;
 *  2. pays every unpaid bill of its kinds (its own, and earlier ones left "insufficient upline
 *     balance"), one transaction per bill: the ledger movement under the key agent-bill:<id>
 *     and the bill marked paid commit together, so a re-delivered job, a second process or a
 *     run killed half-way can never pay a bill twice.
 *
 * A round counts in the window its first win (its settlement, 0.00 included) falls in: its
 * stake is a valid bet there (rolled-back stakes left out) and each win counts when it lands.
 * A lottery draw decided after a period closed therefore counts in a later period, and a paid
 * bill is never rewritten (its window is kept on the bill).
 */

export const SCHEDULE_KINDS: Record<SettlementSchedule, ContractKind[]> = {
  daily: ["dividend", "daily_salary"],
  hourly: ["hourly_salary"],
  realtime: ["realtime_salary"],
};
/** The house account that pays platform-funded contracts. */
export const COMMISSION_HOUSE = "agent-commissions";

const ledgerType = (kind: ContractKind) => (kind === "dividend" ? "dividend" : "salary");

export interface RunResult {
  runId: number;
  held: boolean;
  bills: number;
  paid: number;
  paidMinor: string;
  insufficient: number;
}

/** Test-only crash point: SIGKILL inside the transaction paying the N-th bill of this process. */
let paidInProcess = 0;
function crashPoint() {
  const n = Number(process.env.PANALO_AGENTS_CRASH_AT_BILL);
  if (process.env.NODE_ENV === "test" && n > 0 && ++paidInProcess === n) process.kill(process.pid, "SIGKILL");
}

interface DueContract {
  id: number;
  kind: ContractKind;
  downlineId: number;
  uplineId: number | null;
  funding: "platform" | "upline";
  period: ContractPeriod;
  terms: ContractTerms;
  settledUntil: Date;
  endedAt: Date | null;
  currency: string;
}

async function dueContracts(
  exec: Executor,
  kinds: ContractKind[],
  cutoff: Date,
  afterId: number,
  limit: number,
) {
  const rows = await dueContractRows(exec, kinds, cutoff, afterId, limit);
  return rows.map(
    (r): DueContract => ({
      id: Number(r.id),
      kind: r.kind,
      downlineId: Number(r.downline_id),
      uplineId: r.upline_id === null ? null : Number(r.upline_id),
      funding: r.funding,
      period: r.period,
      terms: r.terms,
      settledUntil: new Date(r.settled_until),
      endedAt: r.ended_at === null ? null : new Date(r.ended_at),
      currency: r.currency,
    }),
  );
}

interface Figures {
  contractId: number;
  validBet: bigint;
  netLoss: bigint;
  activeMembers: number;
  wonStakes: bigint;
  lostStakes: bigint;
}

/**
 * The team figures of many contracts over one window, in one statement: per member, then summed
 * over each contract's team through the closure table. Whole closed days come from the
 * per-member rollup (agents/rollup.ts), the rest of the window from the records by the same
 * rules; real-time salaries (single bets against a minimum, 5-minute windows) from the records.
 */
export async function teamFigures(
  exec: Executor,
  windowStart: Date,
  windowEnd: Date,
  contracts: Array<{ id: number; downlineId: number; minSingleBet: bigint }>,
): Promise<Map<number, Figures>> {
  const single = contracts.some((c) => c.minSingleBet >= 0n);
  const split = single
    ? { rolled: null, head: null, tail: { from: windowStart, to: windowEnd } }
    : splitRange(windowStart, windowEnd, await rolledUntil(exec));
  const parts = [split.head, split.tail].filter((x): x is { from: Date; to: Date } => x !== null);
  const rows = await teamFigureRows(exec, windowStart, windowEnd, contracts, single, {
    rolled: split.rolled,
    parts,
  });
  const out = new Map<number, Figures>();
  for (const r of rows) {
    const validBet = BigInt(r.valid_bet);
    out.set(Number(r.id), {
      contractId: Number(r.id),
      validBet,
      netLoss: validBet - BigInt(r.wins),
      activeMembers: Number(r.active),
      wonStakes: BigInt(r.won),
      lostStakes: BigInt(r.lost),
    });
  }
  return out;
}

interface PendingBill {
  contract: DueContract;
  key: string;
  windowStart: Date;
  windowEnd: Date;
}

/** Write the bills of one step (each contract's next due period), grouped by window. */
async function writeBills(ctx: AppContext, runId: number, step: PendingBill[]): Promise<number> {
  const groups = new Map<string, PendingBill[]>();
  for (const b of step) {
    const k = `${b.windowStart.getTime()}|${b.windowEnd.getTime()}`;
    groups.set(k, [...(groups.get(k) ?? []), b]);
  }
  let written = 0;
  for (const group of groups.values()) {
    const first = group[0] as PendingBill;
    // Real-time contracts filter single bets by their minimum; others take every round (-1: none).
    // One set-based statement over every contract of the window: hashed in memory (not sorted
    // in runs on disk at the default 4 MB work_mem), without JIT compilation.
    const figures = await ctx.db.transaction(async (tx) => {
      await figureSettings(tx);
      return teamFigures(
        tx,
        first.windowStart,
        first.windowEnd,
        group.map((b) => ({
          id: b.contract.id,
          downlineId: b.contract.downlineId,
          minSingleBet:
            b.contract.terms.kind === "realtime_salary"
              ? (parseMoney(b.contract.terms.minSingleBet) ?? 0n)
              : -1n,
        })),
      );
    });
    // In parts of 1,000 contracts: each part one transaction and a bounded statement.
    for (let i = 0; i < group.length; i += 1000) {
      const part = group.slice(i, i + 1000);
      await ctx.db.transaction(async (tx) => {
        // Compare-and-set: only contracts still settled exactly to this window's start move on.
        const ids = part.map((b) => b.contract.id);
        const moved = await advanceSettledUntil(tx, ids, first.windowStart, first.windowEnd);
        const mine = new Set(moved.map((m) => Number(m.id)));
        const carries = new Map<number, bigint>();
        const dividends = part.filter((b) => mine.has(b.contract.id) && b.contract.kind === "dividend");
        if (dividends.length > 0) {
          const prev = await lastCarries(
            tx,
            dividends.map((d) => d.contract.id),
          );
          for (const p of prev) carries.set(Number(p.contract_id), BigInt(p.carry_out));
        }
        const values: NewBill[] = [];
        for (const b of part) {
          if (!mine.has(b.contract.id)) continue;
          const c = b.contract;
          const f = figures.get(c.id) ?? {
            contractId: c.id,
            validBet: 0n,
            netLoss: 0n,
            activeMembers: 0,
            wonStakes: 0n,
            lostStakes: 0n,
          };
          let amount = 0n;
          let rateBp = 0;
          let carryIn = 0n;
          let carryOut = 0n;
          let validBet = f.validBet;
          if (c.terms.kind === "dividend") {
            const r = dividend(c.terms.tiers, c.terms.carryOver, f, carries.get(c.id) ?? 0n);
            ({ amount, rateBp, carryIn, carryOut } = r);
          } else if (c.terms.kind === "realtime_salary") {
            amount = realtimeFromSums(c.terms, f.wonStakes, f.lostStakes);
            rateBp = Math.max(c.terms.profitRateBp, c.terms.lossRateBp);
            validBet = f.wonStakes + f.lostStakes;
          } else {
            ({ amount, rateBp } = salary(c.terms.tiers, f));
          }
          // A real-time window (every 5 minutes) without a settled single bet: no bill of 0.00.
          if (c.kind === "realtime_salary" && amount === 0n) continue;
          const payer = c.funding === "upline" ? c.uplineId : null;
          values.push({
            contractId: c.id,
            periodKey: b.key,
            windowStart: b.windowStart,
            windowEnd: b.windowEnd,
            runId,
            memberId: c.downlineId,
            payerId: payer,
            kind: c.kind,
            currency: c.currency,
            validBet,
            netLoss: f.netLoss,
            activeMembers: f.activeMembers,
            rateBp,
            carryIn,
            carryOut,
            amount,
            status: amount > 0n ? "pending" : "nothing",
          });
        }
        if (values.length === 0) return;
        const inserted = await insertBills(tx, values);
        written += inserted.length;
      });
    }
  }
  return written;
}

/** Phase 1: bills for every due period of the schedule's contracts. */
async function billDuePeriods(ctx: AppContext, runId: number, kinds: ContractKind[], cutoff: Date) {
  let written = 0;
  // Steps: each contract's next due period, so a dividend's carry comes from the bill before.
  for (let guard = 0; guard < 1000; guard++) {
    let after = 0;
    let any = false;
    for (;;) {
      const batch = await dueContracts(ctx.db, kinds, cutoff, after, 50_000);
      if (batch.length === 0) break;
      after = (batch.at(-1) as DueContract).id;
      const step: PendingBill[] = [];
      for (const c of batch) {
        const [p] = duePeriods(c.period, c.settledUntil, cutoff, c.endedAt, 1);
        if (p) step.push({ contract: c, key: p.key, windowStart: p.windowStart, windowEnd: p.windowEnd });
      }
      if (step.length === 0) continue;
      any = true;
      written += await writeBills(ctx, runId, step);
    }
    if (!any) break;
  }
  return written;
}

/** Bills paid per transaction (each with its own savepoint); a failed batch goes one by one. */
const PAY_BATCH = (process.env.NODE_ENV === "test" && Number(process.env.PANALO_AGENTS_PAY_BATCH)) || 500;

/** Phase 2: pay every unpaid bill of the kinds whose run is not held, a batch per transaction. */
async function payBills(ctx: AppContext, runId: number, kinds: ContractKind[]) {
  const total = { paid: 0, paidMinor: 0n, insufficient: 0 };
  let after = 0;
  for (;;) {
    const ids = await unpaidBillIds(ctx.db, kinds, after, PAY_BATCH);
    if (ids.length === 0) break;
    after = Number(ids.at(-1)?.id);
    const batch = ids.map((r) => Number(r.id));
    let outcome: PayOutcome;
    try {
      outcome = await payBatch(ctx, batch, runId);
    } catch (err) {
      // A deadlock or serialization failure rolled the whole batch back: one bill at a time.
      const code =
        (err as { code?: string; cause?: { code?: string } }).code ??
        (err as { cause?: { code?: string } }).cause?.code;
      if (code !== "40P01" && code !== "40001") throw err;
      outcome = { paid: 0, paidMinor: 0n, insufficient: 0 };
      for (const id of batch) {
        const one = await payBatch(ctx, [id], runId);
        outcome.paid += one.paid;
        outcome.paidMinor += one.paidMinor;
        outcome.insufficient += one.insufficient;
      }
    }
    total.paid += outcome.paid;
    total.paidMinor += outcome.paidMinor;
    total.insufficient += outcome.insufficient;
  }
  return total;
}

interface PayOutcome {
  paid: number;
  paidMinor: bigint;
  insufficient: number;
}

/** The ledger movement of a bill: from the upline's main account (or the platform's house
 * account) to the agent's, under the bill's own key. */
function billMovement(b: BillToPay, runId: number): PostInput {
  const amount = BigInt(b.amount);
  const member = Number(b.member_id);
  const from =
    b.payer_id === null
      ? { house: COMMISSION_HOUSE, currency: b.currency }
      : { member: Number(b.payer_id), kind: "main" as const, currency: b.currency };
  return {
    idempotencyKey: `agent-bill:${b.id}`,
    type: ledgerType(b.kind),
    reference: `agent-run:${runId}`,
    memberId: member,
    legs: [
      { account: from, amount: -amount },
      { account: { member, kind: "main", currency: b.currency }, amount },
    ],
  };
}

/**
 * Pay bills in one transaction: lock them (SKIP LOCKED: another process is paying those). Bills
 * the platform pays, and those of uplines whose locked balance covers all their bills of the
 * batch, are posted in one ledger call (`postManyIn`, one movement per bill under its own key)
 * and marked paid in one statement. The bills of an upline that may be short go one by one, each
 * under a savepoint: a bill the balance does not cover is left "insufficient" (the ledger never
 * lets a balance go below zero) for a later run; the others commit with the batch.
 */
export async function payBatch(ctx: AppContext, billIds: number[], runId: number): Promise<PayOutcome> {
  return ctx.db.transaction(async (tx) => {
    const out: PayOutcome = { paid: 0, paidMinor: 0n, insufficient: 0 };
    const bills = await lockBillsToPay(tx, billIds);
    if (bills.length === 0) return out;
    // The uplines' main accounts, locked in id order (as the ledger locks them), and what the
    // batch asks of each.
    const payerKey = (b: BillToPay) => `${b.payer_id}|${b.currency}`;
    const need = new Map<string, bigint>();
    for (const b of bills) {
      if (b.payer_id !== null) need.set(payerKey(b), (need.get(payerKey(b)) ?? 0n) + BigInt(b.amount));
    }
    const held = new Map<string, bigint>();
    if (need.size > 0) {
      const accounts = await lockMainBalances(
        tx,
        [...need.keys()].map((k) => {
          const [m, c] = k.split("|");
          return { memberId: Number(m), currency: c ?? "" };
        }),
      );
      for (const a of accounts) held.set(`${a.memberId}|${a.currency}`, a.balance);
    }
    const covered = (b: BillToPay) =>
      b.payer_id === null || (held.get(payerKey(b)) ?? -1n) >= (need.get(payerKey(b)) ?? 0n);
    let bulk = bills.filter(covered);
    const single = bills.filter((b) => !covered(b));
    if (bulk.length > 0) {
      let posted: Array<{ transactionId: number }> = [];
      try {
        posted = await tx.transaction((sp) =>
          postManyIn(
            sp,
            bulk.map((b) => billMovement(b, runId)),
          ),
        );
      } catch (err) {
        // Not expected (the balances were locked and checked): one by one after all.
        if (!(err instanceof AppError) || err.code !== "INSUFFICIENT_FUNDS") throw err;
        single.push(...bulk);
        bulk = [];
      }
      if (bulk.length > 0) {
        for (const _ of bulk) crashPoint();
        await markBillsPaid(
          tx,
          bulk.map((b, i) => ({ id: Number(b.id), tx: posted[i]?.transactionId })),
          runId,
        );
        out.paid += bulk.length;
        for (const b of bulk) out.paidMinor += BigInt(b.amount);
      }
    }
    single.sort((x, y) => Number(x.id) - Number(y.id));
    for (const b of single) {
      const amount = BigInt(b.amount);
      try {
        const posted = await tx.transaction((sp) => postIn(sp, billMovement(b, runId)));
        crashPoint();
        await markBillPaid(tx, b.id, posted.transactionId, runId);
        out.paid++;
        out.paidMinor += amount;
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== "INSUFFICIENT_FUNDS") throw err;
        await markBillInsufficient(tx, b.id);
        out.insufficient++;
      }
    }
    return out;
  });
}

/** One settlement run of a schedule for a period (the job's handler, and the operator's re-run). */
export async function settleRun(
  ctx: AppContext,
  schedule: SettlementSchedule,
  periodKey: string,
  cutoff: Date,
): Promise<RunResult> {
  const run = await claimRun(ctx.db, schedule, periodKey, cutoff);
  if (run.held) return { runId: run.id, held: true, bills: 0, paid: 0, paidMinor: "0", insufficient: 0 };
  const kinds = SCHEDULE_KINDS[schedule];
  try {
    const bills = await billDuePeriods(ctx, run.id, kinds, cutoff);
    const paid = await payBills(ctx, run.id, kinds);
    await finishRun(ctx.db, run.id, {
      bills,
      paid: paid.paid,
      paidMinor: paid.paidMinor,
      insufficient: paid.insufficient,
    });
    return { runId: run.id, held: false, bills, ...paid, paidMinor: paid.paidMinor.toString() };
  } catch (err) {
    await failRun(ctx.db, run.id, String((err as Error).message).slice(0, 500));
    throw err;
  }
}

/** The job's handler: the run's cut-off is the cron occurrence less the commit lag. */
export function settlementJob(schedule: SettlementSchedule) {
  return async (ctx: AppContext, run: { periodKey: string; scheduledFor: Date }) => {
    // The daily run first rolls up the day(s) that just closed (agents/rollup.ts), so each
    // contract period, a day or a month, reads a row per member and day.
    if (schedule === "daily") await rollupAgentDays(ctx, run.scheduledFor);
    const lagMs = ctx.config.AGENTS_SETTLE_LAG_SECONDS * 1000;
    return settleRun(ctx, schedule, run.periodKey, new Date(run.scheduledFor.getTime() - lagMs));
  };
}

/** The operator's re-run of a failed (or any unheld) run: the same period and cut-off again. */
export async function rerun(ctx: AppContext, runId: number) {
  const r = await runById(ctx.db, runId);
  if (!r) throw new AppError("SETTLEMENT_RUN_NOT_FOUND", 404);
  return settleRun(ctx, r.schedule, r.period_key, new Date(r.cutoff));
}

export async function setHeld(exec: Executor, runId: number, held: boolean) {
  if (!(await setRunHeld(exec, runId, held))) throw new AppError("SETTLEMENT_RUN_NOT_FOUND", 404);
}
