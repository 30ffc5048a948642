import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { settings } from "../../../db/schema/core.ts";
import { members } from "../../../db/schema/members.ts";

/** Statements of signing in and signing up: login names, TOTP steps, numbers, the field key. */

export type MemberRow = typeof members.$inferSelect;

/** The member with one of these mobile numbers (the first found). */
export async function memberByMobiles(exec: Executor, mobiles: string[]): Promise<MemberRow | undefined> {
  const [m] = await exec.select().from(members).where(inArray(members.mobile, mobiles)).limit(1);
  return m;
}

/** The member with this username. */
export async function memberByUsername(exec: Executor, username: string): Promise<MemberRow | undefined> {
  const [m] = await exec.select().from(members).where(eq(members.username, username));
  return m;
}

/**
 * Claim a TOTP step for the member: moves totp_last_step forward only; answers whether it did
 * (a step is accepted once).
 */
export async function claimTotpStep(exec: Executor, memberId: number, step: number): Promise<boolean> {
  const claimed = await exec
    .update(members)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(members.id, memberId),
        sql`(${members.totpLastStep} IS NULL OR ${members.totpLastStep} < ${step})`,
      ),
    )
    .returning({ id: members.id });
  return claimed.length > 0;
}

/** Whether a member has this mobile number. */
export async function mobileTaken(exec: Executor, mobile: string): Promise<boolean> {
  const [taken] = await exec.select({ id: members.id }).from(members).where(eq(members.mobile, mobile));
  return !!taken;
}

/** An active non-trial member with this username (lower-cased) or id (-1: none). */
export async function activeRecommender(
  exec: Executor,
  username: string,
  id: number,
): Promise<{ id: number } | undefined> {
  const [m] = await exec
    .select({ id: members.id })
    .from(members)
    .where(
      sql`(${members.username} = ${username} OR ${members.id} = ${id})
          AND ${members.status} = 'active' AND ${members.isAgent} <> 4`,
    )
    .limit(1);
  return m;
}

/** The stored field key pair (settings "field_key"), if any. */
export async function storedFieldKey(exec: Executor): Promise<unknown> {
  const [row] = await exec
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, "field_key"));
  return row?.value;
}

/** Store the field key pair unless one is stored already. */
export async function insertFieldKeyIfMissing(exec: Executor, value: unknown): Promise<void> {
  await exec
    .insert(settings)
    .values({ key: "field_key", value })
    .onConflictDoNothing({ target: settings.key });
}

/** Note the member's sign-in time. */
export async function setLastLoginAt(exec: Executor, memberId: number, at: Date): Promise<void> {
  await exec.update(members).set({ lastLoginAt: at }).where(eq(members.id, memberId));
}
