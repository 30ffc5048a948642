import {
  AdminBillsQuery,
  AdminContractsQuery,
  AdminOfferContractRequest,
  AdminReportQuery,
  ContractIdRequest,
  type ContractKind,
  IncomeQuery,
  IncomeSummaryQuery,
  OfferContractRequest,
} from "@panalo/contracts/agent-contracts";
import { BigIdParams, intInput } from "@panalo/contracts/input";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { activeDownlineAgents, memberOf, requireMember } from "../members/service.ts";
import { adminBills, billsOfKind, commissionReport, incomeSummary, myIncome, runsList } from "./bills.ts";
import {
  AGENT_TYPES,
  acceptContract,
  acceptImpact,
  consolidatedInfo,
  contractById,
  contractEvents,
  contractsOf,
  endContractByOperator,
  offerContract,
  rejectContract,
  terminateContract,
} from "./contracts.ts";
import { contractIdsFor } from "./service.ts";
import { rerun, setHeld } from "./settlement.ts";

/**
 * Contract calls (spec §7 MCS2_processDividendReq, MCS2_processDailySalContract,
 * MCS2_processContractHourSalary, MCSFE_processRealTimeSalaryContract): each answers its
 * contract page — the agent's own contract and offers, the contracts it gave its direct
 * downlines, the direct downline agents it may offer to, and its latest bills of the kind.
 */
