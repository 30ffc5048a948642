import { randomBytes } from "node:crypto";
import {
  type AdminPlayersQuery,
  dayBounds,
  offsetOf,
  PLAYERS_EXPORT_ROWS_MAX,
} from "@panalo/contracts/list-query";
import { manilaStamp } from "@panalo/contracts/manila-format";
import { formatMinor } from "@panalo/contracts/money-format";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import {
  type AttemptRule,
  minutesOf,
  releaseKey,
  reserveAddress,
  reserveAttempt,
} from "../../lib/attempts.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { registerMemberAuth } from "../../lib/member-auth.ts";
import { publishEvent } from "../../lib/member-events.ts";
import { dummyHash, hashPassword, newToken, tokenHash, verifyPassword } from "../../lib/passwords.ts";
import { readSettings } from "../content/service.ts";
import { post } from "../ledger/service.ts";
import { consumeCode, issueCode, sendMessage } from "../messaging/service.ts";
import { recordDevice, setMemberAddress } from "./household.ts";

export {
  lockMember as lockMemberById,
  memberById as memberRecord,
  setMemberLanguage,
  updateMember as updateMemberRecord,
} from "./repo.ts";

import { verifyTxPassword } from "./tx-password.ts";

export { requireKycFor } from "./kyc.ts";
export {
  directDownlineByUsername,
  markResponsibleGamingActive,
  memberCurrency,
  memberRealName,
  memberStanding,
  memberUpload,
  responsibleGamingActive,
  sessionStartedAt,
  setRealNameOnce,
  setTxPasswordHash,
  signedInSince,
  txPasswordHashOf,
} from "./repo/facts.ts";
export { TX_PASSWORD_RULE, verifyTxPassword } from "./tx-password.ts";

import { memberLabelOf } from "../../lib/member-labels.ts";
import { memberByLoginName } from "./login-name.ts";
import { checkMemberTotp } from "./member-totp.ts";
import { takenCodeOf } from "./mobile-registration.ts";
import type { MemberRecord, NewMemberRecord } from "./repo/records.ts";
import {
  deleteOtherSessions,
  deleteSession,
  insertLoginHistory,
  insertMember,
  insertMemberUnlessTaken,
  insertSession,
  markSignedIn,
  memberByAffiliateCode,
  resetFailedLogins,
  sessionWithMember,
  setPasswordHash,
  successfulLoginIps,
  touchSession,
} from "./repo/sessions.ts";
import * as repo from "./repo.ts";

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000;
/** After this many failed logins for a username within the window, a captcha is required. */
export const CAPTCHA_AFTER = 3;
export const FAIL_WINDOW_MS = 15 * 60 * 1000;
/** After this many consecutive failures the account is locked for LOCK_MINUTES. */
export const LOCK_AFTER = 10;
export const LOCK_MINUTES = 15;
export const TRIAL = 4;
/** The currency of trial accounts' play money: never convertible to real money. */
export const PLAY_MONEY = "FUN";
/** Each trial account starts with 2,000.00 in play money. */
export const TRIAL_PLAY_MONEY = 200_000n;

export interface MemberPrincipal {
  id: number;
  username: string;
  isAgent: number;
  mustChangePassword: boolean;
  token: string;
}

declare module "fastify" {
  interface FastifyRequest {
    member?: MemberPrincipal;
  }
}

interface Meta {
  ip: string;
  userAgent: string;
  /** The browser's device id (members/household.ts), kept per member at login and registration. */
  device?: string | null;
}

const CAPTCHA_TTL_MS = 5 * 60 * 1000;
const captchaKey = (id: string) => `captcha:${id}`;

/** Check and spend a captcha answer: each picture can be answered once. */
export async function spendCaptcha(
  ctx: AppContext,
  id: string | undefined,
  answer: string | undefined,
): Promise<boolean> {
  if (!id || !answer) return false;
  // Claimed atomically first, so two parallel logins can never both spend one picture.
  if ((await ctx.store.incr(`captcha-spent:${id}`, CAPTCHA_TTL_MS)) !== 1) return false;
  const expected = await ctx.store.get(captchaKey(id));
  if (expected === null) return false;
  await ctx.store.del(captchaKey(id));
  return expected === answer.trim();
}

