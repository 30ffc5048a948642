import { randomBytes } from "node:crypto";
import { isAgentType } from "@panalo/contracts/agents";
import type {
  AdminConversationRow,
  CannedReply,
  ChatMessage,
  ChatModel,
  ChatModelListValue,
  ChatOperatorRow,
  ChatSettings,
  ChatTeam,
  ChatUrlValue,
} from "@panalo/contracts/chat";
import type { Executor } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { sniffImage } from "../../lib/images.ts";
import type { Lang } from "../../lib/messages.ts";
import { pushToOperators } from "../../realtime/admin-hub.ts";
import { pushToMember } from "../../realtime/bus.ts";
import { activeOperatorsWith, isActiveOperatorWith, operatorNames } from "../admin/service.ts";
import { readSettings } from "../content/service.ts";
import { storedVipLevel } from "../loyalty/service.ts";
import { memberLanguage, memberUsernames, TRIAL } from "../members/service.ts";
import { isOpenAt, withDefaults } from "./hours.ts";
import * as repo from "./repo.ts";

/**
 * Customer-service chat: conversations between a member and the support
 * team, their messages numbered per conversation in the database, assignment by load, and the
 * live pushes to the member's pages (realtime hub) and the operators' consoles (/admin/ws).
 */

/** spec §6: "VIP for rank level above 4, else live chat". */
export const VIP_CHAT_ABOVE_LEVEL = 4;

/**
 * The member's VIP level (loyalty_members.vip_level), 0 when loyalty has not seen the
 * member yet.
 */
export async function memberVipLevel(exec: Executor, memberId: number): Promise<number> {
  const level = Number((await storedVipLevel(exec, memberId)) ?? 0);
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
 * a VIP member when set), else the in-house chat window when CBS3 is on, else the help centre:
 * the channel chatModelsFor marks current, so the two calls never disagree.
 */
export async function chatUrlFor(
  ctx: AppContext,
  memberId: number,
  look: { title?: string; language?: string; headerColor?: string } = {},
): Promise<ChatUrlValue> {
  const { list } = await chatModelsFor(ctx, memberId);
  const opened = list.find((c) => c.current) ?? list[0];
  if (!opened) throw Errors.internal();
  return {
    chatUrl: opened.mode === "outside" ? withLook(opened.chatUrl, look) : opened.chatUrl,
    mode: opened.mode,
  };
}

/**
 * The customer-service channels offered to a member (CBS_modelList): the general team's chat
 * (outside page, in-house window or help centre, as the chat URL call decides), then the VIP
 * service when the operator set one, available above VIP level 4. The one the chat URL call
 * opens for this member is marked current, so the two calls never disagree.
 */
