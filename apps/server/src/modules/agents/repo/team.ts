import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";

/**
 * Statements of the team pages and the team overview (team.ts and team-pages.ts shape the
 * answers). A team is the closure rows under its agent (member_tree, depth ≥ 1): one index range.
 */

export interface Range {
  from: Date;
  to: Date;
}

/** Which members a statement reads: an agent's team, or only those whose name matches. */
export interface TeamSet {
  agentId: number;
  username?: string | undefined;
}

/** How round sums are grouped: by Manila day number, game category, username or member id. */
export type RoundKey = "day" | "category" | "member" | "memberId";

export interface RoundSumRow {
  key: string;
  rounds: number;
  active: number;
  bets: string;
  wins: string;
  refunds: string;
}

/** One day's or hour's team totals (agent_team_days / agent_team_hours, migration 0803). */
export interface TeamRow {
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

const like = (q: string) => `%${q.replace(/[%_\\]/g, "\\$&").toLowerCase()}%`;

/** The members of `agentId`'s team (not the agent itself) as a subquery of ids. */
const teamIds = (agentId: number): SQL =>
  sql`SELECT descendant_id AS id FROM member_tree WHERE ancestor_id = ${agentId} AND depth > 0`;

/** The team's members, or only those whose name matches, as an id subquery. */
function teamFilter(set: TeamSet): SQL {
  return set.username
    ? sql`SELECT t.descendant_id AS id FROM member_tree t JOIN member_directory m ON m.id = t.descendant_id
        WHERE t.ancestor_id = ${set.agentId} AND t.depth > 0 AND m.username LIKE ${like(set.username)}`
    : teamIds(set.agentId);
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** The Manila day number (days since 1970-01-01 on the Manila calendar) of a time column: a date
 * difference, far cheaper per row than formatting a date. */
const manilaDay = (col: string) =>
  sql.raw(`((${col} AT TIME ZONE 'Asia/Manila')::date - DATE '1970-01-01')::text`);

function roundKey(key: RoundKey): SQL {
  switch (key) {
    case "day":
      return manilaDay("p.created_at");
    case "category":
      return sql`coalesce((SELECT v.game_type FROM vendor_catalogue v WHERE v.vassalage = p.vendor), 'OTHER')`;
    case "member":
      return sql`(SELECT m.username FROM member_directory m WHERE m.id = p.member_id)`;
    case "memberId":
      return sql`p.member_id::text`;
  }
}

/** Is `memberId` in `agentId`'s team (strictly below it)? One primary-key probe. */
export async function inTeam(db: Executor, agentId: number, memberId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM member_tree WHERE ancestor_id = ${agentId} AND descendant_id = ${memberId} AND depth > 0`,
  );
  return rows.length > 0;
}

/** Turn PostgreSQL's JIT off for the rest of the transaction (the team pages' read snapshot). */
export async function jitOff(tx: Executor): Promise<void> {
  await tx.execute(sql`SET LOCAL jit = off`);
}

/**
 * The round records of a set of members in a range, per (group key) — the one query behind the
 * overview, team betting and profit pages.
 */
function roundSums(members: SQL, r: Range, key: SQL): SQL {
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

/** The round sums of a team (or its members matching a name) in a range, per key. */
export function teamRoundSums(db: Executor, set: TeamSet, r: Range, key: RoundKey) {
  return queryRows<RoundSumRow>(db, roundSums(teamFilter(set), r, roundKey(key)));
}

/** Deposits and paid withdrawals of a set of members in a range, per member, from the ledger. */
function cashSums(members: SQL, r: Range, currency: string): SQL {
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

/** Deposits and paid withdrawals of a team (or its members matching a name) in a range, per member. */
export function teamCashSums(db: Executor, set: TeamSet, r: Range, currency: string) {
  return queryRows<{ member_id: number; deposits: string; withdrawals: string }>(
    db,
    cashSums(teamFilter(set), r, currency),
  );
}

// ---- The overview from the agents' team totals (team.ts overviewFast) ----

/** The rollup's watermarks, the agent's currency and whether its totals are being rebuilt. */
export async function teamTotalsState(db: Executor, agentId: number) {
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
  return st;
}

/** Is a row's member (`col`) in the agent's team: a scalar subquery, one primary-key probe per
 * row, never a hash of the team's closure rows. */
const probeInTeam = (agentId: number, col: string) =>
  sql.raw(
    `(SELECT true FROM member_tree mt WHERE mt.ancestor_id = ${Number(agentId)} AND mt.descendant_id = ${col} AND mt.depth > 0)`,
  );

export function teamSizeTotal(db: Executor, agentId: number) {
  return queryRows<{ size: number }>(
    db,
    sql`SELECT coalesce((SELECT size FROM agent_team_sizes WHERE agent_id = ${agentId}), 0)::int AS size`,
  );
}

/** The team's closed days [dFrom, dUntil) from agent_team_days. */
export function teamDays(db: Executor, agentId: number, dFrom: string, dUntil: string) {
  return queryRows<TeamRow>(
    db,
    sql`SELECT (d.day - DATE '1970-01-01')::text AS key, d.bets::text, d.wins::text, d.refunds::text,
              d.deposits::text, d.withdrawals::text, d.active, d.new_members, d.gap_days, d.gap_counts
            FROM agent_team_days d WHERE d.agent_id = ${agentId} AND d.day >= ${dFrom}::date AND d.day < ${dUntil}::date`,
  );
}

/** The team's rolled hours [from, to) from agent_team_hours, keyed by Manila day number. */
export function teamHours(db: Executor, agentId: number, from: Date, to: Date) {
  return queryRows<TeamRow>(
    db,
    sql`SELECT ${manilaDay("h.hour")} AS key, h.bets::text, h.wins::text, h.refunds::text, h.deposits::text,
              h.withdrawals::text, h.first_active AS active, h.new_members, h.gap_days, h.gap_counts
            FROM agent_team_hours h WHERE h.agent_id = ${agentId} AND h.hour >= ${ts(from)} AND h.hour < ${ts(to)}`,
  );
}

/** Wins of the team in [from, to) still held for review (or rejected), per Manila day number,
 * each win's member probed in the closure. */
export function teamHeldWinsProbed(db: Executor, agentId: number, from: Date, to: Date) {
  return queryRows<{ key: string; wins: string }>(
    db,
    sql`SELECT ${manilaDay("p.created_at")} AS key, sum(p.amount)::text AS wins
            FROM held_win_log w
            JOIN game_transaction_log p ON p.transaction_id = w.transaction_id AND p.vendor = w.vendor AND p.kind = 'win'
            WHERE w.status <> 'approved' AND p.created_at >= ${ts(from)} AND p.created_at < ${ts(to)}
              AND ${probeInTeam(agentId, "p.member_id")}
            GROUP BY 1`,
  );
}

/** The team's bets, wins (less those held) and refunds in a range from the records, in one row. */
export function teamTailPlay(db: Executor, agentId: number, tail: Range) {
  return queryRows<RoundSumRow>(
    db,
    sql`WITH p AS (
              SELECT p.member_id, p.kind, p.amount, p.vendor, p.created_at, p.transaction_id, p.ref_transaction_id
              FROM game_transaction_log p
              WHERE p.created_at >= ${ts(tail.from)} AND p.created_at < ${ts(tail.to)}
                AND p.kind IN ('bet', 'win', 'rollback') AND ${probeInTeam(agentId, "p.member_id")})
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
  );
}

/** The team's deposits and paid withdrawals in a range from the ledger, in one row. */
export function teamTailCash(db: Executor, agentId: number, currency: string, tail: Range) {
  return queryRows<{ deposits: string; withdrawals: string }>(
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
                AND t.created_at >= ${ts(tail.from)} AND t.created_at < ${ts(tail.to)} AND ${probeInTeam(agentId, "t.member_id")}
            ) x`,
  );
}

/**
 * The tail's bettors not active earlier that day (rolled hours since `dayStart`), and of those,
 * not active earlier in the period (closed days [dFrom, doneUntil)).
 */
export function teamTailActive(
  db: Executor,
  agentId: number,
  tail: Range,
  dayStart: Date,
  dFrom: string,
  doneUntil: string,
) {
  return queryRows<{ today: number; period: number }>(
    db,
    sql`WITH m AS (
              SELECT DISTINCT p.member_id FROM game_transaction_log p
              WHERE p.kind = 'bet' AND p.created_at >= ${ts(tail.from)} AND p.created_at < ${ts(tail.to)}
                AND ${probeInTeam(agentId, "p.member_id")}
            ), n AS (
              -- Probed per bettor (a scalar subquery: one range of the member index each).
              SELECT m.member_id FROM m WHERE (
                SELECT 1 FROM agent_member_hours h WHERE h.member_id = m.member_id AND h.bet_count > 0
                  AND h.hour >= ${ts(dayStart)} AND h.hour < ${ts(tail.from)} LIMIT 1) IS NULL
            )
            SELECT count(*)::int AS today, count(*) FILTER (WHERE (
                SELECT 1 FROM agent_member_days d WHERE d.member_id = n.member_id AND d.bet_count > 0
                  AND d.day >= ${dFrom}::date AND d.day < ${doneUntil}::date LIMIT 1) IS NULL)::int AS period
            FROM n`,
  );
}

/** The team's members registered in a range, each probed in the closure. */
export function teamTailNewMembers(db: Executor, agentId: number, tail: Range) {
  return queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM member_directory m
            WHERE m.created_at >= ${ts(tail.from)} AND m.created_at < ${ts(tail.to)} AND ${probeInTeam(agentId, "m.id")}`,
  );
}

