import { TZDate } from "@date-fns/tz";

/**
 * Manila time, the platform's one calendar: a player's day, a report's day, a limit's day, a
 * contract's period are days in Asia/Manila, whatever the server's or the browser's own zone.
 * The zone's rules come from the time-zone database (@date-fns/tz over Intl), never from a fixed
 * offset written into the code. Days are "YYYY-MM-DD" texts; moments are Dates.
 */
export const MANILA_ZONE = "Asia/Manila";

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");

/** The wall clock in Manila at a moment: month 1–12. */
export function manilaClock(at: Date | number) {
  const t = new TZDate(typeof at === "number" ? at : at.getTime(), MANILA_ZONE);
  return {
    year: t.getFullYear(),
    month: t.getMonth() + 1,
    day: t.getDate(),
    hour: t.getHours(),
    minute: t.getMinutes(),
    /** 0 Sunday … 6 Saturday. */
    weekday: t.getDay(),
  };
}

/** The Manila day a moment falls in: "2026-03-01". */
export function manilaDay(at: Date | number): string {
  const c = manilaClock(at);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
}

/** A moment as a Manila wall-clock text to the minute: "2026-03-01 14:05". */
export function manilaMinute(at: Date | number): string {
  const c = manilaClock(at);
  return `${manilaDay(at)} ${pad(c.hour)}:${pad(c.minute)}`;
}

/** The moment of a Manila wall-clock date and time (month0 0–11, as Date's). */
export function manilaMoment(year: number, month0: number, day: number, hour = 0, minute = 0): Date {
  return new Date(new TZDate(year, month0, day, hour, minute, MANILA_ZONE).getTime());
}

/**
 * The moment of a Manila wall-clock text as a form writes it: "2026-03-01", "2026-03-01T14:05" or
 * "2026-03-01 14:05" (a datetime-local input's value); an invalid Date for any other text.
 */
export function manilaWallMoment(text: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!m) return new Date(Number.NaN);
  const [y, mo, d, h, min] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return manilaMoment(y, mo - 1, d, h, min);
}

/** Manila's offset from UTC at a moment, as ISO 8601 writes it: "+08:00". */
export function manilaOffset(at: Date | number): string {
  const east = -new TZDate(typeof at === "number" ? at : at.getTime(), MANILA_ZONE).getTimezoneOffset();
  const abs = Math.abs(east);
  return `${east < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The moment a Manila day ("2026-03-01") starts. */
export function manilaStart(day: string): Date {
  const [y = 1970, m = 1, d = 1] = day.split("-").map(Number);
  return manilaMoment(y, m - 1, d);
}

/** The moment the Manila day of `at` started. */
export function manilaDayStart(at: Date | number): Date {
  return manilaStart(manilaDay(at));
}

/** The day `n` calendar days after `day` (n may be negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Today in Manila, `offsetDays` days from now (a form's default period). */
export function manilaToday(offsetDays = 0, now: number = Date.now()): string {
  return addDays(manilaDay(now), offsetDays);
}
