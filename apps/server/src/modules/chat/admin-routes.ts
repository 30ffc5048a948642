import fastifyMultipart from "@fastify/multipart";
import { Roles, roleAllows } from "@panalo/contracts/admin-roles";
import {
  type AdminConversationRow,
  type CannedReply,
  CannedReplyBody,
  ChatAfterQuery,
  ChatAvailableBody,
  ChatListQuery,
  ChatOperatorBody,
  type ChatOperatorRow,
  ChatReadBody,
  ChatSendBody,
  ChatSettings,
  ChatTransferBody,
} from "@panalo/contracts/chat";
import { BigId, Id } from "@panalo/contracts/input";
import { formatMinor } from "@panalo/contracts/money";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { pushToOperators } from "../../realtime/admin-hub.ts";
import { pushToMember } from "../../realtime/bus.ts";
import { recordAudit } from "../admin/audit.ts";
import { operatorOf, requireOperator } from "../admin/guard.ts";
import { MAX_MEDIA_BYTES } from "../admin/media.ts";
import { bettingRecord } from "../games/betting-record.ts";
import { sendPrivate } from "../payments/uploads.ts";
import { balanceSummary } from "../wallet/service.ts";
import { readChatImage, storeChatImage, uploadedBytes } from "./routes.ts";
import {
  appendMessage,
  assignByLoad,
  chatSettings,
  conversationById,
  conversationMessages,
  markRead,
  memberVipLevel,
  pushMessage,
  pushUnread,
  saveChatSettings,
} from "./service.ts";

const IdParams = z.object({ id: BigId });
/** Canned replies are numbered by a serial (int4) column. */
const CannedIdParams = z.object({ id: Id });
const chatRoles = Roles.filter((r) => roleAllows(r, "chat.operate"));
const rolesSql = sql.join(
  chatRoles.map((r) => sql`${r}`),
  sql`, `,
);
/** Beside the conversation: the latest deposits and rounds. */
const LATEST_SHOWN = 5;

