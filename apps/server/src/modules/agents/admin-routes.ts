import {
  AdminCreateAgentRequest,
  AdminMoveRequest,
  AdminTeamQuery,
  AdminTreeQuery,
} from "@panalo/contracts/agents";
import { BigId } from "@panalo/contracts/input";
import { formatMinor } from "@panalo/contracts/money";
import { sendCsv } from "@panalo/service-kit/csv";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { readDb } from "../../lib/read-db.ts";
import { route } from "../../lib/route.ts";
import { memberRecord } from "../members/service.ts";
import { agentTree, createTopAgent, moveMember, uplinePathOf } from "./service.ts";
import { teamOverview } from "./team.ts";

const IdParams = z.object({ id: BigId });

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
 * Back office: top agents, the tree (search, drill down), moving a
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
      return createTopAgent(ctx, { id: op.id, username: op.username, ip }, body);
    },
  );

  // Move a member (and its whole tree) under another upline; a move under its own downline is refused.
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
      return moveMember(ctx, { id: op.id, username: op.username, ip }, params.id, body);
    },
  );

  // The tree: top agents (no upline), a member's direct downlines (drill down), or a search.
  route(
    app,
    { method: "GET", url: "/api/admin/agents/tree", query: AdminTreeQuery, guards: read },
    async ({ query, reply }) => {
      const csv = query.format === "csv";
      const limit = csv ? 100_000 : query.pageSize;
      const offset = csv ? 0 : (query.page - 1) * query.pageSize;
      const { rows, total } = await agentTree(
        ctx.db,
        query.parent ? { parent: query.parent } : query.q ? { search: query.q } : { topAgents: true },
        limit,
        offset,
      );
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
      const path = query.parent ? await uplinePathOf(ctx.db, query.parent) : [];
      return { items, total, path };
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
      const m = await memberRecord(ctx.db, params.id);
      if (!m) throw Errors.notFound("player");
      const value = await teamOverview(readDb(ctx), params.id, m.currency, query);
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
