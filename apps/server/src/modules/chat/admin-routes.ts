import fastifyMultipart from "@fastify/multipart";
import {
  CannedReplyBody,
  ChatAfterQuery,
  ChatAvailableBody,
  ChatListQuery,
  ChatOperatorBody,
  ChatReadBody,
  ChatSendBody,
  ChatSettings,
  ChatTransferBody,
} from "@panalo/contracts/chat";
import { BigId, Id } from "@panalo/contracts/input";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { MAX_MEDIA_BYTES } from "../../lib/images.ts";
import { sendPrivate } from "../../lib/member-uploads.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { pushToOperators } from "../../realtime/admin-hub.ts";
import { pushToMember } from "../../realtime/bus.ts";
import { memberPanel } from "./member-panel.ts";
import { uploadedBytes } from "./routes.ts";
import {
  appendMessage,
  assertChatOperator,
  assignWaitingOfTeam,
  cannedReplies,
  chatOperators,
  chatSettings,
  closeConversation,
  consoleConversations,
  conversationById,
  conversationMessages,
  createCannedReply,
  deleteCannedReply,
  handConversation,
  markRead,
  operatorState,
  pushMessage,
  pushUnread,
  readChatImage,
  saveChatSettings,
  setOperatorAvailable,
  setOperatorTeam,
  storeChatImage,
  updateCannedReply,
} from "./service.ts";

const IdParams = z.object({ id: BigId });
/** Canned replies are numbered by a serial (int4) column. */
const CannedIdParams = z.object({ id: Id });

/**
 * The support console: the queue, assignment (by load or by hand),
 * transfer, answering with canned replies in the member's language, the member beside the
 * conversation, business hours with the away message, and each operator's team and load.
 * Answering needs `chat.operate`; canned replies, hours and teams need `chat.manage`.
 * Every change of who holds a conversation, every setting, every closing is audited.
 */
