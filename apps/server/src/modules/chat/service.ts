import { randomBytes } from "node:crypto";
import { Roles, roleAllows } from "@panalo/contracts/admin-roles";
import { isAgentType } from "@panalo/contracts/agents";
import type { ChatMessage, ChatSettings, ChatTeam, ChatUrlValue } from "@panalo/contracts/chat";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import type { Lang } from "../../lib/messages.ts";
import { pushToOperators } from "../../realtime/admin-hub.ts";
import { pushToMember } from "../../realtime/bus.ts";
import { readSettings } from "../content/settings.ts";
import { TRIAL } from "../members/service.ts";
import { isOpenAt, withDefaults } from "./hours.ts";

/**
 * Customer-service chat (issue 17 point 7): conversations between a member and the support
 * team, their messages numbered per conversation in the database, assignment by load, and the
 * live pushes to the member's pages (realtime hub) and the operators' consoles (/admin/ws).
 */

/** spec §6: "VIP for rank level above 4, else live chat". */
export const VIP_CHAT_ABOVE_LEVEL = 4;

/**
 * The member's VIP level (issue 20: loyalty_members.vip_level), 0 when loyalty has not seen the
 * member yet.
 */
export async function memberVipLevel(exec: Executor, memberId: number): Promise<number> {
  const [row] = await queryRows<{ level: string | number | null }>(
    exec,
    sql`SELECT vip_level AS level FROM loyalty_members WHERE member_id = ${memberId}`,
  );
  const level = Number(row?.level ?? 0);
  return Number.isFinite(level) ? level : 0;
}

/** Which team answers a member of this VIP level (spec §6 VIP routing). */
export function chatTeamFor(vipLevel: number): ChatTeam {
  return vipLevel > VIP_CHAT_ABOVE_LEVEL ? "vip" : "general";
}

/** spec §4, §6: chat only for a real member who is not an agent. */
export function assertMayChat(isAgent: number): void {
  if (isAgent === TRIAL) throw Errors.forbiddenCode("IN_NEED_TRUE_ACCOUNT");
  if (isAgentType(isAgent)) throw Errors.forbiddenCode("IN_PLEASE_INFORMATION");
}

const isOutside = (url: string | null | undefined): url is string => !!url && /^https?:\/\//i.test(url);

/**
 * The chat URL call (spec §7): an outside chat page when the operator set one (the VIP one for
 * a VIP member when set), else the in-house chat window when CBS3 is on, else the help centre.
 */
export async function chatUrlFor(
  ctx: AppContext,
  memberId: number,
  look: { title?: string; language?: string; headerColor?: string } = {},
): Promise<ChatUrlValue> {
  const { brand, whitelabel } = await readSettings(ctx.db, ["brand", "whitelabel"]);
  if (isOutside(brand.customerServiceUrl)) {
    const vip = chatTeamFor(await memberVipLevel(ctx.db, memberId)) === "vip";
    const url = vip && isOutside(brand.vipServiceUrl) ? brand.vipServiceUrl : brand.customerServiceUrl;
    return { chatUrl: withLook(url, look), mode: "outside" };
  }
  if (whitelabel.switches.CBS3) return { chatUrl: "/chat", mode: "inhouse" };
  return { chatUrl: brand.customerServiceUrl ?? "/help", mode: "help" };
}

/**
 * The outside chat page with the look the site asked for (spec §7: title, language, header
 * colour, validated by ChatUrlQuery) added to its query, the operator's own parameters kept.
 * Nothing else of the member is sent.
 */
function withLook(url: string, look: { title?: string; language?: string; headerColor?: string }): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  for (const [k, v] of Object.entries(look)) if (v) u.searchParams.set(k, v);
  return u.toString();
}

/** The in-house chat is on: CBS3 on and no outside chat page set. */
export async function assertInHouseChat(ctx: AppContext): Promise<void> {
  const { brand, whitelabel } = await readSettings(ctx.db, ["brand", "whitelabel"]);
  if (!whitelabel.switches.CBS3 || isOutside(brand.customerServiceUrl))
    throw Errors.forbiddenCode("CHAT_OFF");
}

export interface ConversationRow {
  id: number;
  memberId: number;
  team: ChatTeam;
  status: "open" | "closed";
  operatorId: number | null;
  operatorName: string | null;
  lastSeq: number;
  memberReadSeq: number;
  operatorReadSeq: number;
}

