import { randomInt } from "node:crypto";
import { AGENT_RIGHTS, type AgentRights, type AgentType, isAgentType } from "@panalo/contracts/agents";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/passwords.ts";
import {
  affiliateCodeOrSet,
  insertMemberRecord,
  lockMemberById,
  lockMemberByUsername,
  type MemberRecord,
  memberOf,
  memberRecord,
  requireMember,
  updateMemberRecord,
} from "../members/service.ts";
import { endContractsOnMove } from "./contracts.ts";
import * as repo from "./repo.ts";

export interface AgentPrincipal {
  id: number;
  username: string;
  isAgent: AgentType;
  rights: AgentRights;
  currency: string;
  affiliateCode: string;
}

declare module "fastify" {
  interface FastifyRequest {
    agent?: AgentPrincipal;
  }
}

/**
 * The agent centre's permission check (spec §6): a logged-in, real, active agent account.
 * Everything else — a player, a trial account — is refused with IN_NEED_TRUE_ACCOUNT, the
 * warning the spec gives for a failed check. The agent's own row is read fresh (a type the
 * operator changed a second ago counts now), and an agent without a code gets one.
 */
export function requireAgent(ctx: AppContext): Array<(req: FastifyRequest) => Promise<void>> {
  return [
    requireMember(ctx, { realOnly: true }),
    async (req) => {
      const me = memberOf(req);
      const m = await memberRecord(ctx.db, me.id);
      if (!m || !isAgentType(m.isAgent)) throw Errors.forbiddenCode("IN_NEED_TRUE_ACCOUNT");
      const affiliateCode = m.affiliateCode ?? (await ensureAffiliateCode(ctx.db, me.id));
      req.agent = {
        id: me.id,
        username: me.username,
        isAgent: m.isAgent,
        rights: AGENT_RIGHTS[m.isAgent],
        currency: m.currency,
        affiliateCode,
      };
    },
  ];
}

export function agentOf(req: FastifyRequest): AgentPrincipal {
  if (!req.agent) throw Errors.unauthorized();
  return req.agent;
}

// No 0/O, 1/I/L: a code read aloud or off a screen is typed right.
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export function newAffiliateCode(): string {
  let s = "";
  for (let i = 0; i < 8; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

/**
 * Give an agent its invitation code if it has none (unique, case-insensitively, by
 * members_affiliate_code_idx); a concurrent call that set one first wins and is answered.
 */
export async function ensureAffiliateCode(db: Executor, memberId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const code = await affiliateCodeOrSet(db, memberId, newAffiliateCode());
      if (!code) throw Errors.notFound("member");
      return code;
    } catch (err) {
      if (err instanceof AppError || !isUniqueViolation(err)) throw err;
    }
  }
  throw Errors.internal();
}

export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string; cause?: { code?: string } } | null)?.code;
  const cause = (err as { cause?: { code?: string } } | null)?.cause?.code;
  return code === "23505" || cause === "23505";
}

export function isCheckViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  const cause = (err as { cause?: { code?: string } } | null)?.cause?.code;
  return code === "23514" || cause === "23514";
}

/**
 * registerCenter (spec §2 agent centre "register account"): the agent creates an account
 * directly under itself — never under another member, so no input names an upline. A downline
 * agent's type must be one the caller's type may create (AGENT_RIGHTS); a member needs
 * registersMembers. The new account's password is temporary: changed at its first login.
 */
export async function registerDownline(
  ctx: AppContext,
  agent: AgentPrincipal,
  input: { username: string; password: string; isAgent: 0 | AgentType },
): Promise<{ id: number; username: string; isAgent: number; affiliateCode: string | null }> {
  const allowed =
    input.isAgent === 0
      ? agent.rights.registersMembers
      : agent.rights.registersAgents.includes(input.isAgent);
  if (!allowed) throw Errors.forbiddenCode("AGENT_TYPE_NOT_ALLOWED");
  const username = input.username.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  // A code collision (31^8 codes) would fail the insert rather than be taken for a taken name.
  const affiliateCode = input.isAgent === 0 ? null : newAffiliateCode();
  const m = await insertMemberRecord(
    ctx.db,
    {
      username,
      passwordHash,
      passwordChangedAt: now,
      mustChangePassword: true,
      isAgent: input.isAgent,
      uplineId: agent.id,
      currency: agent.currency,
      affiliateCode,
      createdAt: now,
    },
    { unlessTaken: true },
  );
  if (!m) throw Errors.conflict("USERNAME_TAKEN");
  return { id: m.id, username, isAgent: input.isAgent, affiliateCode };
}

// ---- back office ----

/** The operator acting, for the audit trail. */
export interface Actor {
  id: number;
  username: string;
  ip: string;
}

