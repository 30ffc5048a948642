import { randomBytes } from "node:crypto";
import { effectivePermissions, type Role } from "@panalo/contracts/admin-roles";
import type { Db, Executor } from "../../db/client.ts";
import {
  type AttemptRule,
  minutesOf,
  releaseKey,
  reserveAddress,
  reserveAttempt,
} from "../../lib/attempts.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { ADMIN_COOKIE, registerOperatorSessions, type SessionOperator } from "../../lib/operator-guard.ts";
import { dummyHash, hashPassword, newToken, tokenHash, verifyPassword } from "../../lib/passwords.ts";
import {
  claimTotpStep,
  deleteOtherSessions,
  deleteSession,
  insertOperator,
  insertOperatorSession,
  operatorById,
  operatorByUsername,
  resetFailedLogins,
  roleExists,
  sessionRow,
  setOperatorPassword,
  storedRolePermissions,
  touchSession,
} from "./repo/sign-in.ts";
import { matchTotp, newTotpSecret, otpauthUrl } from "./totp.ts";

export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const MAX_FAILED_LOGINS = 10;
export const LOCK_MINUTES = 15;

/** A readable random password: 20 characters from an unambiguous alphabet, with digits. */
export function generatePassword(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(20);
  let out = "";
  for (const b of bytes) out += alphabet[b % alphabet.length]; // 256 % 56 bias is negligible for a password
  return `${out.slice(0, 18)}${2 + ((bytes[0] ?? 0) % 8)}${2 + ((bytes[1] ?? 0) % 8)}`;
}

export interface CreatedOperator {
  id: number;
  username: string;
  role: Role;
  password: string;
  totpSecret: string;
  otpauthUrl: string;
}

/**
 * Create an operator with a generated password (must be changed at first sign-in) or a given
 * one, and a generated or given TOTP secret. The password is returned once and never stored.
 */
export async function createOperator(
  exec: Executor,
  input: { username: string; role: Role; password?: string; totpSecret?: string },
): Promise<CreatedOperator> {
  const username = input.username.trim().toLowerCase();
  const password = input.password ?? generatePassword();
  const totpSecret = input.totpSecret ?? newTotpSecret();
  if (!(await roleExists(exec, input.role))) throw Errors.bad("ROLE_UNKNOWN");
  const passwordHash = await hashPassword(password);
  const row = await insertOperator(exec, {
    username,
    passwordHash,
    totpSecret,
    role: input.role,
    mustChangePassword: input.password === undefined,
  });
  if (!row) throw Errors.conflict("OPERATOR_EXISTS");
  return {
    id: row.id,
    username,
    role: input.role,
    password,
    totpSecret,
    otpauthUrl: otpauthUrl("Panalo", username, totpSecret),
  };
}

export { ADMIN_COOKIE, type SessionOperator };

export function selfOf(op: SessionOperator) {
  return {
    id: op.id,
    username: op.username,
    role: op.role,
    permissions: [...op.permissions],
    mustChangePassword: op.mustChangePassword,
  };
}

/** What role `name` holds now (none when it is missing). */
export async function permissionsOfRole(exec: Executor, name: string) {
  return effectivePermissions(name, (await storedRolePermissions(exec, name)) ?? []);
}

/** Failed sign-ins per operator name (an existing operator or not: counted alike). */
export const SIGN_IN_RULE: AttemptRule = {
  max: MAX_FAILED_LOGINS,
  windowMs: LOCK_MINUTES * 60_000,
  lockMs: LOCK_MINUTES * 60_000,
};
export const ADMIN_ADDRESS_SCOPE = "admin-login-ip";
/** A secret no operator has: an unknown name's TOTP check does the same work as a real one. */
const NO_SECRET = newTotpSecret();

/**
 * Sign in with password and TOTP. An attempt is reserved atomically before any work, per
 * address (failures only) and per name (lib/attempts.ts); the ten-th failure locks the name for
 * LOCK_MINUTES — an unknown or disabled name too, so a lock says nothing about which names
 * exist. A wrong password, a wrong TOTP and a reused TOTP step answer the same
 * SIGN_IN_FAILED after the same work (argon2 and the TOTP check always both run). Every
 * TOTP code is accepted once.
 */
