import type { CannedReply, ChatTeam } from "@panalo/contracts/chat";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client.ts";

/**
 * Every statement on the chat's own tables (chat_conversations, chat_messages, chat_images,
 * chat_operators, chat_canned_replies, chat_settings). Names of members and operators are not
 * joined here: the service asks their modules for them.
 */

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

// ---- conversations ----

/** A conversation as stored; `operatorName` is added by the service. */
export interface ConversationRecord {
  id: number;
  memberId: number;
  team: ChatTeam;
  status: "open" | "closed";
  operatorId: number | null;
  lastSeq: number;
  memberReadSeq: number;
  operatorReadSeq: number;
}

const CONV_COLUMNS = sql`c.id::float8 AS id, c.member_id::float8 AS "memberId", c.team, c.status,
  c.operator_id AS "operatorId", c.last_seq AS "lastSeq",
  c.member_read_seq AS "memberReadSeq", c.operator_read_seq AS "operatorReadSeq"`;

export async function conversationRecord(
  exec: Executor,
  id: number,
): Promise<ConversationRecord | undefined> {
  const [row] = await queryRows<ConversationRecord>(
    exec,
    sql`SELECT ${CONV_COLUMNS} FROM chat_conversations c WHERE c.id = ${id}`,
  );
  return row;
}

/** The member's open conversation, else the latest closed one, else none. */
export async function latestConversationRecord(
  exec: Executor,
  memberId: number,
): Promise<ConversationRecord | undefined> {
  const [row] = await queryRows<ConversationRecord>(
    exec,
    sql`SELECT ${CONV_COLUMNS} FROM chat_conversations c
        WHERE c.member_id = ${memberId} ORDER BY (c.status = 'open') DESC, c.id DESC LIMIT 1`,
  );
  return row;
}

export async function openConversationRecord(
  exec: Executor,
  memberId: number,
): Promise<ConversationRecord | undefined> {
  const [row] = await queryRows<ConversationRecord>(
    exec,
    sql`SELECT ${CONV_COLUMNS} FROM chat_conversations c WHERE c.member_id = ${memberId} AND c.status = 'open'`,
  );
  return row;
}

/** Open a conversation unless the member has an open one (then nothing: returns undefined). */
export async function insertConversation(
  exec: Executor,
  memberId: number,
  team: ChatTeam,
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    exec,
    sql`INSERT INTO chat_conversations (member_id, team) VALUES (${memberId}, ${team})
        ON CONFLICT (member_id) WHERE status = 'open' DO NOTHING RETURNING id::float8 AS id`,
  );
  return row?.id;
}

/** One assignment at a time across the whole server (transaction-scoped advisory lock). */
export async function lockAssignment(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('chat-assign'))`);
}

export async function lockConversationForAssign(
  tx: Executor,
  id: number,
): Promise<{ team: string; operatorId: number | null; status: string } | undefined> {
  const [row] = await queryRows<{ team: string; operatorId: number | null; status: string }>(
    tx,
    sql`SELECT team, operator_id AS "operatorId", status FROM chat_conversations WHERE id = ${id} FOR UPDATE`,
  );
  return row;
}

/**
 * Of the operators `eligible`, the available one of `team` with the fewest open conversations
 * under their own maximum (ties to the lowest id).
 */
export async function leastLoadedOperator(
  tx: Executor,
  team: string,
  eligible: readonly number[],
): Promise<number | undefined> {
  if (eligible.length === 0) return undefined;
  const [pick] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT co.operator_id AS id FROM chat_operators co
        WHERE co.available AND co.team = ${team} AND co.operator_id IN (${idList(eligible)})
          AND (SELECT count(*) FROM chat_conversations c WHERE c.operator_id = co.operator_id AND c.status = 'open') < co.max_open
        ORDER BY (SELECT count(*) FROM chat_conversations c WHERE c.operator_id = co.operator_id AND c.status = 'open'),
          co.operator_id
        LIMIT 1`,
  );
  return pick?.id;
}

export async function setConversationOperator(exec: Executor, id: number, operatorId: number): Promise<void> {
  await exec.execute(
    sql`UPDATE chat_conversations SET operator_id = ${operatorId}, updated_at = now() WHERE id = ${id}`,
  );
}

export async function closeConversationRow(exec: Executor, id: number): Promise<void> {
  await exec.execute(
    sql`UPDATE chat_conversations SET status = 'closed', closed_at = now(), updated_at = now() WHERE id = ${id}`,
  );
}

/** Lock the conversation for an append (its seq counter). */
export async function lockConversationForAppend(
  tx: Executor,
  id: number,
): Promise<{ memberId: number; operatorId: number | null; status: string } | undefined> {
  const [row] = await queryRows<{ memberId: number; operatorId: number | null; status: string }>(
    tx,
    sql`SELECT member_id::float8 AS "memberId", operator_id AS "operatorId", status
        FROM chat_conversations WHERE id = ${id} FOR UPDATE`,
  );
  return row;
}

