import type { Permission, Role } from "@panalo/contracts/admin-roles";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "./context.ts";
import { Errors } from "./errors.ts";

/**
 * The back-office route guard every module's admin routes use, without importing the admin
 * module: the admin module owns operators and their sessions and registers its session lookup
 * here when it loads (the app loads it), as the members module fills in member-auth.ts. A
 * module that guards an admin call never needs to know how operators sign in.
 */

/** The back-office session cookie (set by the admin module's sign-in, read by this guard). */
export const ADMIN_COOKIE = "panalo_admin";

/** An operator's live session as the admin module answers it. */
export interface SessionOperator {
  id: number;
  username: string;
  role: Role;
  /** What the operator's role holds now (read with the session: a role's change applies at once). */
  permissions: readonly Permission[];
  mustChangePassword: boolean;
}

/** The operator behind a back-office request, set by requireOperator. */
export interface OperatorPrincipal extends SessionOperator {
  token: string;
}

declare module "fastify" {
  interface FastifyRequest {
    operator?: OperatorPrincipal;
  }
}

/** Header every state-changing back-office call carries: a cross-site form cannot set it. */
export const CSRF_HEADER = "x-requested-with";
export const CSRF_VALUE = "panalo-admin";

type SessionLookup = (ctx: AppContext, token: string) => Promise<SessionOperator | null>;
let lookup: SessionLookup | undefined;

/** The admin module's session lookup (a live session's operator, or null when none). */
export function registerOperatorSessions(fn: SessionLookup): void {
  lookup = fn;
}

function sessionOperator(ctx: AppContext, token: string): Promise<SessionOperator | null> {
  if (!lookup) throw new Error("operator sessions are not registered: the admin module is not loaded");
  return lookup(ctx, token);
}

/**
 * Route guard for /api/admin/*: a live operator session (cookie `panalo_admin`) whose role
 * (as stored in `admin_roles` now) holds `permission`; a state-changing call must also carry the CSRF header. An operator who
 * still has a generated password may do nothing until it is changed (permission null skips
 * that rule, for the session calls themselves).
 */
export function requireOperator(
  ctx: AppContext,
  permission: Permission | null,
): (req: FastifyRequest) => Promise<void> {
  return async (req) => {
    if (req.method !== "GET" && req.headers[CSRF_HEADER] !== CSRF_VALUE) throw Errors.forbidden();
    const token = req.cookies[ADMIN_COOKIE];
    if (!token) throw Errors.unauthorized();
    const op = await sessionOperator(ctx, token);
    if (!op) throw Errors.unauthorizedCode("SESSION_EXPIRED");
    req.operator = { ...op, token };
    if (permission === null) return;
    if (op.mustChangePassword || !op.permissions.includes(permission)) throw Errors.forbidden();
  };
}

/** The operator set by requireOperator; throws if the guard did not run (a programming error). */
export function operatorOf(req: FastifyRequest): OperatorPrincipal {
  if (!req.operator) throw Errors.unauthorized();
  return req.operator;
}
