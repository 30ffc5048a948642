import type { PeriodQuery, TeamFigures, TeamOverviewValue } from "@panalo/contracts/agents";
import { formatMinor } from "@panalo/contracts/money";
import { type SQL, sql } from "drizzle-orm";
import { type Db, type Executor, queryRows } from "../../db/client.ts";
import { Errors } from "../../lib/errors.ts";

/**
 * Team figures (issue 15 point 2), all derived from the round records (provider_transactions:
 * bets, wins, rollbacks) and the ledger (deposits, paid withdrawals), never from a counter.
 * A team is the closure rows under its agent (member_tree, depth ≥ 1): one index range.
 *
 * Readings, the same on every page and in the back office:
 * - bets: stakes taken in the period; wins: wins paid in the period (a win held for an operator's
 *   review counts once approved, as in the betting record);
 * - refunds: stakes given back by rollbacks in the period; valid bets = bets − refunds (a
 *   rollback of an earlier period's bet lowers the period it happens in: a late result goes into
 *   the current period and never rewrites a closed one);
 * - profit and loss (players' view) = wins + refunds − bets; active: members with a bet.
 */

const MAX_DAYS = 92;
const DAY_MS = 86_400_000;

/** A period of Manila calendar days (UTC+8, no daylight saving), both ends included. */
export function periodOf(q: PeriodQuery): { from: Date; to: Date; days: string[] } {
  const from = new Date(`${q.startDate}T00:00:00+08:00`);
  const last = new Date(`${q.endDate}T00:00:00+08:00`);
  if (Number.isNaN(from.getTime()) || Number.isNaN(last.getTime()) || last < from) {
    throw Errors.validation([{ path: "endDate", message: "date_range_invalid" }]);
  }
  const n = Math.round((last.getTime() - from.getTime()) / DAY_MS) + 1;
  if (n > MAX_DAYS) throw Errors.validation([{ path: "endDate", message: "date_range_too_long" }]);
  const days = Array.from({ length: n }, (_, i) =>
    new Date(from.getTime() + i * DAY_MS + 8 * 3_600_000).toISOString().slice(0, 10),
  );
  return { from, to: new Date(last.getTime() + DAY_MS), days };
}

/** The members of `agentId`'s team (not the agent itself) as a subquery of ids. */
export const teamIds = (agentId: number): SQL =>
  sql`SELECT descendant_id AS id FROM member_tree WHERE ancestor_id = ${agentId} AND depth > 0`;