export async function issueCaptcha(ctx: AppContext, id: string, answer: string): Promise<void> {
  await ctx.store.set(captchaKey(id), answer, CAPTCHA_TTL_MS);
}

export async function createSession(
  ctx: AppContext,
  memberId: number,
  method: string,
  meta: Meta,
): Promise<string> {
  const now = ctx.clock.now();
  const token = newToken();
  await insertSession(ctx.db, {
    tokenHash: tokenHash(token),
    memberId,
    method,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
  });
  if (meta.device) await recordDevice(ctx.db, memberId, meta.device);
  return token;
}

/** The login answer of spec §3 "Login info". */
export function loginInfo(
  m: MemberRecord,
  token: string,
  firstTimeLogin: boolean,
  /** spec §3: the member's label (the VIP level's name above level 0, loyalty/vip.ts). */
  label: string | null = null,
) {
  return {
    token,
    firstTimeLogin,
    passwordExpired: false,
    mustChangePassword: m.mustChangePassword,
    isAgent: m.isAgent,
    memberLabel: label,
    customerId: m.id,
    account: m.username,
    userName: m.username,
  };
}

async function recordLogin(
  ctx: AppContext,
  e: { memberId: number | null; username: string; method: string; success: boolean; reason?: string },
  meta: Meta,
): Promise<void> {
  await insertLoginHistory(ctx.db, {
    memberId: e.memberId,
    username: e.username,
    method: e.method,
    success: e.success,
    reason: e.reason ?? null,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
  });
}

const AGENT_TYPES = [1, 2, 41, 42];

/**
 * The second factor on a new address (when the operator turns it on): a member who has logged
 * in before, from other addresses only, gets a code by SMS (or e-mail) and must send it back.
 */
async function secondFactor(
  ctx: AppContext,
  m: MemberRecord,
  code: string | undefined,
  enabled: boolean,
  meta: Meta,
): Promise<void> {
  if (!enabled || (!m.mobile && !m.email)) return;
  const seen = await successfulLoginIps(ctx.db, m.id);
  if (seen.length === 0 || seen.some((r) => r.ip === meta.ip)) return;
  const purpose = `2fa:${m.id}`;
  const target = m.mobile ?? m.email ?? "";
  if (code) {
    await consumeCode(ctx, purpose, target, code);
    return;
  }
  const fresh = await issueCode(ctx, purpose, target).catch(() => null); // one was sent a moment ago
  if (fresh) {
    await sendMessage(ctx, {
      channel: m.mobile ? "sms" : "email",
      recipient: target,
      subject: "Your Panalo sign-in code",
      body: `Panalo: a login from a new device or network. Your code is ${fresh}. If it was not you, change your password now.`,
      purpose: "second-factor",
    });
  }
  const masked = m.mobile ? `•••${m.mobile.slice(-4)}` : `${(m.email ?? "").slice(0, 2)}•••`;
  throw new AppError("SECOND_FACTOR_REQUIRED", 401, { to: masked }, undefined, {
    secondFactor: { channel: m.mobile ? "sms" : "email", to: masked },
  });
}

/**
 * Username and password login (spec §4). Unknown user and wrong password answer alike; after
 * CAPTCHA_AFTER failures for a name the answer carries `captcha: true` and a captcha is then
 * required; the LOCK_AFTER-th failure locks the name for LOCK_MINUTES — a name that is no
 * member too, so a lock answer does not tell which names exist. Counted per lib/attempts.ts.
 */
/** Failed logins per name (a member, or a name that is no member: counted alike). */
export const LOGIN_RULE: AttemptRule = {
  max: LOCK_AFTER,
  windowMs: FAIL_WINDOW_MS,
  lockMs: LOCK_MINUTES * 60_000,
  captchaAfter: CAPTCHA_AFTER,
};