export type ConversationScope = "queue" | "mine" | "open" | "closed";

/** A console list row as stored; username and operatorName are added by the service. */
export interface ConversationListRecord {
  id: number;
  memberId: number;
  team: ChatTeam;
  status: "open" | "closed";
  operatorId: number | null;
  lastSeq: number;
  unread: number;
  lastBody: string;
  updatedAt: string;
}

/** The console's list: VIP first, then the latest changed; at most 100. */
export async function listConversationRecords(
  exec: Executor,
  scope: ConversationScope,
  operatorId: number,
): Promise<ConversationListRecord[]> {
  const where: SQL =
    scope === "queue"
      ? sql`c.status = 'open' AND c.operator_id IS NULL`
      : scope === "mine"
        ? sql`c.status = 'open' AND c.operator_id = ${operatorId}`
        : scope === "open"
          ? sql`c.status = 'open'`
          : sql`c.status = 'closed'`;
  return queryRows<ConversationListRecord>(
    exec,
    sql`SELECT c.id::float8 AS id, c.member_id::float8 AS "memberId", c.team, c.status,
          c.operator_id AS "operatorId", c.last_seq AS "lastSeq",
          (SELECT count(*)::int FROM chat_messages x WHERE x.conversation_id = c.id
             AND x.seq > c.operator_read_seq AND x.sender = 'member') AS unread,
          COALESCE((SELECT CASE WHEN x.body = '' THEN '[image]' ELSE left(x.body, 80) END FROM chat_messages x
             WHERE x.conversation_id = c.id ORDER BY x.seq DESC LIMIT 1), '') AS "lastBody",
          to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
        FROM chat_conversations c
        WHERE ${where} ORDER BY (c.team = 'vip') DESC, c.updated_at DESC LIMIT 100`,
  );
}

/** Waiting conversations of the operator's team (at most 50, oldest first). */
export async function waitingForTeamOf(exec: Executor, operatorId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    exec,
    sql`SELECT c.id::float8 AS id FROM chat_conversations c JOIN chat_operators co ON co.operator_id = ${operatorId}
        WHERE c.status = 'open' AND c.operator_id IS NULL AND c.team = co.team ORDER BY c.id LIMIT 50`,
  );
  return rows.map((r) => r.id);
}

/** The member's open conversation for a typing mark. */
export async function openConversationHolder(
  exec: Executor,
  memberId: number,
): Promise<{ id: number; operatorId: number | null } | undefined> {
  const [row] = await queryRows<{ id: number; operatorId: number | null }>(
    exec,
    sql`SELECT id::float8 AS id, operator_id AS "operatorId" FROM chat_conversations
        WHERE member_id = ${memberId} AND status = 'open'`,
  );
  return row;
}

/** The member of an open conversation held by `operatorId`. */
export async function heldConversationMember(
  exec: Executor,
  id: number,
  operatorId: number,
): Promise<number | undefined> {
  const [row] = await queryRows<{ memberId: number }>(
    exec,
    sql`SELECT member_id::float8 AS "memberId" FROM chat_conversations
        WHERE id = ${id} AND operator_id = ${operatorId} AND status = 'open'`,
  );
  return row?.memberId;
}

// ---- messages ----

/** A message as stored; `operatorName` is added by the service. */
export interface MessageRecord {
  conversationId: number;
  seq: number;
  sender: "member" | "operator" | "system";
  operatorId: number | null;
  body: string;
  imageId: string | null;
  clientId: string | null;
  createdAt: Date | string;
}

const MESSAGE_COLUMNS = sql`m.conversation_id::float8 AS "conversationId", m.seq, m.sender,
  m.operator_id AS "operatorId", m.body, m.image_id AS "imageId", m.client_id AS "clientId", m.created_at AS "createdAt"`;

export async function messageByClientId(
  exec: Executor,
  conversationId: number,
  clientId: string,
): Promise<MessageRecord | undefined> {
  const [row] = await queryRows<MessageRecord>(
    exec,
    sql`SELECT ${MESSAGE_COLUMNS} FROM chat_messages m
        WHERE m.conversation_id = ${conversationId} AND m.client_id = ${clientId}`,
  );
  return row;
}

export async function imageInConversation(
  exec: Executor,
  imageId: string,
  conversationId: number,
): Promise<boolean> {
  const [img] = await queryRows<{ id: string }>(
    exec,
    sql`SELECT id FROM chat_images WHERE id = ${imageId} AND conversation_id = ${conversationId}`,
  );
  return img !== undefined;
}

