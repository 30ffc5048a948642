// Writes the end-to-end test players (players.ts) into the prepared database: ordinary active
// member accounts with argon2id passwords, as registration would leave them. Test-side only.
import type { Db } from "../../apps/server/src/db/client.ts";
import { members } from "../../apps/server/src/db/schema/members.ts";
import { hashPassword } from "../../apps/server/src/lib/passwords.ts";
import { PLAYERS } from "./players.ts";

export async function seedTestPlayers(db: Db): Promise<void> {
  const now = new Date();
  for (const p of Object.values(PLAYERS)) {
    await db
      .insert(members)
      .values({
        username: p.username,
        mobile: p.mobile,
        email: "email" in p ? p.email : null,
        passwordHash: await hashPassword(p.password),
        passwordChangedAt: now,
        firstLoginDone: true,
        registerIp: "127.0.0.1",
      })
      .onConflictDoNothing({ target: members.username });
  }
}
