/**
 * The account record's filters (spec §7 ODSFE2_MemTransDet): calendar days in Manila time,
 * as the platform counts them, and the movement types grouped as a player thinks of them.
 */

/** The platform refuses ranges longer than this (wallet/routes.ts range_too_long). */
export const MAX_RANGE_DAYS = 92;

/** Ledger movement types, by the group the type filter offers. */
export const TYPE_GROUPS = {
  all: [],
  deposit: ["deposit"],
  withdrawal: ["withdrawal_hold", "withdrawal_paid", "withdrawal_released"],
  transfer: ["transfer", "vendor_transfer", "vendor_transfer_refund"],
  adjustment: ["adjustment"],
  game: ["bet", "win", "rollback", "vendor_result"],
  commission: ["dividend", "salary"],
} as const satisfies Record<string, readonly string[]>;
export type TypeGroup = keyof typeof TYPE_GROUPS;
export const TYPE_GROUP_IDS: readonly TypeGroup[] = [
  "all",
  "deposit",
  "withdrawal",
  "transfer",
  "adjustment",
  "game",
  "commission",
];

/** Types the catalog has a name for; others show as the platform wrote them. */
export const KNOWN_TYPES = [
  "deposit",
  "withdrawal_hold",
  "withdrawal_paid",
  "withdrawal_released",
  "transfer",
  "adjustment",
  "bet",
  "win",
  "rollback",
  "play_grant",
  "vendor_transfer",
  "vendor_transfer_refund",
  "vendor_result",
  // Agent contracts' settlements.
  "dividend",
  "salary",
];

const manila = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Manila",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's date in Manila ("2026-01-12"). */
export function manilaToday(now = new Date()): string {
  return manila.format(now);
}

/** The calendar day `days` before an ISO date. */
export function daysBefore(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

export type RangeProblem = "missing" | "endBeforeStart" | "tooLong";

export function checkRange(startDate: string, endDate: string): RangeProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || !/^\d{4}-\d{2}-\d{2}$/.test(endDate)) return "missing";
  if (startDate > endDate) return "endBeforeStart";
  if (Date.parse(endDate) - Date.parse(startDate) > MAX_RANGE_DAYS * 86_400_000) return "tooLong";
  return null;
}