/**
 * Insert a message numbered by the conversation's counter plus one (the caller holds the
 * conversation's row lock, so numbers follow commit order with no gap).
 */
export async function insertNumberedMessage(
  tx: Executor,
  m: {
    conversationId: number;
    sender: "member" | "operator" | "system";
    operatorId: number | null;
    clientId: string | null;
    body: string;
    imageId: string | null;
  },
): Promise<MessageRecord | undefined> {
  const [row] = await queryRows<MessageRecord>(
    tx,
    sql`WITH s AS (
          UPDATE chat_conversations SET last_seq = last_seq + 1, updated_at = now()
          WHERE id = ${m.conversationId} RETURNING last_seq),
        ins AS (
          INSERT INTO chat_messages (conversation_id, seq, sender, operator_id, client_id, body, image_id)
          SELECT ${m.conversationId}, s.last_seq, ${m.sender}, ${m.operatorId}, ${m.clientId},
                 ${m.body}, ${m.imageId}
          FROM s RETURNING *)
        SELECT ${MESSAGE_COLUMNS} FROM ins m`,
  );
  return row;
}

/** Set a side's read mark outright (after its own message). */
export async function setReadSeq(
  exec: Executor,
  conversationId: number,
  side: "member" | "operator",
  seq: number,
): Promise<void> {
  const column = side === "member" ? sql.raw("member_read_seq") : sql.raw("operator_read_seq");
  await exec.execute(sql`UPDATE chat_conversations SET ${column} = ${seq} WHERE id = ${conversationId}`);
}

/** A read mark that never moves back nor past the last message. Returns the mark stored. */
export async function raiseReadSeq(
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

/** Messages after `after` in seq order, or the latest `limit` (in seq order). */
export async function messageRecords(
  exec: Executor,
  conversationId: number,
  after: number | undefined,
  limit: number,
): Promise<MessageRecord[]> {
  return after === undefined
    ? queryRows<MessageRecord>(
        exec,
        sql`SELECT * FROM (SELECT ${MESSAGE_COLUMNS} FROM chat_messages m
            WHERE m.conversation_id = ${conversationId} ORDER BY m.seq DESC LIMIT ${limit}) x ORDER BY seq`,
      )
    : queryRows<MessageRecord>(
        exec,
        sql`SELECT ${MESSAGE_COLUMNS} FROM chat_messages m
            WHERE m.conversation_id = ${conversationId} AND m.seq > ${after} ORDER BY m.seq LIMIT ${limit}`,
      );
}

/** Operator and system messages the member has not read, in their latest conversation. */
export async function unreadForMember(exec: Executor, memberId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    exec,
    sql`SELECT count(*)::int AS n FROM chat_messages m
        JOIN (SELECT id, member_read_seq FROM chat_conversations WHERE member_id = ${memberId}
              ORDER BY (status = 'open') DESC, id DESC LIMIT 1) c ON c.id = m.conversation_id
        WHERE m.seq > c.member_read_seq AND m.sender <> 'member'`,
  );
  return row?.n ?? 0;
}

/** Where the away message stands: its last seq, the last operator answer, and the member. */
export async function awayState(
  exec: Executor,
  conversationId: number,
): Promise<{ awaySeq: number; lastOperatorSeq: number | null; memberId: number } | undefined> {
  const [row] = await queryRows<{ awaySeq: number; lastOperatorSeq: number | null; memberId: number }>(
    exec,
    sql`SELECT c.away_sent_seq AS "awaySeq",
          (SELECT max(seq) FROM chat_messages WHERE conversation_id = c.id AND sender = 'operator') AS "lastOperatorSeq",
          c.member_id::float8 AS "memberId"
        FROM chat_conversations c WHERE c.id = ${conversationId}`,
  );
  return row;
}

export async function setAwaySeq(exec: Executor, conversationId: number, seq: number): Promise<void> {
  await exec.execute(sql`UPDATE chat_conversations SET away_sent_seq = ${seq} WHERE id = ${conversationId}`);
}

// ---- images ----

export async function insertImage(
  exec: Executor,
  image: { id: string; conversationId: number; contentType: string; bytes: Buffer },
): Promise<void> {
  await exec.execute(
    sql`INSERT INTO chat_images (id, conversation_id, content_type, bytes)
        VALUES (${image.id}, ${image.conversationId}, ${image.contentType}, ${image.bytes})`,
  );
}

