import type { PeriodQuery, TeamFigures, TeamOverviewValue } from "@panalo/contracts/agents";
import { addDays, manilaDay as manilaDayOfMoment, manilaStart } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money";
import { type SQL, sql } from "drizzle-orm";
import { type Db, type Executor, queryRows } from "../../db/client.ts";
import { Errors } from "../../lib/errors.ts";
import { rolledUntil, splitRange } from "./rollup.ts";

/**
 * Team figures, all derived from the round records (provider_transactions:
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

/** A period of Manila calendar days, both ends included. */
export function periodOf(q: PeriodQuery): { from: Date; to: Date; days: string[] } {
  const first = Date.parse(`${q.startDate}T00:00:00Z`);
  const last = Date.parse(`${q.endDate}T00:00:00Z`);
  if (Number.isNaN(first) || Number.isNaN(last) || last < first) {
    throw Errors.validation([{ path: "endDate", message: "date_range_invalid" }]);
  }
  const n = Math.round((last - first) / DAY_MS) + 1;
  if (n > MAX_DAYS) throw Errors.validation([{ path: "endDate", message: "date_range_too_long" }]);
  const days = Array.from({ length: n }, (_, i) => addDays(q.startDate, i));
  return { from: manilaStart(q.startDate), to: manilaStart(addDays(q.endDate, 1)), days };
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
/** The Manila day number (days since 1970-01-01 on the Manila calendar) of a time column: a date
 * difference, far cheaper per row than formatting a date. */
const manilaDay = (col: string) =>
  sql.raw(`((${col} AT TIME ZONE 'Asia/Manila')::date - DATE '1970-01-01')::text`);
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
      FROM game_transaction_log p JOIN team ON team.id = p.member_id
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
      JOIN held_win_log w ON w.transaction_id = p.transaction_id AND w.vendor = p.vendor
      WHERE p.kind = 'win' AND w.status <> 'approved'
      UNION ALL
      SELECT ${key} AS key, p.member_id, 'refund', b.amount FROM p
      JOIN game_transaction_log b ON b.transaction_id = p.ref_transaction_id
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
    FROM ledger_transaction_log t
    JOIN team ON team.id = t.member_id
    JOIN ledger_entry_log e ON e.transaction_id = t.id
    JOIN ledger_balances a ON a.account_id = e.account_id AND a.member_id = t.member_id AND a.currency = ${currency}
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
  return teamRead(
    db,
    async (tx) => (await overviewFast(tx, agentId, currency, r)) ?? overviewIn(tx, agentId, currency, r),
  );
}

interface TeamRow {
  key: string;
  bets: string;
  wins: string;
  refunds: string;
  deposits: string;
  withdrawals: string;
  active: number;
  new_members: number;
  gap_days: number[] | string;
  gap_counts: number[] | string;
}
/** A smallint[] / int[] as the driver hands it (an array, or PGlite/pg text "{1,2}"). */
const ints = (v: number[] | string): number[] =>
  Array.isArray(v) ? v.map(Number) : v.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);

/**
 * The overview from the agents' team totals (migration 0803): closed days from agent_team_days,
 * the current day's rolled hours from agent_team_hours, and the rest of the day (the last hour or
 * so) from the records, probing the closure table per row. Distinct active members come from
 * each row's gaps (days since a member's previous active day): Σ over days d of the members
 * active on d whose gap > d − first day. Null — the caller reads the per-member path — when the
 * agent's totals are being rebuilt after a move, the currency is not the agent's, or the period
 * does not split as closed days + hours and the records of one day.
 */