// ---- The overview from the per-member rollup and the records (team.ts overviewIn) ----

/** Closed Manila days [dayFrom, dayUntil) of the per-member rollup. */
export interface RolledDays {
  dayFrom: string;
  dayUntil: string;
}

export function teamSize(db: Executor, agentId: number) {
  return queryRows<{ size: number }>(
    db,
    sql`SELECT count(*)::int AS size FROM member_tree t WHERE t.ancestor_id = ${agentId} AND t.depth > 0`,
  );
}

/** New members: the period's registrations (members_created_idx), each probed in the closure. */
export function teamNewMembers(db: Executor, agentId: number, r: Range) {
  return queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM member_directory m
        WHERE m.created_at >= ${ts(r.from)} AND m.created_at < ${ts(r.to)}
          AND EXISTS (SELECT 1 FROM member_tree t WHERE t.ancestor_id = ${agentId} AND t.descendant_id = m.id AND t.depth > 0)`,
  );
}

/** The team's rolled days from agent_member_days, per Manila day number. */
export function teamRolledDays(db: Executor, agentId: number, rolled: RolledDays) {
  return queryRows<RoundSumRow>(
    db,
    sql`WITH team AS (${teamIds(agentId)})
            SELECT (d.day - DATE '1970-01-01')::text AS key, sum(d.bet_count)::int AS rounds,
              count(*) FILTER (WHERE d.bet_count > 0)::int AS active, sum(d.bets)::text AS bets,
              sum(d.wins)::text AS wins, sum(d.refunds)::text AS refunds
            FROM agent_member_days d JOIN team ON team.id = d.member_id
            WHERE d.day >= ${rolled.dayFrom}::date AND d.day < ${rolled.dayUntil}::date
            GROUP BY d.day`,
  );
}

/** Wins of the team on the rolled days still held for review (or rejected), per Manila day number. */
export function teamHeldWins(db: Executor, agentId: number, from: Date, to: Date) {
  return queryRows<{ key: string; wins: string }>(
    db,
    sql`SELECT ${manilaDay("p.created_at")} AS key, sum(p.amount)::text AS wins
            FROM held_win_log w
            JOIN game_transaction_log p ON p.transaction_id = w.transaction_id AND p.vendor = w.vendor AND p.kind = 'win'
            WHERE w.status <> 'approved'
              AND p.created_at >= ${ts(from)} AND p.created_at < ${ts(to)}
              AND p.member_id IN (${teamIds(agentId)})
            GROUP BY 1`,
  );
}

/** The team's deposits and paid withdrawals: rolled days from the rollup, live ranges from the ledger. */
export function teamCashTotal(
  db: Executor,
  agentId: number,
  currency: string,
  rolled: RolledDays | null,
  live: readonly Range[],
) {
  const members = teamIds(agentId);
  return queryRows<{ deposits: string; withdrawals: string }>(
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
  );
}

/** Active members over the whole period: distinct across days (and across both halves). */
export function teamActiveTotal(
  db: Executor,
  agentId: number,
  rolled: RolledDays | null,
  live: readonly Range[],
) {
  const members = teamIds(agentId);
  return queryRows<{ n: number }>(
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
  );
}

// ---- Team pages (team-pages.ts) ----

export interface TeamMemberDbRow {
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
}

/**
 * A page of the members under `root` (all levels, or direct downlines only; optionally by name),
 * each with its level below `viewerId`, then the count of all that match: two statements, one
 * after the other on the caller's connection.
 */
export async function teamMemberPage(
  db: Executor,
  viewerId: number,
  f: { root: number; directOnly: boolean; q?: string | undefined; page: number; pageSize: number },
) {
  const where = sql`t.ancestor_id = ${f.root} AND t.depth ${f.directOnly ? sql`= 1` : sql`> 0`}
    ${f.q ? sql`AND m.username LIKE ${like(f.q)}` : sql``}`;
  const rows = await queryRows<TeamMemberDbRow>(
    db,
    sql`SELECT m.id::int AS id, m.username, mine.depth::int AS level, m.is_agent::int AS is_agent,
          m.upline_id::int AS upline_id, u.username AS upline_name, coalesce(a.balance, 0)::text AS balance,
          to_char(m.last_login_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_login_at,
          to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
          (SELECT count(*) - 1 FROM member_tree s WHERE s.ancestor_id = m.id)::int AS team_size
        FROM member_tree t
        JOIN member_directory m ON m.id = t.descendant_id
        JOIN member_tree mine ON mine.ancestor_id = ${viewerId} AND mine.descendant_id = m.id
        LEFT JOIN member_directory u ON u.id = m.upline_id
        LEFT JOIN ledger_balances a ON a.member_id = m.id AND a.kind = 'main' AND a.currency = m.currency
        WHERE ${where}
        ORDER BY t.depth, m.id
        LIMIT ${f.pageSize} OFFSET ${(f.page - 1) * f.pageSize}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM member_tree t JOIN member_directory m ON m.id = t.descendant_id WHERE ${where}`,
  );
  return { rows, count };
}

/** Usernames of members by id. */
export function memberNames(db: Executor, ids: readonly number[]) {
  return queryRows<{ id: number; username: string }>(
    db,
    sql`SELECT id::int AS id, username FROM member_directory WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

export type TeamTransactionType =
  | "deposit"
  | "withdrawal"
  | "transfer"
  | "adjustment"
  | "bet"
  | "win"
  | "other";

const TYPE_FILTER: Record<TeamTransactionType, SQL> = {
  deposit: sql`t.type = 'deposit'`,
  withdrawal: sql`t.type LIKE 'withdrawal%'`,
  transfer: sql`t.type = 'transfer'`,
  adjustment: sql`t.type = 'adjustment'`,
  bet: sql`t.type = 'bet'`,
  win: sql`t.type = 'win'`,
  other: sql`t.type NOT IN ('deposit', 'transfer', 'adjustment', 'bet', 'win') AND t.type NOT LIKE 'withdrawal%'`,
};

/**
 * A page of the ledger transactions that moved the team's (or matching members') money in a
 * range, newest first, then the count of all: read through the members' accounts
 * (ledger_entries_account_idx), so a transfer posted by the upline shows on the downline's line.
 */
export async function teamTransactionPage(
  db: Executor,
  set: TeamSet,
  r: Range,
  f: { type?: TeamTransactionType | undefined; page: number; pageSize: number },
) {
  const base = sql`WITH team AS (${teamFilter(set)}),
    ent AS (
      SELECT e.transaction_id, a.member_id, e.amount, e.balance_after, a.kind, e.created_at
      FROM ledger_balances a JOIN team ON team.id = a.member_id
      JOIN ledger_entry_log e ON e.account_id = a.account_id
      WHERE e.created_at >= ${r.from.toISOString()}::timestamptz AND e.created_at < ${r.to.toISOString()}::timestamptz),
    lines AS (
      SELECT ent.transaction_id, ent.member_id, t.type, sum(ent.amount) AS amount,
        max(ent.balance_after) FILTER (WHERE ent.kind = 'main') AS balance_after, min(ent.created_at) AS at
      FROM ent JOIN ledger_transaction_log t ON t.id = ent.transaction_id
      ${f.type ? sql`WHERE ${TYPE_FILTER[f.type]}` : sql``}
      GROUP BY ent.transaction_id, ent.member_id, t.type)`;
  const rows = await queryRows<{
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
        LIMIT ${f.pageSize} OFFSET ${(f.page - 1) * f.pageSize}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`${base} SELECT count(*)::int AS n FROM lines`);
  return { rows, count };
}
