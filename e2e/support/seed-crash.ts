// The crash game's end-to-end room (e2e/crash-game.spec.ts): "crash-e2e" on a hash chain from a
// seed the spec knows, so the spec computes each coming round's crash point itself (the
// published formula, apps/rgs/src/crashgame/chain.ts) and plays a round that flies long enough
// to cash out and ends soon enough to ride to the crash. Its betting window (15 s) leaves two
// players time to bet on a busy machine. Test-side only: a real room's chain seed
// is secret. The seed is the first candidate whose first rounds all crash below 4.00x.

import { crashPointOf, hashAt, roundHash, terminatingHash } from "../../apps/rgs/src/crashgame/chain.ts";
import type { RgsDb } from "../../apps/rgs/src/db.ts";
import { migrateRgs } from "../../apps/rgs/src/db.ts";
import type { Database } from "../../apps/server/src/db/client.ts";

export const CRASH_E2E = {
  room: "crash-e2e",
  salt: "e2e-crash-salt",
  length: 2000,
  bettingMs: 15_000,
  pauseMs: 1000,
};

export function crashE2eSeed(): string {
  for (let k = 1; ; k++) {
    const seed = hashAt(k.toString(16).padStart(64, "0"), 1);
    let ok = true;
    for (let n = 1; n <= 12 && ok; n++)
      ok = crashPointOf(roundHash(seed, CRASH_E2E.length, n), CRASH_E2E.salt) < 400;
    if (ok) return seed;
  }
}

export async function seedCrashRoom(database: Database): Promise<void> {
  const db = database.db as unknown as RgsDb;
  await migrateRgs(db);
  const seed = crashE2eSeed();
  await database.prepared(
    "seed-crash-chain",
    `INSERT INTO rgs.crash_chains (id, seed, salt, length, terminating_hash)
     VALUES ('crash-e2e:chain', $1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [seed, CRASH_E2E.salt, CRASH_E2E.length, terminatingHash(seed, CRASH_E2E.length)],
  );
  await database.prepared(
    "seed-crash-room",
    `INSERT INTO rgs.crash_rooms (id, name, chain_id, betting_ms, pause_ms, min_bet, max_bet, sort)
     VALUES ('crash-e2e', '{"EN":"Crash E2E","TY":"Crash E2E"}', 'crash-e2e:chain', $1, $2, 100, 1000000, 9)
     ON CONFLICT DO NOTHING`,
    [CRASH_E2E.bettingMs, CRASH_E2E.pauseMs],
  );
}