/** Failed logins per address (configurable; see config.ts for why only failures count). */
export const loginAddressRule = (ctx: AppContext): AttemptRule => ({
  max: ctx.config.LOGIN_ADDRESS_MAX_FAILURES,
  windowMs: ctx.config.LOGIN_ADDRESS_WINDOW_MINUTES * 60_000,
  lockMs: ctx.config.LOGIN_ADDRESS_WINDOW_MINUTES * 60_000,
});
export const LOGIN_ADDRESS_SCOPE = "member-login-ip";

export async function passwordLogin(
  ctx: AppContext,
  input: {
    username: string;
    password: string;
    captcha?: string;
    captchaId?: string;
    secondFactorCode?: string;
    path?: "member" | "agent";
  },
  meta: Meta,
) {
  const username = input.username.trim().toLowerCase();
  const now = ctx.clock.now();
  const addressRule = loginAddressRule(ctx);
  // 1. The address reserves one failure before anything else; it is given back unless the
  //    password turns out wrong, so successful logins behind one carrier address never add up.
  const addressWindow = await reserveAddress(ctx.db, LOGIN_ADDRESS_SCOPE, meta.ip, addressRule, now);
  const giveBackAddress = () => releaseKey(ctx.db, LOGIN_ADDRESS_SCOPE, meta.ip, addressRule, addressWindow);
  // 2. The name reserves one attempt, atomically: refused when locked, or past CAPTCHA_AFTER
  //    without a solved captcha — before any password work. A member's counter is on its row; a
  //    name that is no member is counted the same way in login_attempts, so a lock answers alike.
  const captchaOk = input.captcha ? await spendCaptcha(ctx, input.captchaId, input.captcha) : false;
  // A username, or the number a player registered with (login-name.ts).
  const m = await memberByLoginName(ctx.db, username);
  const known = m?.passwordHash ? m : undefined;
  const target = known
    ? { table: "members" as const, id: known.id }
    : { scope: "member-login", key: username };
  const r = await reserveAttempt(ctx.db, target, LOGIN_RULE, now, captchaOk);
  if (!r.ok) {
    await giveBackAddress();
    if (r.locked) throw new AppError("MEMBER_LOCKED", 423, { minutes: minutesOf(r.lockedForMs) });
    throw new AppError(input.captcha ? "CAPTCHA_INVALID" : "CAPTCHA_REQUIRED", 400, {}, undefined, {
      captcha: true,
    });
  }
  // 3. The password work, the same for a name that is no member.
  let passwordOk = false;
  if (known?.passwordHash) passwordOk = await verifyPassword(known.passwordHash, input.password);
  else await verifyPassword(await dummyHash(), input.password);
  if (!known || !passwordOk) {
    // The reservation stays counted: this was a failure.
    const reason = !known ? "unknown" : r.locks ? "locked" : "password";
    await recordLogin(
      ctx,
      { memberId: m?.id ?? null, username, method: "password", success: false, reason },
      meta,
    );
    if (r.locks) throw new AppError("MEMBER_LOCKED", 423, { minutes: LOCK_MINUTES });
    throw new AppError(
      "INVALID_CREDENTIALS",
      401,
      {},
      undefined,
      r.failures >= CAPTCHA_AFTER ? { captcha: true } : undefined,
    );
  }
  await giveBackAddress();
  // The right password resets the counter: its reservation was taken while the name was not
  // locked, so a lock reached by other attempts of a burst never lets a later right answer in.
  await resetFailedLogins(ctx.db, known.id);
  // Only the holder of the password learns the account's state.
  if (known.status === "closed") throw Errors.forbiddenCode("MEMBER_CLOSED");
  if (known.status === "locked") throw new AppError("ACCOUNT_LOCKED", 423);
  if (input.path === "agent" && !AGENT_TYPES.includes(known.isAgent))
    throw Errors.forbiddenCode("NOT_AN_AGENT");
  if (known.isAgent === TRIAL) throw Errors.forbiddenCode("NOT_A_MEMBER");
  const s = await readSettings(ctx.db, ["whitelabel", "security"]);
  // A member with an authenticator app on is asked for its code at every login,
  // instead of the code sent on a new address.
  if (known.totpEnabledAt && known.totpSecret) {
    if (!input.secondFactorCode)
      throw new AppError("TOTP_REQUIRED", 401, {}, undefined, { secondFactor: { channel: "totp", to: "" } });
    await checkMemberTotp(ctx, known.id, known.totpSecret, input.secondFactorCode);
  } else await secondFactor(ctx, known, input.secondFactorCode, s.security.newIpSecondFactor, meta);
  // spec §4: an expired password (with PWDEXPFORCECHANGE3 on) must be changed before anything else.
  const maxAgeMs = s.security.passwordMaxAgeDays * 86_400_000;
  const passwordExpired =
    s.whitelabel.switches.PWDEXPFORCECHANGE3 &&
    now.getTime() - (known.passwordChangedAt ?? known.createdAt).getTime() > maxAgeMs;
  const firstTimeLogin = !known.firstLoginDone;
  const updated = await markSignedIn(ctx.db, known.id, {
    lastLoginAt: now,
    firstLoginDone: true,
    mustChangePassword: known.mustChangePassword || passwordExpired,
  });
  const token = await createSession(ctx, known.id, "password", meta);
  await recordLogin(ctx, { memberId: known.id, username, method: "password", success: true }, meta);
  // Loyalty counts the day towards its login missions.
  await publishEvent({ ctx, exec: ctx.db }, "member.signed-in", { memberId: known.id, at: now });
  const label = await memberLabelOf(ctx.db, known.id);
  return { ...loginInfo(updated ?? known, token, firstTimeLogin, label), passwordExpired };
}