const CONV_COLUMNS = sql`c.id::float8 AS id, c.member_id::float8 AS "memberId", c.team, c.status,
  c.operator_id AS "operatorId", o.username AS "operatorName", c.last_seq AS "lastSeq",
  c.member_read_seq AS "memberReadSeq", c.operator_read_seq AS "operatorReadSeq"`;

export async function conversationById(exec: Executor, id: number): Promise<ConversationRow | undefined> {
  const [row] = await queryRows<ConversationRow>(
    exec,
    sql`SELECT ${CONV_COLUMNS} FROM chat_conversations c LEFT JOIN operators o ON o.id = c.operator_id
        WHERE c.id = ${id}`,
  );
  return row;
}

/** The member's open conversation, else the latest closed one (history), else none. */
export async function latestConversation(
  exec: Executor,
  memberId: number,
): Promise<ConversationRow | undefined> {
  const [row] = await queryRows<ConversationRow>(
    exec,
    sql`SELECT ${CONV_COLUMNS} FROM chat_conversations c LEFT JOIN operators o ON o.id = c.operator_id
        WHERE c.member_id = ${memberId} ORDER BY (c.status = 'open') DESC, c.id DESC LIMIT 1`,
  );
  return row;
}

/** The member's open conversation, opened (and assigned by load) when there is none. */
export async function openConversation(ctx: AppContext, memberId: number): Promise<ConversationRow> {
  const [open] = await queryRows<ConversationRow>(
    ctx.db,
    sql`SELECT ${CONV_COLUMNS} FROM chat_conversations c LEFT JOIN operators o ON o.id = c.operator_id
        WHERE c.member_id = ${memberId} AND c.status = 'open'`,
  );
  if (open) return open;
  const team = chatTeamFor(await memberVipLevel(ctx.db, memberId));
  const created = await queryRows<{ id: number }>(
    ctx.db,
    sql`INSERT INTO chat_conversations (member_id, team) VALUES (${memberId}, ${team})
        ON CONFLICT (member_id) WHERE status = 'open' DO NOTHING RETURNING id::float8 AS id`,
  );
  if (created[0]) {
    await assignByLoad(ctx, created[0].id);
  }
  const [row] = await queryRows<ConversationRow>(
    ctx.db,
    sql`SELECT ${CONV_COLUMNS} FROM chat_conversations c LEFT JOIN operators o ON o.id = c.operator_id
        WHERE c.member_id = ${memberId} AND c.status = 'open'`,
  );
  if (!row) throw Errors.internal();
  if (created[0]) await pushToOperators(ctx, null, { type: "chat.queue" });
  return row;
}

/** The roles whose operators may answer chats. */
const chatRoles = Roles.filter((r) => roleAllows(r, "chat.operate"));

/**
 * Give an unassigned open conversation to the available operator of its team with the fewest
 * open conversations (under their own maximum; ties to the lowest id). One assignment at a time
 * (a transaction-scoped advisory lock), so two new conversations never both read the same load.
 * Nobody available: it waits in the queue for an operator to take it by hand.
 */
export async function assignByLoad(ctx: AppContext, conversationId: number): Promise<number | null> {
  const chosen = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('chat-assign'))`);
    const [conv] = await queryRows<{ team: string; operatorId: number | null; status: string }>(
      tx,
      sql`SELECT team, operator_id AS "operatorId", status FROM chat_conversations WHERE id = ${conversationId} FOR UPDATE`,
    );
    if (conv?.status !== "open" || conv.operatorId !== null) return null;
    const [pick] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT o.id FROM chat_operators co JOIN operators o ON o.id = co.operator_id
          WHERE co.available AND co.team = ${conv.team} AND NOT o.disabled
            AND o.role IN (${sql.join(
              chatRoles.map((r) => sql`${r}`),
              sql`, `,
            )})
            AND (SELECT count(*) FROM chat_conversations c WHERE c.operator_id = o.id AND c.status = 'open') < co.max_open
          ORDER BY (SELECT count(*) FROM chat_conversations c WHERE c.operator_id = o.id AND c.status = 'open'), o.id
          LIMIT 1`,
    );
    if (!pick) return null;
    await tx.execute(
      sql`UPDATE chat_conversations SET operator_id = ${pick.id}, updated_at = now() WHERE id = ${conversationId}`,
    );
    return pick.id;
  });
  if (chosen !== null) {
    await pushToOperators(ctx, chosen, { type: "chat.assigned", conversationId });
  }
  return chosen;
}

export interface NewMessage {
  conversationId: number;
  sender: "member" | "operator" | "system";
  operatorId?: number | null;
  clientId?: string | null;
  body: string;
  imageId?: string | null;
}