export async function chatModelsFor(ctx: AppContext, memberId: number): Promise<ChatModelListValue> {
  const [{ brand, whitelabel }, level] = await Promise.all([
    readSettings(ctx.db, ["brand", "whitelabel"]),
    memberVipLevel(ctx.db, memberId),
  ]);
  const general: ChatUrlValue = isOutside(brand.customerServiceUrl)
    ? { chatUrl: brand.customerServiceUrl, mode: "outside" }
    : whitelabel.switches.CBS3
      ? { chatUrl: "/chat", mode: "inhouse" }
      : { chatUrl: brand.customerServiceUrl ?? "/help", mode: "help" };
  const vipAvailable = chatTeamFor(level) === "vip";
  const vipCurrent = vipAvailable && isOutside(brand.customerServiceUrl) && isOutside(brand.vipServiceUrl);
  const list: ChatModel[] = [{ model: "general", ...general, available: true, current: !vipCurrent }];
  if (isOutside(brand.vipServiceUrl))
    list.push({
      model: "vip",
      chatUrl: brand.vipServiceUrl,
      mode: "outside",
      available: vipAvailable,
      current: vipCurrent,
    });
  return { list };
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

/** The conversation with the name of the operator holding it (from the back office's records). */
async function withOperatorName(
  exec: Executor,
  conv: repo.ConversationRecord | undefined,
): Promise<ConversationRow | undefined> {
  if (!conv) return undefined;
  const names =
    conv.operatorId === null ? new Map<number, string>() : await operatorNames(exec, [conv.operatorId]);
  const { id, memberId, team, status, operatorId, lastSeq, memberReadSeq, operatorReadSeq } = conv;
  return {
    id,
    memberId,
    team,
    status,
    operatorId,
    operatorName: operatorId === null ? null : (names.get(operatorId) ?? null),
    lastSeq,
    memberReadSeq,
    operatorReadSeq,
  };
}

export async function conversationById(exec: Executor, id: number): Promise<ConversationRow | undefined> {
  return withOperatorName(exec, await repo.conversationRecord(exec, id));
}

/** The member's open conversation, else the latest closed one (history), else none. */
export async function latestConversation(
  exec: Executor,
  memberId: number,
): Promise<ConversationRow | undefined> {
  return withOperatorName(exec, await repo.latestConversationRecord(exec, memberId));
}

/** The member's open conversation, opened (and assigned by load) when there is none. */
export async function openConversation(ctx: AppContext, memberId: number): Promise<ConversationRow> {
  const open = await withOperatorName(ctx.db, await repo.openConversationRecord(ctx.db, memberId));
  if (open) return open;
  const team = chatTeamFor(await memberVipLevel(ctx.db, memberId));
  const createdId = await repo.insertConversation(ctx.db, memberId, team);
  if (createdId !== undefined) {
    await assignByLoad(ctx, createdId);
  }
  const row = await withOperatorName(ctx.db, await repo.openConversationRecord(ctx.db, memberId));
  if (!row) throw Errors.internal();
  if (createdId !== undefined) await pushToOperators(ctx, null, { type: "chat.queue" });
  return row;
}

/**
 * Give an unassigned open conversation to the available operator of its team with the fewest
 * open conversations (under their own maximum; ties to the lowest id). One assignment at a time
 * (a transaction-scoped advisory lock), so two new conversations never both read the same load.
 * Nobody available: it waits in the queue for an operator to take it by hand.
 */
export async function assignByLoad(ctx: AppContext, conversationId: number): Promise<number | null> {
  const chosen = await ctx.db.transaction(async (tx) => {
    await repo.lockAssignment(tx);
    const conv = await repo.lockConversationForAssign(tx, conversationId);
    if (conv?.status !== "open" || conv.operatorId !== null) return null;
    // Only operators not disabled whose role may answer chats are handed one.
    const eligible = (await activeOperatorsWith(tx, "chat.operate")).map((o) => o.id);
    const pick = await repo.leastLoadedOperator(tx, conv.team, eligible);
    if (pick === undefined) return null;
    await repo.setConversationOperator(tx, conversationId, pick);
    return pick;
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

const messageDto = (r: repo.MessageRecord, names: Map<number, string>): ChatMessage => ({
  conversationId: Number(r.conversationId),
  seq: Number(r.seq),
  sender: r.sender,
  operatorName: r.operatorId === null ? null : (names.get(r.operatorId) ?? null),
  body: r.body,
  imageId: r.imageId,
  clientId: r.clientId,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** Messages with the names of the operators who wrote them. */
async function messageDtos(exec: Executor, rows: repo.MessageRecord[]): Promise<ChatMessage[]> {
  const ids = rows.flatMap((r) => (r.operatorId === null ? [] : [r.operatorId]));
  const names = await operatorNames(exec, ids);
  return rows.map((r) => messageDto(r, names));
}

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
    const conv = await repo.lockConversationForAppend(tx, m.conversationId);
    if (!conv) throw Errors.notFound("conversation");
    if (m.clientId) {
      const dup = await repo.messageByClientId(tx, m.conversationId, m.clientId);
      if (dup) {
        const [message] = await messageDtos(tx, [dup]);
        if (!message) throw Errors.internal();
        return { message, created: false, conv };
      }
    }
    if (conv.status !== "open") throw Errors.conflict("CHAT_CLOSED");
    if (m.imageId && !(await repo.imageInConversation(tx, m.imageId, m.conversationId)))
      throw Errors.validation([{ path: "imageId", message: "image_id" }]);
    const row = await repo.insertNumberedMessage(tx, {
      conversationId: m.conversationId,
      sender: m.sender,
      operatorId: m.operatorId ?? null,
      clientId: m.clientId ?? null,
      body: m.body,
      imageId: m.imageId ?? null,
    });
    if (!row) throw Errors.internal();
    // The sender has read everything up to their own message.
    if (m.sender === "member") await repo.setReadSeq(tx, m.conversationId, "member", row.seq);
    else if (m.sender === "operator") await repo.setReadSeq(tx, m.conversationId, "operator", row.seq);
    const [message] = await messageDtos(tx, [row]);
    if (!message) throw Errors.internal();
    return { message, created: true, conv };
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
  return messageDtos(exec, await repo.messageRecords(exec, conversationId, after, limit));
}

/** spec §3, §7 unReadCount: operator and system messages the member has not read, in their latest conversation. */
export async function unreadCount(exec: Executor, memberId: number): Promise<number> {
  return repo.unreadForMember(exec, memberId);
}

/** A read mark: the side has read up to `seq` (never moves back). Returns the mark stored. */
export async function markRead(
  exec: Executor,
  conversationId: number,
  side: "member" | "operator",
  seq: number,
): Promise<number> {
  return repo.raiseReadSeq(exec, conversationId, side, seq);
}

// ---- business hours ----

export async function chatSettings(exec: Executor): Promise<ChatSettings> {
  return withDefaults(await repo.storedChatSettings(exec));
}

export async function saveChatSettings(exec: Executor, s: ChatSettings): Promise<void> {
  await repo.storeChatSettings(exec, s);
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
  const state = await repo.awayState(ctx.db, conversationId);
  if (!state) return;
  if (state.awaySeq > 0 && state.awaySeq > (state.lastOperatorSeq ?? 0)) return;
  const language = await memberLanguage(ctx.db, state.memberId);
  if (language === undefined) return;
  const body = awayText(settings, language as Lang);
  const { message, conv } = await appendMessage(ctx, {
    conversationId,
    sender: "system",
    clientId: `away-${randomBytes(8).toString("hex")}`,
    body,
  });
  await repo.setAwaySeq(ctx.db, conversationId, message.seq);
  await pushMessage(ctx, { memberId, operatorId: conv.operatorId }, message);
}

// ---- images ----

/** Store a validated image (PNG or JPEG by its bytes, ≤ 5 MB: spec §9 uploads) for a conversation. */
export async function storeChatImage(
  exec: Executor,
  conversationId: number,
  bytes: Buffer,
): Promise<{ imageId: string }> {
  const type = sniffImage(bytes);
  if (type !== "image/png" && type !== "image/jpeg") throw Errors.bad("MEDIA_TYPE");
  const id = randomBytes(16).toString("hex");
  await repo.insertImage(exec, { id, conversationId, contentType: type, bytes });
  return { imageId: id };
}

/** The image's bytes when one of the member's conversations holds it, or any conversation's (null: an operator). */
export async function readChatImage(
  exec: Executor,
  id: string,
  memberId: number | null,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const row = await repo.imageRecord(exec, id, memberId);
  return row ? { contentType: row.contentType, bytes: Buffer.from(row.bytes) } : undefined;
}

// ---- typing marks ----

/** The member's open conversation and who holds it, for the member's typing mark. */
export function typingTarget(exec: Executor, memberId: number) {
  return repo.openConversationHolder(exec, memberId);
}

/** The member of the open conversation `id` when `operatorId` holds it, for the operator's typing mark. */
export function typingMember(exec: Executor, id: number, operatorId: number) {
  return repo.heldConversationMember(exec, id, operatorId);
}

// ---- the support console ----

/** The operator's own chat state (a row made on first use). */
export async function operatorState(exec: Executor, operatorId: number) {
  await repo.ensureOperatorRow(exec, operatorId);
  return repo.operatorChatState(exec, operatorId);
}

/**
 * Set whether the operator takes chats. Coming available, the waiting conversations of their
 * team go out by load now that someone is here.
 */
export async function setOperatorAvailable(ctx: AppContext, operatorId: number, available: boolean) {
  await repo.ensureOperatorRow(ctx.db, operatorId);
  await repo.setAvailability(ctx.db, operatorId, available);
}

export async function assignWaitingOfTeam(ctx: AppContext, operatorId: number): Promise<void> {
  for (const id of await repo.waitingForTeamOf(ctx.db, operatorId)) await assignByLoad(ctx, id);
}

/** The operators who may answer chats, with their team, maximum and open load, by username. */
export async function chatOperators(exec: Executor): Promise<ChatOperatorRow[]> {
  const ops = await activeOperatorsWith(exec, "chat.operate");
  const ids = ops.map((o) => o.id);
  const [states, loads] = await Promise.all([repo.operatorChatStates(exec, ids), repo.openLoads(exec, ids)]);
  return ops.map((o) => {
    const state = states.get(Number(o.id));
    return {
      id: o.id,
      username: o.username,
      available: state?.available ?? false,
      team: state?.team ?? "general",
      maxOpen: state?.maxOpen ?? 8,
      open: loads.get(Number(o.id)) ?? 0,
    };
  });
}

/** The operator's team and maximum; refused unless the operator may answer chats. */
export async function setOperatorTeam(exec: Executor, operatorId: number, team: string, maxOpen: number) {
  await assertChatOperator(exec, operatorId);
  await repo.ensureOperatorRow(exec, operatorId);
  await repo.setOperatorTeam(exec, operatorId, team, maxOpen);
}

export async function assertChatOperator(exec: Executor, operatorId: number): Promise<void> {
  if (!(await isActiveOperatorWith(exec, operatorId, "chat.operate")))
    throw Errors.bad("CHAT_OPERATOR_INVALID");
}

/** The console's list of one scope, with the members' and operators' names. */
export async function consoleConversations(
  exec: Executor,
  scope: repo.ConversationScope,
  operatorId: number,
): Promise<AdminConversationRow[]> {
  const rows = await repo.listConversationRecords(exec, scope, operatorId);
  const [usernames, names] = await Promise.all([
    memberUsernames(
      exec,
      rows.map((r) => r.memberId),
    ),
    operatorNames(
      exec,
      rows.flatMap((r) => (r.operatorId === null ? [] : [r.operatorId])),
    ),
  ]);
  // Every conversation has its member (a foreign key); one missing is left out, as a join would.
  return rows.flatMap((r) => {
    const username = usernames.get(Number(r.memberId));
    if (username === undefined) return [];
    return [
      {
        id: r.id,
        memberId: r.memberId,
        username,
        team: r.team,
        status: r.status,
        operatorId: r.operatorId,
        operatorName: r.operatorId === null ? null : (names.get(r.operatorId) ?? null),
        lastSeq: r.lastSeq,
        unread: r.unread,
        lastBody: r.lastBody,
        updatedAt: r.updatedAt,
      },
    ];
  });
}

/** Give the conversation to `operatorId` (a take or a transfer). */
export function handConversation(exec: Executor, id: number, operatorId: number): Promise<void> {
  return repo.setConversationOperator(exec, id, operatorId);
}

export function closeConversation(exec: Executor, id: number): Promise<void> {
  return repo.closeConversationRow(exec, id);
}

// ---- canned replies ----

export function cannedReplies(exec: Executor): Promise<CannedReply[]> {
  return repo.cannedReplies(exec);
}

export async function createCannedReply(exec: Executor, body: Omit<CannedReply, "id">): Promise<number> {
  const id = await repo.insertCannedReply(exec, body);
  if (id === undefined) throw Errors.internal();
  return id;
}

/** Replace a canned reply; returns what it was. */
export async function updateCannedReply(
  exec: Executor,
  id: number,
  body: Omit<CannedReply, "id">,
): Promise<CannedReply> {
  const before = await repo.cannedReply(exec, id);
  if (!before) throw Errors.notFound("canned reply");
  await repo.updateCannedReply(exec, id, body);
  return before;
}

/** Delete a canned reply; returns what it was. */
export async function deleteCannedReply(exec: Executor, id: number): Promise<CannedReply> {
  const before = await repo.deleteCannedReply(exec, id);
  if (!before) throw Errors.notFound("canned reply");
  return before;
}

/** Beside the conversation: the latest deposits and rounds. */
