import {
  AVATAR_PRESETS,
  AvatarChoice,
  ContactChange,
  ContactCodeRequest,
  KYC_LOCKED_FIELDS,
  KycDecision,
  KycSettingsBody,
  KycSubmit,
  ProfileUpdate,
  TotpCode,
} from "@panalo/contracts/account";
import { BigId, PageNo, pageSize } from "@panalo/contracts/input";
import { normalizeMobile } from "@panalo/contracts/members";
import type { FastifyInstance, FastifyRequest } from "fastify";
import QRCode from "qrcode";
import { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { perIp } from "../../lib/address-limits.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import {
  MEMBER_UPLOAD_PATH,
  readMemberUpload,
  requireOwnUpload,
  sendPrivate,
} from "../../lib/member-uploads.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { tokenHash } from "../../lib/passwords.ts";
import { route } from "../../lib/route.ts";
import { newTotpSecret, otpauthUrl } from "../admin/service.ts";
import { readSettings } from "../content/service.ts";
import { consumeCode, issueCode, sendMessage } from "../messaging/service.ts";
import { setMemberAddress } from "./household.ts";
import {
  checkAge,
  decideKyc,
  KYC_DOCUMENTS,
  kycCaseDetail,
  kycDocumentId,
  kycQueue,
  kycSettingsDto,
  memberKyc,
  readKycSettings,
  submitKyc,
  writeKycSettings,
} from "./kyc.ts";
import { checkMemberTotp } from "./member-totp.ts";
import {
  avatarAndUsername,
  avatarOf,
  contactTakenByOther,
  deleteOtherSessionsCounted,
  hasActivePayoutAccount,
  latestSessionsOf,
  setMemberFields,
} from "./repo/account.ts";
import { memberById } from "./repo.ts";
import { memberOf, requireMember } from "./service.ts";

/** The member's avatar: their choice, or one drawn from their initials (spec §7). */
export async function avatarUrlOf(exec: Executor, memberId: number): Promise<string> {
  const m = await avatarAndUsername(exec, memberId);
  if (m?.avatarUrl) return m.avatarUrl;
  return `/media/avatar/${encodeURIComponent((m?.username ?? "?").slice(0, 2).toUpperCase())}.svg`;
}

