import { randomBytes } from "node:crypto";
import type { ModuleId } from "@panalo/contracts/content";
import {
  COUNTRIES,
  EmailResetRequest,
  normalizeMobile,
  PhoneConfirmRequest,
  PhoneResetRequest,
  ResetWithTokenRequest,
  SmsRequest,
} from "@panalo/contracts/members";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { perIp } from "../../lib/address-limits.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { hashPassword, tokenHash } from "../../lib/passwords.ts";
import { route } from "../../lib/route.ts";
import { readSettings } from "../content/service.ts";
import { phoneCodesFor, sendMessage } from "../messaging/service.ts";
import { verifyHumanCheck } from "./human-check.ts";
import { refuseTakenNumber } from "./mobile-registration.ts";
import { readRegisterFields } from "./register-fields.ts";
import { mobileTaken } from "./repo/auth.ts";
import {
  idAndEmailByUsername,
  insertPasswordReset,
  markSmsSignIn,
  memberByMobile,
  setRecoveredPassword,
  setResetPassword,
  spendPasswordReset,
} from "./repo/recovery.ts";
import { deleteSessionsOf } from "./repo.ts";
import { createSession, loginInfo } from "./service.ts";

const RESET_LINK_MINUTES = 30;
const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers["user-agent"] ?? "" });

export async function requireSwitch(ctx: AppContext, id: ModuleId): Promise<void> {
  const { whitelabel } = await readSettings(ctx.db, ["whitelabel"]);
  if (!whitelabel.switches[id]) throw Errors.forbiddenCode("FEATURE_OFF");
}

function mobileOf(dialing: string, national: string): string {
  const m = normalizeMobile(dialing, national);
  if (!m) throw Errors.validation([{ path: "mobileNum", message: "MOBILE_INVALID" }]);
  return m;
}

/** End every session of a member (password reset), in the caller's transaction or not. */
async function endSessions(ctx: AppContext, memberId: number): Promise<void> {
  await deleteSessionsOf(ctx.db, memberId);
}

