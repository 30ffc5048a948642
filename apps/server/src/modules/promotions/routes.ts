import { IdParams } from "@panalo/contracts/input";
import { formatMinor } from "@panalo/contracts/money";
import {
  AdminApplicationQuery,
  AdminApplicationReject,
  AdminPromotionInput,
  PromotionApplyRequest,
  PromotionListQuery,
} from "@panalo/contracts/promotions";
import { startCsv } from "@panalo/service-kit/csv";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { crudRoutes } from "../../lib/admin-crud.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { MEMBER_UPLOAD_PATH, readMemberUpload, sendPrivate } from "../../lib/member-uploads.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { readDb } from "../../lib/read-db.ts";
import { route } from "../../lib/route.ts";
import { pick } from "../content/service.ts";
import { bearerToken, memberOf, requireMember, sessionMember } from "../members/service.ts";
import {
  applicationNamesImage,
  applicationsPage,
  asDate,
  availableCount,
  createPromotion,
  getPromotion,
  listPromotions,
  type Promotion,
  promotionCards,
  promotionDetail,
  promotionReportRows,
  removePromotion,
  reviewApplication,
  takePart,
  updatePromotion,
} from "./service.ts";

/** The member behind an optional bearer token (open calls that show more to a member). */
async function optionalMember(ctx: AppContext, req: FastifyRequest): Promise<number | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const m = await sessionMember(ctx, token);
  return m ? m.id : null;
}