const agentView = (m: MemberRecord) => ({
  id: m.id,
  username: m.username,
  isAgent: m.isAgent,
  uplineId: m.uplineId,
  affiliateCode: m.affiliateCode,
});

/**
 * Create a top agent, or make an existing player an agent (no upline change: that is a move).
 * With a password the name must be free; without one it must be an existing real player.
 */
export async function createTopAgent(
  ctx: AppContext,
  actor: Actor,
  input: { username: string; password?: string; isAgent: AgentType },
) {
  const username = input.username.trim().toLowerCase();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return ctx.db.transaction(async (tx) => {
    const before = await lockMemberByUsername(tx, username);
    let after: MemberRecord | undefined;
    if (before) {
      if (passwordHash) throw Errors.conflict("USERNAME_TAKEN");
      if (before.isAgent === 4) throw Errors.forbiddenCode("IN_NEED_TRUE_ACCOUNT");
      after = await updateMemberRecord(tx, before.id, {
        isAgent: input.isAgent,
        affiliateCode: before.affiliateCode ?? newAffiliateCode(),
      });
    } else {
      if (!passwordHash) throw Errors.notFound("player");
      after = await insertMemberRecord(tx, {
        username,
        passwordHash,
        passwordChangedAt: ctx.clock.now(),
        // An operator chose this password: the agent chooses their own at the first sign-in
        // (the site asks for it before anything else).
        mustChangePassword: true,
        isAgent: input.isAgent,
        affiliateCode: newAffiliateCode(),
        createdAt: ctx.clock.now(),
      });
    }
    if (!after) throw Errors.internal();
    await recordAudit(tx, {
      operatorId: actor.id,
      operatorName: actor.username,
      action: before ? "make_agent" : "create_agent",
      entityType: "member",
      entityId: String(after.id),
      before: before ? agentView(before) : null,
      after: agentView(after),
      ip: actor.ip,
    });
    return agentView(after);
  });
}

/**
 * Move a member (and its whole tree) under another upline. Only members.upline_id changes; the
 * closure follows by trigger, the member's contracts with its old upline end (upline_changed),
 * and nothing already settled is touched (settlements keep their own figures). A move under
 * the member's own downline is refused (the trigger's check).
 */
export async function moveMember(
  ctx: AppContext,
  actor: Actor,
  memberId: number,
  input: { uplineId: number | null; reason: string },
) {
  return ctx.db
    .transaction(async (tx) => {
      const m = await lockMemberById(tx, memberId);
      if (!m) throw Errors.notFound("player");
      if (input.uplineId !== null) {
        if (input.uplineId === m.id) throw Errors.bad("MOVE_CYCLE");
        const up = await memberRecord(tx, input.uplineId);
        if (!up || !isAgentType(up.isAgent) || up.status !== "active" || up.currency !== m.currency) {
          throw Errors.bad("UPLINE_NOT_AGENT");
        }
      }
      await updateMemberRecord(tx, m.id, { uplineId: input.uplineId });
      // Its contracts with the old upline end (bills already written stay as they are).
      const endedContracts =
        input.uplineId === m.uplineId ? [] : await endContractsOnMove(tx, m.id, m.uplineId, actor.id);
      await recordAudit(tx, {
        operatorId: actor.id,
        operatorName: actor.username,
        action: "move",
        entityType: "member",
        entityId: String(m.id),
        before: { uplineId: m.uplineId },
        after: { uplineId: input.uplineId, reason: input.reason, endedContracts },
        ip: actor.ip,
      });
      return { id: m.id, uplineId: input.uplineId, endedContracts };
    })
    .catch((err: unknown) => {
      if (isCheckViolation(err)) throw Errors.bad("MOVE_CYCLE");
      throw err;
    });
}

/** One page of the back office's tree (top agents, a member's direct downlines, or a search). */
export function agentTree(exec: Executor, filter: repo.TreeFilter, limit: number, offset: number) {
  return repo.treePage(exec, filter, limit, offset);
}

/** The breadcrumb above a drilled-into member, from the top down. */
export function uplinePathOf(exec: Executor, memberId: number) {
  return repo.uplinePath(exec, memberId);
}

/** The back office's contract list: the latest 500, of a member and a status when given. */
export function contractIdsFor(exec: Executor, q: { memberId?: number; status?: string }) {
  return repo.contractIds(exec, q);
}

/**
 * How far below the agent the member of that username is (1 = a direct downline), or null when
 * not in its team: transfers go to direct downlines only, and say so to an indirect one.
 */
export function downlineDepth(exec: Executor, agentId: number, username: string) {
  return repo.depthOfUsernameBelow(exec, agentId, username);
}

// How far the hourly rollup of rounds has come, for the rewards' valid bets.
export { hoursCover, rollupState } from "./rollup.ts";
