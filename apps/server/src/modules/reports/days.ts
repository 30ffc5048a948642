/**
 * Manila days (UTC+8 all year: the Philippines keep no daylight saving time) as YYYY-MM-DD.
 */
const DAY_MS = 86_400_000;
const OFFSET_MS = 8 * 3_600_000;

/** The Manila day a moment falls in. */
export function manilaDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The moment a Manila day starts. */
export function manilaStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}

/** The day `n` days after `day` (n may be negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

export const maxDay = (a: string, b: string) => (a > b ? a : b);
export const minDay = (a: string, b: string) => (a < b ? a : b);