interface MessageRow {
  conversationId: number;
  seq: number;
  sender: "member" | "operator" | "system";
  operatorName: string | null;
  body: string;
  imageId: string | null;
  clientId: string | null;
  createdAt: Date | string;
}

const messageDto = (r: MessageRow): ChatMessage => ({
  conversationId: Number(r.conversationId),
  seq: Number(r.seq),
  sender: r.sender,
  operatorName: r.operatorName,
  body: r.body,
  imageId: r.imageId,
  clientId: r.clientId,
  createdAt: new Date(r.createdAt).toISOString(),
});

const MESSAGE_COLUMNS = sql`m.conversation_id::float8 AS "conversationId", m.seq, m.sender,
  o.username AS "operatorName", m.body, m.image_id AS "imageId", m.client_id AS "clientId", m.created_at AS "createdAt"`;

/**
 * Append one message. Its seq is the conversation's counter plus one, taken under the
 * conversation's row lock in the same transaction as the insert: numbers follow commit order,
 * with no gap (a rolled-back insert gives its number back). A send repeated with the same
 * client id answers the first message and stores nothing. Returns the message and whether it
 * is new; the caller pushes new ones (after the commit).
 */
export async function appendMessage(
  ctx: AppContext,
  m: NewMessage,
): Promise<{
  message: ChatMessage;
  created: boolean;
  conv: { memberId: number; operatorId: number | null };
}> {
  return ctx.db.transaction(async (tx) => {
    const [conv] = await queryRows<{ memberId: number; operatorId: number | null; status: string }>(
      tx,
      sql`SELECT member_id::float8 AS "memberId", operator_id AS "operatorId", status
          FROM chat_conversations WHERE id = ${m.conversationId} FOR UPDATE`,
    );
    if (!conv) throw Errors.notFound("conversation");
    if (m.clientId) {
      const [dup] = await queryRows<MessageRow>(
        tx,
        sql`SELECT ${MESSAGE_COLUMNS} FROM chat_messages m LEFT JOIN operators o ON o.id = m.operator_id
            WHERE m.conversation_id = ${m.conversationId} AND m.client_id = ${m.clientId}`,
      );
      if (dup) return { message: messageDto(dup), created: false, conv };
    }
    if (conv.status !== "open") throw Errors.conflict("CHAT_CLOSED");
    if (m.imageId) {
      const [img] = await queryRows<{ id: string }>(
        tx,
        sql`SELECT id FROM chat_images WHERE id = ${m.imageId} AND conversation_id = ${m.conversationId}`,
      );
      if (!img) throw Errors.validation([{ path: "imageId", message: "image_id" }]);
    }
    const [row] = await queryRows<MessageRow>(
      tx,
      sql`WITH s AS (
            UPDATE chat_conversations SET last_seq = last_seq + 1, updated_at = now()
            WHERE id = ${m.conversationId} RETURNING last_seq),
          ins AS (
            INSERT INTO chat_messages (conversation_id, seq, sender, operator_id, client_id, body, image_id)
            SELECT ${m.conversationId}, s.last_seq, ${m.sender}, ${m.operatorId ?? null}, ${m.clientId ?? null},
                   ${m.body}, ${m.imageId ?? null}
            FROM s RETURNING *)
          SELECT ${MESSAGE_COLUMNS} FROM ins m LEFT JOIN operators o ON o.id = m.operator_id`,
    );
    if (!row) throw Errors.internal();
    if (m.sender === "member") {
      // The member has read everything up to their own message.
      await tx.execute(
        sql`UPDATE chat_conversations SET member_read_seq = ${row.seq} WHERE id = ${m.conversationId}`,
      );
    } else if (m.sender === "operator") {
      await tx.execute(
        sql`UPDATE chat_conversations SET operator_read_seq = ${row.seq} WHERE id = ${m.conversationId}`,
      );
    }
    return { message: messageDto(row), created: true, conv };
  });
}

/** Tell both sides of a new message: the member's pages, and the assigned operator (or all, when queued). */
export async function pushMessage(
  ctx: AppContext,
  conv: { memberId: number; operatorId: number | null },
  message: ChatMessage,
): Promise<void> {
  await Promise.all([
    pushToMember(ctx, conv.memberId, { type: "chat.message", message }),
    pushToOperators(ctx, conv.operatorId, { type: "chat.message", message }),
  ]);
  if (message.sender !== "member") await pushUnread(ctx, conv.memberId);
}