/** The image when one of the member's conversations holds it, or any conversation's (null: an operator). */
export async function imageRecord(
  exec: Executor,
  id: string,
  memberId: number | null,
): Promise<{ contentType: string; bytes: Buffer | Uint8Array } | undefined> {
  const [row] = await queryRows<{ contentType: string; bytes: Buffer | Uint8Array }>(
    exec,
    memberId === null
      ? sql`SELECT content_type AS "contentType", bytes FROM chat_images WHERE id = ${id}`
      : sql`SELECT i.content_type AS "contentType", i.bytes FROM chat_images i
            JOIN chat_conversations c ON c.id = i.conversation_id
            WHERE i.id = ${id} AND c.member_id = ${memberId}`,
  );
  return row;
}

// ---- operators' chat state ----

export async function ensureOperatorRow(exec: Executor, operatorId: number): Promise<void> {
  await exec.execute(
    sql`INSERT INTO chat_operators (operator_id) VALUES (${operatorId}) ON CONFLICT DO NOTHING`,
  );
}

export interface OperatorChatState {
  available: boolean;
  team: ChatTeam;
  maxOpen: number;
}

export async function operatorChatState(
  exec: Executor,
  operatorId: number,
): Promise<OperatorChatState | undefined> {
  const [row] = await queryRows<OperatorChatState>(
    exec,
    sql`SELECT available, team, max_open AS "maxOpen" FROM chat_operators WHERE operator_id = ${operatorId}`,
  );
  return row;
}

/** The chat state of the operators `ids` that have one. */
export async function operatorChatStates(
  exec: Executor,
  ids: readonly number[],
): Promise<Map<number, OperatorChatState>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<OperatorChatState & { operatorId: number }>(
    exec,
    sql`SELECT operator_id AS "operatorId", available, team, max_open AS "maxOpen"
        FROM chat_operators WHERE operator_id IN (${idList(ids)})`,
  );
  return new Map(rows.map(({ operatorId, ...state }) => [Number(operatorId), state]));
}

/** How many open conversations each of the operators `ids` holds (absent: none). */
export async function openLoads(exec: Executor, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ operatorId: number; open: number }>(
    exec,
    sql`SELECT operator_id AS "operatorId", count(*)::int AS open FROM chat_conversations
        WHERE status = 'open' AND operator_id IN (${idList(ids)}) GROUP BY operator_id`,
  );
  return new Map(rows.map((r) => [Number(r.operatorId), r.open]));
}

export async function setAvailability(exec: Executor, operatorId: number, available: boolean): Promise<void> {
  await exec.execute(
    sql`UPDATE chat_operators SET available = ${available}, updated_at = now() WHERE operator_id = ${operatorId}`,
  );
}

export async function setOperatorTeam(
  exec: Executor,
  operatorId: number,
  team: string,
  maxOpen: number,
): Promise<void> {
  await exec.execute(
    sql`UPDATE chat_operators SET team = ${team}, max_open = ${maxOpen}, updated_at = now()
        WHERE operator_id = ${operatorId}`,
  );
}

// ---- canned replies ----

export async function cannedReplies(exec: Executor): Promise<CannedReply[]> {
  return queryRows<CannedReply>(
    exec,
    sql`SELECT id, title, texts FROM chat_canned_replies ORDER BY title, id`,
  );
}

export async function cannedReply(exec: Executor, id: number): Promise<CannedReply | undefined> {
  const [row] = await queryRows<CannedReply>(
    exec,
    sql`SELECT id, title, texts FROM chat_canned_replies WHERE id = ${id}`,
  );
  return row;
}

export async function insertCannedReply(
  exec: Executor,
  body: { title: string; texts: unknown },
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    exec,
    sql`INSERT INTO chat_canned_replies (title, texts) VALUES (${body.title}, ${JSON.stringify(body.texts)}::jsonb) RETURNING id`,
  );
  return row?.id;
}

export async function updateCannedReply(
  exec: Executor,
  id: number,
  body: { title: string; texts: unknown },
): Promise<void> {
  await exec.execute(
    sql`UPDATE chat_canned_replies SET title = ${body.title}, texts = ${JSON.stringify(body.texts)}::jsonb WHERE id = ${id}`,
  );
}

export async function deleteCannedReply(exec: Executor, id: number): Promise<CannedReply | undefined> {
  const [row] = await queryRows<CannedReply>(
    exec,
    sql`DELETE FROM chat_canned_replies WHERE id = ${id} RETURNING id, title, texts`,
  );
  return row;
}

// ---- settings ----

export async function storedChatSettings(exec: Executor): Promise<unknown> {
  const [row] = await queryRows<{ settings: unknown }>(
    exec,
    sql`SELECT settings FROM chat_settings WHERE id = 1`,
  );
  return row?.settings;
}

export async function storeChatSettings(exec: Executor, settings: unknown): Promise<void> {
  await exec.execute(
    sql`INSERT INTO chat_settings (id, settings) VALUES (1, ${JSON.stringify(settings)}::jsonb)
        ON CONFLICT (id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = now()`,
  );
}
