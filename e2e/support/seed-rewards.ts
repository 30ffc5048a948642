// The rewards end-to-end player: an ordinary member with two settled slot rounds
// on a Manila day three days ago (rebateDay), so the operator's rebate run of that day has something to
// pay. Test-side only: rounds reach a real site only through the provider protocol.
import type { Database } from "../../apps/server/src/db/client.ts";
import { hashPassword } from "../../apps/server/src/lib/passwords.ts";

export const REBATE_PLAYER = { username: "e2erebate", password: "Rebate2026" };

/**
 * The Manila day of the rebate player's rounds, YYYY-MM-DD: three days ago. Not yesterday: the
 * daily rebate job catches up its latest period (yesterday) when the server starts, before the
 * test has set any rate, and a day that is done never changes.
 */
export function rebateDay(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000 - 3 * 86_400_000).toISOString().slice(0, 10);
}

export async function seedRewardPlayers(database: Database): Promise<void> {
  let n = 0;
  const q = <T>(text: string, values: unknown[]) => database.prepared<T>(`seed-rewards-${n++}`, text, values);
  const [m] = await q<{ id: string }>(
    `INSERT INTO members (username, password_hash, password_changed_at, first_login_done, register_ip)
     VALUES ($1, $2, now(), true, '127.0.0.1') ON CONFLICT DO NOTHING RETURNING id`,
    [REBATE_PLAYER.username, await hashPassword(REBATE_PLAYER.password)],
  );
  if (!m) return;
  const [game] = await q<{ vendor: string; game_code: string }>(
    `SELECT vendor, game_code FROM games WHERE game_type = 'RNG' ORDER BY node_id LIMIT 1`,
    [],
  );
  if (!game) throw new Error("no slot game in the demo catalogue");
  // Noon in Manila on that day: 1,000.00 and 500.00 staked, both settled the same minute.
  const at = new Date(`${rebateDay()}T12:00:00+08:00`).toISOString();
  for (const [i, stake] of ["100000", "50000"].entries()) {
    const round = `e2e-rebate-${i}`;
    await q(
      `INSERT INTO provider_transactions
         (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at, game_code)
       VALUES ($1, $2, 'bet', $3, $4, $5, NULL, 'e2e', $6, $7), ($1, $8, 'win', $3, $4, 0, $2, 'e2e', $6, $7)`,
      [game.vendor, `${round}-b`, round, m.id, stake, at, game.game_code, `${round}-w`],
    );
  }
}
