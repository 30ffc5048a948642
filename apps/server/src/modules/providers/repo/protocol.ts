import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { launchTokens, providerClients } from "../../../db/schema/providers.ts";

/** Statements of the seamless protocol: vendors' credentials, launch tokens, free-spin labels. */

export type ProviderClientRow = typeof providerClients.$inferSelect;

/** A vendor's credentials row. */
export async function providerClientByVendor(
  exec: Executor,
  vendor: string,
): Promise<ProviderClientRow | undefined> {
  const [row] = await exec.select().from(providerClients).where(eq(providerClients.vendor, vendor));
  return row;
}

/** Store a launch token (its hash) for the member and vendor. */
export async function insertLaunchToken(
  exec: Executor,
  row: { tokenHash: string; memberId: number; vendor: string; currency: string; expiresAt: Date },
): Promise<void> {
  await exec.insert(launchTokens).values(row);
}

/**
 * Claim a launch token once: unclaimed, of this vendor, and expiring after `expiresAfter`
 *. Answers the member, or nothing when it cannot be claimed.
 */
export async function claimLaunchToken(
  exec: Executor,
  hash: string,
  vendor: string,
  now: Date,
  expiresAfter: Date,
): Promise<{ memberId: number } | undefined> {
  const [row] = await exec
    .update(launchTokens)
    .set({ claimedAt: now })
    .where(
      and(
        eq(launchTokens.tokenHash, hash),
        eq(launchTokens.vendor, vendor),
        isNull(launchTokens.claimedAt),
        // Issued (expiry − TTL, on the same clock that issued it) no longer ago than the window.
        gt(launchTokens.expiresAt, expiresAfter),
      ),
    )
    .returning({ memberId: launchTokens.memberId });
  return row;
}

/** Label a round as a free-spin round (once per round). */
export async function insertFreeRound(
  exec: Executor,
  r: { vendor: string; roundId: string; memberId: number; grantId: string | null; at: Date },
): Promise<void> {
  await exec.execute(
    sql`INSERT INTO provider_free_rounds (vendor, round_id, member_id, grant_id, created_at)
        VALUES (${r.vendor}, ${r.roundId}, ${r.memberId}, ${r.grantId}, ${r.at})
        ON CONFLICT DO NOTHING`,
  );
}

/** Write a vendor's credentials row when missing, never change it. */
export async function insertProviderClientIfMissing(
  exec: Executor,
  vendor: string,
  secret: string,
): Promise<void> {
  await exec.insert(providerClients).values({ vendor, secret }).onConflictDoNothing();
}