export async function pushUnread(ctx: AppContext, memberId: number): Promise<void> {
  await pushToMember(ctx, memberId, {
    type: "chat.unread",
    unReadCount: await unreadCount(ctx.db, memberId),
  });
}

/** Messages of a conversation after `after` (in seq order), or the latest `limit` of them. */
export async function conversationMessages(
  exec: Executor,
  conversationId: number,
  after: number | undefined,
  limit = 200,
): Promise<ChatMessage[]> {
  const rows =
    after === undefined
      ? await queryRows<MessageRow>(
          exec,
          sql`SELECT * FROM (SELECT ${MESSAGE_COLUMNS} FROM chat_messages m LEFT JOIN operators o ON o.id = m.operator_id
              WHERE m.conversation_id = ${conversationId} ORDER BY m.seq DESC LIMIT ${limit}) x ORDER BY seq`,
        )
      : await queryRows<MessageRow>(
          exec,
          sql`SELECT ${MESSAGE_COLUMNS} FROM chat_messages m LEFT JOIN operators o ON o.id = m.operator_id
              WHERE m.conversation_id = ${conversationId} AND m.seq > ${after} ORDER BY m.seq LIMIT ${limit}`,
        );
  return rows.map(messageDto);
}

/** spec §3, §7 unReadCount: operator and system messages the member has not read, in their latest conversation. */
export async function unreadCount(exec: Executor, memberId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    exec,
    sql`SELECT count(*)::int AS n FROM chat_messages m
        JOIN (SELECT id, member_read_seq FROM chat_conversations WHERE member_id = ${memberId}
              ORDER BY (status = 'open') DESC, id DESC LIMIT 1) c ON c.id = m.conversation_id
        WHERE m.seq > c.member_read_seq AND m.sender <> 'member'`,
  );
  return row?.n ?? 0;
}

/** A read mark: the side has read up to `seq` (never moves back). Returns the mark stored. */
export async function markRead(
  exec: Executor,
  conversationId: number,
  side: "member" | "operator",
  seq: number,
): Promise<number> {
  const column = side === "member" ? sql.raw("member_read_seq") : sql.raw("operator_read_seq");
  const [row] = await queryRows<{ seq: number }>(
    exec,
    sql`UPDATE chat_conversations SET ${column} = GREATEST(${column}, LEAST(${seq}, last_seq))
        WHERE id = ${conversationId} RETURNING ${column} AS seq`,
  );
  return row?.seq ?? 0;
}

// ---- business hours ----

export async function chatSettings(exec: Executor): Promise<ChatSettings> {
  const [row] = await queryRows<{ settings: unknown }>(
    exec,
    sql`SELECT settings FROM chat_settings WHERE id = 1`,
  );
  return withDefaults(row?.settings);
}

export async function saveChatSettings(exec: Executor, s: ChatSettings): Promise<void> {
  await exec.execute(
    sql`INSERT INTO chat_settings (id, settings) VALUES (1, ${JSON.stringify(s)}::jsonb)
        ON CONFLICT (id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = now()`,
  );
}

export function awayText(s: ChatSettings, lang: Lang): string {
  return s.away[lang] || s.away.EN || s.away.TY;
}

/**
 * After a member's message outside business hours: the away message in the member's language,
 * once per stretch (not again until an operator has answered since the last one).
 */
export async function sendAwayIfClosed(
  ctx: AppContext,
  conversationId: number,
  memberId: number,
): Promise<void> {
  const settings = await chatSettings(ctx.db);
  if (isOpenAt(settings, ctx.clock.now())) return;
  const [state] = await queryRows<{ awaySeq: number; lastOperatorSeq: number | null; language: string }>(
    ctx.db,
    sql`SELECT c.away_sent_seq AS "awaySeq",
          (SELECT max(seq) FROM chat_messages WHERE conversation_id = c.id AND sender = 'operator') AS "lastOperatorSeq",
          m.language
        FROM chat_conversations c JOIN members m ON m.id = c.member_id WHERE c.id = ${conversationId}`,
  );
  if (!state) return;
  if (state.awaySeq > 0 && state.awaySeq > (state.lastOperatorSeq ?? 0)) return;
  const body = awayText(settings, state.language as Lang);
  const { message, conv } = await appendMessage(ctx, {
    conversationId,
    sender: "system",
    clientId: `away-${randomBytes(8).toString("hex")}`,
    body,
  });
  await ctx.db.execute(
    sql`UPDATE chat_conversations SET away_sent_seq = ${message.seq} WHERE id = ${conversationId}`,
  );
  await pushMessage(ctx, { memberId, operatorId: conv.operatorId }, message);
}
