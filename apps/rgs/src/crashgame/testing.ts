import { sql } from "drizzle-orm";
import type { RgsDb } from "../db.ts";
import { crashPointOf, hashAt, newChain, roundHash, terminatingHash } from "./chain.ts";
import { type CrashRoom, loadRoom } from "./model.ts";

/**
 * Tests' crash room on a chain from a known seed: `pick` chooses the seed (by its first rounds'
 * crash points, worked out here with the published formula), so a test knows what is coming.
 */
export async function crashTestRoom(
  db: RgsDb,
  id: string,
  o: {
    length: number;
    bettingMs?: number;
    pauseMs?: number;
    pick?: (points: number[]) => boolean;
    salt?: string;
  },
): Promise<{ room: CrashRoom; points: number[] }> {
  const salt = o.salt ?? newChain().salt;
  let seed = "";
  let points: number[] = [];
  for (let k = 1; ; k++) {
    seed = hashAt(k.toString(16).padStart(64, "0"), 1);
    points = Array.from({ length: Math.min(o.length, 5) }, (_, i) =>
      crashPointOf(roundHash(seed, o.length, i + 1), salt),
    );
    if (!o.pick || o.pick(points)) break;
    if (k > 10_000) throw new Error("no chain fits");
  }
  await db.execute(
    sql`INSERT INTO rgs.crash_chains (id, seed, salt, length, terminating_hash)
        VALUES (${`${id}:chain`}, ${seed}, ${salt}, ${o.length}, ${terminatingHash(seed, o.length)})`,
  );
  await db.execute(
    sql`INSERT INTO rgs.crash_rooms (id, name, chain_id, betting_ms, pause_ms, min_bet, max_bet)
        VALUES (${id}, '{"EN":"Test crash","TY":"Test crash"}', ${`${id}:chain`}, ${o.bettingMs ?? 5000},
          ${o.pauseMs ?? 1000}, 100, 1000000)`,
  );
  return { room: (await loadRoom(db, id)) as CrashRoom, points };
}