export async function chatAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const operate = [requireOperator(ctx, "chat.operate")];
  const manage = [requireOperator(ctx, "chat.manage")];

  const audit = (
    req: FastifyRequest,
    ip: string,
    action: string,
    entityId: string,
    before: unknown,
    after: unknown,
  ) => {
    const op = operatorOf(req);
    return recordAudit(db, {
      operatorId: op.id,
      operatorName: op.username,
      action,
      entityType: "chat",
      entityId,
      before,
      after,
      ip,
    });
  };
  const conversation = async (id: number) => {
    const conv = await conversationById(db, id);
    if (!conv) throw Errors.notFound("conversation");
    return conv;
  };

  // ---- the operator's own state ----
  route(app, { method: "GET", url: "/api/admin/chat/me", guards: operate }, async ({ req }) => {
    const op = operatorOf(req);
    const row = await operatorState(db, op.id);
    return { id: op.id, username: op.username, ...row };
  });
  route(
    app,
    { method: "PUT", url: "/api/admin/chat/me", body: ChatAvailableBody, guards: operate },
    async ({ req, body, ip }) => {
      const op = operatorOf(req);
      await setOperatorAvailable(ctx, op.id, body.available);
      await audit(req, ip, "chat.available", String(op.id), null, body);
      // Waiting conversations of the operator's team go out by load now that someone is here.
      if (body.available) await assignWaitingOfTeam(ctx, op.id);
      return body;
    },
  );

  // ---- operators (for transfer, and their teams) ----
  route(app, { method: "GET", url: "/api/admin/chat/operators", guards: operate }, async () => {
    const rows = await chatOperators(db);
    return { items: rows };
  });
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/chat/operators/:id",
      params: IdParams,
      body: ChatOperatorBody,
      guards: manage,
    },
    async ({ req, params, body, ip }) => {
      await setOperatorTeam(db, params.id, body.team, body.maxOpen);
      await audit(req, ip, "chat.operator", String(params.id), null, body);
      return body;
    },
  );

  // ---- conversations ----
  route(
    app,
    { method: "GET", url: "/api/admin/chat/conversations", query: ChatListQuery, guards: operate },
    async ({ req, query }) => {
      const items = await consoleConversations(db, query.scope, operatorOf(req).id);
      return { items };
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/admin/chat/conversations/:id/messages",
      params: IdParams,
      query: ChatAfterQuery,
      guards: operate,
    },
    async ({ params, query }) => {
      const conv = await conversation(params.id);
      return { conversation: conv, messages: await conversationMessages(db, conv.id, query.after) };
    },
  );

  /** Take a conversation by hand: from the queue, or from another operator (audited as a take). */
  route(
    app,
    { method: "POST", url: "/api/admin/chat/conversations/:id/take", params: IdParams, guards: operate },
    async ({ req, params, ip }) => {
      const op = operatorOf(req);
      const conv = await conversation(params.id);
      if (conv.status !== "open") throw Errors.conflict("CHAT_CLOSED");
      await handConversation(db, conv.id, op.id);
      await audit(
        req,
        ip,
        "chat.take",
        String(conv.id),
        { operatorId: conv.operatorId },
        { operatorId: op.id },
      );
      await pushToOperators(ctx, null, { type: "chat.queue" });
      return { id: conv.id, operatorId: op.id };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/admin/chat/conversations/:id/transfer",
      params: IdParams,
      body: ChatTransferBody,
      guards: operate,
    },
    async ({ req, params, body, ip }) => {
      const conv = await conversation(params.id);
      if (conv.status !== "open") throw Errors.conflict("CHAT_CLOSED");
      await assertChatOperator(db, body.operatorId);
      await handConversation(db, conv.id, body.operatorId);
      await audit(
        req,
        ip,
        "chat.transfer",
        String(conv.id),
        { operatorId: conv.operatorId },
        { operatorId: body.operatorId },
      );
      await Promise.all([
        pushToOperators(ctx, body.operatorId, { type: "chat.assigned", conversationId: conv.id }),
        pushToOperators(ctx, null, { type: "chat.queue" }),
      ]);
      return { id: conv.id, operatorId: body.operatorId };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/admin/chat/conversations/:id/messages",
      params: IdParams,
      body: ChatSendBody,
      guards: operate,
    },
    async ({ req, params, body }) => {
      const op = operatorOf(req);
      const conv = await conversation(params.id);
      if (conv.operatorId !== op.id) throw Errors.conflict("CHAT_NOT_ASSIGNED");
      const { message, created } = await appendMessage(ctx, {
        conversationId: conv.id,
        sender: "operator",
        operatorId: op.id,
        clientId: body.clientId,
        body: body.body,
        imageId: body.imageId ?? null,
      });
      if (created) await pushMessage(ctx, { memberId: conv.memberId, operatorId: op.id }, message);
      return message;
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/admin/chat/conversations/:id/read",
      params: IdParams,
      body: ChatReadBody,
      guards: operate,
    },
    async ({ req, params, body }) => {
      const op = operatorOf(req);
      const conv = await conversation(params.id);
      if (conv.operatorId !== op.id) return { seq: conv.operatorReadSeq };
      const seq = await markRead(db, conv.id, "operator", body.seq);
      await pushToMember(ctx, conv.memberId, { type: "chat.read", side: "operator", seq });
      return { seq };
    },
  );

  route(
    app,
    { method: "POST", url: "/api/admin/chat/conversations/:id/close", params: IdParams, guards: operate },
    async ({ req, params, ip }) => {
      const conv = await conversation(params.id);
      if (conv.status !== "open") return { id: conv.id, status: "closed" };
      await closeConversation(db, conv.id);
      await audit(req, ip, "chat.close", String(conv.id), { status: "open" }, { status: "closed" });
      await Promise.all([
        pushToMember(ctx, conv.memberId, { type: "chat.closed", conversationId: conv.id }),
        pushToOperators(ctx, null, { type: "chat.queue" }),
        pushUnread(ctx, conv.memberId),
      ]);
      return { id: conv.id, status: "closed" };
    },
  );

  /**
   * Beside the conversation: the member, KYC and limits, balance, open and latest deposits and
   * withdrawals, ledger entries and rounds, each part as far as the operator's role shows it on
   * the player page (member-panel.ts).
   */
  route(
    app,
    { method: "GET", url: "/api/admin/chat/conversations/:id/member", params: IdParams, guards: operate },
    async ({ req, params }) => {
      const conv = await conversation(params.id);
      const { permissions } = operatorOf(req);
      return memberPanel(ctx, conv.memberId, (p) => permissions.includes(p));
    },
  );

  app.get<{ Params: { id: string } }>(
    "/api/admin/chat/images/:id",
    { preHandler: requireOperator(ctx, "chat.operate") },
    async (req, reply) => {
      const id = /^[0-9a-f]{32}$/.test(req.params.id) ? req.params.id : "";
      const row = id ? await readChatImage(db, id, null) : undefined;
      if (!row) throw Errors.notFound("file");
      return sendPrivate(reply, row);
    },
  );
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: MAX_MEDIA_BYTES, files: 1, fields: 2 } });
    scope.post<{ Params: { id: string } }>(
      "/api/admin/chat/conversations/:id/images",
      { preHandler: requireOperator(ctx, "chat.operate") },
      async (req) => {
        const conv = await conversation(IdParams.parse(req.params).id);
        if (conv.operatorId !== operatorOf(req).id) throw Errors.conflict("CHAT_NOT_ASSIGNED");
        return { success: true, value: await storeChatImage(db, conv.id, await uploadedBytes(req)) };
      },
    );
  });

  // ---- canned replies ----
  route(app, { method: "GET", url: "/api/admin/chat/canned", guards: operate }, async () => {
    return { items: await cannedReplies(db) };
  });
  route(
    app,
    { method: "POST", url: "/api/admin/chat/canned", body: CannedReplyBody, guards: manage },
    async ({ req, body, ip }) => {
      const id = await createCannedReply(db, body);
      await audit(req, ip, "chat.canned.create", String(id), null, body);
      return { id, ...body };
    },
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/chat/canned/:id",
      params: CannedIdParams,
      body: CannedReplyBody,
      guards: manage,
    },
    async ({ req, params, body, ip }) => {
      const before = await updateCannedReply(db, params.id, body);
      await audit(req, ip, "chat.canned.update", String(params.id), before, body);
      return { id: params.id, ...body };
    },
  );
  route(
    app,
    { method: "DELETE", url: "/api/admin/chat/canned/:id", params: CannedIdParams, guards: manage },
    async ({ req, params, ip }) => {
      const before = await deleteCannedReply(db, params.id);
      await audit(req, ip, "chat.canned.delete", String(params.id), before, null);
      return { id: params.id };
    },
  );

  // ---- business hours and away message ----
  route(app, { method: "GET", url: "/api/admin/chat/settings", guards: operate }, async () =>
    chatSettings(db),
  );
  route(
    app,
    { method: "PUT", url: "/api/admin/chat/settings", body: ChatSettings, guards: manage },
    async ({ req, body, ip }) => {
      const before = await chatSettings(db);
      await saveChatSettings(db, body);
      await audit(req, ip, "chat.settings", "settings", before, body);
      return body;
    },
  );
}
