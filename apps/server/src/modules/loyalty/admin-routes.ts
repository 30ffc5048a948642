import { IdParams } from "@panalo/contracts/input";
import {
  AdminCampaign,
  AdminLoyaltySettings,
  AdminMallItem,
  AdminMemberParams,
  AdminMission,
  AdminPointsRate,
  AdminPointsReportQuery,
  AdminRedemptionDecision,
  AdminRedemptionQuery,
  AdminVipChange,
  AdminVipLevel,
} from "@panalo/contracts/loyalty";
import { formatMinor } from "@panalo/contracts/money";
import { sendCsv } from "@panalo/service-kit/csv";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import {
  campaignResults,
  campaignsList,
  changeMemberVip,
  createCampaign,
  createMission,
  loyaltyRulesView,
  memberVipView,
  pointsReport,
  redemptionQueuePage,
  registerLoyaltyAppliers,
  replaceMission,
  saveItem,
  saveLoyaltySettings,
  savePointsRate,
  saveVipLevel,
  vipLevelsView,
} from "./admin.ts";
import { decideRedemption, mallItems } from "./mall.ts";
import { activeMissions } from "./missions.ts";

/**
 * Loyalty's back office: points rules and rates, VIP levels, a member's level history
 * and a manual change, the mall's items and stock, the redemption queue, missions and campaigns
 * with their results, and the points report (issued, redeemed, refunded, expired) as JSON or
 * CSV. Reading needs marketing.read, changing marketing.write; every change is audited.
 */