/** SMS codes (registration and no-login), login by SMS, and both ways of recovering a password. */
export async function recoveryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const smsLimit = perIp(ctx, "sms", 10, 60 * 60_000);
  const codes = phoneCodesFor(ctx.config);

  route(
    app,
    { method: "POST", url: "/wps/verification/sms/register", body: SmsRequest, guards: [smsLimit] },
    async ({ body }) => {
      // The mobile tab, or a number asked for on the username tab (the mobileNum field).
      const fields = await readRegisterFields(ctx.db);
      if (!fields.mobileNum.enabled) await requireSwitch(ctx, "MOBILENUMREG3");
      await verifyHumanCheck(ctx, body.humanCheck);
      const mobile = mobileOf(body.countryDialingCode, body.mobileNum);
      await refuseTakenNumber(ctx, mobile);
      await codes.send(ctx, "register", mobile, { recaptchaToken: body.recaptchaToken });
      return { expiredMinutes: codes.countdownMinutes };
    },
  );

  // With the third-party phone-code service (spec §4 "optional third-party code verification"):
  // the registration's code is confirmed first; the answer's token goes into the register call.
  route(
    app,
    {
      method: "POST",
      url: "/wps/verification/phone/confirm",
      body: PhoneConfirmRequest,
      guards: [perIp(ctx, "phone-confirm", 30, 60 * 60_000)],
    },
    async ({ body }) => {
      if (codes.provider !== "firebase") throw Errors.forbiddenCode("FEATURE_OFF");
      const mobile = mobileOf(body.countryDialingCode, body.mobileNum);
      const { idToken } = await codes.check(ctx, "register", mobile, body.verificationCode);
      if (!idToken) throw Errors.internal();
      return { firebaseChannel: "sms" as const, firebaseIdToken: idToken };
    },
  );

  // For login by SMS and forgot-password by phone. The answer is the same whether or not the
  // number belongs to a member, so it cannot be used to discover who plays here.
  route(
    app,
    { method: "POST", url: "/wps/verification/sms/noLogin", body: SmsRequest, guards: [smsLimit] },
    async ({ body }) => {
      const mobile = mobileOf(body.countryDialingCode, body.mobileNum);
      await verifyHumanCheck(ctx, body.humanCheck);
      const isMember = await mobileTaken(ctx.db, mobile);
      // A code is issued (and throttled) for every number alike; it is sent only to a member's.
      await codes.send(ctx, "nologin", mobile, { recaptchaToken: body.recaptchaToken, deliver: isMember });
      return { expiredMinutes: codes.countdownMinutes };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/wps/member/password/verification",
      body: PhoneResetRequest,
      guards: [perIp(ctx, "reset", 20, 60 * 60_000)],
    },
    async ({ body, req }) => {
      await requireSwitch(ctx, "CHNGPASSVERIF3");
      const mobile = mobileOf(body.countryDialingCode, body.mobileNum);
      await codes.check(ctx, "nologin", mobile, body.verificationCode);
      const m = await memberByMobile(ctx.db, mobile);
      if (!m) throw Errors.validation([{ path: "verificationCode", message: "CODE_INVALID" }]);
      const passwordHash = await hashPassword(body.newPassword);
      const updated = await setRecoveredPassword(ctx.db, m.id, passwordHash, ctx.clock.now());
      await endSessions(ctx, m.id);
      const token = await createSession(ctx, m.id, "reset-phone", meta(req));
      return loginInfo(updated ?? m, token, false);
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/wps/member/password/email",
      body: EmailResetRequest,
      guards: [perIp(ctx, "reset", 20, 60 * 60_000)],
    },
    async ({ body }) => {
      await requireSwitch(ctx, "CHNGPASSMAIL3");
      const m = await idAndEmailByUsername(ctx.db, body.username.toLowerCase());
      // The answer never says whether the account exists or the address matched.
      if (m?.email && m.email.toLowerCase() === body.email.toLowerCase()) {
        const token = randomBytes(32).toString("base64url");
        await insertPasswordReset(ctx.db, {
          tokenHash: tokenHash(token),
          memberId: m.id,
          expiresAt: new Date(ctx.clock.now().getTime() + RESET_LINK_MINUTES * 60_000),
        });
        const link = `${ctx.config.PUBLIC_URL.replace(/\/$/, "")}/resetPassword?token=${token}`;
        await sendMessage(ctx, {
          channel: "email",
          recipient: m.email,
          subject: "Reset your Panalo password",
          body: `Someone asked to reset the password of your Panalo account.\n\nTo choose a new password, open this link within ${RESET_LINK_MINUTES} minutes:\n${link}\n\nIf it was not you, ignore this message; your password stays the same.`,
          purpose: "password-reset",
        });
      }
      return { sent: true };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/wps/member/password/reset",
      body: ResetWithTokenRequest,
      guards: [perIp(ctx, "reset", 20, 60 * 60_000)],
    },
    async ({ body }) => {
      const now = ctx.clock.now();
      const passwordHash = await hashPassword(body.newPassword);
      const memberId = await ctx.db.transaction(async (tx) => {
        const spent = await spendPasswordReset(tx, tokenHash(body.token), now);
        if (spent === undefined) throw Errors.bad("RESET_LINK_INVALID");
        await setResetPassword(tx, spent, passwordHash, now);
        return spent;
      });
      await endSessions(ctx, memberId);
      return null;
    },
  );
}

/** Login by mobile number and SMS code (MOBILEVERCODELOGIN3); not subject to forced changes. */
export async function smsLogin(
  ctx: AppContext,
  input: { username: string; password: string },
  req: FastifyRequest,
  device?: string,
) {
  await requireSwitch(ctx, "MOBILEVERCODELOGIN3");
  const digits = input.username.replace(/\D/g, "");
  const mobile = COUNTRIES.map((c) =>
    digits.startsWith(c.countryDialingCode)
      ? normalizeMobile(c.countryDialingCode, digits.slice(c.countryDialingCode.length))
      : null,
  ).find((m) => m !== null);
  if (!mobile) throw Errors.validation([{ path: "username", message: "MOBILE_INVALID" }]);
  await phoneCodesFor(ctx.config).check(ctx, "nologin", mobile, input.password);
  const m = await memberByMobile(ctx.db, mobile);
  if (m?.status !== "active") throw Errors.unauthorizedCode("INVALID_CREDENTIALS");
  const firstTimeLogin = !m.firstLoginDone;
  const updated = await markSmsSignIn(ctx.db, m.id, ctx.clock.now());
  const token = await createSession(ctx, m.id, "sms", { ...meta(req), device });
  // SMS logins are not forced to change a temporary password (spec §4).
  return { ...loginInfo(updated ?? m, token, firstTimeLogin), mustChangePassword: false };
}
