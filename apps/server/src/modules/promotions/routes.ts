import { IdParams } from "@panalo/contracts/input";
import { linkProblem } from "@panalo/contracts/links";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import {
  AdminApplicationQuery,
  AdminApplicationReject,
  AdminPromotionInput,
  PromotionApplyRequest,
  PromotionListQuery,
} from "@panalo/contracts/promotions";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { type Executor, queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { registerMessages } from "../../lib/messages.ts";
import { route } from "../../lib/route.ts";
import { recordAudit } from "../admin/audit.ts";
import { crudRoutes } from "../admin/crud.ts";
import { operatorOf, requireOperator } from "../admin/guard.ts";
import { cleanTexts, linksIn, pick, plainTexts } from "../content/texts.ts";
import { bearerToken, memberOf, requireMember, sessionMember } from "../members/service.ts";
import { MEMBER_UPLOAD_PATH, readMemberUpload, sendPrivate } from "../payments/uploads.ts";
import { CsvWriter, csvLine } from "../reports/csv.ts";
import {
  asDate,
  availableCount,
  getPromotion,
  listPromotions,
  type Promotion,
  promotionCards,
  promotionDetail,
  reviewApplication,
  takePart,
} from "./service.ts";

registerMessages("EN", {
  PROMO_NOT_FOUND: "This promotion does not exist or is no longer shown.",
  PROMO_NOT_OPEN: "This promotion is not running now.",
  PROMO_ACTION_NOT_ALLOWED: "This promotion is not taken part in that way.",
  PROMO_ALREADY_TAKEN: "You have already taken part in this promotion.",
  PROMO_NOT_FOR_AGENTS: "Promotions are for players: agent accounts cannot take part.",
  PROMO_NOT_FOR_TRIAL: "Register a real account to take part in promotions.",
  PROMO_SELF_EXCLUDED: "Your account is self-excluded, so promotions are not offered to you.",
  PROMO_NOT_ELIGIBLE: "Your account cannot take part in promotions right now.",
  PROMO_AUDIENCE: "This promotion is for another group of players.",
  PROMO_HAS_ENTRIES: "Players have taken part in this promotion: untick Enabled to hide it instead.",
  APPLICATION_NOT_FOUND: "That application does not exist.",
  APPLICATION_NOT_PENDING: "That application has already been decided.",
  remark_too_long: "the remark may hold at most 140 characters.",
  images_required: "add at least one picture.",
  images_too_many: "at most 3 pictures.",
  images_repeated: "the same picture is attached twice.",
  reason_required: "give a reason.",
  reward_amount_needed: "a cash or bonus reward needs an amount above zero.",
  bonus_rule_needed: "a bonus reward needs the bonus rule id.",
  new_days_needed: "a promotion for new members needs the number of days.",
  agents_needed: "name at least one agent whose team may take part.",
  vip_levels_needed: "name at least one VIP level.",
  window_order: "the end must be after the start.",
});
registerMessages("TY", {
  PROMO_NOT_FOUND: "Wala ang promosyong ito o hindi na ito ipinapakita.",
  PROMO_NOT_OPEN: "Hindi tumatakbo ngayon ang promosyong ito.",
  PROMO_ACTION_NOT_ALLOWED: "Hindi ganyan ang paraan ng pagsali sa promosyong ito.",
  PROMO_ALREADY_TAKEN: "Nakasali ka na sa promosyong ito.",
  PROMO_NOT_FOR_AGENTS: "Para sa mga manlalaro ang mga promosyon: hindi makakasali ang account ng ahente.",
  PROMO_NOT_FOR_TRIAL: "Magrehistro ng totoong account para makasali sa mga promosyon.",
  PROMO_SELF_EXCLUDED: "Naka-self-exclude ang iyong account, kaya walang promosyong iniaalok sa iyo.",
  PROMO_NOT_ELIGIBLE: "Hindi makakasali ang iyong account sa mga promosyon sa ngayon.",
  PROMO_AUDIENCE: "Para sa ibang grupo ng manlalaro ang promosyong ito.",
  PROMO_HAS_ENTRIES:
    "May mga manlalarong sumali na sa promosyong ito: alisin ang tsek sa Enabled para itago ito.",
  APPLICATION_NOT_FOUND: "Walang ganyang aplikasyon.",
  APPLICATION_NOT_PENDING: "Napagpasyahan na ang aplikasyong iyon.",
  remark_too_long: "hanggang 140 character lamang ang remark.",
  images_required: "maglagay ng kahit isang larawan.",
  images_too_many: "hanggang 3 larawan lamang.",
  images_repeated: "dalawang beses na nakalakip ang parehong larawan.",
  reason_required: "magbigay ng dahilan.",
  reward_amount_needed: "kailangan ng halagang higit sa zero ang cash o bonus na gantimpala.",
  bonus_rule_needed: "kailangan ng bonus rule id ang bonus na gantimpala.",
  new_days_needed: "kailangan ng bilang ng araw ang promosyon para sa mga bagong miyembro.",
  agents_needed: "magbigay ng kahit isang ahente na ang team ay puwedeng sumali.",
  vip_levels_needed: "magbigay ng kahit isang VIP level.",
  window_order: "dapat mas huli ang katapusan kaysa simula.",
});

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
  type In = z.infer<typeof AdminPromotionInput>;
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
  /** Check what the schema alone cannot, and clean the texts (as notices: in-site links only). */
  const values = (i: In) => {
    for (const [lang, html] of Object.entries(i.body)) {
      for (const href of linksIn(html ?? "")) {
        const problem = linkProblem(href, false);
        if (problem) throw Errors.validation([{ path: `body.${lang}`, message: problem }]);
      }
    }
    const amount = parseMoney(i.rewardAmount) ?? 0n;
    const refuse = (path: string, message: string) => {
      throw Errors.validation([{ path, message }]);
    };
    if (i.rewardKind !== "none" && amount <= 0n) refuse("rewardAmount", "reward_amount_needed");
    if (i.rewardKind === "bonus" && i.bonusRuleId === null) refuse("bonusRuleId", "bonus_rule_needed");
    if (i.audience === "new" && i.newWithinDays === null) refuse("newWithinDays", "new_days_needed");
    if (i.audience === "team" && i.agentIds.length === 0) refuse("agentIds", "agents_needed");
    if (i.audience === "vip" && i.vipLevels.length === 0) refuse("vipLevels", "vip_levels_needed");
    if (i.startsAt && i.endsAt && new Date(i.startsAt) >= new Date(i.endsAt))
      refuse("endsAt", "window_order");
    const title = JSON.stringify(plainTexts(i.title));
    const body = JSON.stringify(cleanTexts(i.body));
    return sql`${i.type}, ${title}::jsonb, ${i.bannerUrl || null}, ${body}::jsonb, ${i.audience},
      ${i.audience === "new" ? i.newWithinDays : null}, ${JSON.stringify(i.vipLevels)}::jsonb,
      ${JSON.stringify(i.agentIds)}::jsonb, ${i.participation}, ${i.rewardKind},
      ${(i.rewardKind === "none" ? 0n : amount).toString()}::bigint,
      ${i.rewardKind === "bonus" ? i.bonusRuleId : null}, ${i.startsAt ? new Date(i.startsAt) : null},
      ${i.endsAt ? new Date(i.endsAt) : null}, ${i.sortOrder}, ${i.enabled}`;
  };
  const COLS = sql`type, title, banner_url, body, audience, new_within_days, vip_levels, agent_ids,
    participation, reward_kind, reward_amount, bonus_rule_id, starts_at, ends_at, sort_order, enabled`;
  const must = async (e: Executor, id: number) => {
    const p = await getPromotion(e, id);
    if (!p) throw Errors.internal();
    return dto(p);
  };
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
    insert: async (e, i) => {
      const [r] = await queryRows<{ id: number }>(
        e,
        sql`INSERT INTO promotions (${COLS}) VALUES (${values(i)}) RETURNING id`,
      );
      if (!r) throw Errors.internal();
      return must(e, Number(r.id));
    },
    update: async (e, id, version, i) => {
      const [r] = await queryRows<{ id: number }>(
        e,
        sql`UPDATE promotions SET (${COLS}, version, updated_at) = (${values(i)}, version + 1, now())
            WHERE id = ${id} AND version = ${version} RETURNING id`,
      );
      return r ? must(e, Number(r.id)) : undefined;
    },
    remove: async (e, id) => {
      const [used] = await queryRows<{ one: number }>(
        e,
        sql`SELECT 1 AS one FROM promotion_entries WHERE promotion_id = ${id} LIMIT 1`,
      );
      if (used) throw Errors.conflict("PROMO_HAS_ENTRIES");
      await e.execute(sql`DELETE FROM promotions WHERE id = ${id}`);
    },
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
      const where = sql`e.state = ${query.state} ${query.promotionId ? sql`AND e.promotion_id = ${query.promotionId}` : sql``}`;
      // Waiting applications oldest first (the queue's order); decided ones newest first.
      const order =
        query.state === "applying" ? sql`e.created_at ASC, e.id ASC` : sql`e.reviewed_at DESC, e.id DESC`;
      const rows = await queryRows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT e.id::text AS id, e.promotion_id, e.member_id::text AS member_id, m.username, e.state, e.remark,
              e.images, e.reason, e.created_at, e.reviewed_at, p.title, o.username AS reviewer
            FROM promotion_entries e
            JOIN promotions p ON p.id = e.promotion_id
            JOIN members m ON m.id = e.member_id
            LEFT JOIN operators o ON o.id = e.reviewed_by
            WHERE ${where}
            ORDER BY ${order}
            LIMIT ${PAGE} OFFSET ${(query.page - 1) * PAGE}`,
      );
      const [count] = await queryRows<{ n: number }>(
        ctx.db,
        sql`SELECT count(*)::int AS n FROM promotion_entries e WHERE ${where}`,
      );
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
        total: Number(count?.n ?? 0),
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
      const [named] = /^[0-9a-f]{32,64}$/.test(req.params.id)
        ? await queryRows<{ one: number }>(
            ctx.db,
            sql`SELECT 1 AS one FROM promotion_entries WHERE images @> ${JSON.stringify([url])}::jsonb LIMIT 1`,
          )
        : [];
      const row = named ? await readMemberUpload(ctx.db, req.params.id) : undefined;
      if (!row) throw Errors.notFound("file");
      return sendPrivate(reply, row);
    },
  );

  // ---------- back office: the report per promotion ----------
  route(app, { method: "GET", url: "/api/admin/promotions/report", guards: read }, async () => ({
    list: (await reportRows(ctx.db, 0, 10_000)).map(reportDto),
  }));
  route(
    app,
    { method: "GET", url: "/api/admin/promotions/report/export", guards: read },
    async ({ reply }) => {
      reply.hijack();
      reply.raw.writeHead(200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="promotions-report.csv"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      });
      const out = new CsvWriter(reply.raw);
      await out.write(csvLine(REPORT_HEADER));
      try {
        // Keyset pages of promotions, each written once the socket has taken the previous one.
        let after = 0;
        for (;;) {
          const rows = await reportRows(ctx.db, after, EXPORT_PAGE);
          if (rows.length === 0) break;
          const lines = rows.map((r) => {
            const d = reportDto(r);
            return csvLine([
              d.promotionId,
              d.title,
              d.type,
              d.startsAt,
              d.endsAt,
              d.players,
              d.cost,
              d.offered,
              d.turnover,
            ]);
          });
          if (!(await out.write(lines.join("")))) break;
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

/**
 * Per promotion (ids above `after`, ascending): players (entries that were not rejected), cost
 * (rewards the players claimed in the reward centre), offered (rewards offered, claimed or not,
 * void ones aside) and turnover (the participants' valid bets — bets not rolled back — placed
 * within the promotion's period, from provider_transactions).
 */
async function reportRows(exec: Executor, after: number, limit: number) {
  return queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT p.id, p.title, p.type, p.starts_at, p.ends_at,
          (SELECT count(*)::int FROM promotion_entries e WHERE e.promotion_id = p.id AND e.state <> 'rejected') AS players,
          (SELECT COALESCE(sum(r.amount), 0)::text FROM promotion_entries e JOIN member_rewards r ON r.id = e.reward_id
            WHERE e.promotion_id = p.id AND r.state = 'claimed') AS cost,
          (SELECT COALESCE(sum(r.amount), 0)::text FROM promotion_entries e JOIN member_rewards r ON r.id = e.reward_id
            WHERE e.promotion_id = p.id AND r.state <> 'void') AS offered,
          (SELECT COALESCE(sum(b.amount), 0)::text
            FROM promotion_entries e
            JOIN provider_transactions b ON b.member_id = e.member_id AND b.kind = 'bet'
            WHERE e.promotion_id = p.id AND e.state <> 'rejected'
              AND (p.starts_at IS NULL OR b.created_at >= p.starts_at)
              AND (p.ends_at IS NULL OR b.created_at < p.ends_at)
              AND NOT EXISTS (
                SELECT 1 FROM provider_transactions rb
                WHERE rb.kind = 'rollback' AND rb.vendor = b.vendor AND rb.ref_transaction_id = b.transaction_id
              )) AS turnover
        FROM promotions p
        WHERE p.id > ${after}
        ORDER BY p.id
        LIMIT ${limit}`,
  );
}

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
