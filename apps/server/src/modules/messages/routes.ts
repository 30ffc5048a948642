import {
  FeedbackRequest,
  MessageDeleteRequest,
  MessageIdParams,
  MessageListQuery,
  MessageReadRequest,
} from "@panalo/contracts/messages";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { registerMemberEventHandler } from "../../lib/member-events.ts";
import { route } from "../../lib/route.ts";
import { registerHubHandler } from "../../realtime/bus.ts";
import { bearerToken, memberOf, requireMember, sessionMember } from "../members/service.ts";
import { messageAdminRoutes } from "./admin-routes.ts";
import { submitFeedback } from "./feedback.ts";
import { deleteMessages, listMessages, markRead, oneMessage, unreadCount, viewerOf } from "./inbox.ts";
import { MESSAGES_TOPIC, pushWhenCommitted, setEventPushContext, writeEventMessage } from "./send.ts";

// Every event with a template becomes the member's service message, in the emitter's
// transaction, once per (kind, ref); the page hears of it once it is committed.
registerMemberEventHandler(async (exec, event) => {
  const id = await writeEventMessage(exec, event);
  if (id !== null) pushWhenCommitted(id, event.memberId);
});

// A signed-in page asks to hear of broadcasts (messages to everyone, large segments).
registerHubHandler("messages.subscribe", (_ctx, conn) => {
  conn.subscribe(MESSAGES_TOPIC);
});

/**
 * The member centre's messageV2 (spec §2 "platform information") and its badge (§7
 * CSP_unreadCount), and the feedback call (§7 /wps/feedback, open). Texts come in the caller's
 * language (X-Lang, which the site sends as the member's chosen language).
 */
export async function messageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  setEventPushContext(ctx);
  const member = [requireMember(ctx, { realOnly: true })];
  const viewer = (id: number) => viewerOf(ctx.db, id, ctx.clock.now());

  route(app, { method: "GET", url: "/wps/messages", query: MessageListQuery, guards: member }, async (i) =>
    listMessages(ctx.db, await viewer(memberOf(i.req).id), i.query, i.lang),
  );
  // spec §7: the unread count of the badges (header and member-centre menu).
  route(app, { method: ["GET", "POST"], url: "/wps/relay/CSP_unreadCount", guards: member }, async (i) => ({
    count: await unreadCount(ctx.db, await viewer(memberOf(i.req).id)),
  }));
  // One message (opening it marks it read); anyone else's answers NOT_FOUND.
  route(
    app,
    { method: "GET", url: "/wps/messages/:id", params: MessageIdParams, guards: member },
    async (i) => {
      const v = await viewer(memberOf(i.req).id);
      const message = await oneMessage(ctx.db, v, i.params.id, i.lang);
      if (!message) throw Errors.notFound("message");
      if (!message.read) await markRead(ctx.db, v, [message.id], ctx.clock.now());
      return { ...message, read: true, unread: await unreadCount(ctx.db, v) };
    },
  );
  route(
    app,
    { method: "POST", url: "/wps/messages/read", body: MessageReadRequest, guards: member },
    async (i) => {
      const v = await viewer(memberOf(i.req).id);
      const ids = "all" in i.body ? "all" : i.body.ids;
      const changed = await ctx.db.transaction((tx) => markRead(tx, v, ids, ctx.clock.now()));
      return { changed, unread: await unreadCount(ctx.db, v) };
    },
  );
  route(
    app,
    { method: "POST", url: "/wps/messages/delete", body: MessageDeleteRequest, guards: member },
    async (i) => {
      const v = await viewer(memberOf(i.req).id);
      const changed = await ctx.db.transaction((tx) => deleteMessages(tx, v, i.body.ids, ctx.clock.now()));
      return { changed, unread: await unreadCount(ctx.db, v) };
    },
  );

  // spec §7 /wps/feedback (O; PUT): open; a signed-in member's feedback is theirs (and answered
  // as a message), a visitor's is kept for the operator.
  route(app, { method: "PUT", url: "/wps/feedback", body: FeedbackRequest }, async (i) => {
    const token = bearerToken(i.req);
    const m = token ? await sessionMember(ctx, token) : null;
    const memberId = m && m.isAgent !== 4 ? m.id : null;
    return submitFeedback(ctx, i.body, { memberId, ip: i.ip, lang: i.lang });
  });

  await messageAdminRoutes(app, ctx);
}
