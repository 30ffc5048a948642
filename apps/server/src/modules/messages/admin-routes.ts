import { BigIdParams } from "@panalo/contracts/input";
import {
  AdminFeedbackQuery,
  AdminFeedbackReply,
  AdminMessageListQuery,
  AdminMessageSend,
  AdminSegmentPreview,
  type Segment,
} from "@panalo/contracts/messages";
import type { FastifyInstance } from "fastify";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { readMemberUpload, sendPrivate } from "../../lib/member-uploads.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { pushToMember } from "../../realtime/bus.ts";
import { closeFeedback, feedbackPage, feedbackScreenshot, replyToFeedback } from "./feedback.ts";
import { announceSend, countAudience, sendMessage } from "./send.ts";
import { sentMessages } from "./service.ts";
import { pickText } from "./templates.ts";

const SENT_PAGE_SIZE = 20;

/**
 * Back office of member messages: the message composer (one member, a segment with a preview
 * of its size, everyone), the sent list with read counts, and the feedback queue. Messages need
 * marketing.read / marketing.write; feedback players.read / players.write (support). Every send,
 * reply and close is audited in its own transaction.
 */
export async function messageAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const read = [requireOperator(ctx, "marketing.read")];
  const write = [requireOperator(ctx, "marketing.write")];
  const support = [requireOperator(ctx, "players.read")];
  const supportWrite = [requireOperator(ctx, "players.write")];

  route(
    app,
    { method: "POST", url: "/api/admin/messages/preview", body: AdminSegmentPreview, guards: read },
    async (i) => ({
      count: await countAudience(
        ctx.db,
        i.body.audience === "segment" ? (i.body.segment ?? { accountType: "any" }) : null,
        ctx.clock.now(),
      ),
    }),
  );

  route(
    app,
    { method: "POST", url: "/api/admin/messages", body: AdminMessageSend, guards: write },
    async (i) => {
      const op = operatorOf(i.req);
      const at = ctx.clock.now();
      const sent = await ctx.db.transaction(async (tx) => {
        const out = await sendMessage(tx, i.body, op, at);
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "send",
          entityType: "member_message",
          entityId: String(out.id),
          before: null,
          after: {
            audience: i.body.audience,
            marketing: i.body.audience !== "member" && i.body.marketing,
            target: i.body.audience === "member" ? i.body.username : undefined,
            segment: i.body.audience === "segment" ? i.body.segment : undefined,
            recipients: out.recipients,
            texts: i.body.texts,
          },
          ip: i.ip,
        });
        return out;
      });
      await announceSend(ctx, sent, i.body.audience);
      return { id: sent.id, recipients: sent.recipients };
    },
  );

  route(
    app,
    { method: "GET", url: "/api/admin/messages", query: AdminMessageListQuery, guards: read },
    async (i) => {
      const rows = await sentMessages(ctx.db, SENT_PAGE_SIZE, (i.query.page - 1) * SENT_PAGE_SIZE);
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          audience: r.audience,
          category: r.category,
          title: pickText(r.texts, "EN").title,
          languages: Object.keys(r.texts),
          target:
            r.audience === "member"
              ? (r.username ?? "")
              : r.audience === "everyone"
                ? "Everyone"
                : segmentWords(r.segment),
          recipients: Number(r.recipients),
          reads: Number(r.reads),
          deletes: Number(r.deletes),
          sentBy: r.operator_name,
          createdAt: new Date(r.created_at).toISOString(),
        })),
        total: Number(rows[0]?.total ?? 0),
        pageSize: SENT_PAGE_SIZE,
      };
    },
  );

  // ---------- Feedback ----------
  route(
    app,
    { method: "GET", url: "/api/admin/feedback", query: AdminFeedbackQuery, guards: support },
    async (i) => feedbackPage(ctx.db, i.query, ctx.clock.now()),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/feedback/:id/reply",
      params: BigIdParams,
      body: AdminFeedbackReply,
      guards: supportWrite,
    },
    async (i) => {
      const op = operatorOf(i.req);
      const out = await ctx.db.transaction((tx) =>
        replyToFeedback(tx, i.params.id, i.body.reply, op, i.ip, ctx.clock.now()),
      );
      // Committed: the member's open pages re-read their badge now.
      if (out.memberId !== null) await pushToMember(ctx, out.memberId, { type: "messages" });
      return { id: i.params.id, state: "replied", delivered: out.memberId !== null };
    },
  );
  route(
    app,
    { method: "POST", url: "/api/admin/feedback/:id/close", params: BigIdParams, guards: supportWrite },
    async (i) => {
      const op = operatorOf(i.req);
      await ctx.db.transaction((tx) => closeFeedback(tx, i.params.id, op, i.ip, ctx.clock.now()));
      return { id: i.params.id, state: "closed" };
    },
  );
  // The screenshot, to support operators (the member's private upload; nobody else's route).
  app.get<{ Params: { id: string } }>(
    "/api/admin/feedback/:id/screenshot",
    { preHandler: requireOperator(ctx, "players.read") },
    async (req, reply) => {
      const parsed = BigIdParams.safeParse(req.params);
      if (!parsed.success) throw Errors.notFound("file");
      const url = await feedbackScreenshot(ctx.db, parsed.data.id);
      const row = url ? await readMemberUpload(ctx.db, url.slice(url.lastIndexOf("/") + 1)) : undefined;
      if (!row) throw Errors.notFound("file");
      return sendPrivate(reply, row);
    },
  );
}

/** A segment in words for the sent list ("players · registered from 2026-01-01 · TY, EN"). */
export function segmentWords(s: Segment | null): string {
  if (!s) return "Segment";
  const parts: string[] = [];
  if (s.accountType && s.accountType !== "any") parts.push(s.accountType === "player" ? "players" : "agents");
  if (s.registeredFrom) parts.push(`registered from ${s.registeredFrom}`);
  if (s.registeredTo) parts.push(`registered to ${s.registeredTo}`);
  if (s.depositedWithinDays) parts.push(`deposited in the last ${s.depositedWithinDays} days`);
  if (s.neverDeposited) parts.push("never deposited");
  if (s.languages) parts.push(s.languages.join(", "));
  if (s.underAgentId) parts.push(`under agent #${s.underAgentId}`);
  if (s.vipLevels) parts.push(`VIP ${s.vipLevels.join(", ")}`);
  return parts.length ? parts.join(" · ") : "All members";
}
