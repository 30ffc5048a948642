import { randomUUID } from "node:crypto";
import { LanguageUpdateRequest } from "@panalo/contracts/content";
import {
  AddressRequest,
  FreeplayRequest,
  LoginRequest,
  PasswordChangeRequest,
} from "@panalo/contracts/members";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { perIp } from "../../lib/address-limits.ts";
import { releaseKey, reserveAddress } from "../../lib/attempts.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { memberLabelOf } from "../../lib/member-labels.ts";
import { route } from "../../lib/route.ts";
import { accountRoutes, avatarUrlOf } from "./account.ts";
import { memberAdminRoutes } from "./admin-routes.ts";
import { captchaPng, randomDigits } from "./captcha-image.ts";
import { decryptBodies } from "./field-crypto.ts";
import { requestDevice, setMemberAddress } from "./household.ts";
import { newChallenge, verifyHumanCheck } from "./human-check.ts";
import { oidcRoutes } from "./oidc.ts";
import { type PayoutFacts, playerViewRoutes } from "./player-view.ts";
import { recoveryRoutes, smsLogin } from "./recovery.ts";
import { registerRoutes } from "./register-routes.ts";
import {
  bearerToken,
  changeMemberPassword,
  freeplayLogin,
  issueCaptcha,
  LOGIN_ADDRESS_SCOPE,
  loginAddressRule,
  logout,
  memberOf,
  memberRecord,
  passwordLogin,
  requireMember,
  sessionMember,
  setMemberLanguage,
} from "./service.ts";

/** A login by SMS code: the address's reservation is kept only when the login fails. */
async function addressGuarded<T>(ctx: AppContext, req: FastifyRequest, login: () => Promise<T>): Promise<T> {
  const rule = loginAddressRule(ctx);
  const window = await reserveAddress(ctx.db, LOGIN_ADDRESS_SCOPE, req.ip, rule, ctx.clock.now());
  const result = await login();
  await releaseKey(ctx.db, LOGIN_ADDRESS_SCOPE, req.ip, rule, window);
  return result;
}

const meta = (req: FastifyRequest, device?: string) => ({
  ip: req.ip,
  userAgent: req.headers["user-agent"] ?? "",
  device,
});

/** Session and member calls (spec §7 "Session and member"). */
/** What the members' routes are handed by the app: facts of modules that depend on members. */
export interface MemberRouteDeps {
  payouts: PayoutFacts;
}

