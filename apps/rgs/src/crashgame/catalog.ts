import { sql } from "drizzle-orm";
import { type RgsDb, rows } from "../db.ts";
import { newChain, terminatingHash } from "./chain.ts";

/** The rooms a new game server opens with (vendor PNC "Panalo Crash"). Amounts in centavos. */
export const DEFAULT_CRASH_ROOMS = [
  { id: "crash-1", name: { EN: "Panalo Crash", TY: "Panalo Crash" }, minBet: 100, maxBet: 1_000_000 },
] as const;

/** How many rounds a room's chain holds (about 11 days at one round every 10 s; a room whose chain is used up stops opening rounds until it is given a new chain). */
export const CHAIN_LENGTH = 100_000;

/**
 * Idempotent: a room that exists keeps its chain and settings. A new room gets a new chain
 * (seed, salt, terminating hash) made now, before its first round. `chainLength` lets tests
 * and the e2e server make short chains quickly (100,000 links take about 0.1 s).
 */
export async function seedCrashRooms(db: RgsDb, chainLength = CHAIN_LENGTH): Promise<void> {
  for (const [i, r] of DEFAULT_CRASH_ROOMS.entries()) {
    await createCrashRoom(db, { ...r, sort: i }, chainLength);
  }
}

export async function createCrashRoom(
  db: RgsDb,
  r: {
    id: string;
    name: Record<string, string>;
    minBet: number;
    maxBet: number;
    sort?: number;
    bettingMs?: number;
    pauseMs?: number;
  },
  chainLength = CHAIN_LENGTH,
): Promise<boolean> {
  const found = await rows(db, sql`SELECT 1 FROM rgs.crash_rooms WHERE id = ${r.id}`);
  if (found.length > 0) return false;
  const { seed, salt } = newChain();
  const chainId = `${r.id}:${Date.now()}`;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO rgs.crash_chains (id, seed, salt, length, terminating_hash)
          VALUES (${chainId}, ${seed}, ${salt}, ${chainLength}, ${terminatingHash(seed, chainLength)})`,
    );
    await tx.execute(
      sql`INSERT INTO rgs.crash_rooms (id, name, chain_id, min_bet, max_bet, sort, betting_ms, pause_ms)
          VALUES (${r.id}, ${JSON.stringify(r.name)}::jsonb, ${chainId}, ${r.minBet}, ${r.maxBet}, ${r.sort ?? 0},
            ${r.bettingMs ?? 7000}, ${r.pauseMs ?? 3000})
          ON CONFLICT (id) DO NOTHING`,
    );
  });
  return true;
}
