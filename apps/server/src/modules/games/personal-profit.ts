import type { ProfitFigures, ProfitValue } from "@panalo/contracts/account";
import { addDays, manilaDay, manilaStart } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money";
import type { Executor } from "../../db/client.ts";
import { memberCurrency } from "../members/service.ts";
import { profitRows, type ProfitRow as Row } from "./repo/rounds.ts";

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
  const from = manilaStart(q.startDate);
  const to = manilaStart(addDays(q.endDate, 1));
  const [rows, currency] = await Promise.all([
    profitRows(exec, memberId, from, to),
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