export async function agentContractRoutes(app: FastifyInstance, ctx: AppContext) {
  const memberGuard = requireMember(ctx, { realOnly: true });
  const agent = [
    memberGuard,
    async (req: FastifyRequest) => {
      if (!AGENT_TYPES.includes(memberOf(req).isAgent)) throw new AppError("NOT_AN_AGENT", 403);
    },
  ];

  const page = async (memberId: number, kind: ContractKind) => {
    const [contracts, bills, downlines] = await Promise.all([
      contractsOf(ctx.db, memberId, kind),
      billsOfKind(ctx.db, memberId, kind),
      activeDownlineAgents(ctx.db, memberId),
    ]);
    return {
      kind,
      ...contracts,
      bills,
      downlines: downlines.map((d) => ({ id: Number(d.id), username: d.username, isAgent: d.is_agent })),
    };
  };
  const pages: Array<[string, "GET" | "POST", ContractKind]> = [
    ["/wps/relay/MCS2_processDividendReq", "GET", "dividend"],
    ["/wps/relay/MCS2_processDailySalContract", "GET", "daily_salary"],
    ["/wps/relay/MCS2_processContractHourSalary", "POST", "hourly_salary"],
    ["/wps/relay/MCSFE_processRealTimeSalaryContract", "POST", "realtime_salary"],
  ];
  for (const [url, method, kind] of pages) {
    route(app, { method, url, guards: agent }, async ({ req }) => page(memberOf(req).id, kind));
  }

  // spec §3 consolidated contract info, loaded when AGENTPOLICY3 is on.
  route(app, { method: "GET", url: "/wps/agent/contract/consolidated", guards: agent }, async ({ req }) =>
    consolidatedInfo(ctx.db, memberOf(req).id),
  );
  route(
    app,
    { method: "POST", url: "/wps/agent/contract/offer", body: OfferContractRequest, guards: agent },
    async ({ req, body }) =>
      offerContract(ctx, {
        uplineId: memberOf(req).id,
        downlineId: body.downlineId,
        terms: body.terms,
        funding: "upline",
      }),
  );
  route(
    app,
    { method: "POST", url: "/wps/agent/contract/accept", body: ContractIdRequest, guards: agent },
    async ({ req, body }) => acceptContract(ctx, memberOf(req).id, body.contractId),
  );
  route(
    app,
    { method: "POST", url: "/wps/agent/contract/reject", body: ContractIdRequest, guards: agent },
    async ({ req, body }) => rejectContract(ctx, memberOf(req).id, body.contractId),
  );
  route(
    app,
    { method: "POST", url: "/wps/agent/contract/terminate", body: ContractIdRequest, guards: agent },
    async ({ req, body }) => terminateContract(ctx, memberOf(req).id, body.contractId),
  );
  // A contract's history, for its upline or its downline.
  route(
    app,
    { method: "POST", url: "/wps/agent/contract/history", body: ContractIdRequest, guards: agent },
    async ({ req, body }) => {
      const c = await contractById(ctx.db, body.contractId);
      const me = memberOf(req).id;
      if (!c || (c.downlineId !== me && c.uplineId !== me)) throw new AppError("CONTRACT_NOT_FOUND", 404);
      return { contract: c, events: await contractEvents(ctx.db, c.id) };
    },
  );
  // What accepting an open offer would end in the downline's team (spec §4), for either party.
  route(
    app,
    { method: "POST", url: "/wps/agent/contract/impact", body: ContractIdRequest, guards: agent },
    async ({ req, body }) => acceptImpact(ctx.db, memberOf(req).id, body.contractId),
  );
  // "My income" per period: earned, paid to downlines (named), net.
  route(
    app,
    { method: "POST", url: "/wps/agent/income/summary", body: IncomeSummaryQuery, guards: agent },
    async ({ req, body }) => incomeSummary(ctx.db, memberOf(req).id, body),
  );
  // "My income": every commission and salary paid, by period and contract.
  route(
    app,
    { method: "POST", url: "/wps/agent/income", body: IncomeQuery, guards: agent },
    async ({ req, body }) => myIncome(ctx.db, memberOf(req).id, body),
  );

  // ---- back office ----
  const read = [requireOperator(ctx, "finance.read")];
  const write = [requireOperator(ctx, "finance.write")];
  route(
    app,
    { method: "GET", url: "/api/admin/agent-contracts", query: AdminContractsQuery, guards: read },
    async ({ query }) => {
      const ids = await contractIdsFor(ctx.db, query);
      const items = await Promise.all(ids.map((id) => contractById(ctx.db, id)));
      return { items: items.filter((x) => x !== null) };
    },
  );
  route(
    app,
    { method: "GET", url: "/api/admin/agent-contracts/:id/events", params: BigIdParams, guards: read },
    async ({ params }) => {
      const c = await contractById(ctx.db, params.id);
      if (!c) throw new AppError("CONTRACT_NOT_FOUND", 404);
      return { contract: c, events: await contractEvents(ctx.db, c.id) };
    },
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/agent-contracts/offer",
      body: AdminOfferContractRequest,
      guards: write,
    },
    async ({ req, body, ip }) => {
      const op = operatorOf(req);
      return offerContract(ctx, {
        uplineId: null,
        downlineId: body.downlineId,
        terms: body.terms,
        funding: body.funding,
        operatorId: op.id,
        audit: (tx, after) =>
          recordAudit(tx, {
            operatorId: op.id,
            operatorName: op.username,
            action: "offer",
            entityType: "agent_contract",
            entityId: String(after.id),
            before: null,
            after,
            ip,
          }),
      });
    },
  );
  route(
    app,
    { method: "POST", url: "/api/admin/agent-contracts/:id/end", params: BigIdParams, guards: write },
    async ({ req, params, ip }) => {
      const op = operatorOf(req);
      return endContractByOperator(ctx, op.id, params.id, (tx, before, after) =>
        recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "end",
          entityType: "agent_contract",
          entityId: String(after.id),
          before,
          after,
          ip,
        }),
      );
    },
  );
  const RunsQuery = z.strictObject({
    page: intInput(1, 100_000).default(1),
    pageSize: intInput(1, 200).default(50),
  });
  route(
    app,
    { method: "GET", url: "/api/admin/agent-settlement/runs", query: RunsQuery, guards: read },
    async ({ query }) => runsList(ctx.db, query.page, query.pageSize),
  );
  route(
    app,
    { method: "GET", url: "/api/admin/agent-settlement/bills", query: AdminBillsQuery, guards: read },
    async ({ query }) => adminBills(ctx.db, query),
  );
  route(
    app,
    { method: "GET", url: "/api/admin/agent-settlement/report", query: AdminReportQuery, guards: read },
    async ({ query }) => commissionReport(ctx.db, query.from, query.to, query.group),
  );
  const audited = async (req: FastifyRequest, ip: string, action: string, id: number) => {
    const op = operatorOf(req);
    await recordAudit(ctx.db, {
      operatorId: op.id,
      operatorName: op.username,
      action,
      entityType: "agent_settlement_run",
      entityId: String(id),
      before: null,
      after: null,
      ip,
    });
  };
  route(
    app,
    { method: "POST", url: "/api/admin/agent-settlement/runs/:id/hold", params: BigIdParams, guards: write },
    async ({ req, params, ip }) => {
      await ctx.db.transaction(async (tx) => {
        await setHeld(tx, params.id, true);
      });
      await audited(req, ip, "hold", params.id);
      return { held: true };
    },
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/agent-settlement/runs/:id/release",
      params: BigIdParams,
      guards: write,
    },
    async ({ req, params, ip }) => {
      await setHeld(ctx.db, params.id, false);
      await audited(req, ip, "release", params.id);
      return { held: false };
    },
  );
  route(
    app,
    { method: "POST", url: "/api/admin/agent-settlement/runs/:id/rerun", params: BigIdParams, guards: write },
    async ({ req, params, ip }) => {
      await audited(req, ip, "rerun", params.id);
      return rerun(ctx, params.id);
    },
  );
}
