import type { Database } from "../../apps/server/src/db/client.ts";

/**
 * The trading desk at today's volume and more: 2,000 football matches in ten leagues, one every
 * five minutes from 20 days ahead (after any match the simulator makes), set up in the database before the server starts
 * (e2e/back-office-lists.spec.ts). Their leagues are off, so the player site never lists them
 * and the other sports specs see the book they expect; the back office lists every match.
 */
export const SEEDED_LEAGUES = Array.from(
  { length: 10 },
  (_, i) => `E2E League ${String.fromCharCode(65 + i)}`,
);

export async function seedMatches(database: Database): Promise<void> {
  await database.exec(`INSERT INTO sportsbook.sb_leagues (ext_id, sport, name, enabled)
    SELECT 'e2e:league:' || i, 'football', 'E2E League ' || chr(64 + i), false FROM generate_series(1, 10) AS i
    ON CONFLICT (ext_id) DO NOTHING`);
  await database.exec(`INSERT INTO sportsbook.sb_teams (ext_id, sport, name)
    SELECT 'e2e:team:' || i, 'football', 'E2E Team ' || i FROM generate_series(1, 40) AS i
    ON CONFLICT (ext_id) DO NOTHING`);
  await database.exec(`INSERT INTO sportsbook.sb_matches (ext_id, league_id, home_id, away_id, start_at, enabled)
    SELECT 'e2e:match:' || i,
      (SELECT id FROM sportsbook.sb_leagues WHERE ext_id = 'e2e:league:' || (1 + i % 10)),
      (SELECT id FROM sportsbook.sb_teams WHERE ext_id = 'e2e:team:' || (1 + i % 40)),
      (SELECT id FROM sportsbook.sb_teams WHERE ext_id = 'e2e:team:' || (1 + (i + 7) % 40)),
      now() + interval '20 days' + make_interval(mins => 5 * i), true
    FROM generate_series(1, 2000) AS i
    ON CONFLICT (ext_id) DO NOTHING`);
}
