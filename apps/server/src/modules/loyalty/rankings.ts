import { formatMinor } from "@panalo/contracts/money";
import type { Executor } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { addDays, manilaDay } from "../reports/service.ts";
import {
  type RankKind,
  rankDays,
  rankingSnapshot,
  rankingTop,
  saveRankingSnapshot,
} from "./repo/rankings.ts";

/**
 * Top-20 rankings (spec §2 /deposit-rank, /bet-rank): deposits and valid bets
 * over the operator's last rank_days Manila days, from loyalty_member_days, names masked.
 * Refreshed on a schedule into ranking_snapshots, so a page view reads one row.
 */
export type { RankKind } from "./repo/rankings.ts";

export const maskName = (u: string) =>
  u.length <= 2 ? `${u[0] ?? ""}*` : `${u.slice(0, 2)}***${u.slice(-1)}`;

export async function refreshRankings(ctx: AppContext): Promise<{ deposit: number; bet: number }> {
  const s = await rankDays(ctx.db);
  const to = manilaDay(ctx.clock.now());
  const from = addDays(to, -((s?.rank_days ?? 7) - 1));
  const out = { deposit: 0, bet: 0 };
  for (const kind of ["deposit", "bet"] as const) {
    const rows = await rankingTop(ctx.db, kind, from, to);
    const list = rows.map((r, i) => ({
      rank: i + 1,
      name: maskName(r.username),
      amount: formatMinor(BigInt(r.total)),
    }));
    await saveRankingSnapshot(ctx.db, kind, { from, to, rows: JSON.stringify(list), at: ctx.clock.now() });
    out[kind] = list.length;
  }
  return out;
}

export async function ranking(exec: Executor, kind: RankKind) {
  const row = await rankingSnapshot(exec, kind);
  return row
    ? {
        from: row.from_day,
        to: row.to_day,
        rows: row.rows,
        refreshedAt: new Date(row.refreshed_at).toISOString(),
      }
    : { from: null, to: null, rows: [], refreshedAt: null };
}
