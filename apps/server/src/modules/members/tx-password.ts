import { type AttemptRule, reserveAttempt, resetKey } from "../../lib/attempts.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { verifyPassword } from "../../lib/passwords.ts";

// The member's transaction password (separate from the login password), asked by a withdrawal,
// a transfer and a points-mall redemption; one count of tries for all of them.

/** Transaction-password tries per member: the fifth wrong one locks it for 15 minutes. */
export const TX_PASSWORD_RULE: AttemptRule = { max: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/**
 * Check a member's transaction password. One try is reserved atomically before the hash is
 * computed (lib/attempts.ts), so parallel guesses count like sequential ones and none is even
 * verified once the limit is reached; a right answer resets the count.
 */
export async function verifyTxPassword(
  ctx: AppContext,
  memberId: number,
  hash: string | null,
  password: string,
  path = "transactionPassword",
): Promise<void> {
  if (!hash) throw Errors.bad("TX_PASSWORD_NOT_SET");
  const key = String(memberId);
  const r = await reserveAttempt(ctx.db, { scope: "tx-password", key }, TX_PASSWORD_RULE, ctx.clock.now());
  if (!r.ok) throw new AppError("TX_PASSWORD_LOCKED", 423);
  if (!(await verifyPassword(hash, password))) {
    if (r.locks) throw new AppError("TX_PASSWORD_LOCKED", 423);
    throw Errors.validation([{ path, message: "TX_PASSWORD_WRONG" }]);
  }
  await resetKey(ctx.db, "tx-password", key);
}