/** The agent who owns an invitation code (spec §4), or INVITATION_CODE_ERROR. */
export async function agentByCode(ctx: AppContext, code: string): Promise<number> {
  const agent = await memberByAffiliateCode(ctx.db, code.trim().toUpperCase());
  if (agent?.status !== "active" || ![1, 2, 41, 42].includes(agent.isAgent)) {
    throw Errors.bad("INVITATION_CODE_ERROR");
  }
  return agent.id;
}

/**
 * Trial play (FREEPLAY3): a fresh trial account (isAgent 4) in play money, with no password;
 * it can play but never deposit, withdraw, transfer or open the member centre.
 */
export async function freeplayLogin(ctx: AppContext, meta: Meta) {
  const { whitelabel } = await readSettings(ctx.db, ["whitelabel"]);
  if (!whitelabel.switches.FREEPLAY3) throw Errors.forbiddenCode("FEATURE_OFF");
  const now = ctx.clock.now();
  const m = await insertMember(ctx.db, {
    username: `trial${randomBytes(5).toString("hex")}`,
    isAgent: TRIAL,
    currency: PLAY_MONEY,
    registerIp: meta.ip,
    firstLoginDone: true,
    lastLoginAt: now,
  });
  if (!m) throw Errors.internal();
  // Play money from the house's play pool, in its own currency: it never meets real money.
  await post(ctx.db, {
    idempotencyKey: `freeplay-grant:${m.id}`,
    type: "play_grant",
    memberId: m.id,
    legs: [
      { account: { house: "play", currency: PLAY_MONEY }, amount: -TRIAL_PLAY_MONEY },
      { account: { member: m.id, kind: "play", currency: PLAY_MONEY }, amount: TRIAL_PLAY_MONEY },
    ],
  });
  const token = await createSession(ctx, m.id, "freeplay", meta);
  await recordLogin(ctx, { memberId: m.id, username: m.username, method: "freeplay", success: true }, meta);
  return loginInfo(m, token, true);
}

/** What a registration stores (spec §3 "Registration user"), checked by the caller. */
export interface NewMember {
  username: string;
  /** Mobile registration: the number in international form. */
  mobile?: string | null;
  /** Null on mobile registration without password fields (mobileRegPass off). */
  password: string | null;
  registerUrl?: string;
  uplineId?: number | null;
  email?: string | null;
  realName?: string | null;
  birthday?: string | null;
  /** The member's address, when given; the household check compares it. */
  address?: string | null;
  /** The optional fields of the operator's register-fields config, when enabled and given. */
  contacts?: Record<string, string>;
  idNumber?: string | null;
  txPassword?: string | null;
}

