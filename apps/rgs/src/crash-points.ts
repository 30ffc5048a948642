import { closeSync, openSync } from "node:fs";
import { join } from "node:path";

/**
 * Crash points for the scale-out suite (apps/server/src/scale-out.test.ts), in the spirit of
 * crash-child.ts: a process started with NODE_ENV=test, PANALO_CRASH_AT=<point>[,<point>…] and
 * PANALO_CRASH_DIR=<directory> kills itself with SIGKILL the first time any process sharing that
 * directory reaches one of the points (a marker file, created exclusively, makes it once across
 * processes). Points: `rgs.after-debit` / `rgs.after-credit` (the platform applied the call, the
 * game server has not recorded its answer), `lottery.after-bets-decided` (inside a draw's
 * deciding transaction), `sports.after-credits` (the platform applied a batch of the sportsbook's
 * settlement credits, the book has not recorded the answers). Outside tests, or without both settings, nothing happens.
 */
const armed =
  process.env.NODE_ENV === "test" && process.env.PANALO_CRASH_AT && process.env.PANALO_CRASH_DIR
    ? new Set(process.env.PANALO_CRASH_AT.split(",").map((s) => s.trim()))
    : null;

export function crashPoint(name: string): void {
  if (!armed?.has(name)) return;
  try {
    closeSync(openSync(join(process.env.PANALO_CRASH_DIR ?? "", `${name}.crashed`), "wx"));
  } catch {
    return; // this point already fired (in this process or another)
  }
  process.kill(process.pid, "SIGKILL");
}
