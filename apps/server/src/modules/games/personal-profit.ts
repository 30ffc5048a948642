import type { ProfitFigures, ProfitValue } from "@panalo/contracts/account";
import { manilaDay } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";
import { memberCurrency } from "../members/service.ts";
import { aggregateOver } from "./betting-record.ts";

interface Row {
  day: string;
  game_type: string;
  rounds: number;
  bet: string;
  valid_bet: string;
  settled_bet: string;
  win: string;
  open_bet: string;
  open_rounds: number;
}

/**
 * spec §2 personalProfit: the member's profit and loss per Manila day and per game category
 * over a period, from the same round records as the betting record (games/betting-record.ts):
 * the member's bets through provider_transactions_member_bets_idx, each round's other
 * transactions through the round index, then grouped in the database — one query whatever
 * the period. A round's stake is its bets less what rollbacks returned; the valid bet counts
 * settled rounds only (the turnover rule); profit is wins less stakes of settled rounds, from
 * the member's side. A round still open (a sports bet before its match, a lottery slip before
 * its draw) is neither won nor lost: its stake is shown as open, apart from the profit.
 * A win held for review counts only once paid, as in the record and the ledger.
 */
export async function personalProfit(
  exec: Executor,
  memberId: number,
  q: { startDate: string; endDate: string },
): Promise<ProfitValue> {
  const from = new Date(`${q.startDate}T00:00:00+08:00`);
  const to = new Date(Date.parse(`${q.endDate}T00:00:00+08:00`) + 86_400_000);
  const [rows, currency] = await Promise.all([
    queryRows<Row>(
      exec,
      sql`WITH r AS (
          SELECT vendor, round_id, min(created_at) AS started_at, min(id) AS first_id
          FROM game_transaction_log
          WHERE member_id = ${memberId} AND kind = 'bet'
            AND created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz
          GROUP BY vendor, round_id)
        SELECT to_char((a.started_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD') AS day,
          coalesce(v.game_type, 'other') AS game_type,
          count(*)::int AS rounds,
          coalesce(sum(a.bet - a.refunded), 0)::text AS bet,
          coalesce(sum(a.bet - a.refunded) FILTER (WHERE a.closed AND NOT a.rolled), 0)::text AS valid_bet,
          coalesce(sum(a.bet - a.refunded) FILTER (WHERE a.closed), 0)::text AS settled_bet,
          coalesce(sum(a.win) FILTER (WHERE a.closed), 0)::text AS win,
          coalesce(sum(a.bet - a.refunded) FILTER (WHERE NOT a.closed), 0)::text AS open_bet,
          (count(*) FILTER (WHERE NOT a.closed AND a.bet > a.refunded))::int AS open_rounds
        FROM (${aggregateOver("r", memberId)}) a
        LEFT JOIN game_vendors v ON v.vassalage = a.vendor
        GROUP BY 1, 2
        ORDER BY 1, 2`,
    ),
    memberCurrency(exec, memberId),
  ]);
  type Sum = {
    bet: bigint;
    validBet: bigint;
    settledBet: bigint;
    win: bigint;
    openBet: bigint;
    rounds: number;
    openRounds: number;
  };
  const zero = (): Sum => ({
    bet: 0n,
    validBet: 0n,
    settledBet: 0n,
    win: 0n,
    openBet: 0n,
    rounds: 0,
    openRounds: 0,
  });
  const add = (s: Sum, r: Row) => {
    s.bet += BigInt(r.bet);
    s.validBet += BigInt(r.valid_bet);
    s.settledBet += BigInt(r.settled_bet);
    s.win += BigInt(r.win);
    s.openBet += BigInt(r.open_bet);
    s.rounds += r.rounds;
    s.openRounds += r.open_rounds;
  };
  const fig = (s: Sum): ProfitFigures => ({
    bet: formatMinor(s.bet),
    validBet: formatMinor(s.validBet),
    win: formatMinor(s.win),
    profit: formatMinor(s.win - s.settledBet),
    rounds: s.rounds,
    openBet: formatMinor(s.openBet),
    openRounds: s.openRounds,
  });
  const days = new Map<string, Sum>();
  const cats = new Map<string, Sum>();
  const total = zero();
  for (const r of rows) {
    add(days.get(r.day) ?? days.set(r.day, zero()).get(r.day) ?? zero(), r);
    add(cats.get(r.game_type) ?? cats.set(r.game_type, zero()).get(r.game_type) ?? zero(), r);
    add(total, r);
  }
  // Every day of the period, played or not: the chart has no gaps.
  const out: ProfitValue["days"] = [];
  for (let t = from.getTime(); t < to.getTime(); t += 86_400_000) {
    const day = manilaDay(t);
    out.push({ day, ...fig(days.get(day) ?? zero()) });
  }
  return {
    currency: currency ?? "PHP",
    days: out,
    categories: [...cats.entries()].map(([gameType, s]) => ({ gameType, ...fig(s) })),
    total: fig(total),
  };
}