export async function signIn(
  ctx: AppContext,
  input: { username: string; password: string; totp: string },
  meta: { ip: string; userAgent: string },
): Promise<{ token: string; operator: SessionOperator }> {
  const { db, clock } = ctx;
  const now = clock.now();
  const username = input.username.trim().toLowerCase();
  const addressRule: AttemptRule = {
    max: ctx.config.ADMIN_ADDRESS_MAX_FAILURES,
    windowMs: LOCK_MINUTES * 60_000,
    lockMs: LOCK_MINUTES * 60_000,
  };
  const addressWindow = await reserveAddress(db, ADMIN_ADDRESS_SCOPE, meta.ip, addressRule, now);
  const giveBackAddress = () => releaseKey(db, ADMIN_ADDRESS_SCOPE, meta.ip, addressRule, addressWindow);
  const row = await operatorByUsername(db, username);
  const op = row && !row.disabled ? row : undefined;
  const target = op
    ? { table: "operators" as const, id: op.id }
    : { scope: "operator-sign-in", key: username };
  const r = await reserveAttempt(db, target, SIGN_IN_RULE, now);
  if (!r.ok) {
    await giveBackAddress();
    throw new AppError("OPERATOR_LOCKED", 423, { minutes: minutesOf(r.locked ? r.lockedForMs : 0) });
  }
  const passwordOk = await verifyPassword(op?.passwordHash ?? (await dummyHash()), input.password);
  const step = matchTotp(op?.totpSecret ?? NO_SECRET, input.totp, now.getTime());
  // Claim the step atomically: of two sign-ins racing with one code, only one wins; the claim
  // also resets the counter (the reservation was taken while the name was not locked).
  const claimed =
    op && passwordOk && step !== null && step > op.totpLastStep
      ? await claimTotpStep(db, op.id, step, now)
      : [];
  if (!op || claimed.length === 0) {
    // The reservation stays counted: this was a failure.
    if (r.locks) throw new AppError("OPERATOR_LOCKED", 423, { minutes: LOCK_MINUTES });
    throw Errors.unauthorizedCode("SIGN_IN_FAILED");
  }
  await giveBackAddress();

  const token = newToken();
  await insertOperatorSession(db, {
    tokenHash: tokenHash(token),
    operatorId: op.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
  });
  return {
    token,
    operator: {
      id: op.id,
      username: op.username,
      role: op.role,
      permissions: await permissionsOfRole(db, op.role),
      mustChangePassword: op.mustChangePassword,
    },
  };
}

/** The operator of a live session, sliding its idle window; null when absent or expired. */
export async function sessionOperator(ctx: AppContext, token: string): Promise<SessionOperator | null> {
  const { db, clock } = ctx;
  const now = clock.now();
  const hashed = tokenHash(token);
  const row = await sessionRow(db, hashed);
  if (!row) return null;
  const idleExpired = now.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_MS;
  if (row.disabled || idleExpired || row.expiresAt.getTime() <= now.getTime()) {
    await deleteSession(db, hashed);
    return null;
  }
  // Touch at most once a minute: no write per request on the hot path.
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await touchSession(db, hashed, now);
  }
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    permissions: effectivePermissions(row.role, row.rolePermissions ?? []),
    mustChangePassword: row.mustChangePassword,
  };
}

// Every module's admin routes guard their calls with lib/operator-guard.ts; the sessions it checks
// are this module's, looked up through this function.
registerOperatorSessions(sessionOperator);

export async function signOut(db: Db, token: string): Promise<void> {
  await deleteSession(db, tokenHash(token));
}

/** Change the password; every other session of the operator is ended. */
export async function changePassword(
  ctx: AppContext,
  operatorId: number,
  currentToken: string,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const { db } = ctx;
  const op = await operatorById(db, operatorId);
  if (!op) throw Errors.unauthorized();
  // The old password is counted like a sign-in's, reserved before the hash is computed.
  const r = await reserveAttempt(db, { table: "operators", id: op.id }, SIGN_IN_RULE, ctx.clock.now());
  if (!r.ok) throw new AppError("OPERATOR_LOCKED", 423, { minutes: minutesOf(r.locked ? r.lockedForMs : 0) });
  if (!(await verifyPassword(op.passwordHash, oldPassword))) {
    if (r.locks) throw new AppError("OPERATOR_LOCKED", 423, { minutes: LOCK_MINUTES });
    throw Errors.bad("INVALID_CREDENTIALS");
  }
  await resetFailedLogins(db, op.id);
  if (oldPassword === newPassword) throw Errors.bad("PASSWORD_REUSED");
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await setOperatorPassword(tx, operatorId, passwordHash);
    await deleteOtherSessions(tx, operatorId, tokenHash(currentToken));
  });
}
