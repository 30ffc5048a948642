import type { PeriodQuery, TeamFigures, TeamOverviewValue } from "@panalo/contracts/agents";
import { formatMinor } from "@panalo/contracts/money";
import { type SQL, sql } from "drizzle-orm";
import { type Db, type Executor, queryRows } from "../../db/client.ts";
import { Errors } from "../../lib/errors.ts";
import { manilaStart } from "../reports/days.ts";
import { rolledUntil, splitRange } from "./rollup.ts";

/**
 * Team figures (issue 15 point 2), all derived from the round records (provider_transactions:
 * bets, wins, rollbacks) and the ledger (deposits, paid withdrawals), never from a counter —
 * directly, or through their per-member daily rollup (agents/rollup.ts, recomputed from them).
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
 * far cheaper per row than formatting a date. The epoch is floored (a cast would round a time in
 * the last half second of a day into the next one). */
const manilaDay = (col: string) =>
  sql.raw(`((floor(extract(epoch FROM ${col}))::bigint + 28800) / 86400)::text`);
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
 * and one point per day for the chart, in one snapshot: closed days from the per-member rollup
 * (agents/rollup.ts) joined with the team's closure rows, today (and any day not rolled up) from
 * the records, by the same rules.
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
  // Closed days from the per-member rollup (agents/rollup.ts), the rest from the records; the
  // watermark is read in this snapshot, so the two halves never overlap or leave a gap.
  const split = splitRange(r.from, r.to, await rolledUntil(db));
  const live = [split.head, split.tail].filter((x): x is Range => x !== null);
  const rolled = split.rolled;
  const [sizes, fresh, rolledDays, heldDays, liveDays, cash, [active]] = await sequential([
    () =>
      queryRows<{ size: number }>(
        db,
        sql`SELECT count(*)::int AS size FROM member_tree t WHERE t.ancestor_id = ${agentId} AND t.depth > 0`,
      ),
    // New members: the period's registrations (members_created_idx), each probed in the closure.
    () =>
      queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM members m
        WHERE m.created_at >= ${ts(r.from)} AND m.created_at < ${ts(r.to)}
          AND EXISTS (SELECT 1 FROM member_tree t WHERE t.ancestor_id = ${agentId} AND t.descendant_id = m.id AND t.depth > 0)`,
      ),
    () =>
      rolled
        ? queryRows<RoundSumRow>(
            db,
            sql`WITH team AS (${members})
            SELECT (d.day - DATE '1970-01-01')::text AS key, sum(d.bet_count)::int AS rounds,
              count(*) FILTER (WHERE d.bet_count > 0)::int AS active, sum(d.bets)::text AS bets,
              sum(d.wins)::text AS wins, sum(d.refunds)::text AS refunds
            FROM agent_member_days d JOIN team ON team.id = d.member_id
            WHERE d.day >= ${rolled.dayFrom}::date AND d.day < ${rolled.dayUntil}::date
            GROUP BY d.day`,
          )
        : Promise.resolve([] as RoundSumRow[]),
    // The rollup keeps every win row; a win still held for review (or rejected) is taken out here,
    // so a decision taken after the day closed counts at once, as it does in the records.
    () =>
      rolled
        ? queryRows<{ key: string; wins: string }>(
            db,
            sql`SELECT ${manilaDay("p.created_at")} AS key, sum(p.amount)::text AS wins
            FROM provider_win_reviews w
            JOIN provider_transactions p ON p.transaction_id = w.transaction_id AND p.vendor = w.vendor AND p.kind = 'win'
            WHERE w.status <> 'approved'
              AND p.created_at >= ${ts(manilaStart(rolled.dayFrom))} AND p.created_at < ${ts(manilaStart(rolled.dayUntil))}
              AND p.member_id IN (${members})
            GROUP BY 1`,
          )
        : Promise.resolve([] as Array<{ key: string; wins: string }>),
    async () => {
      const out: RoundSumRow[] = [];
      for (const range of live)
        out.push(...(await queryRows<RoundSumRow>(db, roundSums(members, range, manilaDay("p.created_at")))));
      return out;
    },
    () =>
      queryRows<{ deposits: string; withdrawals: string }>(
        db,
        sql`SELECT coalesce(sum(c.deposits::bigint), 0)::text AS deposits,
          coalesce(sum(c.withdrawals::bigint), 0)::text AS withdrawals
        FROM (${sql.join(
          [
            ...(rolled
              ? [
                  sql`SELECT d.deposits, d.withdrawals FROM agent_member_days d JOIN (${members}) team ON team.id = d.member_id
                    WHERE d.day >= ${rolled.dayFrom}::date AND d.day < ${rolled.dayUntil}::date AND d.currency = ${currency}
                      AND (d.deposits <> 0 OR d.withdrawals <> 0)`,
                ]
              : []),
            ...live.map(
              (range) =>
                sql`SELECT x.deposits::bigint, x.withdrawals::bigint FROM (${cashSums(members, range, currency)}) x`,
            ),
            sql`SELECT 0::bigint, 0::bigint`,
          ],
          sql` UNION ALL `,
        )}) c`,
      ),
    // Active members over the whole period: distinct across days (and across both halves).
    () =>
      queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM (${sql.join(
          [
            ...(rolled
              ? [
                  sql`SELECT d.member_id FROM agent_member_days d JOIN (${members}) team ON team.id = d.member_id
                    WHERE d.day >= ${rolled.dayFrom}::date AND d.day < ${rolled.dayUntil}::date AND d.bet_count > 0`,
                ]
              : []),
            ...live.map(
              (
                range,
              ) => sql`SELECT p.member_id FROM provider_transactions p JOIN (${members}) team ON team.id = p.member_id
                WHERE p.kind = 'bet' AND p.created_at >= ${ts(range.from)} AND p.created_at < ${ts(range.to)}`,
            ),
            sql`SELECT NULL::bigint WHERE false`,
          ],
          sql` UNION `,
        )}) a`,
      ),
  ]);
  const byDay = new Map<string, RoundSumRow>();
  for (const d of [...rolledDays, ...liveDays]) {
    const x = byDay.get(d.key);
    byDay.set(
      d.key,
      x
        ? {
            key: d.key,
            rounds: x.rounds + d.rounds,
            active: x.active + d.active,
            bets: String(BigInt(x.bets) + BigInt(d.bets)),
            wins: String(BigInt(x.wins) + BigInt(d.wins)),
            refunds: String(BigInt(x.refunds) + BigInt(d.refunds)),
          }
        : d,
    );
  }
  for (const h of heldDays) {
    const x = byDay.get(h.key);
    if (x) byDay.set(h.key, { ...x, wins: String(BigInt(x.wins) - BigInt(h.wins)) });
  }
  let bets = 0n;
  let wins = 0n;
  let refunds = 0n;
  for (const d of byDay.values()) {
    bets += BigInt(d.bets);
    wins += BigInt(d.wins);
    refunds += BigInt(d.refunds);
  }
  const figures: TeamFigures = {
    teamSize: sizes[0]?.size ?? 0,
    newMembers: fresh[0]?.n ?? 0,
    activeMembers: active?.n ?? 0,
    deposits: formatMinor(BigInt(cash[0]?.deposits ?? 0)),
    withdrawals: formatMinor(BigInt(cash[0]?.withdrawals ?? 0)),
    ...figuresOf({ bets: String(bets), wins: String(wins), refunds: String(refunds) }),
  };
  return {
    ...figures,
    currency,
    days: r.days.map((day) => {
      const row = byDay.get(dayNumber(day));
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