/** Is `memberId` in `agentId`'s team (strictly below it)? One primary-key probe. */
export async function inTeam(db: Executor, agentId: number, memberId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM member_tree WHERE ancestor_id = ${agentId} AND descendant_id = ${memberId} AND depth > 0`,
  );
  return rows.length > 0;
}

interface Range {
  from: Date;
  to: Date;
}
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** The Manila day number (days since 1970-01-01 in UTC+8) of a time column: integer arithmetic,
 * far cheaper per row than formatting a date. */
const manilaDay = (col: string) => sql.raw(`((extract(epoch FROM ${col})::bigint + 28800) / 86400)::text`);
const dayNumber = (day: string) => String(Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS));

/**
 * The round records of a set of members in a range, per (group key) — the one query behind the
 * overview, team betting and profit pages. `members` is a subquery of ids; `key` groups the rows
 * (a day, a member, a game category).
 */
export function roundSums(members: SQL, r: Range, key: SQL): SQL {
  // Three branches, each cheap to plan: every bet and win; minus the wins held for review (a
  // join with the small review table); the stakes rollbacks gave back (the bet each names).
  return sql`WITH team AS (${members}),
    p AS (
      SELECT p.member_id, p.kind, p.amount, p.vendor, p.created_at, p.transaction_id, p.ref_transaction_id
      FROM provider_transactions p JOIN team ON team.id = p.member_id
      WHERE p.created_at >= ${ts(r.from)} AND p.created_at < ${ts(r.to)}
        AND p.kind IN ('bet', 'win', 'rollback'))
    SELECT k.key, count(*) FILTER (WHERE k.kind = 'bet')::int AS rounds,
      count(DISTINCT k.member_id) FILTER (WHERE k.kind = 'bet')::int AS active,
      coalesce(sum(k.amount) FILTER (WHERE k.kind = 'bet'), 0)::text AS bets,
      coalesce(sum(k.amount) FILTER (WHERE k.kind = 'win'), 0)::text AS wins,
      coalesce(sum(k.amount) FILTER (WHERE k.kind = 'refund'), 0)::text AS refunds
    FROM (
      SELECT ${key} AS key, p.member_id, p.kind, p.amount FROM p WHERE p.kind IN ('bet', 'win')
      UNION ALL
      SELECT ${key} AS key, p.member_id, 'win', -p.amount FROM p
      JOIN provider_win_reviews w ON w.transaction_id = p.transaction_id AND w.vendor = p.vendor
      WHERE p.kind = 'win' AND w.status <> 'approved'
      UNION ALL
      SELECT ${key} AS key, p.member_id, 'refund', b.amount FROM p
      JOIN provider_transactions b ON b.transaction_id = p.ref_transaction_id
        AND b.vendor = p.vendor AND b.kind = 'bet' AND b.member_id = p.member_id
      WHERE p.kind = 'rollback'
    ) k
    GROUP BY k.key`;
}

/**
 * Run a page's queries as one read-only snapshot (its figures agree with each other), without
 * PostgreSQL's JIT: these are index-bound reads of a few ms that JIT compilation (seconds, once
 * the planner's estimate passes jit_above_cost) would only slow down.
 */
export function teamRead<T>(db: Db, fn: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`SET LOCAL jit = off`);
      return fn(tx);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

export interface RoundSumRow {
  key: string;
  rounds: number;
  active: number;
  bets: string;
  wins: string;
  refunds: string;
}

/** Bets, valid bets, wins and profit and loss of one summed row, as decimal strings. */
export function figuresOf(r: Pick<RoundSumRow, "bets" | "wins" | "refunds"> | undefined) {
  const bets = BigInt(r?.bets ?? 0);
  const wins = BigInt(r?.wins ?? 0);
  const refunds = BigInt(r?.refunds ?? 0);
  return {
    bets: formatMinor(bets),
    validBets: formatMinor(bets - refunds),
    wins: formatMinor(wins),
    profitLoss: formatMinor(wins + refunds - bets),
  };
}

/** Deposits and paid withdrawals of a set of members in a range, per member, from the ledger. */
export function cashSums(members: SQL, r: Range, currency: string): SQL {
  return sql`WITH team AS (${members})
    SELECT t.member_id,
      coalesce(sum(e.amount) FILTER (WHERE t.type = 'deposit'), 0)::text AS deposits,
      coalesce(-sum(e.amount) FILTER (WHERE t.type = 'withdrawal_paid'), 0)::text AS withdrawals
    FROM ledger_transactions t
    JOIN team ON team.id = t.member_id
    JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id AND a.member_id = t.member_id AND a.currency = ${currency}
    WHERE t.type IN ('deposit', 'withdrawal_paid')
      AND t.created_at >= ${ts(r.from)} AND t.created_at < ${ts(r.to)}
    GROUP BY t.member_id`;
}

/**
 * The team overview of `agentId` over a period (spec §2 agent centre "team overview"): team
 * size, new and active members, deposits, withdrawals, bets, valid bets, wins, profit and loss,
 * and one point per day for the chart. Four queries in one snapshot, each over the team's closure rows.
 */
export async function teamOverview(
  db: Db,
  agentId: number,
  currency: string,
  q: PeriodQuery,
): Promise<TeamOverviewValue> {
  const r = periodOf(q);
  return teamRead(db, (tx) => overviewIn(tx, agentId, currency, r));
}

async function overviewIn(
  db: Executor,
  agentId: number,
  currency: string,
  r: ReturnType<typeof periodOf>,
): Promise<TeamOverviewValue> {
  const members = teamIds(agentId);
  const [sizes, byDay, cash, [active]] = await sequential([
    () =>
      queryRows<{ size: number; fresh: number }>(
        db,
        sql`SELECT count(*)::int AS size,
          count(*) FILTER (WHERE m.created_at >= ${ts(r.from)} AND m.created_at < ${ts(r.to)})::int AS fresh
        FROM member_tree t JOIN members m ON m.id = t.descendant_id
        WHERE t.ancestor_id = ${agentId} AND t.depth > 0`,
      ),
    () => queryRows<RoundSumRow>(db, roundSums(members, r, manilaDay("p.created_at"))),
    () =>
      queryRows<{ deposits: string; withdrawals: string }>(
        db,
        sql`SELECT coalesce(sum(c.deposits::bigint), 0)::text AS deposits,
          coalesce(sum(c.withdrawals::bigint), 0)::text AS withdrawals
        FROM (${cashSums(members, r, currency)}) c`,
      ),
    // Active members over the whole period: distinct across days, so its own count.
    () =>
      queryRows<{ n: number }>(
        db,
        sql`SELECT count(DISTINCT p.member_id)::int AS n
        FROM provider_transactions p JOIN (${members}) team ON team.id = p.member_id
        WHERE p.kind = 'bet' AND p.created_at >= ${ts(r.from)} AND p.created_at < ${ts(r.to)}`,
      ),
  ]);
  let bets = 0n;
  let wins = 0n;
  let refunds = 0n;
  for (const d of byDay) {
    bets += BigInt(d.bets);
    wins += BigInt(d.wins);
    refunds += BigInt(d.refunds);
  }
  const figures: TeamFigures = {
    teamSize: sizes[0]?.size ?? 0,
    newMembers: sizes[0]?.fresh ?? 0,
    activeMembers: active?.n ?? 0,
    deposits: formatMinor(BigInt(cash[0]?.deposits ?? 0)),
    withdrawals: formatMinor(BigInt(cash[0]?.withdrawals ?? 0)),
    ...figuresOf({ bets: String(bets), wins: String(wins), refunds: String(refunds) }),
  };
  return {
    ...figures,
    currency,
    days: r.days.map((day) => {
      const n = dayNumber(day);
      const row = byDay.find((d) => d.key === n);
      const f = figuresOf(row);
      return {
        day,
        bets: f.bets,
        validBets: f.validBets,
        profitLoss: f.profitLoss,
        active: row?.active ?? 0,
      };
    }),
  };
}

/** Run queries one after another on one connection (a transaction's), keeping their types. */
export async function sequential<const T extends readonly (() => Promise<unknown>)[]>(
  steps: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const out: unknown[] = [];
  for (const step of steps) out.push(await step());
  // The tuple of results, in the order of the steps (built above one by one).
  return out as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}
