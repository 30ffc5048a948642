import { randomBytes } from "node:crypto";
import {
  AffiliateQuery,
  MobileRegisterRequest,
  normalizeMobile,
  RegisterFieldsSetting,
  RegisterRequest,
} from "@panalo/contracts/members";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { perIp } from "../../lib/address-limits.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { publishEvent } from "../../lib/member-events.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { phoneCodesFor } from "../messaging/service.ts";
import { requestDevice } from "./household.ts";
import { verifyHumanCheck } from "./human-check.ts";
import { confirmNumber, recommenderOf } from "./mobile-registration.ts";
import { requireSwitch } from "./recovery.ts";
import {
  checkRegisterFields,
  type KeptRegisterFields,
  manilaToday,
  readRegisterFields,
  registerSettings,
  writeRegisterFields,
} from "./register-fields.ts";
import { agentByCode, register, spendCaptcha } from "./service.ts";

/**
 * After this many refused registrations from one address within the window, every further
 * registration from it needs a picture code (spec §4 captcha), as the login does after failed
 * tries: refusals such as USERNAME_TAKEN would otherwise let a script probe who plays here.
 */
export const REGISTER_CAPTCHA_AFTER = 3;
export const REGISTER_FAIL_WINDOW_MS = 15 * 60_000;
const failKey = (ip: string) => `register-fail:${ip}`;

// The browser's device id (members/household.ts), kept with the new member for the household check.
const meta = (ctx: AppContext, req: FastifyRequest, reply: FastifyReply) => ({
  ip: req.ip,
  userAgent: req.headers["user-agent"] ?? "",
  device: requestDevice(ctx, req, reply),
});

/**
 * The picture code, when the operator asks every registration for one (the captcha field) or
 * this address has to give one: each picture answers once.
 */
async function requireCaptchaIfDemanded(
  ctx: AppContext,
  ip: string,
  body: { captcha?: string; captchaId?: string },
  always: boolean,
): Promise<void> {
  const failures = Number((await ctx.store.get(failKey(ip))) ?? 0);
  if (!always && failures < REGISTER_CAPTCHA_AFTER) return;
  const refuse = (code: "CAPTCHA_REQUIRED" | "CAPTCHA_INVALID") =>
    new AppError(code, 400, {}, [{ path: "captcha", message: code }], { captcha: true });
  if (!body.captcha) throw refuse("CAPTCHA_REQUIRED");
  if (!(await spendCaptcha(ctx, body.captchaId, body.captcha))) throw refuse("CAPTCHA_INVALID");
}

/** The member's share of the optional fields the registration kept. */
function newMemberOf(kept: KeptRegisterFields) {
  return {
    email: kept.email,
    realName: kept.realName,
    birthday: kept.birthday,
    mobile: kept.mobile,
    contacts: kept.contacts,
    idNumber: kept.idNumber,
    txPassword: kept.paymentPassword,
  };
}

/**
 * The friend who invited the new member: the recommender the form named, else the invite link's
 * referral code. Recording it never blocks the registration.
 */
async function rememberReferrer(
  ctx: AppContext,
  memberId: number,
  recommender: number | null,
  referralCode: string | undefined,
): Promise<void> {
  // The rewards module records the referral (invite-friends rewards) when it hears of it.
  await publishEvent({ ctx, exec: ctx.db }, "member.registered", {
    memberId,
    recommenderId: recommender,
    referralCode,
  });
}

/**
 * Run a registration, counting its refusals per address; once the count reaches the limit the
 * refusal says `captcha: true`, so the form shows the picture before the next try.
 */
async function countingRefusals<T>(ctx: AppContext, ip: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof AppError) || err.httpStatus >= 500 || err.httpStatus === 429) throw err;
    const n = await ctx.store.incr(failKey(ip), REGISTER_FAIL_WINDOW_MS);
    if (n < REGISTER_CAPTCHA_AFTER || err.extra?.captcha) throw err;
    throw new AppError(err.code, err.httpStatus, err.params, err.details, { ...err.extra, captcha: true });
  }
}

