import cronParser from "cron-parser";

/** The platform's calendar: the players' and the operator's days are Manila days. */
export const MANILA = "Asia/Manila";

const parse = (cron: string, tz: string, currentDate: Date) =>
  cronParser.parseExpression(cron, { tz, currentDate });

/** Throws if `cron` (five fields) or `tz` (an IANA zone) is not valid. */
export function checkSchedule(cron: string, tz: string): void {
  if (cron.trim().split(/\s+/).length !== 5) throw new Error(`cron "${cron}" must have five fields`);
  try {
    parse(cron, tz, new Date()).next();
  } catch (err) {
    throw new Error(`cron "${cron}" in ${tz} is not valid: ${(err as Error).message}`);
  }
}

/** The latest occurrence of `cron` at or before `at`: the period `at` belongs to. */
export function periodStart(cron: string, tz: string, at: Date): Date {
  return parse(cron, tz, new Date(at.getTime() + 1))
    .prev()
    .toDate();
}

/** The first occurrence of `cron` strictly after `at`. */
export function nextOccurrence(cron: string, tz: string, at: Date): Date {
  return parse(cron, tz, at).next().toDate();
}

/**
 * A period's key: its start in the job's time zone with the offset, to the minute, e.g.
 * "2026-03-02T00:00+08:00" — readable, and unambiguous even where clocks go back.
 */
export function periodKeyOf(start: Date, tz: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: tz,
      timeZoneName: "longOffset",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(start)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : String(parts.timeZoneName).replace("GMT", "");
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}${offset}`;
}