/**
 * The support console (issue 17 points 7 and 8): the queue, assignment (by load or by hand),
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
  const ensureOperatorRow = (id: number) =>
    db.execute(sql`INSERT INTO chat_operators (operator_id) VALUES (${id}) ON CONFLICT DO NOTHING`);

  // ---- the operator's own state ----
  route(app, { method: "GET", url: "/api/admin/chat/me", guards: operate }, async ({ req }) => {
    const op = operatorOf(req);
    await ensureOperatorRow(op.id);
    const [row] = await queryRows<{ available: boolean; team: string; maxOpen: number }>(
      db,
      sql`SELECT available, team, max_open AS "maxOpen" FROM chat_operators WHERE operator_id = ${op.id}`,
    );
    return { id: op.id, username: op.username, ...row };
  });
  route(
    app,
    { method: "PUT", url: "/api/admin/chat/me", body: ChatAvailableBody, guards: operate },
    async ({ req, body, ip }) => {
      const op = operatorOf(req);
      await ensureOperatorRow(op.id);
      await db.execute(
        sql`UPDATE chat_operators SET available = ${body.available}, updated_at = now() WHERE operator_id = ${op.id}`,
      );
      await audit(req, ip, "chat.available", String(op.id), null, body);
      if (body.available) {
        // Waiting conversations of the operator's team go out by load now that someone is here.
        const waiting = await queryRows<{ id: number }>(
          db,
          sql`SELECT c.id::float8 AS id FROM chat_conversations c JOIN chat_operators co ON co.operator_id = ${op.id}
              WHERE c.status = 'open' AND c.operator_id IS NULL AND c.team = co.team ORDER BY c.id LIMIT 50`,
        );
        for (const w of waiting) await assignByLoad(ctx, w.id);
      }
      return body;
    },
  );

  // ---- operators (for transfer, and their teams) ----
  route(app, { method: "GET", url: "/api/admin/chat/operators", guards: operate }, async () => {
    const rows = await queryRows<ChatOperatorRow>(
      db,
      sql`SELECT o.id, o.username, COALESCE(co.available, false) AS available, COALESCE(co.team, 'general') AS team,
            COALESCE(co.max_open, 8) AS "maxOpen",
            (SELECT count(*)::int FROM chat_conversations c WHERE c.operator_id = o.id AND c.status = 'open') AS open
          FROM operators o LEFT JOIN chat_operators co ON co.operator_id = o.id
          WHERE NOT o.disabled AND o.role IN (${rolesSql}) ORDER BY o.username`,
    );
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
      const [target] = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM operators WHERE id = ${params.id} AND NOT disabled AND role IN (${rolesSql})`,
      );
      if (!target) throw Errors.bad("CHAT_OPERATOR_INVALID");
      await ensureOperatorRow(params.id);
      await db.execute(
        sql`UPDATE chat_operators SET team = ${body.team}, max_open = ${body.maxOpen}, updated_at = now()
            WHERE operator_id = ${params.id}`,
      );
      await audit(req, ip, "chat.operator", String(params.id), null, body);
      return body;
    },
  );

  // ---- conversations ----
  route(
    app,
    { method: "GET", url: "/api/admin/chat/conversations", query: ChatListQuery, guards: operate },
    async ({ req, query }) => {
      const op = operatorOf(req);
      const where =
        query.scope === "queue"
          ? sql`c.status = 'open' AND c.operator_id IS NULL`
          : query.scope === "mine"
            ? sql`c.status = 'open' AND c.operator_id = ${op.id}`
            : query.scope === "open"
              ? sql`c.status = 'open'`
              : sql`c.status = 'closed'`;
      const items = await queryRows<AdminConversationRow>(
        db,
        sql`SELECT c.id::float8 AS id, c.member_id::float8 AS "memberId", m.username, c.team, c.status,
              c.operator_id AS "operatorId", o.username AS "operatorName", c.last_seq AS "lastSeq",
              (SELECT count(*)::int FROM chat_messages x WHERE x.conversation_id = c.id
                 AND x.seq > c.operator_read_seq AND x.sender = 'member') AS unread,
              COALESCE((SELECT CASE WHEN x.body = '' THEN '[image]' ELSE left(x.body, 80) END FROM chat_messages x
                 WHERE x.conversation_id = c.id ORDER BY x.seq DESC LIMIT 1), '') AS "lastBody",
              to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
            FROM chat_conversations c JOIN members m ON m.id = c.member_id
            LEFT JOIN operators o ON o.id = c.operator_id
            WHERE ${where} ORDER BY (c.team = 'vip') DESC, c.updated_at DESC LIMIT 100`,
      );
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
      await db.execute(
        sql`UPDATE chat_conversations SET operator_id = ${op.id}, updated_at = now() WHERE id = ${conv.id}`,
      );
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
      const [target] = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM operators WHERE id = ${body.operatorId} AND NOT disabled AND role IN (${rolesSql})`,
      );
      if (!target) throw Errors.bad("CHAT_OPERATOR_INVALID");
      await db.execute(
        sql`UPDATE chat_conversations SET operator_id = ${body.operatorId}, updated_at = now() WHERE id = ${conv.id}`,
      );
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
      await db.execute(
        sql`UPDATE chat_conversations SET status = 'closed', closed_at = now(), updated_at = now() WHERE id = ${conv.id}`,
      );
      await audit(req, ip, "chat.close", String(conv.id), { status: "open" }, { status: "closed" });
      await Promise.all([
        pushToMember(ctx, conv.memberId, { type: "chat.closed", conversationId: conv.id }),
        pushToOperators(ctx, null, { type: "chat.queue" }),
        pushUnread(ctx, conv.memberId),
      ]);
      return { id: conv.id, status: "closed" };
    },
  );

  /** Beside the conversation: who the member is, the balance, the latest deposits and rounds. */
  route(
    app,
    { method: "GET", url: "/api/admin/chat/conversations/:id/member", params: IdParams, guards: operate },
    async ({ params }) => {
      const conv = await conversation(params.id);
      const day = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
      const now = ctx.clock.now();
      const [[profile], balance, deposits, rounds, vipLevel] = await Promise.all([
        queryRows<Record<string, unknown>>(
          db,
          sql`SELECT id::float8 AS id, username, nickname, real_name AS "realName", mobile, email, language, currency,
                status, is_agent AS "isAgent", real_name_verified AS "realNameVerified",
                to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
                to_char(last_login_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastLoginAt"
              FROM members WHERE id = ${conv.memberId}`,
        ),
        balanceSummary(ctx, conv.memberId),
        queryRows<{ id: number; amount: string; currency: string; status: string; createdAt: string }>(
          db,
          sql`SELECT id::float8 AS id, amount::text AS amount, currency, status,
                to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
              FROM deposits WHERE member_id = ${conv.memberId} ORDER BY id DESC LIMIT ${LATEST_SHOWN}`,
        ),
        bettingRecord(
          ctx,
          conv.memberId,
          {
            startDate: day(new Date(now.getTime() - 30 * 86_400_000)),
            endDate: day(now),
            page: 1,
            pageSize: LATEST_SHOWN,
          },
          "EN",
        ),
        memberVipLevel(db, conv.memberId),
      ]);
      return {
        profile: { ...profile, vipLevel },
        balance,
        deposits: deposits.map((d) => ({ ...d, amount: formatMinor(BigInt(d.amount)) })),
        rounds,
      };
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
    const items = await queryRows<CannedReply>(
      db,
      sql`SELECT id, title, texts FROM chat_canned_replies ORDER BY title, id`,
    );
    return { items };
  });
  route(
    app,
    { method: "POST", url: "/api/admin/chat/canned", body: CannedReplyBody, guards: manage },
    async ({ req, body, ip }) => {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO chat_canned_replies (title, texts) VALUES (${body.title}, ${JSON.stringify(body.texts)}::jsonb) RETURNING id`,
      );
      if (!row) throw Errors.internal();
      await audit(req, ip, "chat.canned.create", String(row.id), null, body);
      return { id: row.id, ...body };
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
      const [before] = await queryRows<CannedReply>(
        db,
        sql`SELECT id, title, texts FROM chat_canned_replies WHERE id = ${params.id}`,
      );
      if (!before) throw Errors.notFound("canned reply");
      await db.execute(
        sql`UPDATE chat_canned_replies SET title = ${body.title}, texts = ${JSON.stringify(body.texts)}::jsonb WHERE id = ${params.id}`,
      );
      await audit(req, ip, "chat.canned.update", String(params.id), before, body);
      return { id: params.id, ...body };
    },
  );
  route(
    app,
    { method: "DELETE", url: "/api/admin/chat/canned/:id", params: CannedIdParams, guards: manage },
    async ({ req, params, ip }) => {
      const [before] = await queryRows<CannedReply>(
        db,
        sql`DELETE FROM chat_canned_replies WHERE id = ${params.id} RETURNING id, title, texts`,
      );
      if (!before) throw Errors.notFound("canned reply");
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