export async function promotionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // ---------- player (spec §2 /promotions, /promoDetail) ----------
  route(
    app,
    { method: "GET", url: "/wps/promotions", query: PromotionListQuery },
    async ({ query, req, lang }) => ({
      list: await promotionCards(ctx, await optionalMember(ctx, req), lang, query.type),
    }),
  );
  route(
    app,
    { method: "GET", url: "/wps/promotions/available", guards: [requireMember(ctx)] },
    async ({ req }) => ({ count: await availableCount(ctx, memberOf(req).id) }),
  );
  route(app, { method: "GET", url: "/wps/promotions/:id", params: IdParams }, async ({ params, req, lang }) =>
    promotionDetail(ctx, params.id, await optionalMember(ctx, req), lang),
  );
  const realMember = [requireMember(ctx, { realOnly: true })];
  for (const action of ["join", "claim"] as const) {
    route(
      app,
      { method: "POST", url: `/wps/promotions/:id/${action}`, params: IdParams, guards: realMember },
      async ({ params, req }) => takePart(ctx, params.id, memberOf(req).id, action),
    );
  }
  route(
    app,
    {
      method: "POST",
      url: "/wps/promotions/:id/apply",
      params: IdParams,
      body: PromotionApplyRequest,
      guards: realMember,
    },
    async ({ params, body, req }) => takePart(ctx, params.id, memberOf(req).id, "apply", body),
  );

  // ---------- back office: the editor ----------
  const dto = (p: Promotion) => ({
    id: p.id,
    type: p.type,
    title: p.title,
    bannerUrl: p.bannerUrl,
    body: p.body,
    audience: p.audience,
    newWithinDays: p.newWithinDays,
    vipLevels: p.vipLevels,
    agentIds: p.agentIds,
    participation: p.participation,
    rewardKind: p.rewardKind,
    rewardAmount: formatMinor(p.rewardAmount),
    bonusRuleId: p.bonusRuleId,
    startsAt: p.startsAt?.toISOString() ?? null,
    endsAt: p.endsAt?.toISOString() ?? null,
    sortOrder: p.sortOrder,
    enabled: p.enabled,
    version: p.version,
    updatedAt: p.updatedAt.toISOString(),
  });
  crudRoutes(app, ctx, {
    path: "/promotions",
    entity: "promotion",
    input: AdminPromotionInput,
    read: "marketing.read",
    write: "marketing.write",
    list: async (e) => (await listPromotions(e)).map(dto),
    get: async (e, id) => {
      const p = await getPromotion(e, id);
      return p ? dto(p) : undefined;
    },
    insert: async (e, i) => dto(await createPromotion(e, i)),
    update: async (e, id, version, i) => {
      const p = await updatePromotion(e, id, version, i);
      return p ? dto(p) : undefined;
    },
    remove: (e, id) => removePromotion(e, id),
  });

  // ---------- back office: the application review queue ----------
  const read = [requireOperator(ctx, "marketing.read")];
  const write = [requireOperator(ctx, "marketing.write")];
  const PAGE = 50;
  const adminImage = (url: string) =>
    url.startsWith(MEMBER_UPLOAD_PATH)
      ? `/api/admin/promotions/uploads/${url.slice(MEMBER_UPLOAD_PATH.length)}`
      : url;
  route(
    app,
    { method: "GET", url: "/api/admin/promotions/applications", query: AdminApplicationQuery, guards: read },
    async ({ query }) => {
      const now = ctx.clock.now();
      // Waiting applications oldest first (the queue's order); decided ones newest first.
      const { rows, total } = await applicationsPage(ctx.db, {
        state: query.state,
        promotionId: query.promotionId,
        offset: (query.page - 1) * PAGE,
        limit: PAGE,
      });
      return {
        list: rows.map((r) => {
          const created = asDate(r.created_at) ?? now;
          const reviewed = asDate(r.reviewed_at);
          return {
            id: Number(r.id),
            promotionId: Number(r.promotion_id),
            promotionTitle: pick(r.title as Record<string, string>, "EN"),
            memberId: Number(r.member_id),
            username: String(r.username),
            state: r.state as "applying" | "approved" | "rejected",
            remark: (r.remark as string | null) ?? null,
            images: ((r.images as string[]) ?? []).map(adminImage),
            reason: (r.reason as string | null) ?? null,
            createdAt: created.toISOString(),
            ageSeconds: Math.max(0, Math.floor(((reviewed ?? now).getTime() - created.getTime()) / 1000)),
            reviewedBy: (r.reviewer as string | null) ?? null,
            reviewedAt: reviewed?.toISOString() ?? null,
          };
        }),
        total,
        page: query.page,
        pageSize: PAGE,
      };
    },
  );
  const decide = (approve: boolean) =>
    route(
      app,
      {
        method: "POST",
        url: `/api/admin/promotions/applications/:id/${approve ? "approve" : "reject"}`,
        params: IdParams,
        body: approve ? z.object({}).optional() : AdminApplicationReject,
        guards: write,
      },
      async ({ params, body, req, ip }) => {
        const op = operatorOf(req);
        return ctx.db.transaction(async (tx) => {
          const { before, after } = await reviewApplication(
            tx,
            ctx.clock.now(),
            params.id,
            op.id,
            approve ? { approve: true } : { approve: false, reason: (body as { reason: string }).reason },
          );
          await recordAudit(tx, {
            operatorId: op.id,
            operatorName: op.username,
            action: approve ? "approve" : "reject",
            entityType: "promotion_application",
            entityId: String(params.id),
            before,
            after,
            ip,
          });
          return { id: params.id, state: after.state, rewardId: after.rewardId };
        });
      },
    );
  decide(true);
  decide(false);

  // An application's images, for operators who review promotions: only an image that an
  // application names is served here (deposit proofs stay behind finance.read).
  app.get<{ Params: { id: string } }>(
    "/api/admin/promotions/uploads/:id",
    { preHandler: requireOperator(ctx, "marketing.read") },
    async (req, reply) => {
      const url = `${MEMBER_UPLOAD_PATH}${req.params.id}`;
      const named = /^[0-9a-f]{32,64}$/.test(req.params.id) && (await applicationNamesImage(ctx.db, url));
      const row = named ? await readMemberUpload(ctx.db, req.params.id) : undefined;
      if (!row) throw Errors.notFound("file");
      return sendPrivate(reply, row);
    },
  );

  // ---------- back office: the report per promotion ----------
  route(app, { method: "GET", url: "/api/admin/promotions/report", guards: read }, async () => ({
    list: (await promotionReportRows(ctx.db, 0, 10_000)).map(reportDto),
  }));
  route(
    app,
    { method: "GET", url: "/api/admin/promotions/report/export", guards: read },
    async ({ reply }) => {
      const out = await startCsv(reply, "promotions-report.csv", REPORT_HEADER);
      try {
        // Keyset pages of promotions, each written once the socket has taken the previous one.
        let after = 0;
        for (;;) {
          const rows = await promotionReportRows(readDb(ctx), after, EXPORT_PAGE);
          if (rows.length === 0) break;
          const cells = rows.map((r) => {
            const d = reportDto(r);
            return [
              d.promotionId,
              d.title,
              d.type,
              d.startsAt,
              d.endsAt,
              d.players,
              d.cost,
              d.offered,
              d.turnover,
            ];
          });
          if (!(await out.writeRows(cells))) break;
          after = Number(rows[rows.length - 1]?.id);
          if (rows.length < EXPORT_PAGE) break;
        }
      } catch (err) {
        reply.raw.destroy(err as Error);
        return;
      }
      out.end();
    },
  );
}

const EXPORT_PAGE = 200;
const REPORT_HEADER = [
  "promotion_id",
  "title",
  "type",
  "starts_at",
  "ends_at",
  "players",
  "cost",
  "offered",
  "turnover",
];

function reportDto(r: Record<string, unknown>) {
  return {
    promotionId: Number(r.id),
    title: pick(r.title as Record<string, string>, "EN"),
    type: r.type as Promotion["type"],
    startsAt: asDate(r.starts_at)?.toISOString() ?? null,
    endsAt: asDate(r.ends_at)?.toISOString() ?? null,
    players: Number(r.players),
    cost: formatMinor(BigInt(String(r.cost))),
    offered: formatMinor(BigInt(String(r.offered))),
    turnover: formatMinor(BigInt(String(r.turnover))),
  };
}
