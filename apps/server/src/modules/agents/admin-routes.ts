import {
  AdminCreateAgentRequest,
  AdminMoveRequest,
  AdminTeamQuery,
  AdminTreeQuery,
  isAgentType,
} from "@panalo/contracts/agents";
import { BigId } from "@panalo/contracts/input";
import { formatMinor } from "@panalo/contracts/money";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { queryRows } from "../../db/client.ts";
import { members } from "../../db/schema/members.ts";
import type { AppContext } from "../../lib/context.ts";
import { sendCsv } from "../../lib/csv.ts";
import { Errors } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { route } from "../../lib/route.ts";
import { recordAudit } from "../admin/audit.ts";
import { operatorOf, requireOperator } from "../admin/guard.ts";
import { endContractsOnMove } from "./contracts.ts";
import { isCheckViolation, newAffiliateCode } from "./service.ts";
import { teamOverview } from "./team.ts";

const IdParams = z.object({ id: BigId });

interface TreeRow {
  id: number;
  username: string;
  is_agent: number;
  status: string;
  currency: string;
  upline_id: number | null;
  upline_name: string | null;
  affiliate_code: string | null;
  depth: number;
  direct: number;
  team_size: number;
  balance: string;
  created_at: string;
}
const TREE_COLUMNS = [
  "id",
  "username",
  "isAgent",
  "status",
  "uplineId",
  "uplineName",
  "affiliateCode",
  "depth",
  "direct",
  "teamSize",
  "balance",
  "currency",
  "createdAt",
] as const;

/**
 * Back office (issue 15 points 1 and 6): top agents, the tree (search, drill down), moving a
 * member to another upline (audited), an agent's team figures, and CSV of each table. Reading
 * needs players.read, changing players.write.
 */
