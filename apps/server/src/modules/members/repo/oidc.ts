import { and, eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { memberIdentities, members } from "../../../db/schema/members.ts";

/** Statements of the sign-in with an identity provider (oidc.ts has the flow). */

/** The member linked to a provider's subject, if any. */
export async function linkedMemberOf(tx: Tx, provider: string, subject: string): Promise<number | undefined> {
  const [linked] = await tx
    .select({ memberId: memberIdentities.memberId })
    .from(memberIdentities)
    .where(and(eq(memberIdentities.provider, provider), eq(memberIdentities.subject, subject)));
  return linked?.memberId;
}

/** A new member signed up through a provider; answers its id. */
export async function insertProviderMember(
  tx: Tx,
  values: { username: string; email: string | null; registerIp: string; firstLoginDone: boolean },
): Promise<number | undefined> {
  const [m] = await tx.insert(members).values(values).returning({ id: members.id });
  return m?.id;
}

/** Link a provider's subject to a member. */
export async function insertIdentity(
  tx: Tx,
  values: { provider: string; subject: string; memberId: number; email: string | null },
): Promise<void> {
  await tx.insert(memberIdentities).values(values);
}
