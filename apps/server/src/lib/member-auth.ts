import type { FastifyRequest } from "fastify";
import type { AppContext } from "./context.ts";

/**
 * A member's sign-in as the modules that only need it use it, without importing the members
 * module: the route guard for member calls, the signed-in member of a request, and the check of
 * the member's transaction password. The members module registers its own functions here when
 * it loads (the app loads it), as modules fill in the gates of member-gates.ts; the module that
 * guards a call never needs to know who signs members in.
 */
export interface MemberAuth {
  /** The route guard (spec §6): the token's member, refused when absent, expired or not allowed. */
  requireMember(
    ctx: AppContext,
    opts?: { realOnly?: boolean; allowPendingChange?: boolean },
  ): (req: FastifyRequest) => Promise<void>;
  /** The member the guard signed in for this request. */
  memberOf(req: FastifyRequest): { id: number };
  /** The member's transaction password checked (attempts counted, locked after too many); throws when wrong. */
  checkTxPassword(ctx: AppContext, memberId: number, password: string, path: string): Promise<void>;
}

let registered: MemberAuth | undefined;

export function registerMemberAuth(auth: MemberAuth): void {
  registered = auth;
}

function auth(): MemberAuth {
  if (!registered) throw new Error("member sign-in is not registered: the members module is not loaded");
  return registered;
}

/** The members module's route guard, looked up when a request comes (the guard holds no state). */
export function memberGuard(
  ctx: AppContext,
  opts?: { realOnly?: boolean; allowPendingChange?: boolean },
): (req: FastifyRequest) => Promise<void> {
  return (req) => auth().requireMember(ctx, opts)(req);
}

export const signedInMember = (req: FastifyRequest): { id: number } => auth().memberOf(req);

export const checkTxPassword = (ctx: AppContext, memberId: number, password: string, path: string) =>
  auth().checkTxPassword(ctx, memberId, password, path);
