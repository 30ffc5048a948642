import { createHash, randomInt } from "node:crypto";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import * as repo from "./repo.ts";

/** One-time verification codes: issued for a purpose and a target, spent once. */

/** spec §4 "SMS send": codes live expiredMinutes; the site counts down before a resend. */
export const CODE_EXPIRED_MINUTES = 5;
export const RESEND_AFTER_S = 60;
export const MAX_CODE_ATTEMPTS = 5;

const hashCode = (purpose: string, target: string, code: string) =>
  createHash("sha256").update(`${purpose}\0${target}\0${code}`).digest("hex");

/** Issue a 6-digit code for purpose and target, at most one per RESEND_AFTER_S. */
export async function issueCode(ctx: AppContext, purpose: string, target: string): Promise<string> {
  const now = ctx.clock.now();
  const last = await repo.lastCodeIssuedAt(ctx.db, purpose, target);
  const since = last ? (now.getTime() - last.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  if (since < RESEND_AFTER_S)
    throw new AppError("CODE_TOO_SOON", 429, { seconds: Math.ceil(RESEND_AFTER_S - since) });
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await repo.insertCode(ctx.db, {
    purpose,
    target,
    codeHash: hashCode(purpose, target, code),
    expiresAt: new Date(now.getTime() + CODE_EXPIRED_MINUTES * 60_000),
    createdAt: now,
  });
  return code;
}

/**
 * Spend a code: the newest live code for purpose and target must match. Each wrong try counts;
 * after MAX_CODE_ATTEMPTS the code is dead. A right code works once.
 */
export async function consumeCode(
  ctx: AppContext,
  purpose: string,
  target: string,
  code: string,
): Promise<void> {
  const now = ctx.clock.now();
  const row = await repo.liveCode(ctx.db, purpose, target, now);
  if (!row) throw Errors.validation([{ path: "verificationCode", message: "CODE_INVALID" }]);
  // A try is reserved atomically before the comparison, so parallel guesses count like
  // sequential ones and none is compared past MAX_CODE_ATTEMPTS.
  const reserved = await repo.reserveTry(ctx.db, row.id, MAX_CODE_ATTEMPTS);
  if (!reserved || row.codeHash !== hashCode(purpose, target, code.trim())) {
    throw Errors.validation([{ path: "verificationCode", message: "CODE_INVALID" }]);
  }
  if (!(await repo.spendCode(ctx.db, row.id, now)))
    throw Errors.validation([{ path: "verificationCode", message: "CODE_INVALID" }]);
}
