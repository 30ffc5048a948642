// The fish back office's end-to-end player (e2e/back-office-fish.spec.ts): an ordinary member,
// the in-house fishing vendor PNF's provider client, and a few launch tokens of PNF for that
// member with known texts, so the spec plays real shots through the game server's API (the
// money through the provider protocol) before the operator reads them. Test-side only: on a real
// site a PNF token comes from the game's launch.
import type { Database } from "../../apps/server/src/db/client.ts";
import { hashPassword, tokenHash } from "../../apps/server/src/lib/passwords.ts";
import { inHouseProviderSecret } from "../../apps/server/src/modules/providers/service.ts";
import { e2eServerEnv } from "./server-env.ts";

export const FISH_PLAYER = { username: "e2efish", password: "Fishing2026" };
/** Launch tokens of PNF for the fish player: each opens one game session (a token is claimed once). */
export const FISH_TOKENS = [1, 2, 3].map((i) => `e2e-fish-launch-${i}`);

export async function seedFishPlayer(database: Database): Promise<void> {
  let n = 0;
  const q = <T>(text: string, values: unknown[]) => database.prepared<T>(`seed-fish-${n++}`, text, values);
  const [m] = await q<{ id: string }>(
    `INSERT INTO members (username, password_hash, password_changed_at, first_login_done, register_ip)
     VALUES ($1, $2, now(), true, '127.0.0.1') ON CONFLICT DO NOTHING RETURNING id`,
    [FISH_PLAYER.username, await hashPassword(FISH_PLAYER.password)],
  );
  if (!m) return;
  await q(`INSERT INTO provider_clients (vendor, secret) VALUES ('PNF', $1) ON CONFLICT DO NOTHING`, [
    // The test server's secret (server-env.ts): the game server signs its calls with it.
    inHouseProviderSecret(e2eServerEnv(0).APP_SECRET as string, "PNF"),
  ]);
  for (const token of FISH_TOKENS)
    await q(
      `INSERT INTO launch_tokens (token_hash, member_id, vendor, currency, expires_at)
       VALUES ($1, $2, 'PNF', 'PHP', now() + interval '30 days') ON CONFLICT DO NOTHING`,
      [tokenHash(token), m.id],
    );
}
