import { MANILA_LABEL, manilaStamp } from "@panalo/contracts/manila-format";
import { manilaClock, manilaDay, manilaWallMoment } from "@panalo/contracts/manila-time";
import { t } from "./i18n.ts";

/**
 * Every date and time in the back office is Manila time with its zone written beside it, in
 * one format: "2026-11-29 14:05 PHT" (with seconds where an order of events matters). The
 * platform's days are Manila days (contracts/manila-time.ts), whatever the operator's browser
 * zone; date and time inputs are read as Manila wall-clock times and sent as the right instant.
 */
export const ZONE_LABEL = MANILA_LABEL;

const pad = (n: number) => String(n).padStart(2, "0");

function toDate(at: string | number | Date): Date | null {
  const d = at instanceof Date ? at : new Date(at);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "2026-11-29 14:05 PHT" ("—" for none; the text as given when it is not a time). */
export function formatDateTime(
  at: string | number | Date | null | undefined,
  opts: { seconds?: boolean } = {},
): string {
  if (at === null || at === undefined || at === "") return "—";
  const d = toDate(at);
  if (!d) return String(at);
  return manilaStamp(d, opts);
}

/** With seconds: "2026-11-29 14:05:09 PHT" (audit trails, rounds, jobs). */
export const formatDateTimeSeconds = (at: string | number | Date | null | undefined) =>
  formatDateTime(at, { seconds: true });

/** The Manila day of a moment: "2026-11-29" ("—" for none). */
export function formatDay(at: string | number | Date | null | undefined): string {
  if (at === null || at === undefined || at === "") return "—";
  const d = toDate(at);
  return d ? manilaDay(d) : String(at);
}

/** An ISO instant as the value of an `<input type="datetime-local">` in Manila time ("" for none). */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = toDate(iso);
  if (!d) return "";
  const c = manilaClock(d);
  return `${manilaDay(d)}T${pad(c.hour)}:${pad(c.minute)}`;
}

/** A datetime-local value, read as Manila wall-clock time, as an ISO instant; empty means none. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const d = manilaWallMoment(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A publication window in words: "Always", "From …", "Until …" or "… – …". */
export function formatWindow(startsAt: string | null, endsAt: string | null): string {
  if (!startsAt && !endsAt) return t("time.always");
  if (!endsAt) return t("time.from", { at: formatDateTime(startsAt) });
  if (!startsAt) return t("time.until", { at: formatDateTime(endsAt) });
  return `${formatDateTime(startsAt)} – ${formatDateTime(endsAt)}`;
}
