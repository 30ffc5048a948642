// The leader-crash tests' shared steps (tables, bingo, the crash game): players' sessions, a
// leader SIGKILLed at a crash point and the next one started as it dies, the wait for the new
// leader's retry pass, and the counts that say every stake was paid exactly once.
import type { ChildProcess } from "node:child_process";
import { type SQL, sql } from "drizzle-orm";
import type { TestApp } from "../../../server/src/testing/test-app.ts";
import { type RgsDb, rows } from "../db.ts";

/**
 * One session a player, opened in turn: POST /rgs/api/<game>/session with the player's launch
 * token and `payload` (the room or table). Returns the session ids in the players' order.
 */
export async function openSessions(
  t: TestApp,
  game: string,
  players: ReadonlyArray<{ token: string }>,
  payload: Record<string, unknown>,
): Promise<string[]> {
  const sessions: string[] = [];
  for (const p of players) {
    const res = await t.app.inject({
      method: "POST",
      url: `/rgs/api/${game}/session`,
      payload: { token: p.token, ...payload },
    });
    sessions.push(res.json().value.sessionId);
  }
  return sessions;
}

export interface Takeover {
  /** The first leader's exit signal ("SIGKILL" when it died at the crash point). */
  exit: Promise<string | null>;
  /** When the first leader died (Date.now()), null until then. */
  killedAt: () => number | null;
  /** The leader started as the first died, null until then. */
  second: () => ChildProcess | null;
}

/**
 * Start leader `first` armed to be SIGKILLed at `crashAt`; the moment it exits, note the time
 * and start leader `next` (unarmed), as a survivor would take the lease over.
 */
export function killAndTakeOver(
  startLeader: (holder: string, crashAt: string | null) => ChildProcess,
  first: string,
  crashAt: string,
  next: string,
): Takeover {
  const leader = startLeader(first, crashAt);
  const exit = new Promise<string | null>((resolve) => leader.on("exit", (_c, sig) => resolve(sig)));
  let killedAt: number | null = null;
  let second: ChildProcess | null = null;
  void exit.then(() => {
    killedAt = Date.now();
    second = startLeader(next, null);
  });
  return { exit, killedAt: () => killedAt, second: () => second };
}

/**
 * Poll `countOwed` (a query answering one row `n`) every 100 ms until nothing is owed or `ms`
 * have passed: a hang guard, not a failure; the test's checks after it say what is left.
 */
export async function waitUntilNothingOwed(db: RgsDb, countOwed: SQL, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const [owed] = await rows<{ n: unknown }>(db, countOwed);
    if (Number(owed?.n) === 0 || Date.now() > until) break;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM every child still running (one SIGKILLed already has its signal). */
export function stopChildren(children: ChildProcess[]): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGTERM");
}

/** The platform's wins: how many credits each round id (a bet's or purchase's id) received. */
export async function winsByRound(db: RgsDb): Promise<Map<string, number>> {
  const wins = await rows<{ round_id: string; n: unknown }>(
    db,
    sql`SELECT round_id, count(*) AS n FROM provider_transactions WHERE kind = 'win' GROUP BY round_id`,
  );
  return new Map(wins.map((w) => [w.round_id, Number(w.n)]));
}

/**
 * What a player's main balance must be after the run: `startMinor`, plus win − total of each
 * settled row of theirs in `stakes`, less the total of each still placed (debited, not settled).
 */
export async function balanceFromStakes(
  db: RgsDb,
  stakes: "rgs.table_bets" | "rgs.bingo_purchases" | "rgs.crash_bets",
  playerId: number,
  startMinor: bigint,
): Promise<bigint> {
  const mine = await rows<{ total: unknown; win: unknown; status: string }>(
    db,
    sql`SELECT total, win, status FROM ${sql.raw(stakes)} WHERE player_id = ${playerId}`,
  );
  let expected = startMinor;
  for (const m of mine) {
    if (m.status === "settled") expected += BigInt(m.win as string) - BigInt(m.total as string);
    if (m.status === "placed") expected -= BigInt(m.total as string);
  }
  return expected;
}
