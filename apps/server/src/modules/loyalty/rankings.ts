import { formatMinor } from "@panalo/contracts/money";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { addDays, manilaDay } from "../reports/service.ts";

/**
 * Top-20 rankings (spec §2 /deposit-rank, /bet-rank): deposits and valid bets
 * over the operator's last rank_days Manila days, from loyalty_member_days, names masked.
 * Refreshed on a schedule into ranking_snapshots, so a page view reads one row.
 */
export type RankKind = "deposit" | "bet";

export const maskName = (u: string) =>
  u.length <= 2 ? `${u[0] ?? ""}*` : `${u.slice(0, 2)}***${u.slice(-1)}`;

export async function refreshRankings(ctx: AppContext): Promise<{ deposit: number; bet: number }> {
  const [s] = await queryRows<{ rank_days: number }>(
    ctx.db,
    sql`SELECT rank_days FROM loyalty_settings WHERE id = 1`,
  );
  const to = manilaDay(ctx.clock.now());
  const from = addDays(to, -((s?.rank_days ?? 7) - 1));
  const out = { deposit: 0, bet: 0 };
  for (const kind of ["deposit", "bet"] as const) {
    const col = kind === "deposit" ? sql`d.deposit` : sql`d.valid_bet`;
    const rows = await queryRows<{ username: string; total: string }>(
      ctx.db,
      sql`SELECT m.username, SUM(${col})::text AS total FROM loyalty_member_days d JOIN member_directory m ON m.id = d.member_id
          WHERE d.day >= ${from}::date AND d.day <= ${to}::date
          GROUP BY m.id, m.username HAVING SUM(${col}) > 0 ORDER BY SUM(${col}) DESC, m.id LIMIT 20`,
    );
    const list = rows.map((r, i) => ({
      rank: i + 1,
      name: maskName(r.username),
      amount: formatMinor(BigInt(r.total)),
    }));
    await ctx.db.execute(
      sql`INSERT INTO ranking_snapshots (kind, from_day, to_day, rows, refreshed_at)
          VALUES (${kind}, ${from}::date, ${to}::date, ${JSON.stringify(list)}::jsonb, ${ctx.clock.now()})
          ON CONFLICT (kind) DO UPDATE SET from_day = EXCLUDED.from_day, to_day = EXCLUDED.to_day,
            rows = EXCLUDED.rows, refreshed_at = EXCLUDED.refreshed_at`,
    );
    out[kind] = list.length;
  }
  return out;
}

export async function ranking(exec: Executor, kind: RankKind) {
  const [row] = await queryRows<{
    from_day: string;
    to_day: string;
    rows: Array<{ rank: number; name: string; amount: string }>;
    refreshed_at: string | Date;
  }>(
    exec,
    sql`SELECT from_day::text AS from_day, to_day::text AS to_day, rows, refreshed_at FROM ranking_snapshots WHERE kind = ${kind}`,
  );
  return row
    ? {
        from: row.from_day,
        to: row.to_day,
        rows: row.rows,
        refreshedAt: new Date(row.refreshed_at).toISOString(),
      }
    : { from: null, to: null, rows: [], refreshedAt: null };
}
