import fastifyMultipart from "@fastify/multipart";
import {
  ChatAfterQuery,
  type ChatConversationValue,
  type ChatModelListValue,
  ChatReadBody,
  ChatSendBody,
  ChatUrlQuery,
} from "@panalo/contracts/chat";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { MAX_MEDIA_BYTES } from "../../lib/images.ts";
import { sendPrivate } from "../../lib/member-uploads.ts";
import { route } from "../../lib/route.ts";
import { pushToOperators, registerAdminHubHandler } from "../../realtime/admin-hub.ts";
import { pushToMember, registerHubHandler } from "../../realtime/bus.ts";
import { memberOf, requireMember } from "../members/service.ts";
import { isOpenAt } from "./hours.ts";
import {
  appendMessage,
  assertInHouseChat,
  assertMayChat,
  awayText,
  chatModelsFor,
  chatSettings,
  chatUrlFor,
  conversationMessages,
  latestConversation,
  markRead,
  openConversation,
  pushMessage,
  pushUnread,
  readChatImage,
  sendAwayIfClosed,
  storeChatImage,
  typingMember,
  typingTarget,
  unreadCount,
} from "./service.ts";

/** Member sends per minute (text and images): far above a person typing, a cap on a script. */
const SENDS_PER_MINUTE = 120;
const IMAGES_PER_HOUR = 30;
const ImageParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });

/** Read one uploaded file from a multipart request (≤ 5 MB) or refuse it. */
export async function uploadedBytes(req: FastifyRequest): Promise<Buffer> {
  const file = req.isMultipart() ? await req.file() : undefined;
  if (!file) throw Errors.bad("MEDIA_TYPE");
  const bytes = await file.toBuffer().catch(() => {
    throw Errors.bad("MEDIA_TOO_LARGE");
  });
  if (file.file.truncated) throw Errors.bad("MEDIA_TOO_LARGE");
  return bytes;
}

/**
 * The member's side of the chat (spec §3, §4, §6, §7): the chat URL call, the
 * unread count, the conversation with its history, sending (idempotent by client id), images,
 * read marks; typing over the hub.
 */
