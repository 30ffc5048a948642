import { and, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { members, passwordResets } from "../../../db/schema/members.ts";

/** Statements of password recovery and the SMS sign-in (recovery.ts has the routes). */

type MemberRow = typeof members.$inferSelect;

/** The member with this mobile number. */
export async function memberByMobile(exec: Executor, mobile: string): Promise<MemberRow | undefined> {
  const [m] = await exec.select().from(members).where(eq(members.mobile, mobile));
  return m;
}

/** The columns a new password sets: the hash, when, and the sign-in counter and lock cleared. */
const newPassword = (passwordHash: string, at: Date) => ({
  passwordHash,
  passwordChangedAt: at,
  mustChangePassword: false,
  failedLogins: 0,
  lockedUntil: null,
});

/** Set a new password (recovered by phone); answers the row after. */
export async function setRecoveredPassword(
  exec: Executor,
  memberId: number,
  passwordHash: string,
  at: Date,
): Promise<MemberRow | undefined> {
  const [updated] = await exec
    .update(members)
    .set(newPassword(passwordHash, at))
    .where(eq(members.id, memberId))
    .returning();
  return updated;
}

/** Set a new password (recovered by an e-mailed link), no answer. */
export async function setResetPassword(
  exec: Executor,
  memberId: number,
  passwordHash: string,
  at: Date,
): Promise<void> {
  await exec.update(members).set(newPassword(passwordHash, at)).where(eq(members.id, memberId));
}

/** The id and e-mail of the member with this username. */
export async function idAndEmailByUsername(exec: Executor, username: string) {
  const [m] = await exec
    .select({ id: members.id, email: members.email })
    .from(members)
    .where(eq(members.username, username));
  return m;
}

export async function insertPasswordReset(
  exec: Executor,
  values: { tokenHash: string; memberId: number; expiresAt: Date },
): Promise<void> {
  await exec.insert(passwordResets).values(values);
}

/** Spend a reset link once (unused, not expired); answers its member, or nothing. */
export async function spendPasswordReset(
  exec: Executor,
  hash: string,
  now: Date,
): Promise<number | undefined> {
  const [spent] = await exec
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, hash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ memberId: passwordResets.memberId });
  return spent?.memberId;
}

/** Note an SMS sign-in on the member's row; answers the row after. */
export async function markSmsSignIn(
  exec: Executor,
  memberId: number,
  at: Date,
): Promise<MemberRow | undefined> {
  const [updated] = await exec
    .update(members)
    .set({ lastLoginAt: at, firstLoginDone: true })
    .where(eq(members.id, memberId))
    .returning();
  return updated;
}