/**
 * Create the member and log them in (spec §4 registration). A taken username (or, by mobile, a
 * taken number) answers `takenCode` and creates nothing.
 */
export async function register(
  ctx: AppContext,
  input: NewMember,
  meta: Meta,
  opts: { method: "register" | "register-mobile"; takenCode: "USERNAME_TAKEN" | "MOBILE_TAKEN" },
) {
  const username = input.username.trim().toLowerCase();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const txPasswordHash = input.txPassword ? await hashPassword(input.txPassword) : null;
  const now = ctx.clock.now();
  const m = await insertMemberUnlessTaken(ctx.db, {
    username,
    mobile: input.mobile ?? null,
    passwordHash,
    passwordChangedAt: passwordHash ? now : null,
    registerIp: meta.ip,
    registerUrl: input.registerUrl ?? null,
    uplineId: input.uplineId ?? null,
    email: input.email ?? null,
    realName: input.realName ?? null,
    birthday: input.birthday ?? null,
    contacts: input.contacts ?? {},
    idNumber: input.idNumber ?? null,
    txPasswordHash,
    firstLoginDone: true,
    lastLoginAt: now,
  });
  // The unique name and number decide a race: the loser learns which of the two was taken.
  if (!m)
    throw Errors.conflict(
      input.mobile ? await takenCodeOf(ctx, input.mobile, opts.takenCode) : opts.takenCode,
    );
  if (input.address) await setMemberAddress(ctx.db, m.id, input.address);
  const token = await createSession(ctx, m.id, opts.method, meta);
  await recordLogin(ctx, { memberId: m.id, username, method: opts.method, success: true }, meta);
  return loginInfo(m, token, true);
}

/** The member behind a bearer token, sliding its idle window; null when absent or expired. */
export async function sessionMember(
  ctx: AppContext,
  token: string,
): Promise<Omit<MemberPrincipal, "token"> | null> {
  const now = ctx.clock.now();
  const hashed = tokenHash(token);
  const row = await sessionWithMember(ctx.db, hashed);
  if (!row) return null;
  const expired =
    now.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_MS || row.expiresAt.getTime() <= now.getTime();
  if (expired || row.status !== "active") {
    await deleteSession(ctx.db, hashed);
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await touchSession(ctx.db, hashed, now);
  }
  return {
    id: row.id,
    username: row.username,
    isAgent: row.isAgent,
    mustChangePassword: row.mustChangePassword,
  };
}

export function bearerToken(req: FastifyRequest): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith("Bearer ")) return auth.slice(7).trim() || null;
  const header = req.headers.token;
  return typeof header === "string" && header ? header : null;
}

/**
 * Route guard for calls that need the token (spec §6). `realOnly` refuses trial accounts with
 * IN_NEED_TRUE_ACCOUNT; a member with a temporary password may only change it (and sign out).
 */
export function requireMember(
  ctx: AppContext,
  opts: { realOnly?: boolean; allowPendingChange?: boolean } = {},
): (req: FastifyRequest) => Promise<void> {
  return async (req) => {
    const token = bearerToken(req);
    if (!token) throw Errors.unauthorized();
    const m = await sessionMember(ctx, token);
    if (!m) throw Errors.unauthorizedCode("SESSION_EXPIRED");
    req.member = { ...m, token };
    if (m.mustChangePassword && !opts.allowPendingChange)
      throw Errors.forbiddenCode("PASSWORD_CHANGE_REQUIRED");
    if (opts.realOnly && m.isAgent === TRIAL) throw Errors.forbiddenCode("IN_NEED_TRUE_ACCOUNT");
  };
}

export function memberOf(req: FastifyRequest): MemberPrincipal {
  if (!req.member) throw Errors.unauthorized();
  return req.member;
}

export async function logout(ctx: AppContext, token: string): Promise<void> {
  await deleteSession(ctx.db, tokenHash(token));
}