export async function chatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = requireMember(ctx);
  /** spec §4, §6: a real member who is not an agent, with the in-house chat on. */
  const mayChat = async (req: FastifyRequest) => {
    assertMayChat(memberOf(req).isAgent);
    await assertInHouseChat(ctx);
  };
  const guards = [member, mayChat];

  // The chat URL call (spec §7 "Common", §4 chat, §6).
  route(
    app,
    { method: "GET", url: "/wps/relay/CSP_chatUrl", query: ChatUrlQuery, guards: [member] },
    async ({ req, query }) => {
      const me = memberOf(req);
      assertMayChat(me.isAgent);
      return chatUrlFor(ctx, me.id, {
        title: query.title,
        language: query.language,
        headerColor: query.headerColor,
      });
    },
  );

  // The customer-service channels offered to the member (spec §6 routing), under the spec's name.
  route(
    app,
    { method: "GET", url: "/wps/relay/CBS_modelList", guards: [member] },
    async ({ req }): Promise<ChatModelListValue> => {
      const me = memberOf(req);
      assertMayChat(me.isAgent);
      return chatModelsFor(ctx, me.id);
    },
  );

  // spec §3, §7: the unread chat count (unReadCount).
  route(app, { method: "GET", url: "/wps/relay/CSP_chatUnreadCount", guards: [member] }, async ({ req }) => {
    const me = memberOf(req);
    assertMayChat(me.isAgent);
    return { unReadCount: await unreadCount(ctx.db, me.id) };
  });

  route(
    app,
    { method: "GET", url: "/wps/chat/conversation", query: ChatAfterQuery, guards },
    async ({ req, query, lang }): Promise<ChatConversationValue> => {
      const me = memberOf(req);
      const [conv, settings] = await Promise.all([latestConversation(ctx.db, me.id), chatSettings(ctx.db)]);
      return {
        conversation: conv
          ? {
              id: conv.id,
              status: conv.status,
              team: conv.team,
              operatorName: conv.operatorName,
              lastSeq: conv.lastSeq,
              memberReadSeq: conv.memberReadSeq,
              operatorReadSeq: conv.operatorReadSeq,
            }
          : null,
        messages: conv ? await conversationMessages(ctx.db, conv.id, query.after) : [],
        open: isOpenAt(settings, ctx.clock.now()),
        awayMessage: awayText(settings, lang),
      };
    },
  );

  route(
    app,
    { method: "POST", url: "/wps/chat/messages", body: ChatSendBody, guards },
    async ({ req, body }) => {
      const me = memberOf(req);
      if ((await ctx.store.incr(`chat-send:${me.id}`, 60_000)) > SENDS_PER_MINUTE)
        throw Errors.rateLimited(60);
      const conv = await openConversation(ctx, me.id);
      const {
        message,
        created,
        conv: held,
      } = await appendMessage(ctx, {
        conversationId: conv.id,
        sender: "member",
        clientId: body.clientId,
        body: body.body,
        imageId: body.imageId ?? null,
      });
      if (created) {
        // To whoever holds the conversation as read under its lock (an assignment may be newer than `conv`).
        await pushMessage(ctx, { memberId: me.id, operatorId: held.operatorId }, message);
        await sendAwayIfClosed(ctx, conv.id, me.id);
      }
      return message;
    },
  );

  route(app, { method: "POST", url: "/wps/chat/read", body: ChatReadBody, guards }, async ({ req, body }) => {
    const me = memberOf(req);
    const conv = await latestConversation(ctx.db, me.id);
    if (!conv) return { seq: 0, unReadCount: 0 };
    const seq = await markRead(ctx.db, conv.id, "member", body.seq);
    await Promise.all([
      pushToOperators(ctx, conv.operatorId, {
        type: "chat.read",
        conversationId: conv.id,
        side: "member",
        seq,
      }),
      pushUnread(ctx, me.id),
    ]);
    return { seq, unReadCount: await unreadCount(ctx.db, me.id) };
  });

  // Images: the member's own conversations' only; anyone else gets the 404 of a missing file.
  app.get<{ Params: { id: string } }>("/wps/chat/images/:id", { preHandler: member }, async (req, reply) => {
    const params = ImageParams.safeParse(req.params);
    const row = params.success ? await readChatImage(ctx.db, params.data.id, memberOf(req).id) : undefined;
    if (!row) throw Errors.notFound("file");
    return sendPrivate(reply, row);
  });

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: MAX_MEDIA_BYTES, files: 1, fields: 2 } });
    scope.post("/wps/chat/images", { preHandler: [member, mayChat] }, async (req) => {
      const me = memberOf(req);
      if ((await ctx.store.incr(`chat-image:${me.id}`, 3600_000)) > IMAGES_PER_HOUR)
        throw Errors.rateLimited(3600);
      const bytes = await uploadedBytes(req);
      const conv = await openConversation(ctx, me.id);
      return { success: true, value: await storeChatImage(ctx.db, conv.id, bytes) };
    });
  });

  // Typing marks from the member's page (throttled there): to the operator holding the conversation.
  registerHubHandler("chat.typing", async (hubCtx, conn) => {
    if (conn.isAgent !== 0) return;
    const conv = await typingTarget(hubCtx.db, conn.memberId);
    if (conv)
      await pushToOperators(hubCtx, conv.operatorId, { type: "chat.typing", conversationId: conv.id });
  });
  // …and the operator's typing, to the member's pages.
  registerAdminHubHandler("chat.typing", async (hubCtx, conn, msg) => {
    const id = Number(msg.conversationId);
    if (!Number.isSafeInteger(id)) return;
    const memberId = await typingMember(hubCtx.db, id, conn.operatorId);
    if (memberId !== undefined) await pushToMember(hubCtx, memberId, { type: "chat.typing" });
  });
}
