import type { RoundsReportQuery } from "@panalo/contracts/admin-reports";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { type Database, type Executor, queryRows } from "../../../db/client.ts";
import { addDays, manilaStart } from "../days.ts";
import { dir, type Num, ts } from "./common.ts";

/** Statements of the rounds report: one row per bet, from the round records. */

function roundsWhere(
  q: RoundsReportQuery,
  member: number | null,
  // Trial (FUN) members never count: by the members join, or (the export, no join) an
  // anti-join on migration 0902's index of them.
  notTrial: SQL = sql`m.currency <> 'FUN'`,
) {
  const from = manilaStart(q.from);
  const to = manilaStart(addDays(q.to, 1));
  const parts: SQL[] = [
    sql`b.kind = 'bet'`,
    sql`b.created_at >= ${ts(from)}`,
    sql`b.created_at < ${ts(to)}`,
    notTrial,
  ];
  if (member !== null) parts.push(sql`b.member_id = ${member}`);
  if (q.vendor) parts.push(sql`b.vendor = ${q.vendor.toUpperCase()}`);
  if (q.state === "rolled_back") parts.push(sql`w.rolled > 0`);
  else if (q.state === "won") parts.push(sql`w.rolled = 0 AND w.win > 0`);
  else if (q.state === "lost") parts.push(sql`w.rolled = 0 AND coalesce(w.win, 0) = 0`);
  return sql.join(parts, sql` AND `);
}

const roundsLateral = sql`LEFT JOIN LATERAL (
    SELECT sum(x.amount) FILTER (
             WHERE x.kind = 'win'
               -- A held win the operator rejected was never the player's.
               AND NOT EXISTS (SELECT 1 FROM held_win_log v
                                WHERE v.transaction_id = x.transaction_id
                                  AND v.vendor = x.vendor AND v.status = 'rejected')) AS win,
           count(*) FILTER (WHERE x.kind = 'rollback') AS rolled
      FROM game_transaction_log x
     WHERE x.ref_transaction_id = b.transaction_id AND x.vendor = b.vendor) w ON TRUE`;
const roundsFrom = sql`game_transaction_log b JOIN member_directory m ON m.id = b.member_id ${roundsLateral}`;

const roundsCols = sql`b.id::text AS id, b.created_at AS at,
  to_char(b.created_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD HH24:MI:SS') AS local_time,
  m.username, b.vendor, coalesce(b.game_code, '') AS game_code, b.round_id,
  b.amount::text AS bet, coalesce(w.win, 0)::text AS win,
  CASE WHEN w.rolled > 0 THEN 'rolled_back' WHEN w.win > 0 THEN 'won' ELSE 'lost' END AS state`;

/** A page of rounds in the query's order, and the count of all that match, read at once. */
export function roundsPageRows(exec: Executor, q: RoundsReportQuery, member: number | null) {
  const where = roundsWhere(q, member);
  const sortExpr = { time: sql`b.created_at`, bet: sql`b.amount`, win: sql`coalesce(w.win, 0)` }[q.sort];
  return Promise.all([
    queryRows<Record<string, unknown>>(
      exec,
      sql`SELECT ${roundsCols} FROM ${roundsFrom} WHERE ${where}
           ORDER BY ${sortExpr} ${dir(q.sortDir)}, b.id ${dir(q.sortDir)}
           LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
    ),
    queryRows<{ n: Num }>(exec, sql`SELECT count(*)::int AS n FROM ${roundsFrom} WHERE ${where}`),
  ]);
}

const dialect = new PgDialect();

/**
 * The export's page reader: the rounds of a query in time order, `pageRows` at a time by keyset
 * on (created_at, id) — the records' time index — each page starting after the row `afterId`
 * (its time looked up by id; null: the first page). Rows as arrays of driver text: id, Manila
 * time, member id, vendor, game, round, bet, win, state.
 */
export function roundsCsvReader(
  database: Database,
  q: RoundsReportQuery,
  member: number | null,
  pageRows: number,
): (afterId: string | null) => Promise<unknown[][]> {
  const where = roundsWhere(
    q,
    member,
    sql`NOT EXISTS (SELECT 1 FROM member_directory f WHERE f.id = b.member_id AND f.currency = 'FUN')`,
  );
  const asc = q.sortDir === "asc";
  return (afterId: string | null): Promise<unknown[][]> => {
    const cursor: SQL =
      afterId === null
        ? sql``
        : sql`AND (b.created_at, b.id) ${sql.raw(asc ? ">" : "<")}
                ((SELECT c.created_at FROM game_transaction_log c WHERE c.id = ${afterId}::bigint), ${afterId}::bigint)`;
    const query = dialect.sqlToQuery(
      sql`SELECT b.id::text, to_char(b.created_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD HH24:MI:SS'),
                 b.member_id::text, b.vendor, coalesce(b.game_code, ''), b.round_id, b.amount::text,
                 coalesce(w.win, 0)::text,
                 CASE WHEN w.rolled > 0 THEN 'rolled_back' WHEN w.win > 0 THEN 'won' ELSE 'lost' END
            FROM game_transaction_log b ${roundsLateral} WHERE ${where} ${cursor}
           ORDER BY b.created_at ${dir(q.sortDir)}, b.id ${dir(q.sortDir)} LIMIT ${pageRows}`,
    );
    return database.arrays(query.sql, query.params, { bulk: true });
  };
}

/** Usernames of members by id, as [id, username] arrays of driver text. */
export function usernameArrays(database: Database, ids: readonly string[]) {
  return database.arrays("SELECT id::text, username FROM member_directory WHERE id = ANY($1::bigint[])", [
    [...ids],
  ]);
}