export async function agentAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const read = [requireOperator(ctx, "players.read")];
  const write = [requireOperator(ctx, "players.write")];

  // Create a top agent, or make an existing player an agent (no upline change: that is a move).
  route(
    app,
    { method: "POST", url: "/api/admin/agents", body: AdminCreateAgentRequest, guards: write },
    async ({ body, req, ip }) => {
      const op = operatorOf(req);
      const username = body.username.trim().toLowerCase();
      const passwordHash = body.password ? await hashPassword(body.password) : null;
      return ctx.db.transaction(async (tx) => {
        const [before] = await tx.select().from(members).where(eq(members.username, username)).for("update");
        let after: typeof members.$inferSelect | undefined;
        if (before) {
          if (passwordHash) throw Errors.conflict("USERNAME_TAKEN");
          if (before.isAgent === 4) throw Errors.forbiddenCode("IN_NEED_TRUE_ACCOUNT");
          [after] = await tx
            .update(members)
            .set({ isAgent: body.isAgent, affiliateCode: before.affiliateCode ?? newAffiliateCode() })
            .where(eq(members.id, before.id))
            .returning();
        } else {
          if (!passwordHash) throw Errors.notFound("player");
          [after] = await tx
            .insert(members)
            .values({
              username,
              passwordHash,
              passwordChangedAt: ctx.clock.now(),
              mustChangePassword: false,
              isAgent: body.isAgent,
              affiliateCode: newAffiliateCode(),
              createdAt: ctx.clock.now(),
            })
            .returning();
        }
        if (!after) throw Errors.internal();
        const view = (m: typeof members.$inferSelect) => ({
          id: m.id,
          username: m.username,
          isAgent: m.isAgent,
          uplineId: m.uplineId,
          affiliateCode: m.affiliateCode,
        });
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: before ? "make_agent" : "create_agent",
          entityType: "member",
          entityId: String(after.id),
          before: before ? view(before) : null,
          after: view(after),
          ip,
        });
        return view(after);
      });
    },
  );

  // Move a member (and its whole tree) under another upline. Only members.upline_id changes; the
  // closure follows by trigger, the member's contracts with its old upline end (upline_changed),
  // and nothing already settled is touched (settlements keep their own figures). A move under
  // the member's own downline is refused (the trigger's check).
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/agents/:id/move",
      params: IdParams,
      body: AdminMoveRequest,
      guards: write,
    },
    async ({ params, body, req, ip }) => {
      const op = operatorOf(req);
      return ctx.db
        .transaction(async (tx) => {
          const [m] = await tx.select().from(members).where(eq(members.id, params.id)).for("update");
          if (!m) throw Errors.notFound("player");
          if (body.uplineId !== null) {
            if (body.uplineId === m.id) throw Errors.bad("MOVE_CYCLE");
            const [up] = await tx.select().from(members).where(eq(members.id, body.uplineId));
            if (!up || !isAgentType(up.isAgent) || up.status !== "active" || up.currency !== m.currency) {
              throw Errors.bad("UPLINE_NOT_AGENT");
            }
          }
          await tx.update(members).set({ uplineId: body.uplineId }).where(eq(members.id, m.id));
          // Its contracts with the old upline end (bills already written stay as they are).
          const endedContracts =
            body.uplineId === m.uplineId ? [] : await endContractsOnMove(tx, m.id, m.uplineId, op.id);
          await recordAudit(tx, {
            operatorId: op.id,
            operatorName: op.username,
            action: "move",
            entityType: "member",
            entityId: String(m.id),
            before: { uplineId: m.uplineId },
            after: { uplineId: body.uplineId, reason: body.reason, endedContracts },
            ip,
          });
          return { id: m.id, uplineId: body.uplineId, endedContracts };
        })
        .catch((err: unknown) => {
          if (isCheckViolation(err)) throw Errors.bad("MOVE_CYCLE");
          throw err;
        });
    },
  );

  // The tree: top agents (no upline), a member's direct downlines (drill down), or a search.
  route(
    app,
    { method: "GET", url: "/api/admin/agents/tree", query: AdminTreeQuery, guards: read },
    async ({ query, reply }) => {
      const pattern = `%${query.q.replace(/[%_\\]/g, "\\$&").toLowerCase()}%`;
      const where = query.parent
        ? sql`m.upline_id = ${query.parent}`
        : query.q
          ? sql`m.username LIKE ${pattern}`
          : sql`m.upline_id IS NULL AND m.is_agent IN (1, 2, 41, 42)`;
      const csv = query.format === "csv";
      const limit = csv ? 100_000 : query.pageSize;
      const offset = csv ? 0 : (query.page - 1) * query.pageSize;
      const [rows, [count]] = await Promise.all([
        queryRows<TreeRow>(
          ctx.db,
          sql`SELECT m.id::int AS id, m.username, m.is_agent::int AS is_agent, m.status, m.currency,
            m.upline_id::int AS upline_id, u.username AS upline_name, m.affiliate_code,
            (SELECT max(depth) FROM member_tree p WHERE p.descendant_id = m.id)::int AS depth,
            (SELECT count(*) FROM members d WHERE d.upline_id = m.id)::int AS direct,
            (SELECT count(*) - 1 FROM member_tree s WHERE s.ancestor_id = m.id)::int AS team_size,
            coalesce(a.balance, 0)::text AS balance,
            to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
          FROM members m LEFT JOIN members u ON u.id = m.upline_id
          LEFT JOIN ledger_accounts a ON a.member_id = m.id AND a.kind = 'main' AND a.currency = m.currency
          WHERE ${where}
          ORDER BY m.id LIMIT ${limit} OFFSET ${offset}`,
        ),
        queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM members m WHERE ${where}`),
      ]);
      const items = rows.map((r) => ({
        id: r.id,
        username: r.username,
        isAgent: r.is_agent,
        status: r.status,
        uplineId: r.upline_id,
        uplineName: r.upline_name,
        affiliateCode: r.affiliate_code,
        depth: r.depth,
        direct: r.direct,
        teamSize: r.team_size,
        balance: formatMinor(BigInt(r.balance)),
        currency: r.currency,
        createdAt: r.created_at,
      }));
      if (csv) return sendCsv(reply, "agent-tree.csv", TREE_COLUMNS, items);
      // The path above the drilled-into member, for the breadcrumb (one index range).
      const path = query.parent
        ? await queryRows<{ id: number; username: string }>(
            ctx.db,
            sql`SELECT m.id::int AS id, m.username FROM member_tree t JOIN members m ON m.id = t.ancestor_id
            WHERE t.descendant_id = ${query.parent} ORDER BY t.depth DESC`,
          )
        : [];
      return { items, total: count?.n ?? 0, path };
    },
  );

  // An agent's team figures over a period (the same figures as its agent centre).
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/agents/:id/team",
      params: IdParams,
      query: AdminTeamQuery,
      guards: read,
    },
    async ({ params, query, reply }) => {
      const [m] = await ctx.db
        .select({ currency: members.currency, username: members.username })
        .from(members)
        .where(eq(members.id, params.id));
      if (!m) throw Errors.notFound("player");
      const value = await teamOverview(ctx.db, params.id, m.currency, query);
      if (query.format === "csv") {
        return sendCsv(
          reply,
          `team-${m.username}-${query.startDate}-${query.endDate}.csv`,
          ["day", "bets", "validBets", "profitLoss", "active"],
          value.days,
        );
      }
      return value;
    },
  );
}
