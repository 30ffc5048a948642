import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { matchTotp } from "../admin/service.ts";
import { claimTotpStep } from "./repo/auth.ts";

/**
 * Check a TOTP code for a member with the authenticator on (or being set up): each step is
 * accepted once (totp_last_step moves forward atomically), and wrong codes are counted (five in
 * ten minutes stop further tries for the window).
 */
export async function checkMemberTotp(ctx: AppContext, memberId: number, secret: string, code: string) {
  const key = `totp-fail:${memberId}`;
  if (Number((await ctx.store.get(key)) ?? 0) >= 5) throw Errors.rateLimited(600);
  const step = matchTotp(secret, code, ctx.clock.now().getTime());
  const claimed = step === null ? false : await claimTotpStep(ctx.db, memberId, step);
  if (!claimed) {
    await ctx.store.incr(key, 10 * 60_000);
    throw Errors.validation([{ path: "code", message: "TOTP_INVALID" }]);
  }
}
