import type { ContractKind, ContractPeriod, ContractTerms } from "@panalo/contracts/agent-contracts";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";
import type { SettlementSchedule } from "../../../db/schema/agents.ts";

/** Statements of the settlement runs (settlement.ts decides what to bill and pay, and when). */

const list = <T>(xs: readonly T[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

/** Claim (or re-claim) the run of a schedule's period; a held run is not started. */
export async function claimRun(
  exec: Executor,
  schedule: SettlementSchedule,
  periodKey: string,
  cutoff: Date,
) {
  const [row] = await queryRows<{ id: string; held: boolean }>(
    exec,
    sql`INSERT INTO agent_settlement_runs (schedule, period_key, cutoff, status, attempts)
      VALUES (${schedule}, ${periodKey}, ${cutoff}, 'running', 1)
      ON CONFLICT (schedule, period_key) DO UPDATE
        SET attempts = agent_settlement_runs.attempts + 1, status = 'running', error = NULL, finished_at = NULL
        WHERE NOT agent_settlement_runs.held
      RETURNING id, held`,
  );
  if (row) return { id: Number(row.id), held: false };
  const [held] = await queryRows<{ id: string }>(
    exec,
    sql`SELECT id FROM agent_settlement_runs WHERE schedule = ${schedule} AND period_key = ${periodKey}`,
  );
  return { id: Number(held?.id), held: true };
}

export interface DueContractRow {
  id: string;
  kind: ContractKind;
  downline_id: string;
  upline_id: string | null;
  funding: "platform" | "upline";
  period: ContractPeriod;
  terms: ContractTerms;
  settled_until: Date | string;
  ended_at: Date | string | null;
  currency: string;
}

/** Accepted contracts of the kinds with a period ended by the cut-off still to bill, by id after `afterId`. */
export function dueContractRows(
  exec: Executor,
  kinds: ContractKind[],
  cutoff: Date,
  afterId: number,
  limit: number,
) {
  return queryRows<DueContractRow>(
    exec,
    sql`SELECT c.id, c.kind, c.downline_id, c.upline_id, c.funding, c.period, c.terms, c.settled_until, c.ended_at, m.currency
      FROM agent_contracts c JOIN member_directory m ON m.id = c.downline_id
      WHERE c.kind IN (${list(kinds)}) AND c.accepted_at IS NOT NULL
        AND c.settled_until < LEAST(COALESCE(c.ended_at, ${cutoff}::timestamptz), ${cutoff}::timestamptz)
        AND c.id > ${afterId}
      ORDER BY c.id LIMIT ${limit}`,
  );
}

/**
 * Per member, the rounds first settled in [from, to) read from the records: valid bets (their
 * stakes less rolled-back stakes), wins landing in the range, rounds counted. A round settled
 * before `from` (an earlier win) brings no stake; its new wins count.
 */
function settledFromRecords(from: Date, to: Date) {
  return sql`WITH wins AS (
        SELECT w.vendor, w.round_id, w.member_id, SUM(w.amount) AS win
        FROM game_transaction_log w
        WHERE w.kind = 'win' AND w.created_at >= ${from} AND w.created_at < ${to}
        GROUP BY w.vendor, w.round_id, w.member_id
      ), round_rows AS (
        -- Every row of those rounds, joined (not probed one by one), so the planner may read
        -- the table once with a hash join where the window holds many rounds.
        SELECT p.vendor, p.round_id, p.kind, p.created_at, p.amount, p.transaction_id, p.ref_transaction_id
        FROM game_transaction_log p
        JOIN (SELECT DISTINCT vendor, round_id FROM wins) k ON k.vendor = p.vendor AND k.round_id = p.round_id
        WHERE p.kind IN ('bet', 'win', 'rollback')
      ), per_round AS (
        SELECT vendor, round_id, bool_or(kind = 'win' AND created_at < ${from}) AS earlier,
          COALESCE(SUM(amount) FILTER (WHERE kind = 'bet'), 0) AS bets
        FROM round_rows GROUP BY vendor, round_id
      ), rolled AS (
        SELECT b.vendor, b.round_id, SUM(b.amount) AS amount
        FROM round_rows b JOIN round_rows r
          ON r.kind = 'rollback' AND r.vendor = b.vendor AND r.round_id = b.round_id AND r.ref_transaction_id = b.transaction_id
        WHERE b.kind = 'bet'
        GROUP BY b.vendor, b.round_id
      ), rounds AS (
        SELECT wins.member_id, wins.win,
          CASE WHEN pr.earlier THEN NULL ELSE pr.bets - COALESCE(rl.amount, 0) END AS stake
        FROM wins JOIN per_round pr ON pr.vendor = wins.vendor AND pr.round_id = wins.round_id
        LEFT JOIN rolled rl ON rl.vendor = wins.vendor AND rl.round_id = wins.round_id
      )`;
}

export interface FigureContract {
  id: number;
  downlineId: number;
  minSingleBet: bigint;
}

/** A window split as closed days of the per-member rollup and the ranges read from the records. */
export interface FigureWindow {
  rolled: { dayFrom: string; dayUntil: string } | null;
  parts: Array<{ from: Date; to: Date }>;
}

/**
 * The team figures of many contracts over one window, in one statement: per member, then summed
 * over each contract's team through the closure table. With `single` (a real-time salary among
 * the contracts: single bets against a minimum) the whole window is read from the records;
 * otherwise the rolled days from agent_member_days and the parts from the records.
 */
export function teamFigureRows(
  exec: Executor,
  windowStart: Date,
  windowEnd: Date,
  contracts: readonly FigureContract[],
  single: boolean,
  split: FigureWindow,
) {
  const json = JSON.stringify(
    contracts.map((c) => ({ id: c.id, downline: c.downlineId, min_bet: c.minSingleBet.toString() })),
  );
  const perMember = sql.join(
    [
      ...(split.rolled
        ? [
            sql`SELECT d.member_id, d.settled_valid_bet AS valid_bet, d.wins, d.settled_rounds::bigint AS rounds
              FROM agent_member_days d
              WHERE d.day >= ${split.rolled.dayFrom}::date AND d.day < ${split.rolled.dayUntil}::date
                AND (d.settled_rounds > 0 OR d.wins <> 0)`,
          ]
        : []),
      ...split.parts.map(
        (r) => sql`SELECT * FROM (${settledFromRecords(r.from, r.to)}
          SELECT member_id, COALESCE(SUM(stake), 0) AS valid_bet, SUM(win) AS wins, COUNT(stake) AS rounds
          FROM rounds GROUP BY member_id) x`,
      ),
    ],
    sql` UNION ALL `,
  );
  return queryRows<{
    id: string;
    valid_bet: string;
    wins: string;
    active: string;
    won: string;
    lost: string;
  }>(
    exec,
    single
      ? sql`${settledFromRecords(windowStart, windowEnd)}, c AS (
        SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS x(id bigint, downline bigint, min_bet bigint)
      ), per_member AS (
        SELECT member_id, COALESCE(SUM(stake), 0) AS valid_bet, SUM(win) AS wins,
          COUNT(stake) > 0 AS active
        FROM rounds GROUP BY member_id
      ), tiered AS (
        SELECT c.id, SUM(p.valid_bet) AS valid_bet, SUM(p.wins) AS wins,
          COUNT(*) FILTER (WHERE p.active) AS active
        FROM c JOIN member_tree t ON t.ancestor_id = c.downline
        JOIN per_member p ON p.member_id = t.descendant_id
        GROUP BY c.id
      ), single AS (
        SELECT c.id,
          SUM(r.stake) FILTER (WHERE r.stake >= c.min_bet AND r.win >= r.stake) AS won,
          SUM(r.stake) FILTER (WHERE r.stake >= c.min_bet AND r.win < r.stake) AS lost
        FROM c JOIN member_tree t ON t.ancestor_id = c.downline
        JOIN rounds r ON r.member_id = t.descendant_id
        WHERE c.min_bet >= 0 AND r.stake > 0
        GROUP BY c.id
      )
      SELECT c.id, COALESCE(tiered.valid_bet, 0)::text AS valid_bet, COALESCE(tiered.wins, 0)::text AS wins,
        COALESCE(tiered.active, 0)::text AS active, COALESCE(single.won, 0)::text AS won, COALESCE(single.lost, 0)::text AS lost
      FROM c LEFT JOIN tiered ON tiered.id = c.id LEFT JOIN single ON single.id = c.id`
      : sql`WITH c AS (
        SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS x(id bigint, downline bigint, min_bet bigint)
      ), per_member AS (
        SELECT m.member_id, SUM(m.valid_bet) AS valid_bet, SUM(m.wins) AS wins, SUM(m.rounds) > 0 AS active
        FROM (${perMember}) m GROUP BY m.member_id
      ), tiered AS (
        SELECT c.id, SUM(p.valid_bet) AS valid_bet, SUM(p.wins) AS wins,
          COUNT(*) FILTER (WHERE p.active) AS active
        FROM c JOIN member_tree t ON t.ancestor_id = c.downline
        JOIN per_member p ON p.member_id = t.descendant_id
        GROUP BY c.id
      )
      SELECT c.id, COALESCE(tiered.valid_bet, 0)::text AS valid_bet, COALESCE(tiered.wins, 0)::text AS wins,
        COALESCE(tiered.active, 0)::text AS active, '0' AS won, '0' AS lost
      FROM c LEFT JOIN tiered ON tiered.id = c.id`,
  );
}

/** The figures statement's session settings for the rest of the transaction: hashed in memory
 * (not sorted in runs on disk at the default 4 MB work_mem), without JIT compilation. */
export async function figureSettings(tx: Executor): Promise<void> {
  await tx.execute(sql`SET LOCAL jit = off`);
  await tx.execute(sql`SET LOCAL work_mem = '128MB'`);
}

/**
 * Compare-and-set: move the contracts still settled exactly to `windowStart` on to `windowEnd`,
 * locking them in id order; the ids moved.
 */
export function advanceSettledUntil(
  tx: Executor,
  ids: readonly number[],
  windowStart: Date,
  windowEnd: Date,
) {
  return queryRows<{ id: string }>(
    tx,
    sql`UPDATE agent_contracts SET settled_until = ${windowEnd}
          WHERE id IN (
            SELECT id FROM agent_contracts WHERE id IN (${list(ids)}) AND settled_until = ${windowStart} ORDER BY id FOR UPDATE
          ) AND settled_until = ${windowStart} RETURNING id`,
  );
}

/** Each contract's carry out of its latest bill. */
export function lastCarries(tx: Executor, contractIds: readonly number[]) {
  return queryRows<{ contract_id: string; carry_out: string }>(
    tx,
    sql`SELECT DISTINCT ON (contract_id) contract_id, carry_out::text FROM agent_bills
            WHERE contract_id IN (${list(contractIds)}) ORDER BY contract_id, window_end DESC`,
  );
}

export interface NewBill {
  contractId: number;
  periodKey: string;
  windowStart: Date;
  windowEnd: Date;
  runId: number;
  memberId: number;
  payerId: number | null;
  kind: ContractKind;
  currency: string;
  validBet: bigint;
  netLoss: bigint;
  activeMembers: number;
  rateBp: number;
  carryIn: bigint;
  carryOut: bigint;
  amount: bigint;
  status: "pending" | "nothing";
}

/** Insert bills; one already written for a (contract, period) is left alone. The ids written. */
export function insertBills(tx: Executor, bills: readonly NewBill[]) {
  const values = bills.map(
    (
      b,
    ) => sql`(${b.contractId}, ${b.periodKey}, ${b.windowStart}, ${b.windowEnd}, ${b.runId}, ${b.memberId}, ${b.payerId}, ${b.kind},
            ${b.currency}, ${b.validBet}, ${b.netLoss}, ${b.activeMembers}, ${b.rateBp}, ${b.carryIn}, ${b.carryOut}, ${b.amount},
            ${b.status})`,
  );
  return queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO agent_bills (contract_id, period_key, window_start, window_end, run_id, member_id, payer_id, kind,
            currency, valid_bet, net_loss, active_members, rate_bp, carry_in, carry_out, amount, status)
          VALUES ${sql.join(values, sql`, `)}
          ON CONFLICT (contract_id, period_key) DO NOTHING RETURNING id`,
  );
}

/** The next unpaid bills of the kinds (pending or insufficient) whose run is not held, by id. */
export function unpaidBillIds(
  exec: Executor,
  kinds: readonly ContractKind[],
  afterId: number,
  limit: number,
) {
  return queryRows<{ id: string }>(
    exec,
    sql`SELECT b.id FROM agent_bills b JOIN agent_settlement_runs r ON r.id = b.run_id
        WHERE b.status IN ('pending', 'insufficient') AND NOT r.held AND b.id > ${afterId}
          AND b.kind IN (${list(kinds)})
        ORDER BY b.id LIMIT ${limit}`,
  );
}

export interface BillToPay {
  id: string;
  member_id: string;
  payer_id: string | null;
  kind: ContractKind;
  currency: string;
  amount: string;
}

/** Lock the bills still unpaid, in id order; SKIP LOCKED: another process is paying those. */
export function lockBillsToPay(tx: Executor, billIds: readonly number[]) {
  return queryRows<BillToPay>(
    tx,
    sql`SELECT id, member_id, payer_id, kind, currency, amount::text FROM agent_bills
        WHERE id IN (${list(billIds)}) AND status IN ('pending', 'insufficient') ORDER BY id FOR UPDATE SKIP LOCKED`,
  );
}

/** Mark bills paid in one statement, each with its ledger transaction. */
export async function markBillsPaid(
  tx: Executor,
  paid: ReadonlyArray<{ id: number; tx: number | undefined }>,
  runId: number,
): Promise<void> {
  const json = JSON.stringify(paid);
  await tx.execute(sql`UPDATE agent_bills b SET status = 'paid', attempts = b.attempts + 1, paid_at = now(),
          ledger_transaction_id = x.tx, paid_by_run = ${runId}
          FROM jsonb_to_recordset(${json}::jsonb) AS x(id bigint, tx bigint) WHERE b.id = x.id`);
}

export async function markBillPaid(tx: Executor, billId: string, transactionId: number, runId: number) {
  await tx.execute(sql`UPDATE agent_bills SET status = 'paid', attempts = attempts + 1, paid_at = now(),
          ledger_transaction_id = ${transactionId}, paid_by_run = ${runId} WHERE id = ${billId}`);
}

/** A bill its payer's balance does not cover: left for a later run. */
export async function markBillInsufficient(tx: Executor, billId: string) {
  await tx.execute(
    sql`UPDATE agent_bills SET status = 'insufficient', attempts = attempts + 1 WHERE id = ${billId}`,
  );
}

export async function finishRun(
  exec: Executor,
  runId: number,
  f: { bills: number; paid: number; paidMinor: bigint; insufficient: number },
) {
  await exec.execute(sql`UPDATE agent_settlement_runs SET status = 'done', finished_at = now(),
      bills = bills + ${f.bills}, paid = paid + ${f.paid}, paid_minor = paid_minor + ${f.paidMinor},
      insufficient = ${f.insufficient} WHERE id = ${runId}`);
}

export async function failRun(exec: Executor, runId: number, error: string) {
  await exec.execute(sql`UPDATE agent_settlement_runs SET status = 'failed', finished_at = now(),
      error = ${error} WHERE id = ${runId}`);
}

export async function runById(exec: Executor, runId: number) {
  const [r] = await queryRows<{
    schedule: SettlementSchedule;
    period_key: string;
    cutoff: Date | string;
    held: boolean;
  }>(exec, sql`SELECT schedule, period_key, cutoff, held FROM agent_settlement_runs WHERE id = ${runId}`);
  return r;
}

/** Hold or release a run; false when there is no such run. */
export async function setRunHeld(exec: Executor, runId: number, held: boolean): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    exec,
    sql`UPDATE agent_settlement_runs SET held = ${held} WHERE id = ${runId} RETURNING id`,
  );
  return rows.length > 0;
}