/** Change the password: the old one must be right; every other session of the member ends. */
export async function changeMemberPassword(
  ctx: AppContext,
  who: MemberPrincipal,
  oldPassword: string | undefined,
  newPassword: string,
): Promise<void> {
  const m = await repo.memberById(ctx.db, who.id);
  if (!m?.passwordHash) throw Errors.unauthorized();
  // The old password is a password guess like a login's: counted on the same counter, reserved
  // before the hash is computed (no captcha here: the caller holds a session).
  const r = await reserveAttempt(ctx.db, { table: "members", id: m.id }, LOGIN_RULE, ctx.clock.now(), true);
  if (!r.ok) throw new AppError("MEMBER_LOCKED", 423, { minutes: minutesOf(r.locked ? r.lockedForMs : 0) });
  if (!oldPassword || !(await verifyPassword(m.passwordHash, oldPassword))) {
    if (r.locks) throw new AppError("MEMBER_LOCKED", 423, { minutes: LOCK_MINUTES });
    throw Errors.validation([{ path: "oldPassword", message: "old_password_wrong" }]);
  }
  await resetFailedLogins(ctx.db, m.id);
  if (oldPassword === newPassword)
    throw Errors.validation([{ path: "newPassword", message: "password_reused" }]);
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, who.id, passwordHash, ctx.clock.now());
    await deleteOtherSessions(tx, who.id, tokenHash(who.token));
  });
}

// ---- read functions for other modules (they never query `members` themselves) ----

export {
  activeDownlineAgents,
  affiliateCodeOrSet,
  insertMemberRecord,
  lockMemberByUsername,
  type MemberRecord,
  memberLanguage,
  memberUsernames,
  type NewMemberRecord,
} from "./repo/records.ts";

// ---- the back office's players ----

/** A player as the back office lists and audits them. */
export const playerDto = (m: MemberRecord) => ({
  id: m.id,
  username: m.username,
  mobile: m.mobile,
  email: m.email,
  isAgent: m.isAgent,
  status: m.status,
  lockedUntil: m.lockedUntil?.toISOString() ?? null,
  lockReason: m.lockReason,
  mustChangePassword: m.mustChangePassword,
  currency: m.currency,
  createdAt: m.createdAt.toISOString(),
  lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
});

/** The member with this id, or a not-found error naming a player. */
export async function requirePlayer(exec: Executor, id: number): Promise<MemberRecord> {
  const m = await repo.memberById(exec, id);
  if (!m) throw Errors.notFound("player");
  return m;
}

/** The players list's filters as the repo reads them (days as Manila instants). */
function playerFilter(q: AdminPlayersQuery): repo.MemberListFilter {
  const f = q.filters;
  const reg = dayBounds({ from: f.registeredFrom, to: f.registeredTo });
  const seen = dayBounds({ from: f.lastLoginFrom, to: f.lastLoginTo });
  return {
    q: f.q,
    status: f.status,
    kyc: f.kyc,
    agent: f.agent,
    vip: f.vip,
    balanceMin: f.balanceMin,
    balanceMax: f.balanceMax,
    registeredFrom: reg.from,
    registeredTo: reg.to,
    lastLoginFrom: seen.from,
    lastLoginTo: seen.to,
  };
}