export async function loyaltyAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const read = [requireOperator(ctx, "marketing.read")];
  const write = [requireOperator(ctx, "marketing.write")];
  const audit = async (
    req: FastifyRequest,
    action: string,
    entityType: string,
    entityId: string | null,
    before: unknown,
    after: unknown,
  ) => {
    const op = operatorOf(req);
    await recordAudit(ctx.db, {
      operatorId: op.id,
      operatorName: op.username,
      action,
      entityType,
      entityId,
      before,
      after,
      ip: req.ip,
    });
  };

  // ---------- rules ----------
  // Pesos and percentages both ways; a change that pays more waits for a second operator
  // (admin.ts: vipLevelRaises, settingsRaises); every change is audited with what it replaced.
  registerLoyaltyAppliers(ctx);
  route(app, { method: "GET", url: "/api/admin/loyalty/settings", guards: read }, async () =>
    loyaltyRulesView(ctx),
  );
  route(
    app,
    { method: "PUT", url: "/api/admin/loyalty/settings", body: AdminLoyaltySettings, guards: write },
    async (i) => saveLoyaltySettings(ctx, i.body, operatorOf(i.req), i.ip),
  );
  route(
    app,
    { method: "PUT", url: "/api/admin/loyalty/rates", body: AdminPointsRate, guards: write },
    async (i) => savePointsRate(ctx, i.body, operatorOf(i.req), i.ip),
  );

  // ---------- VIP ----------
  route(app, { method: "GET", url: "/api/admin/loyalty/vip-levels", guards: read }, async () =>
    vipLevelsView(ctx),
  );
  route(
    app,
    { method: "PUT", url: "/api/admin/loyalty/vip-levels", body: AdminVipLevel, guards: write },
    async (i) => saveVipLevel(ctx, i.body, operatorOf(i.req), i.ip),
  );
  route(
    app,
    { method: "GET", url: "/api/admin/loyalty/members/:id/vip", params: AdminMemberParams, guards: read },
    async (i) => memberVipView(ctx, i.params.id),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/loyalty/members/:id/vip",
      params: AdminMemberParams,
      body: AdminVipChange,
      guards: write,
    },
    async (i) => {
      const { before, changed } = await changeMemberVip(ctx, i.params.id, i.body, operatorOf(i.req).id);
      await audit(i.req, "vip_change", "member", String(i.params.id), { level: before }, i.body);
      return { changed, level: i.body.level };
    },
  );

  // ---------- mall ----------
  route(app, { method: "GET", url: "/api/admin/loyalty/mall/items", guards: read }, async () => ({
    list: (await mallItems(ctx.db, { all: true })).map((it) => ({
      ...it,
      pricePoints: Number(it.pricePoints),
      amount: it.amount === null ? null : formatMinor(it.amount),
      freeSpins: it.freeSpins ? { ...it.freeSpins, betPerLine: formatMinor(it.freeSpins.betPerLine) } : null,
    })),
  }));
  route(
    app,
    { method: "POST", url: "/api/admin/loyalty/mall/items", body: AdminMallItem, guards: write },
    async (i) => {
      const id = await saveItem(ctx, null, i.body);
      await audit(i.req, "create", "mall_item", String(id), null, {
        ...i.body,
        amount: i.body.amount?.toString() ?? null,
        freeSpins: i.body.freeSpins
          ? { ...i.body.freeSpins, betPerLine: i.body.freeSpins.betPerLine.toString() }
          : null,
      });
      return { id };
    },
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/loyalty/mall/items/:id",
      params: IdParams,
      body: AdminMallItem,
      guards: write,
    },
    async (i) => {
      const id = await saveItem(ctx, i.params.id, i.body);
      await audit(i.req, "update", "mall_item", String(id), null, {
        ...i.body,
        amount: i.body.amount?.toString() ?? null,
        freeSpins: i.body.freeSpins
          ? { ...i.body.freeSpins, betPerLine: i.body.freeSpins.betPerLine.toString() }
          : null,
      });
      return { id };
    },
  );
  route(
    app,
    { method: "GET", url: "/api/admin/loyalty/redemptions", query: AdminRedemptionQuery, guards: read },
    async (i) => redemptionQueuePage(ctx, i.query.status ?? null, i.query.pageNo),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/loyalty/redemptions/:id/decide",
      params: IdParams,
      body: AdminRedemptionDecision,
      guards: write,
    },
    async (i) => {
      const r = await decideRedemption(ctx, i.params.id, { ...i.body, operatorId: operatorOf(i.req).id });
      await audit(
        i.req,
        i.body.approve ? "approve" : "reject",
        "mall_redemption",
        String(i.params.id),
        { status: "in_process" },
        i.body,
      );
      return { ...r, points: Number(r.points) };
    },
  );

  // ---------- missions ----------
  route(app, { method: "GET", url: "/api/admin/loyalty/missions", guards: read }, async () => {
    const [missions, campaigns] = await Promise.all([
      activeMissions(ctx.db, { all: true }),
      campaignsList(ctx),
    ]);
    return { missions: missions.map((m) => ({ ...m, prizeAmount: Number(m.prizeAmount) })), campaigns };
  });
  route(
    app,
    { method: "POST", url: "/api/admin/loyalty/missions", body: AdminMission, guards: write },
    async (i) => {
      const b = i.body;
      const id = await createMission(ctx, b);
      await audit(i.req, "create", "mission", String(id), null, b);
      return { id };
    },
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/loyalty/missions/:id",
      params: IdParams,
      body: AdminMission,
      guards: write,
    },
    async (i) => {
      const b = i.body;
      const before = await replaceMission(ctx, i.params.id, b);
      await audit(i.req, "update", "mission", String(i.params.id), before, b);
      return { id: i.params.id };
    },
  );
  route(
    app,
    { method: "POST", url: "/api/admin/loyalty/campaigns", body: AdminCampaign, guards: write },
    async (i) => {
      const b = i.body;
      const { id, prizes } = await createCampaign(ctx, b);
      await audit(i.req, "create", "mission_campaign", String(id), null, { ...b, prizes });
      return { id };
    },
  );
  route(
    app,
    { method: "GET", url: "/api/admin/loyalty/campaigns/:id/results", params: IdParams, guards: read },
    async (i) => campaignResults(ctx, i.params.id),
  );

  // ---------- report ----------
  route(
    app,
    { method: "GET", url: "/api/admin/loyalty/report", query: AdminPointsReportQuery, guards: read },
    async (i) => {
      const list = await pointsReport(ctx, i.query.from, i.query.to);
      if (i.query.format === "csv") {
        return sendCsv(
          i.reply,
          `points-${i.query.from}-${i.query.to}.csv`,
          ["day", "issued", "redeemed", "refunded", "expired", "adjusted"],
          list,
        );
      }
      return { list };
    },
  );
}