/**
 * Registration (spec §3, §4, §5): the field config, both register calls, the invitation-code
 * check, and the operator's rules for the optional fields. Each call checks, in the order of
 * spec §4: the fields (config, minimum age), the picture code when demanded, the invitation
 * code, the human check, the SMS code; nothing is created until all have passed.
 */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const registerLimit = perIp(ctx, "register", 10, 60 * 60_000);

  const codes = phoneCodesFor(ctx.config);
  route(app, { method: "GET", url: "/wps/system/setting/register" }, async () =>
    registerSettings(ctx.db, codes),
  );

  route(
    app,
    {
      method: "GET",
      url: "/wps/agent/affiliate",
      query: AffiliateQuery,
      guards: [perIp(ctx, "affiliate", 30, 60_000)],
    },
    async ({ query }) => {
      await agentByCode(ctx, query.code);
      return { valid: true as const };
    },
  );

  route(
    app,
    { method: "PUT", url: "/wps/member/register", body: RegisterRequest, guards: [registerLimit] },
    async ({ body, req, reply }) =>
      countingRefusals(ctx, req.ip, async () => {
        await requireSwitch(ctx, "USERNAMEREG3");
        const config = await registerSettings(ctx.db, codes);
        const kept = checkRegisterFields(config, body, manilaToday(ctx.clock.now()), "username");
        await requireCaptchaIfDemanded(ctx, req.ip, body, config.fields.captcha?.enabled === true);
        // spec §4: the invitation code is checked first; an invalid one creates nothing.
        const uplineId = kept.affiliateCode ? await agentByCode(ctx, kept.affiliateCode) : null;
        const recommender = kept.recommenderId ? await recommenderOf(ctx, kept.recommenderId) : null;
        await verifyHumanCheck(ctx, body.humanCheck);
        // A number given on the username tab is confirmed when the operator says so (REGMOBVERF3).
        if (kept.mobile && config.mobileFieldVerification)
          await confirmNumber(ctx, codes, "register", kept.mobile, body);
        const info = await register(
          ctx,
          {
            ...newMemberOf(kept),
            username: body.username,
            password: body.password,
            registerUrl: body.registerUrl,
            uplineId,
            address: body.address ?? null,
          },
          meta(ctx, req, reply),
          { method: "register", takenCode: "USERNAME_TAKEN" },
        );
        await rememberReferrer(ctx, info.customerId, recommender, body.referralCode);
        return info;
      }),
  );

  route(
    app,
    {
      method: "PUT",
      url: "/wps/member/register/mobile",
      body: MobileRegisterRequest,
      guards: [registerLimit],
    },
    async ({ body, req, reply }) =>
      countingRefusals(ctx, req.ip, async () => {
        await requireSwitch(ctx, "MOBILENUMREG3");
        const config = await registerSettings(ctx.db, codes);
        const kept = checkRegisterFields(config, body, manilaToday(ctx.clock.now()), "mobile");
        const mobile = normalizeMobile(body.countryDialingCode, body.mobileNum);
        if (!mobile) throw Errors.validation([{ path: "mobileNum", message: "MOBILE_INVALID" }]);
        // spec §5: the password fields are part of mobile registration with mobileRegPass — and
        // always while SMS login is off, so the member can come back (register-fields.ts).
        if (config.mobileRegPass) {
          if (!body.password) throw Errors.validation([{ path: "password", message: "fieldError.required" }]);
          if (body.password !== body.confirmPassword) {
            throw Errors.validation([{ path: "confirmPassword", message: "confirm_mismatch" }]);
          }
        }
        await requireCaptchaIfDemanded(ctx, req.ip, body, config.fields.captcha?.enabled === true);
        const uplineId = kept.affiliateCode ? await agentByCode(ctx, kept.affiliateCode) : null;
        const recommender = kept.recommenderId ? await recommenderOf(ctx, kept.recommenderId) : null;
        await verifyHumanCheck(ctx, body.humanCheck);
        // The number is the account's key: always confirmed, by a code or the service's token —
        // spent last, so a refusal above never costs the player their code. A taken number got
        // no code (the SMS call refuses it); two registrations racing are decided by the unique index.
        await confirmNumber(ctx, codes, "register", mobile, body);
        const info = await register(
          ctx,
          {
            ...newMemberOf(kept),
            username: `m${mobile.slice(-6)}${randomBytes(2).toString("hex")}`,
            mobile,
            password: config.mobileRegPass ? (body.password ?? null) : null,
            registerUrl: body.registerUrl,
            uplineId,
            address: body.address ?? null,
          },
          meta(ctx, req, reply),
          { method: "register-mobile", takenCode: "MOBILE_TAKEN" },
        );
        await rememberReferrer(ctx, info.customerId, recommender, body.referralCode);
        return info;
      }),
  );

  // Back office: the operator's rules for the optional registration fields.
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/settings/register-fields",
      guards: [requireOperator(ctx, "system.read")],
    },
    async () => readRegisterFields(ctx.db),
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/settings/register-fields",
      body: RegisterFieldsSetting,
      guards: [requireOperator(ctx, "system.write")],
    },
    async ({ body, req, ip }) => {
      const op = operatorOf(req);
      return ctx.db.transaction(async (tx) => {
        const before = await readRegisterFields(tx);
        await writeRegisterFields(tx, body);
        const after = await readRegisterFields(tx);
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "update",
          entityType: "settings.register_fields",
          entityId: "register_fields",
          before,
          after,
          ip,
        });
        return after;
      });
    },
  );
}
