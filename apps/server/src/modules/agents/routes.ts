import {
  type AgentPermissionValue,
  PeriodQuery,
  RegisterCenterRequest,
  TeamBetsQuery,
  TeamMembersQuery,
  TeamProfitQuery,
  TeamTransactionsQuery,
} from "@panalo/contracts/agents";
import type { FastifyInstance } from "fastify";
import QRCode from "qrcode";
import { z } from "zod";
import { perIp } from "../../lib/address-limits.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { readDb } from "../../lib/read-db.ts";
import { route } from "../../lib/route.ts";
import { noticesOf } from "../content/service.ts";
import { agentByCode } from "../members/service.ts";
import { agentOf, registerDownline, requireAgent } from "./service.ts";
import { teamOverview, teamRead } from "./team.ts";
import { teamBets, teamMembers, teamProfit, teamTransactions } from "./team-pages.ts";

/** The short invitation path (spec §4: the code in `?affiliateCode=` or a short path). */
export const invitePath = (code: string) => `/a/${encodeURIComponent(code)}`;

/**
 * The agent centre (spec §2 "Agent centre", §6): every call passes the permission check
 * (requireAgent) and reads only the caller's own tree — a member id from the request is used
 * only after member_tree says it is below the caller (IDOR: another agent's downline is never
 * visible).
 */
export async function agentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const agent = requireAgent(ctx);

  route(app, { method: "GET", url: "/wps/agent/permission", guards: agent }, async ({ req }) => {
    const a = agentOf(req);
    const value: AgentPermissionValue = {
      isAgent: a.isAgent,
      rights: { ...a.rights, registersAgents: [...a.rights.registersAgents] },
      affiliateCode: a.affiliateCode,
      invitePath: invitePath(a.affiliateCode),
    };
    return value;
  });

  // The agent centre's announcements (spec §2): those in force for everyone and those for
  // agents only, which the player site never shows.
  route(app, { method: "GET", url: "/wps/agent/announcements", guards: agent }, async ({ lang }) =>
    noticesOf(ctx.db, ["B"], lang, true, "agents"),
  );

  route(
    app,
    {
      method: "POST",
      url: "/wps/agent/registerCenter",
      body: RegisterCenterRequest,
      guards: [...agent, perIp(ctx, "agent-register", 60, 60 * 60_000)],
    },
    async ({ body, req }) => registerDownline(ctx, agentOf(req), body),
  );

  // The team's figures may lag by the replica's delay (DATABASE_URL_READ).
  route(
    app,
    { method: "GET", url: "/wps/agent/team/overview", query: PeriodQuery, guards: agent },
    async ({ query, req }) => {
      const a = agentOf(req);
      return teamOverview(readDb(ctx), a.id, a.currency, query);
    },
  );

  route(
    app,
    { method: "GET", url: "/wps/agent/team/members", query: TeamMembersQuery, guards: agent },
    // The primary: an agent reads this list right after adding or moving a member of it.
    async ({ query, req }) => teamRead(ctx.db, (tx) => teamMembers(tx, agentOf(req), query)),
  );
  route(
    app,
    { method: "GET", url: "/wps/agent/team/bets", query: TeamBetsQuery, guards: agent },
    async ({ query, req }) => teamRead(readDb(ctx), (tx) => teamBets(tx, agentOf(req), query)),
  );
  route(
    app,
    { method: "GET", url: "/wps/agent/team/profit", query: TeamProfitQuery, guards: agent },
    async ({ query, req }) => teamRead(readDb(ctx), (tx) => teamProfit(tx, agentOf(req), query)),
  );
  route(
    app,
    { method: "GET", url: "/wps/agent/team/transactions", query: TeamTransactionsQuery, guards: agent },
    async ({ query, req }) => teamRead(readDb(ctx), (tx) => teamTransactions(tx, agentOf(req), query)),
  );

  // The QR code of an agent's invitation link, drawn here (never by an outside service) from
  // the site's own address and a code that exists — never from a URL the visitor passes.
  app.get("/media/qr/invite/:code", async (req, reply) => {
    const parsed = z.object({ code: z.string().regex(/^[A-Za-z0-9]{4,20}\.svg$/) }).safeParse(req.params);
    if (!parsed.success) throw Errors.notFound("QR code");
    const code = parsed.data.code.replace(/\.svg$/, "");
    await agentByCode(ctx, code).catch(() => {
      throw Errors.notFound("QR code");
    });
    const link = new URL(invitePath(code.toUpperCase()), ctx.config.PUBLIC_URL).toString();
    const svg = await QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    reply.header("cache-control", "public, max-age=300");
    return reply.type("image/svg+xml").send(svg);
  });

  // The chat URL call (spec §7, §4, §6) is the chat module's (modules/chat/routes.ts).
}