async function overviewFast(
  db: Executor,
  agentId: number,
  currency: string,
  r: ReturnType<typeof periodOf>,
): Promise<TeamOverviewValue | null> {
  const [st] = await queryRows<{
    done_until: string | null;
    team_hours_from: Date | string | null;
    team_hours_until: Date | string | null;
    agent_currency: string | null;
    stale: boolean;
  }>(
    db,
    sql`SELECT s.done_until::text AS done_until, s.team_hours_from, s.team_hours_until,
      (SELECT m.currency FROM member_directory m WHERE m.id = ${agentId}) AS agent_currency,
      EXISTS (SELECT 1 FROM agent_team_stale x WHERE x.agent_id = ${agentId}) AS stale
    FROM agent_rollup_state s WHERE s.id = 1`,
  );
  if (!st?.done_until || st.stale || st.agent_currency !== currency) return null;
  const d0 = manilaStart(st.done_until);
  const tf = st.team_hours_from ? new Date(st.team_hours_from) : null;
  const tu = st.team_hours_until ? new Date(st.team_hours_until) : null;
  const dayEnd = new Date(d0.getTime() + DAY_MS);
  // Closed days [from, min(to, d0)); then [max(from, d0), to) must lie in the day d0 starts,
  // its hours rolled from its start.
  const restFrom = r.from > d0 ? r.from : d0;
  let hoursTo = restFrom;
  if (r.to > restFrom) {
    if (r.to > dayEnd || restFrom.getTime() !== d0.getTime()) return null;
    if (!tf || !tu || tf > d0 || tu < d0) return null;
    hoursTo = tu < r.to ? tu : r.to;
  }
  const tail = r.to > hoursTo && r.to > restFrom ? { from: hoursTo, to: r.to } : null;
  const aNum = Number(dayNumber(r.days[0] as string));
  const dFrom = r.days[0] as string;
  const dUntil = r.to < d0 ? manilaDayOf(r.to) : st.done_until;
  const inTeam = (col: string) =>
    sql.raw(
      // A scalar subquery: one primary-key probe per row, never a hash of the team's closure rows.
      `(SELECT true FROM member_tree mt WHERE mt.ancestor_id = ${Number(agentId)} AND mt.descendant_id = ${col} AND mt.depth > 0)`,
    );
  const rolledEnd = r.to < d0 ? r.to : hoursTo;
  const [sizes, days, hours, held, tailPlay, tailCash, tailActive, fresh] = await sequential([
    () =>
      queryRows<{ size: number }>(
        db,
        sql`SELECT coalesce((SELECT size FROM agent_team_sizes WHERE agent_id = ${agentId}), 0)::int AS size`,
      ),
    () =>
      dFrom < dUntil
        ? queryRows<TeamRow>(
            db,
            sql`SELECT (d.day - DATE '1970-01-01')::text AS key, d.bets::text, d.wins::text, d.refunds::text,
              d.deposits::text, d.withdrawals::text, d.active, d.new_members, d.gap_days, d.gap_counts
            FROM agent_team_days d WHERE d.agent_id = ${agentId} AND d.day >= ${dFrom}::date AND d.day < ${dUntil}::date`,
          )
        : Promise.resolve([] as TeamRow[]),
    () =>
      hoursTo > restFrom
        ? queryRows<TeamRow>(
            db,
            sql`SELECT ${manilaDay("h.hour")} AS key, h.bets::text, h.wins::text, h.refunds::text, h.deposits::text,
              h.withdrawals::text, h.first_active AS active, h.new_members, h.gap_days, h.gap_counts
            FROM agent_team_hours h WHERE h.agent_id = ${agentId} AND h.hour >= ${ts(restFrom)} AND h.hour < ${ts(hoursTo)}`,
          )
        : Promise.resolve([] as TeamRow[]),
    // Wins the rolled rows count that are still held for review (or were rejected).
    () =>
      rolledEnd > r.from
        ? queryRows<{ key: string; wins: string }>(
            db,
            sql`SELECT ${manilaDay("p.created_at")} AS key, sum(p.amount)::text AS wins
            FROM held_win_log w
            JOIN game_transaction_log p ON p.transaction_id = w.transaction_id AND p.vendor = w.vendor AND p.kind = 'win'
            WHERE w.status <> 'approved' AND p.created_at >= ${ts(r.from)} AND p.created_at < ${ts(rolledEnd)}
              AND ${inTeam("p.member_id")}
            GROUP BY 1`,
          )
        : Promise.resolve([] as Array<{ key: string; wins: string }>),
    () =>
      tail
        ? queryRows<RoundSumRow>(
            db,
            sql`WITH p AS (
              SELECT p.member_id, p.kind, p.amount, p.vendor, p.created_at, p.transaction_id, p.ref_transaction_id
              FROM game_transaction_log p
              WHERE p.created_at >= ${ts(tail.from)} AND p.created_at < ${ts(tail.to)}
                AND p.kind IN ('bet', 'win', 'rollback') AND ${inTeam("p.member_id")})
            SELECT '' AS key, 0 AS rounds, 0 AS active,
              coalesce(sum(k.amount) FILTER (WHERE k.kind = 'bet'), 0)::text AS bets,
              coalesce(sum(k.amount) FILTER (WHERE k.kind = 'win'), 0)::text AS wins,
              coalesce(sum(k.amount) FILTER (WHERE k.kind = 'refund'), 0)::text AS refunds
            FROM (
              SELECT p.kind, p.amount FROM p WHERE p.kind IN ('bet', 'win')
              UNION ALL
              SELECT 'win', -p.amount FROM p
              JOIN held_win_log w ON w.transaction_id = p.transaction_id AND w.vendor = p.vendor
              WHERE p.kind = 'win' AND w.status <> 'approved'
              UNION ALL
              SELECT 'refund', b.amount FROM p
              JOIN game_transaction_log b ON b.transaction_id = p.ref_transaction_id
                AND b.vendor = p.vendor AND b.kind = 'bet' AND b.member_id = p.member_id
              WHERE p.kind = 'rollback'
            ) k`,
          )
        : Promise.resolve([] as RoundSumRow[]),
    () =>
      tail
        ? queryRows<{ deposits: string; withdrawals: string }>(
            db,
            // Each movement's entries on the member's own accounts, probed per movement (a scalar
            // subquery: the planner hashed every ledger account for a join).
            sql`SELECT coalesce(sum(x.amount) FILTER (WHERE x.type = 'deposit'), 0)::text AS deposits,
              coalesce(-sum(x.amount) FILTER (WHERE x.type = 'withdrawal_paid'), 0)::text AS withdrawals
            FROM (
              SELECT t.type, (SELECT sum(e.amount) FROM ledger_entry_log e
                  JOIN ledger_balances a ON a.account_id = e.account_id
                  WHERE e.transaction_id = t.id AND a.member_id = t.member_id AND a.currency = ${currency}) AS amount
              FROM ledger_transaction_log t
              WHERE t.type IN ('deposit', 'withdrawal_paid')
                AND t.created_at >= ${ts(tail.from)} AND t.created_at < ${ts(tail.to)} AND ${inTeam("t.member_id")}
            ) x`,
          )
        : Promise.resolve([] as Array<{ deposits: string; withdrawals: string }>),
    // The tail's bettors not active earlier that day (hours), and of those, not active earlier in
    // the period (closed days, hours of the days since).
    () =>
      tail
        ? queryRows<{ today: number; period: number }>(
            db,
            sql`WITH m AS (
              SELECT DISTINCT p.member_id FROM game_transaction_log p
              WHERE p.kind = 'bet' AND p.created_at >= ${ts(tail.from)} AND p.created_at < ${ts(tail.to)}
                AND ${inTeam("p.member_id")}
            ), n AS (
              -- Probed per bettor (a scalar subquery: one range of the member index each).
              SELECT m.member_id FROM m WHERE (
                SELECT 1 FROM agent_member_hours h WHERE h.member_id = m.member_id AND h.bet_count > 0
                  AND h.hour >= ${ts(d0)} AND h.hour < ${ts(tail.from)} LIMIT 1) IS NULL
            )
            SELECT count(*)::int AS today, count(*) FILTER (WHERE (
                SELECT 1 FROM agent_member_days d WHERE d.member_id = n.member_id AND d.bet_count > 0
                  AND d.day >= ${dFrom}::date AND d.day < ${st.done_until}::date LIMIT 1) IS NULL)::int AS period
            FROM n`,
          )
        : Promise.resolve([] as Array<{ today: number; period: number }>),
    // New members since the last rolled hour.
    () =>
      tail
        ? queryRows<{ n: number }>(
            db,
            sql`SELECT count(*)::int AS n FROM member_directory m
            WHERE m.created_at >= ${ts(tail.from)} AND m.created_at < ${ts(tail.to)} AND ${inTeam("m.id")}`,
          )
        : Promise.resolve([] as Array<{ n: number }>),
  ]);
  const byDay = new Map<string, { bets: bigint; wins: bigint; refunds: bigint; active: number }>();
  const at = (key: string) => {
    let x = byDay.get(key);
    if (!x) {
      x = { bets: 0n, wins: 0n, refunds: 0n, active: 0 };
      byDay.set(key, x);
    }
    return x;
  };
  let deposits = 0n;
  let withdrawals = 0n;
  let activeMembers = 0;
  let newMembers = fresh[0]?.n ?? 0;
  for (const row of [...days, ...hours]) {
    const x = at(row.key);
    x.bets += BigInt(row.bets);
    x.wins += BigInt(row.wins);
    x.refunds += BigInt(row.refunds);
    x.active += Number(row.active);
    deposits += BigInt(row.deposits);
    withdrawals += BigInt(row.withdrawals);
    newMembers += Number(row.new_members);
    const gd = ints(row.gap_days);
    const gc = ints(row.gap_counts);
    const since = Number(row.key) - aNum;
    gd.forEach((g, i) => {
      if (g > since) activeMembers += gc[i] ?? 0;
    });
  }
  for (const h of held) at(h.key).wins -= BigInt(h.wins);
  if (tail) {
    const x = at(dayNumber(manilaDayOf(tail.from)));
    const p = tailPlay[0];
    x.bets += BigInt(p?.bets ?? 0);
    x.wins += BigInt(p?.wins ?? 0);
    x.refunds += BigInt(p?.refunds ?? 0);
    x.active += tailActive[0]?.today ?? 0;
    activeMembers += tailActive[0]?.period ?? 0;
    deposits += BigInt(tailCash[0]?.deposits ?? 0);
    withdrawals += BigInt(tailCash[0]?.withdrawals ?? 0);
  }
  let bets = 0n;
  let wins = 0n;
  let refunds = 0n;
  for (const d of byDay.values()) {
    bets += d.bets;
    wins += d.wins;
    refunds += d.refunds;
  }
  return {
    teamSize: sizes[0]?.size ?? 0,
    newMembers,
    activeMembers,
    deposits: formatMinor(deposits),
    withdrawals: formatMinor(withdrawals),
    ...figuresOf({ bets: String(bets), wins: String(wins), refunds: String(refunds) }),
    currency,
    days: r.days.map((day) => {
      const x = byDay.get(dayNumber(day));
      const f = figuresOf(
        x ? { bets: String(x.bets), wins: String(x.wins), refunds: String(x.refunds) } : undefined,
      );
      return { day, bets: f.bets, validBets: f.validBets, profitLoss: f.profitLoss, active: x?.active ?? 0 };
    }),
  };
}

/** The Manila calendar day ("2026-03-02") a time falls in. */
const manilaDayOf = (d: Date) => manilaDayOfMoment(d);

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
        sql`SELECT count(*)::int AS n FROM member_directory m
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
            FROM held_win_log w
            JOIN game_transaction_log p ON p.transaction_id = w.transaction_id AND p.vendor = w.vendor AND p.kind = 'win'
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
              ) => sql`SELECT p.member_id FROM game_transaction_log p JOIN (${members}) team ON team.id = p.member_id
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

/** Both readings of an overview in one snapshot (tests): the team totals' (null when not
 * usable) and the per-member one. */
export function teamOverviewPaths(db: Db, agentId: number, currency: string, q: PeriodQuery) {
  const r = periodOf(q);
  return teamRead(db, async (tx) => ({
    fast: await overviewFast(tx, agentId, currency, r),
    members: await overviewIn(tx, agentId, currency, r),
  }));
}
