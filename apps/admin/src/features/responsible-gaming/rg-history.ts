import { formatMoney } from "@panalo/contracts/money-format";
import { formatDateTime } from "../../lib/dates.ts";
import type { MemberRg } from "./rg-api.ts";

type HistoryItem = MemberRg["history"][number];

const PERIOD: Record<string, string> = { day: "Daily", week: "Weekly", month: "Monthly" };
const BLOCK: Record<string, string> = { cooling_off: "Cooling-off", self_exclusion: "Self-exclusion" };

const text = (v: unknown): string | null => (typeof v === "string" ? v : null);
const minutesOf = (v: unknown): number | null => (typeof v === "number" && v > 0 ? v : null);

/** "₱5,000.00" for pesos, "USD 5,000.00" for another currency. */
function amount(v: unknown, currency: string): string {
  const s = text(v);
  if (s === null) return "no limit";
  return formatMoney(s, currency === "PHP" ? "₱" : `${currency} `);
}

const centavos = (s: string): bigint => (/^-?\d+\.\d{2}$/.test(s) ? BigInt(s.replace(".", "")) : 0n);

const minutes = (v: number | null) => (v === null ? "no limit" : `${v} minutes`);

/** "Daily deposit limit" from the stored kind and period. */
function limitName(d: Record<string, unknown>): string {
  const period = PERIOD[text(d.period) ?? ""] ?? text(d.period) ?? "";
  return `${period} ${text(d.kind) ?? ""} limit`.trim();
}

/** Lowered, raised, set or removed, said from the amounts before and after. */
function limitChange(d: Record<string, unknown>, currency: string): string {
  const from = text(d.from);
  const to = text(d.to);
  const name = limitName(d);
  if (from === null && to === null) return `${name} left unset`;
  if (from === null) return `${name} set to ${amount(to, currency)}`;
  if (to === null) return `${name} of ${amount(from, currency)} removed`;
  // Both are the server's two-decimal amounts, so their digits compare as whole centavos.
  const diff = centavos(to) - centavos(from);
  if (diff === 0n) return `${name} kept at ${amount(to, currency)}`;
  const verb = diff < 0n ? "lowered" : "raised";
  return `${name} ${verb} from ${amount(from, currency)} to ${amount(to, currency)}`;
}

/** One responsible-gaming history entry as the sentence an operator reads. */
export function historySentence(item: HistoryItem, currency: string): string {
  const d = item.detail;
  const by = item.byOperator ? "by an operator" : "by the member";
  switch (item.action) {
    case "limit.set":
      return `${limitChange(d, currency)} ${by}.`;
    case "limit.raise-requested":
    case "limit.remove-requested":
      return `${limitChange(d, currency)}: requested ${by}, possible from ${formatDateTime(text(d.readyAt))}.`;
    case "limit.confirmed":
      return `${limitChange(d, currency)} ${by}, after the waiting period.`;
    case "limit.cancelled":
      return `Waiting change of the ${limitName(d).toLowerCase()} cancelled ${by}.`;
    case "session.set": {
      const to = minutesOf(d.sessionMinutes);
      const check = minutesOf(d.realityCheckMinutes);
      const session =
        to === null
          ? "Session limit removed"
          : `Session limit set to ${minutes(to)} (was ${minutes(minutesOf(d.from))})`;
      return `${session}${check === null ? "" : `, reality check every ${check} minutes`}, ${by}.`;
    }
    case "session.raise-requested":
      return `Session limit change from ${minutes(minutesOf(d.from))} to ${minutes(minutesOf(d.sessionMinutes))} requested ${by}; it waits before it takes effect.`;
    case "session.confirmed":
      return `Session limit changed to ${minutes(minutesOf(d.to))} ${by}, after the waiting period.`;
    case "session.cancelled":
      return `Waiting session limit change cancelled ${by}.`;
    case "exclusion.cooling_off":
    case "exclusion.self_exclusion": {
      const kind = BLOCK[item.action.slice("exclusion.".length)];
      const reason = text(d.reason);
      return `${kind} until ${formatDateTime(text(d.endsAt))} ${by}${reason ? `: ${reason}` : ""}.`;
    }
    default: {
      // A kind this screen does not know yet: its fields in words rather than raw JSON.
      const fields = Object.entries(d)
        .map(([k, v]) => `${k} ${v === null ? "none" : String(v)}`)
        .join(", ");
      return `${item.action}${fields ? ` (${fields})` : ""} ${by}.`;
    }
  }
}