/** One page of players, newest first, matching `q` in username, mobile or email. */
export async function playerPage(exec: Executor, q: AdminPlayersQuery) {
  const { items, total } = await repo.memberSearchPage(exec, playerFilter(q), {
    sort: q.sort,
    direction: q.direction,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return {
    items: items.map((r) => ({
      ...playerDto(r.member),
      vipLevel: r.vipLevel,
      balance: formatMinor(BigInt(r.balance)),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The CSV columns of the players export: the main balance in the player's currency, times in PHT. */
export const PLAYERS_CSV_HEADER = [
  "id",
  "username",
  "mobile",
  "email",
  "account type",
  "status",
  "vip level",
  "main balance",
  "currency",
  "registered (PHT)",
  "last sign-in (PHT)",
];

/** isAgent as the words of the list's Type column (apps/admin players-api.ts playerType). */
function accountType(isAgent: number): string {
  if (isAgent === 0) return "member";
  if (isAgent === 4) return "trial";
  if ([1, 2, 41, 42].includes(isAgent)) return "agent";
  return `other (${isAgent})`;
}

/**
 * How many players an export of `q` would hold, refused above PLAYERS_EXPORT_ROWS_MAX. Called
 * before the file starts, so a refusal is an error envelope, not half a file.
 */
export async function checkPlayerExport(
  exec: Executor,
  q: AdminPlayersQuery,
  max = PLAYERS_EXPORT_ROWS_MAX,
): Promise<number> {
  const total = await repo.memberSearchCount(exec, playerFilter(q));
  if (total > max) throw Errors.bad("EXPORT_TOO_LARGE", { max });
  return total;
}

/**
 * Every player matching the list's filters, in the list's order, as CSV rows a page at a time.
 * Only the players that existed when the export began are read (an id bound), so a player
 * registering meanwhile cannot shift the pages; at most PLAYERS_EXPORT_ROWS_MAX rows.
 */
export async function* playerExport(exec: Executor, q: AdminPlayersQuery, pageRows = 1000) {
  const f = { ...playerFilter(q), maxId: await repo.newestMemberId(exec) };
  if (f.maxId === 0) return;
  for (let offset = 0; offset < PLAYERS_EXPORT_ROWS_MAX; offset += pageRows) {
    const limit = Math.min(pageRows, PLAYERS_EXPORT_ROWS_MAX - offset);
    const rows = await repo.memberSearchRows(exec, f, {
      sort: q.sort,
      direction: q.direction,
      limit,
      offset,
    });
    yield rows.map(({ member: m, balance, vipLevel }) => [
      m.id,
      m.username,
      m.mobile,
      m.email,
      accountType(m.isAgent),
      m.status,
      vipLevel,
      formatMinor(BigInt(balance)),
      m.currency,
      manilaStamp(m.createdAt, { seconds: true }),
      m.lastLoginAt ? manilaStamp(m.lastLoginAt, { seconds: true }) : "",
    ]);
    if (rows.length < limit) return;
  }
}

/** A player with their sessions and latest sign-in attempts. */
export async function playerDetail(exec: Executor, id: number) {
  const m = await requirePlayer(exec, id);
  const [sessions, logins] = await Promise.all([
    repo.sessionsOfMember(exec, m.id),
    repo.loginsOfMember(exec, m.id, 50),
  ]);
  return {
    player: playerDto(m),
    sessions: sessions.map((s) => ({
      ...s,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
    logins: logins.map((l) => ({
      at: l.at.toISOString(),
      ip: l.ip,
      userAgent: l.userAgent,
      method: l.method,
      success: l.success,
      reason: l.reason,
    })),
  };
}

/** An operator's change to one player: it ends the player's sessions and is audited with before and after. */
export function changePlayer(
  ctx: AppContext,
  op: { id: number; username: string },
  ip: string,
  id: number,
  action: string,
  set: Partial<NewMemberRecord>,
) {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.lockMember(tx, id);
    if (!before) throw Errors.notFound("player");
    const after = await repo.updateMember(tx, id, set);
    if (!after) throw Errors.internal();
    await repo.deleteSessionsOf(tx, id);
    await recordAudit(tx, {
      operatorId: op.id,
      operatorName: op.username,
      action,
      entityType: "player",
      entityId: String(id),
      before: playerDto(before),
      after: playerDto(after),
      ip,
    });
    return playerDto(after);
  });
}

// Sign-in for the modules that guard member calls without importing this module (loyalty):
// lib/member-auth.ts asks these functions.
registerMemberAuth({
  requireMember,
  memberOf,
  async checkTxPassword(ctx, memberId, password, path) {
    await verifyTxPassword(
      ctx,
      memberId,
      (await repo.memberById(ctx.db, memberId))?.txPasswordHash ?? null,
      password,
      path,
    );
  },
});

// Why a member may not receive a bonus for their household (shared payout account, device or
// address), for the bonus grant path.
export { householdReasons } from "./household.ts";