export async function memberRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: MemberRouteDeps,
): Promise<void> {
  decryptBodies(app, ctx);
  await recoveryRoutes(app, ctx);
  await oidcRoutes(app, ctx);
  await memberAdminRoutes(app, ctx);
  await playerViewRoutes(app, ctx, deps.payouts);
  await registerRoutes(app, ctx);
  await accountRoutes(app, ctx);
  route(
    app,
    {
      method: "POST",
      url: "/wps/session/login",
      body: LoginRequest,
    },
    // Per-address limits count failed logins only (lib/attempts.ts, config.ts).
    async ({ body, req, reply }) => {
      // The browser's device id, kept with the session for the household check (members/household.ts).
      const device = requestDevice(ctx, req, reply);
      return body.type === "sms"
        ? addressGuarded(ctx, req, () => smsLogin(ctx, body, req, device))
        : passwordLogin(ctx, body, meta(req, device));
    },
  );

  route(
    app,
    { method: "GET", url: "/wps/human-check", guards: [perIp(ctx, "human", 60, 60_000)] },
    async () => newChallenge(ctx),
  );

  route(
    app,
    {
      method: "POST",
      url: "/wps/session/login/freeplay",
      body: FreeplayRequest,
      guards: [perIp(ctx, "freeplay", 10, 60 * 60_000)],
    },
    async ({ body, req }) => {
      await verifyHumanCheck(ctx, body.humanCheck);
      return freeplayLogin(ctx, meta(req));
    },
  );

  route(
    app,
    { method: "GET", url: "/wps/captcha", guards: [perIp(ctx, "captcha", 30, 60_000)] },
    async () => {
      const id = randomUUID();
      const answer = randomDigits(5);
      await issueCaptcha(ctx, id, answer);
      return { captchaId: id, image: `data:image/png;base64,${captchaPng(answer).toString("base64")}` };
    },
  );

  route(
    app,
    { method: "GET", url: "/wps/member/info", guards: [requireMember(ctx, { allowPendingChange: true })] },
    async ({ req }) => {
      const m = await memberRecord(ctx.db, memberOf(req).id);
      if (!m) throw Errors.unauthorized();
      return {
        customerId: m.id,
        username: m.username,
        nickname: m.nickname,
        isAgent: m.isAgent,
        currency: m.currency,
        language: m.language,
        mobile: m.mobile,
        email: m.email,
        realName: m.realName,
        avatarUrl: m.avatarUrl,
        kycStatus: m.kycStatus,
        createdAt: m.createdAt.toISOString(),
        lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
        // "Transfer to upline" is offered only to a member who has one.
        hasUpline: m.uplineId !== null,
        // spec §3: memberLabel (client state vipService is its name): the name of the member's
        // VIP level above level 0, else null.
        memberLabel: await memberLabelOf(ctx.db, m.id),
      };
    },
  );

  // spec §7: the player's avatar and icon: the one chosen in securityCenter (a preset, or an
  // upload served privately), else drawn from their initials by /media/avatar.
  const avatarOf = (req: FastifyRequest) => avatarUrlOf(ctx.db, memberOf(req).id);
  route(
    app,
    {
      method: "GET",
      url: "/wps/relay/MCSFE_getPlayerAvatar",
      guards: [requireMember(ctx, { allowPendingChange: true })],
    },
    async ({ req }) => ({ avatarUrl: await avatarOf(req) }),
  );
  route(
    app,
    {
      method: "GET",
      url: "/wps/member/info/icon",
      guards: [requireMember(ctx, { allowPendingChange: true })],
    },
    async ({ req }) => ({ iconUrl: await avatarOf(req) }),
  );
  app.get("/media/avatar/:initials", async (req, reply) => {
    const parsed = z.object({ initials: z.string().regex(/^[A-Z0-9]{1,2}\.svg$/) }).safeParse(req.params);
    if (!parsed.success) throw Errors.notFound("image");
    const text = parsed.data.initials.replace(".svg", "");
    const hue = [...text].reduce((h, c) => h + c.charCodeAt(0) * 37, 0) % 360;
    reply.header("cache-control", "public, max-age=86400");
    return reply
      .type("image/svg+xml")
      .send(
        `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="hsl(${hue} 55% 42%)"/><text x="32" y="41" text-anchor="middle" font-family="Verdana,Arial,sans-serif" font-size="24" font-weight="700" fill="#fff">${text}</text></svg>`,
      );
  });

  route(
    app,
    {
      method: "DELETE",
      url: "/wps/session/logout",
      guards: [requireMember(ctx, { allowPendingChange: true })],
    },
    async ({ req }) => {
      await logout(ctx, memberOf(req).token);
      return null;
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/wps/member/password",
      body: PasswordChangeRequest,
      guards: [
        requireMember(ctx, { allowPendingChange: true, realOnly: true }),
        perIp(ctx, "password", 20, 10 * 60_000),
      ],
    },
    async ({ body, req }) => {
      await changeMemberPassword(ctx, memberOf(req), body.oldPassword, body.newPassword);
      return null;
    },
  );

  // The member's address (the household check compares its normalised form).
  route(
    app,
    {
      method: "POST",
      url: "/wps/member/address",
      body: AddressRequest,
      guards: [requireMember(ctx, { realOnly: true }), perIp(ctx, "address", 20, 10 * 60_000)],
    },
    async ({ body, req }) => {
      await setMemberAddress(ctx.db, memberOf(req).id, body.address);
      return null;
    },
  );

  // Guests keep their language in a cookie; a member's is stored on the member.
  route(
    app,
    { method: "PUT", url: "/wps/member/language", body: LanguageUpdateRequest },
    async ({ body, reply, req }) => {
      const token = bearerToken(req);
      const member = token ? await sessionMember(ctx, token) : null;
      if (member) await setMemberLanguage(ctx.db, member.id, body.language);
      reply.setCookie("panalo_lang", body.language, {
        path: "/",
        sameSite: "lax",
        httpOnly: false,
        maxAge: 365 * 24 * 3600,
      });
      return { language: body.language };
    },
  );
}
