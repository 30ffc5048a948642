import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../../db/client.ts";

/** Statements of the rankings (rankings.ts): the members' days summed and the stored snapshots. */

export type RankKind = "deposit" | "bet";

/** How many Manila days a ranking covers, if the rules row exists. */
export async function rankDays(exec: Executor) {
  const [s] = await queryRows<{ rank_days: number }>(
    exec,
    sql`SELECT rank_days FROM loyalty_settings WHERE id = 1`,
  );
  return s;
}

/**
 * The top 20 members by deposits or valid bets over the days `from`..`to` (inclusive), with
 * their names (the members' view member_directory).
 */
export async function rankingTop(exec: Executor, kind: RankKind, from: string, to: string) {
  const col = kind === "deposit" ? sql`d.deposit` : sql`d.valid_bet`;
  return queryRows<{ username: string; total: string }>(
    exec,
    sql`SELECT m.username, SUM(${col})::text AS total FROM loyalty_member_days d JOIN member_directory m ON m.id = d.member_id
          WHERE d.day >= ${from}::date AND d.day <= ${to}::date
          GROUP BY m.id, m.username HAVING SUM(${col}) > 0 ORDER BY SUM(${col}) DESC, m.id LIMIT 20`,
  );
}

/** A ranking's snapshot stored (one row per kind, replaced). */
export async function saveRankingSnapshot(
  exec: Executor,
  kind: RankKind,
  r: { from: string; to: string; rows: string; at: Date },
): Promise<void> {
  await exec.execute(
    sql`INSERT INTO ranking_snapshots (kind, from_day, to_day, rows, refreshed_at)
          VALUES (${kind}, ${r.from}::date, ${r.to}::date, ${r.rows}::jsonb, ${r.at})
          ON CONFLICT (kind) DO UPDATE SET from_day = EXCLUDED.from_day, to_day = EXCLUDED.to_day,
            rows = EXCLUDED.rows, refreshed_at = EXCLUDED.refreshed_at`,
  );
}

export async function rankingSnapshot(exec: Executor, kind: RankKind) {
  const [row] = await queryRows<{
    from_day: string;
    to_day: string;
    rows: Array<{ rank: number; name: string; amount: string }>;
    refreshed_at: string | Date;
  }>(
    exec,
    sql`SELECT from_day::text AS from_day, to_day::text AS to_day, rows, refreshed_at FROM ranking_snapshots WHERE kind = ${kind}`,
  );
  return row;
}
