import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import type { PhoneCodes, PhonePurpose } from "../messaging/types.ts";
import { activeRecommender, mobileTaken } from "./repo/auth.ts";

/**
 * The rules that make every sign-up one the player can sign back into (spec §4): a number is
 * registered once (members.mobile is unique, so a race between two registrations of one number
 * leaves one member and answers the other MOBILE_TAKEN), a number is always confirmed before it
 * is registered — by the platform's code or the third-party service's token — and the
 * recommender a player names must be a member.
 */

/** After a refused insert: MOBILE_TAKEN when a member has the number, else the caller's code. */
export async function takenCodeOf(ctx: AppContext, mobile: string, fallback: string): Promise<string> {
  return (await mobileTaken(ctx.db, mobile)) ? "MOBILE_TAKEN" : fallback;
}

/** Refuse a number some member already has (the unique index decides a race later). */
export async function refuseTakenNumber(ctx: AppContext, mobile: string): Promise<void> {
  if ((await takenCodeOf(ctx, mobile, "")) === "MOBILE_TAKEN") throw Errors.conflict("MOBILE_TAKEN");
}

/**
 * Spend the proof that the player holds the number: the third-party service's ID token
 * (firebaseChannel "sms" with firebaseIdToken) or a code. Called last, once everything else of
 * the registration has passed, so a refusal never costs the player their code.
 */
export async function confirmNumber(
  ctx: AppContext,
  codes: PhoneCodes,
  purpose: PhonePurpose,
  mobile: string,
  proof: { verificationCode?: string; firebaseChannel?: "sms"; firebaseIdToken?: string },
): Promise<void> {
  if (proof.firebaseChannel === "sms" && proof.firebaseIdToken) {
    await codes.spendToken(ctx, mobile, proof.firebaseIdToken);
    return;
  }
  if (!proof.verificationCode)
    throw Errors.validation([{ path: "verificationCode", message: "CODE_INVALID" }]);
  await codes.check(ctx, purpose, mobile, proof.verificationCode);
}

/**
 * The member a recommender ID names (spec §3 recommenderId): a member's username or customer
 * id, an active non-trial account; anything else is refused under the field.
 */
export async function recommenderOf(ctx: AppContext, recommenderId: string): Promise<number> {
  const id = recommenderId.trim();
  const byId = /^\d{1,15}$/.test(id) ? Number(id) : -1;
  const m = await activeRecommender(ctx.db, id.toLowerCase(), byId);
  if (!m) throw Errors.validation([{ path: "recommenderId", message: "RECOMMENDER_UNKNOWN" }]);
  return m.id;
}
