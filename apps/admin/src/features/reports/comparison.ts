import type { DashboardFigures } from "@panalo/contracts/admin-reports";
import { formatMoney } from "@panalo/contracts/money-format";
import { toMinor } from "../finance/money.ts";

/** The figures today is compared on, by the card id FigureCards uses. */
export type ComparedId = "deposits" | "withdrawals" | "ggr" | "ngr" | "rounds" | "active" | "new" | "ftd";

export interface Change {
  /** "+12.5%", "−3.0%", "no change", or "new" when the base was zero. */
  text: string;
  direction: "up" | "down" | "same";
}

export interface Comparison {
  /** Yesterday's figure and today's change from it. */
  yesterday: { value: string; change: Change };
  /** The average day of the 7 days before today and today's change from it; null for a figure
   * that is not a sum of days (distinct players over a week are not seven days' counts). */
  week: { value: string; change: Change } | null;
}

const MONEY: Partial<Record<ComparedId, keyof DashboardFigures>> = {
  deposits: "deposits",
  withdrawals: "withdrawals",
  ggr: "ggr",
  ngr: "ngr",
};
const COUNT: Partial<Record<ComparedId, keyof DashboardFigures>> = {
  rounds: "rounds",
  active: "activePlayers",
  new: "newPlayers",
  ftd: "firstDepositors",
};

/**
 * Today against a base, both scaled to whole units (centavos, counts; the base may be a sum of
 * `days` days): the change in per cent to one decimal, rounded toward zero.
 */
export function changeOf(now: bigint, baseTotal: bigint, days = 1n): Change {
  const diff = now * days - baseTotal;
  if (diff === 0n) return { text: "no change", direction: "same" };
  const direction = diff > 0n ? "up" : "down";
  if (baseTotal === 0n) return { text: "new", direction };
  const base = baseTotal < 0n ? -baseTotal : baseTotal;
  const tenths = ((diff < 0n ? -diff : diff) * 1000n) / base;
  return { text: `${diff > 0n ? "+" : "−"}${tenths / 10n}.${tenths % 10n}%`, direction };
}

const minorOf = (s: string) => toMinor(s) ?? 0n;

/** Each figure of today with yesterday's and the last 7 days' average, and the change from each. */
export function compareFigures(
  today: DashboardFigures,
  yesterday: DashboardFigures,
  week: DashboardFigures,
): Record<ComparedId, Comparison> {
  const out = {} as Record<ComparedId, Comparison>;
  for (const [id, field] of Object.entries(MONEY) as Array<[ComparedId, keyof DashboardFigures]>) {
    const now = minorOf(String(today[field]));
    const y = minorOf(String(yesterday[field]));
    const w = minorOf(String(week[field]));
    out[id] = {
      yesterday: { value: formatMoney(y), change: changeOf(now, y) },
      week: { value: formatMoney(w / 7n), change: changeOf(now, w, 7n) },
    };
  }
  for (const [id, field] of Object.entries(COUNT) as Array<[ComparedId, keyof DashboardFigures]>) {
    const now = BigInt(today[field]);
    const y = BigInt(yesterday[field]);
    const w = BigInt(week[field]);
    out[id] = {
      yesterday: { value: String(y), change: changeOf(now, y) },
      week: id === "active" ? null : { value: (Number(w) / 7).toFixed(1), change: changeOf(now, w, 7n) },
    };
  }
  return out;
}