/** The preset pictures a member may choose (public: they are nobody's data). */
export function presetAvatarSvg(n: number): string {
  const hue = (n * 47) % 360;
  const shapes = [
    `<circle cx="32" cy="26" r="12" fill="#fff"/><path d="M12 56c4-12 14-16 20-16s16 4 20 16z" fill="#fff"/>`,
    `<rect x="18" y="18" width="28" height="28" rx="6" fill="#fff"/>`,
    `<path d="M32 12l6 14 15 1-12 10 4 15-13-8-13 8 4-15-12-10 15-1z" fill="#fff"/>`,
    `<path d="M32 50s-18-10-18-22a9 9 0 0118-4 9 9 0 0118 4c0 12-18 22-18 22z" fill="#fff"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="hsl(${hue} 60% 40%)"/>${shapes[(n - 1) % shapes.length]}</svg>`;
}

/** The profile's columns a member edits (in this order). */
const PROFILE_FIELDS = [
  "nickname",
  "realName",
  "fullName",
  "birthday",
  "address",
  "nationality",
  "occupation",
  "incomeSource",
  "birthPlace",
] as const;

export async function memberProfile(exec: Executor, memberId: number) {
  const m = await memberById(exec, memberId);
  if (!m) throw Errors.unauthorized();
  const verified = m.kycStatus === "verified";
  return {
    username: m.username,
    nickname: m.nickname,
    avatarUrl: m.avatarUrl ?? (await avatarUrlOf(exec, memberId)),
    realName: m.realName,
    fullName: m.fullName,
    birthday: m.birthday,
    address: m.address,
    nationality: m.nationality,
    occupation: m.occupation,
    incomeSource: m.incomeSource,
    birthPlace: m.birthPlace,
    contacts: m.contacts,
    mobile: m.mobile,
    email: m.email,
    kycStatus: m.kycStatus,
    locked: verified ? [...KYC_LOCKED_FIELDS] : [],
    totpEnabled: m.totpEnabledAt !== null,
    txPasswordSet: m.txPasswordHash !== null,
  };
}

/**
 * Edit the profile: a field left out is kept, "" clears it. Real name, birthday and nationality
 * are fixed once KYC-verified (FIELD_LOCKED); the real name is also fixed once a payout account
 * carries it (the payee-name rule of withdrawals); a birthday must give the minimum age.
 */
export async function updateProfile(ctx: AppContext, memberId: number, body: ProfileUpdate): Promise<void> {
  const m = await memberById(ctx.db, memberId);
  if (!m) throw Errors.unauthorized();
  const set: Record<string, unknown> = {};
  for (const key of PROFILE_FIELDS) {
    const value = body[key];
    if (value === undefined) continue;
    const next = key === "realName" ? value.replace(/\s+/g, " ") || null : value || null;
    if (next === m[key]) continue;
    if (m.kycStatus === "verified" && (KYC_LOCKED_FIELDS as readonly string[]).includes(key)) {
      throw new AppError("FIELD_LOCKED", 409, {}, [{ path: key, message: "FIELD_LOCKED" }]);
    }
    set[key] = next;
  }
  if (set.realName !== undefined && m.realName) {
    if (await hasActivePayoutAccount(ctx.db, memberId))
      throw new AppError("FIELD_LOCKED", 409, {}, [{ path: "realName", message: "FIELD_LOCKED" }]);
  }
  if (typeof set.birthday === "string") await checkAge(ctx.db, set.birthday, ctx.clock.now());
  if (body.contacts) {
    const contacts = Object.fromEntries(Object.entries(body.contacts).filter(([, v]) => v));
    set.contacts = contacts;
  }
  if (Object.keys(set).length === 0) return;
  await setMemberFields(ctx.db, memberId, set);
  // The household check compares addresses by their normalised key (members/household.ts).
  if (set.address !== undefined) await setMemberAddress(ctx.db, memberId, String(set.address ?? ""));
}

/** A member's own sessions, newest first; the one asking is marked. */
export async function memberSessionList(exec: Executor, memberId: number, token: string) {
  const rows = await latestSessionsOf(exec, memberId);
  const mine = tokenHash(token);
  return rows.map((s) => ({
    current: s.tokenHash === mine,
    method: s.method,
    ip: s.ip,
    userAgent: s.userAgent,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
  }));
}

/** Sign out everywhere else: every session but the one asking ends. */
export async function endOtherSessions(exec: Executor, memberId: number, token: string): Promise<number> {
  return deleteOtherSessionsCounted(exec, memberId, tokenHash(token));
}

const real = (ctx: AppContext) => [requireMember(ctx, { realOnly: true })];
const who = (req: FastifyRequest) => memberOf(req).id;

/** securityCenter and KYC for the member. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  route(app, { method: "GET", url: "/wps/member/profile", guards: real(ctx) }, async ({ req }) =>
    memberProfile(db, who(req)),
  );
  route(
    app,
    { method: "PUT", url: "/wps/member/profile", body: ProfileUpdate, guards: real(ctx) },
    async ({ req, body }) => {
      await updateProfile(ctx, who(req), body);
      return memberProfile(db, who(req));
    },
  );

  route(
    app,
    { method: "PUT", url: "/wps/member/avatar", body: AvatarChoice, guards: real(ctx) },
    async ({ req, body }) => {
      if (body.avatarUrl.startsWith(MEMBER_UPLOAD_PATH))
        await requireOwnUpload(db, who(req), body.avatarUrl, "avatarUrl");
      await setMemberFields(db, who(req), { avatarUrl: body.avatarUrl });
      return { avatarUrl: body.avatarUrl };
    },
  );
  app.get("/media/avatar/preset-:n", async (req, reply) => {
    const parsed = z
      .object({ n: z.string().regex(new RegExp(`^[1-${AVATAR_PRESETS}]\\.svg$`)) })
      .safeParse(req.params);
    if (!parsed.success) throw Errors.notFound("image");
    reply.header("cache-control", "public, max-age=86400");
    return reply.type("image/svg+xml").send(presetAvatarSvg(Number(parsed.data.n[0])));
  });

  // Mobile or e-mail change: a code goes to the NEW address; the change needs it back.
  const targetOf = (body: z.infer<typeof ContactCodeRequest>) => {
    if (body.channel === "mobile") {
      const mobile = normalizeMobile(body.countryDialingCode, body.target);
      if (!mobile) throw Errors.validation([{ path: "target", message: "MOBILE_INVALID" }]);
      return mobile;
    }
    const email = body.target.toLowerCase();
    if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(email))
      throw Errors.validation([{ path: "target", message: "EMAIL_INVALID" }]);
    return email;
  };
  const taken = async (channel: "mobile" | "email", target: string, memberId: number) => {
    if (await contactTakenByOther(db, channel, target, memberId))
      throw Errors.conflict(channel === "mobile" ? "MOBILE_TAKEN" : "EMAIL_TAKEN");
  };
  route(
    app,
    {
      method: "POST",
      url: "/wps/member/contact/code",
      body: ContactCodeRequest,
      guards: [...real(ctx), perIp(ctx, "contact-code", 10, 60 * 60_000)],
    },
    async ({ req, body }) => {
      const target = targetOf(body);
      await taken(body.channel, target, who(req));
      const code = await issueCode(ctx, `contact-change:${who(req)}:${body.channel}`, target);
      await sendMessage(ctx, {
        channel: body.channel === "mobile" ? "sms" : "email",
        recipient: target,
        subject: "Your Panalo verification code",
        body: `Panalo: your code to confirm this ${body.channel === "mobile" ? "number" : "address"} is ${code}. Never share it with anyone.`,
        purpose: "contact-change",
      });
      return null;
    },
  );
  route(
    app,
    { method: "POST", url: "/wps/member/contact", body: ContactChange, guards: real(ctx) },
    async ({ req, body }) => {
      const target = targetOf(body);
      await taken(body.channel, target, who(req));
      await consumeCode(ctx, `contact-change:${who(req)}:${body.channel}`, target, body.code);
      await setMemberFields(
        db,
        who(req),
        body.channel === "mobile" ? { mobile: target } : { email: target },
      ).catch((err: { code?: string; cause?: { code?: string } }) => {
        if ((err.code ?? err.cause?.code) === "23505") throw Errors.conflict("MOBILE_TAKEN");
        throw err;
      });
      return memberProfile(db, who(req));
    },
  );

  route(app, { method: "GET", url: "/wps/member/sessions", guards: real(ctx) }, async ({ req }) =>
    memberSessionList(db, who(req), memberOf(req).token),
  );
  route(app, { method: "DELETE", url: "/wps/member/sessions", guards: real(ctx) }, async ({ req }) => ({
    ended: await endOtherSessions(db, who(req), memberOf(req).token),
  }));

  // The optional second factor: an authenticator app (RFC 6238), asked at every login once on.
  route(app, { method: "POST", url: "/wps/member/totp/setup", guards: real(ctx) }, async ({ req }) => {
    const m = await memberById(db, who(req));
    if (!m) throw Errors.unauthorized();
    if (m.totpEnabledAt) throw Errors.conflict("TOTP_ALREADY_ON");
    const secret = newTotpSecret();
    await setMemberFields(db, m.id, { totpSecret: secret, totpLastStep: null });
    const { brand } = await readSettings(db, ["brand"]);
    const url = otpauthUrl(brand.name, m.username, secret);
    const svg = await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    return { secret, otpauthUrl: url, qrSvg: svg };
  });
  route(
    app,
    { method: "POST", url: "/wps/member/totp/enable", body: TotpCode, guards: real(ctx) },
    async ({ req, body }) => {
      const m = await memberById(db, who(req));
      if (!m) throw Errors.unauthorized();
      if (m.totpEnabledAt) throw Errors.conflict("TOTP_ALREADY_ON");
      if (!m.totpSecret) throw Errors.bad("TOTP_NOT_STARTED");
      await checkMemberTotp(ctx, m.id, m.totpSecret, body.code);
      await setMemberFields(db, m.id, { totpEnabledAt: ctx.clock.now() });
      return { totpEnabled: true };
    },
  );
  route(
    app,
    { method: "POST", url: "/wps/member/totp/disable", body: TotpCode, guards: real(ctx) },
    async ({ req, body }) => {
      const m = await memberById(db, who(req));
      if (!m) throw Errors.unauthorized();
      if (!m.totpEnabledAt || !m.totpSecret) throw Errors.bad("TOTP_NOT_ON");
      await checkMemberTotp(ctx, m.id, m.totpSecret, body.code);
      await setMemberFields(db, m.id, { totpEnabledAt: null, totpSecret: null, totpLastStep: null });
      return { totpEnabled: false };
    },
  );

  // KYC: the member's side.
  route(app, { method: "GET", url: "/wps/member/kyc", guards: real(ctx) }, async ({ req }) =>
    memberKyc(db, who(req)),
  );
  route(
    app,
    { method: "POST", url: "/wps/member/kyc", body: KycSubmit, guards: real(ctx) },
    async ({ req, body }) => submitKyc(ctx, who(req), body),
  );

  await kycAdminRoutes(app, ctx);
}

const CaseParams = z.object({ id: BigId });
const DocParams = z.object({ id: BigId, which: z.enum(KYC_DOCUMENTS) });
const QueueQuery = z.object({
  status: z.enum(["pending", "more_info", "approved", "rejected"]).default("pending"),
  page: PageNo.default(1),
  pageSize: pageSize(100).default(25),
});

/** The back office's KYC queue, document viewer, decisions and settings. */
async function kycAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const read = [requireOperator(ctx, "kyc.read")];
  const write = [requireOperator(ctx, "kyc.write")];

  route(app, { method: "GET", url: "/api/admin/kyc", query: QueueQuery, guards: read }, async ({ query }) =>
    kycQueue(db, query),
  );
  route(app, { method: "GET", url: "/api/admin/kyc/settings", guards: read }, async () =>
    kycSettingsDto(await readKycSettings(db)),
  );
  route(
    app,
    { method: "PUT", url: "/api/admin/kyc/settings", body: KycSettingsBody, guards: write },
    async ({ body, req, ip }) => {
      const op = operatorOf(req);
      return db.transaction(async (tx) => {
        const before = kycSettingsDto(await readKycSettings(tx));
        await writeKycSettings(tx, body, ctx.clock.now());
        const after = kycSettingsDto(await readKycSettings(tx));
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "kyc.settings",
          entityType: "kyc_settings",
          entityId: "1",
          before,
          after,
          ip,
        });
        return after;
      });
    },
  );
  route(
    app,
    { method: "GET", url: "/api/admin/kyc/:id", params: CaseParams, guards: read },
    async ({ params }) => kycCaseDetail(db, params.id),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/kyc/:id/decision",
      params: CaseParams,
      body: KycDecision,
      guards: write,
    },
    async ({ params, body, req, ip }) => {
      const op = operatorOf(req);
      return decideKyc(ctx, params.id, body.decision, body.reason, { id: op.id, username: op.username, ip });
    },
  );
  // A player's uploaded avatar for the player view (players.read): that picture only.
  app.get<{ Params: { id: string } }>(
    "/api/admin/players/:id/avatar",
    { preHandler: requireOperator(ctx, "players.read") },
    async (req, reply) => {
      const parsed = CaseParams.safeParse(req.params);
      if (!parsed.success) throw Errors.notFound("image");
      const m = await avatarOf(db, parsed.data.id);
      const upload = m?.avatarUrl?.startsWith(MEMBER_UPLOAD_PATH)
        ? await readMemberUpload(db, m.avatarUrl.slice(MEMBER_UPLOAD_PATH.length))
        : undefined;
      if (!upload) throw Errors.notFound("image");
      return sendPrivate(reply, upload);
    },
  );

  // A document of a case, to operators with kyc.read only; every view is in the audit log.
  app.get<{ Params: { id: string; which: string } }>(
    "/api/admin/kyc/:id/documents/:which",
    { preHandler: requireOperator(ctx, "kyc.read") },
    async (req, reply) => {
      const parsed = DocParams.safeParse(req.params);
      if (!parsed.success) throw Errors.notFound("file");
      const id = await kycDocumentId(db, parsed.data.id, parsed.data.which);
      const row = id ? await readMemberUpload(db, id) : undefined;
      if (!row) throw Errors.notFound("file");
      const op = operatorOf(req);
      await recordAudit(db, {
        operatorId: op.id,
        operatorName: op.username,
        action: "kyc.document.view",
        entityType: "kyc_case",
        entityId: String(parsed.data.id),
        before: null,
        after: { document: parsed.data.which },
        ip: req.ip,
      });
      return sendPrivate(reply, row);
    },
  );
}
