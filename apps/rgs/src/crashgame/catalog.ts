import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type RgsDb, rows } from "../db.ts";
import { newChain, terminatingHash } from "./chain.ts";

/** The rooms a new game server opens with (vendor PNC "Panalo Crash"). Amounts in centavos. */
export const DEFAULT_CRASH_ROOMS = [
  { id: "crash-1", name: { EN: "Panalo Crash", TY: "Panalo Crash" }, minBet: 100, maxBet: 1_000_000 },
] as const;

/**
 * How many rounds a room's chain holds (about 11 days at one round every 10 s). The next chain,
 * as long, is made and published `rotateAhead` rounds before the current one is used up, and
 * takes over after its last round (`rotateChain`).
 */
export const CHAIN_LENGTH = 100_000;

/** How many rounds before the end of a chain its successor is made and published. */
export const rotateAhead = (length: number) => Math.max(1, Math.min(1000, Math.floor(length / 10)));

/**
 * The room's chains, one after another, run by the leader before it opens a round: while the
 * current chain has `rotateAhead` rounds or fewer left and no successor, a successor is made
 * (a new secret seed and salt, as long, its first round the one after the current chain's last)
 * and published in the room's info (`nextChain`), so its terminating hash is public well before
 * its first round; once the current chain's last round has opened, the successor takes over.
 * Both changes are guarded updates of the room row: a repeat or a race changes nothing more (a
 * successor made by a losing racer is never published nor used).
 */
export async function rotateChain(db: RgsDb, roomId: string): Promise<void> {
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT r.chain_id, r.next_chain_id, c.first_round, c.length,
          (SELECT max(round_no) FROM rgs.crash_rounds WHERE room_id = r.id) AS last_no
        FROM rgs.crash_rooms r JOIN rgs.crash_chains c ON c.id = r.chain_id
        WHERE r.id = ${roomId}`,
  );
  if (!r) return;
  const length = Number(r.length);
  const end = Number(r.first_round) + length - 1;
  const last = Number(r.last_no ?? 0);
  let next = r.next_chain_id === null || r.next_chain_id === undefined ? null : String(r.next_chain_id);
  if (next === null && end - last <= rotateAhead(length)) {
    const { seed, salt } = newChain();
    const id = `${roomId}:${end + 1}:${randomUUID()}`;
    const [made] = await rows<{ id: string }>(
      db,
      sql`WITH c AS (
            INSERT INTO rgs.crash_chains (id, seed, salt, length, terminating_hash, first_round)
            VALUES (${id}, ${seed}, ${salt}, ${length}, ${terminatingHash(seed, length)}, ${end + 1})
            RETURNING id)
          UPDATE rgs.crash_rooms SET next_chain_id = c.id, updated_at = now() FROM c
          WHERE crash_rooms.id = ${roomId} AND crash_rooms.chain_id = ${String(r.chain_id)}
            AND crash_rooms.next_chain_id IS NULL
          RETURNING c.id`,
    );
    next = made?.id ?? null;
  }
  if (next !== null && last >= end)
    await db.execute(
      sql`UPDATE rgs.crash_rooms SET chain_id = next_chain_id, next_chain_id = NULL, updated_at = now()
          WHERE id = ${roomId} AND chain_id = ${String(r.chain_id)} AND next_chain_id = ${next}`,
    );
}

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
  // Processes starting together may each make the room: the chain's id is unique to this
  // attempt, and the room's insert decides; the loser's chain goes with its rolled-back
  // transaction, so no unused chain is left.
  const chainId = `${r.id}:${randomUUID()}`;
  const lost = new Error("crash room made by another process");
  try {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO rgs.crash_chains (id, seed, salt, length, terminating_hash)
            VALUES (${chainId}, ${seed}, ${salt}, ${chainLength}, ${terminatingHash(seed, chainLength)})`,
      );
      const made = await rows(
        tx,
        sql`INSERT INTO rgs.crash_rooms (id, name, chain_id, min_bet, max_bet, sort, betting_ms, pause_ms)
            VALUES (${r.id}, ${JSON.stringify(r.name)}::jsonb, ${chainId}, ${r.minBet}, ${r.maxBet}, ${r.sort ?? 0},
              ${r.bettingMs ?? 7000}, ${r.pauseMs ?? 3000})
            ON CONFLICT (id) DO NOTHING RETURNING id`,
      );
      if (made.length === 0) throw lost;
    });
  } catch (err) {
    if (err === lost) return false;
    throw err;
  }
  return true;
}
