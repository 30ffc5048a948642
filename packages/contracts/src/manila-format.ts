import { manilaClock, manilaDay } from "./manila-time.ts";

/** The zone written beside every back-office time. */
export const MANILA_LABEL = "PHT";

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A moment as the back office writes it: "2026-11-29 14:05 PHT" (with seconds: "…14:05:09 PHT").
 * One function for the screens (apps/admin/src/lib/dates.ts) and the server's CSV exports, so a
 * downloaded file shows each time exactly as the list it came from.
 */
export function manilaStamp(d: Date, opts: { seconds?: boolean } = {}): string {
  const c = manilaClock(d);
  // Manila's offset is whole minutes, so the seconds are the same in every zone.
  const secs = opts.seconds ? `:${pad(d.getUTCSeconds())}` : "";
  return `${manilaDay(d)} ${pad(c.hour)}:${pad(c.minute)}${secs} ${MANILA_LABEL}`;
}
