import { formatMoney } from "@panalo/contracts/money-format";
import { formatDateTime } from "../../lib/dates.ts";
import { type TextKey, t } from "../../lib/i18n.ts";
import type { MemberRg } from "./rg-api.ts";

type HistoryItem = MemberRg["history"][number];

// Catalogue keys of the stored periods, kinds and blocks; an unknown one is shown as stored.
const PERIOD: Record<string, TextKey> = {
  day: "rgHistory.period.day",
  week: "rgHistory.period.week",
  month: "rgHistory.period.month",
};
const KIND: Record<string, TextKey> = {
  deposit: "rgHistory.kind.deposit",
  loss: "rgHistory.kind.loss",
  wager: "rgHistory.kind.wager",
};
const BLOCK: Record<string, TextKey> = {
  cooling_off: "rg.block.cooling_off",
  self_exclusion: "rg.block.self_exclusion",
};

const text = (v: unknown): string | null => (typeof v === "string" ? v : null);
const minutesOf = (v: unknown): number | null => (typeof v === "number" && v > 0 ? v : null);
const word = (keys: Record<string, TextKey>, v: string): string => {
  const key = keys[v];
  return key ? t(key) : v;
};

/** "₱5,000.00" for pesos, "USD 5,000.00" for another currency. */
function amount(v: unknown, currency: string): string {
  const s = text(v);
  if (s === null) return t("rgHistory.noLimit");
  return formatMoney(s, currency === "PHP" ? "₱" : `${currency} `);
}

const centavos = (s: string): bigint => (/^-?\d+\.\d{2}$/.test(s) ? BigInt(s.replace(".", "")) : 0n);

const minutes = (v: number | null) =>
  v === null ? t("rgHistory.noLimit") : t("rgHistory.minutes", { n: v });

/** "Daily deposit limit" from the stored kind and period. */
function limitName(d: Record<string, unknown>): string {
  const period = text(d.period) ?? "";
  const kind = word(KIND, text(d.kind) ?? "");
  return (
    period
      ? t("rgHistory.limitName", { period: word(PERIOD, period), kind })
      : t("rgHistory.limitNameNoPeriod", { kind })
  ).trim();
}

/** Lowered, raised, set or removed, said from the amounts before and after. */
function limitChange(d: Record<string, unknown>, currency: string): string {
  const from = text(d.from);
  const to = text(d.to);
  const name = limitName(d);
  if (from === null && to === null) return t("rgHistory.leftUnset", { name });
  if (from === null) return t("rgHistory.setTo", { name, amount: amount(to, currency) });
  if (to === null) return t("rgHistory.removed", { name, amount: amount(from, currency) });
  // Both are the server's two-decimal amounts, so their digits compare as whole centavos.
  const diff = centavos(to) - centavos(from);
  if (diff === 0n) return t("rgHistory.keptAt", { name, amount: amount(to, currency) });
  return t(diff < 0n ? "rgHistory.lowered" : "rgHistory.raised", {
    name,
    from: amount(from, currency),
    to: amount(to, currency),
  });
}

/**
 * One responsible-gaming history entry as the sentence an operator reads, in the operator's
 * language (looked up on each call, so it follows a language switch).
 */
export function historySentence(item: HistoryItem, currency: string): string {
  const d = item.detail;
  const by = t(item.byOperator ? "rgHistory.byOperator" : "rgHistory.byMember");
  switch (item.action) {
    case "limit.set":
      return `${limitChange(d, currency)} ${by}.`;
    case "limit.raise-requested":
    case "limit.remove-requested":
      return t("rgHistory.requested", {
        change: limitChange(d, currency),
        by,
        at: formatDateTime(text(d.readyAt)),
      });
    case "limit.confirmed":
      return t("rgHistory.confirmed", { change: limitChange(d, currency), by });
    case "limit.cancelled":
      return t("rgHistory.limitCancelled", { limit: limitName(d).toLowerCase(), by });
    case "session.set": {
      const to = minutesOf(d.sessionMinutes);
      const check = minutesOf(d.realityCheckMinutes);
      const session =
        to === null
          ? t("rgHistory.sessionRemoved")
          : t("rgHistory.sessionSet", { to: minutes(to), from: minutes(minutesOf(d.from)) });
      return `${session}${check === null ? "" : t("rgHistory.realityCheck", { n: check })}, ${by}.`;
    }
    case "session.raise-requested":
      return t("rgHistory.sessionRequested", {
        from: minutes(minutesOf(d.from)),
        to: minutes(minutesOf(d.sessionMinutes)),
        by,
      });
    case "session.confirmed":
      return t("rgHistory.sessionConfirmed", { to: minutes(minutesOf(d.to)), by });
    case "session.cancelled":
      return t("rgHistory.sessionCancelled", { by });
    case "exclusion.cooling_off":
    case "exclusion.self_exclusion": {
      const kind = word(BLOCK, item.action.slice("exclusion.".length));
      const reason = text(d.reason);
      const until = t("rgHistory.exclusion", { kind, at: formatDateTime(text(d.endsAt)), by });
      return `${until}${reason ? `: ${reason}` : ""}.`;
    }
    default: {
      // A kind this screen does not know yet: its fields in words rather than raw JSON.
      const fields = Object.entries(d)
        .map(([k, v]) => `${k} ${v === null ? t("rg.none") : String(v)}`)
        .join(", ");
      return `${item.action}${fields ? ` (${fields})` : ""} ${by}.`;
    }
  }
}
