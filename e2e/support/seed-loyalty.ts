// The loyalty end-to-end player: a member with a transaction password and one settled
// ₱77,777.00 slot round from a few minutes before the server starts (test-side only: rounds reach
// a real site only through the provider protocol). Nothing here is global: the operator's set-up
// (a VIP level only this round reaches, its points rate, a mission for that level, a mall item)
// is made by e2e/loyalty.spec.ts through the back-office API and withdrawn after it, so the
// members of the other suites sharing the server earn, see and are offered nothing of it.
import type { Database } from "../../apps/server/src/db/client.ts";
import { hashPassword } from "../../apps/server/src/lib/passwords.ts";

export const LOYALTY_PLAYER = { username: "e2eloyalty", password: "Loyal2026", txPassword: "246810" };

export async function seedLoyalty(database: Database): Promise<void> {
  let n = 0;
  const q = <T>(text: string, values: unknown[]) => database.prepared<T>(`seed-loyalty-${n++}`, text, values);
  const [m] = await q<{ id: string }>(
    `INSERT INTO members (username, password_hash, password_changed_at, first_login_done, register_ip, tx_password_hash)
     VALUES ($1, $2, now(), true, '127.0.0.1', $3) ON CONFLICT DO NOTHING RETURNING id`,
    [
      LOYALTY_PLAYER.username,
      await hashPassword(LOYALTY_PLAYER.password),
      await hashPassword(LOYALTY_PLAYER.txPassword),
    ],
  );
  if (!m) return;
  const [game] = await q<{ vendor: string; game_code: string }>(
    `SELECT vendor, game_code FROM games WHERE game_type = 'RNG' ORDER BY node_id LIMIT 1`,
    [],
  );
  if (!game) throw new Error("no slot game in the demo catalogue");
  // ₱77,777.00 staked on a slot a few minutes ago: just under the spec's VIP level threshold (₱77,780.00), which the first spin passes.
  const at = new Date(Date.now() - 5 * 60_000).toISOString();
  const round = "e2e-loyalty-0";
  await q(
    `INSERT INTO provider_transactions
       (vendor, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, fingerprint, created_at, game_code)
     VALUES ($1, $2, 'bet', $3, $4, 7777700, NULL, 'e2e', $5, $6), ($1, $7, 'win', $3, $4, 0, $2, 'e2e', $5, $6)`,
    [game.vendor, `${round}-b`, round, m.id, at, game.game_code, `${round}-w`],
  );
}
