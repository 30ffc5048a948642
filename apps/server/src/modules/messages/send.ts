import type { AdminMessageSend, MessageTexts } from "@panalo/contracts/messages";
import type { Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { pushToMember, pushToTopic } from "../../realtime/bus.ts";
import {
  countAudience,
  insertMark,
  insertMessage,
  insertSegmentMarks,
  markedMembers,
  messageExists,
  reachableMemberByName,
  setRecipients,
} from "./repo/send.ts";

/**
 * Sending messages: one member, a segment resolved at send time in one
 * INSERT … SELECT, or everyone as one broadcast row; and the messages member events write.
 */

/** Every page signed in listens here for broadcasts (and for segments too large to push one by one). */
export const MESSAGES_TOPIC = "messages:all";
/** Above this many recipients a segment is announced on the topic instead of member by member. */
const PUSH_EACH_MAX = 500;

export { countAudience, registerSegmentVipCondition, segmentCondition } from "./repo/send.ts";

export interface Sender {
  id: number;
  username: string;
}

/**
 * Send an operator's message inside `tx`. A segment writes its recipients' marks in one
 * statement; everyone writes the message row only. Answers the id and the recipient count.
 */
export async function sendMessage(
  tx: Tx,
  input: AdminMessageSend,
  op: Sender,
  at: Date,
): Promise<{ id: number; recipients: number; memberId: number | null }> {
  const texts = JSON.stringify(input.texts satisfies MessageTexts);
  const category = input.audience !== "member" && input.marketing ? "marketing" : "service";
  let memberId: number | null = null;
  if (input.audience === "member") {
    const m = await reachableMemberByName(tx, input.username);
    if (!m) throw Errors.notFoundCode("MESSAGE_MEMBER_NOT_FOUND");
    memberId = Number(m.id);
  }
  const segment = input.audience === "segment" ? JSON.stringify(input.segment) : null;
  const msg = await insertMessage(tx, {
    audience: input.audience,
    category,
    texts,
    segment,
    memberId,
    op,
    at,
  });
  const id = Number(msg?.id);
  let recipients = 0;
  if (input.audience === "member") {
    await insertMark(tx, memberId, id);
    recipients = 1;
  } else if (input.audience === "segment") {
    recipients = await insertSegmentMarks(tx, id, input.segment, at);
  } else {
    // A broadcast: the members there are now, counted — never one row each.
    recipients = await countAudience(tx, null, at);
  }
  await setRecipients(tx, id, recipients);
  return { id, recipients, memberId };
}

/** Tell open pages after the send committed: the member, or everyone listening on the topic. */
export async function announceSend(
  ctx: AppContext,
  sent: { id: number; recipients: number; memberId: number | null },
  audience: AdminMessageSend["audience"],
): Promise<void> {
  const payload = { type: "messages", id: sent.id };
  if (audience === "member" && sent.memberId) return pushToMember(ctx, sent.memberId, payload);
  if (audience === "segment" && sent.recipients <= PUSH_EACH_MAX) {
    const rows = await markedMembers(ctx.db, sent.id);
    for (const r of rows) await pushToMember(ctx, Number(r.member_id), payload);
    return;
  }
  // Everyone, or a large segment: pages re-read their own count (each after a random pause, so
  // 100,000 pages do not ask in the same second).
  await pushToTopic(ctx, MESSAGES_TOPIC, { ...payload, spread: true });
}

// ---------- Event messages ----------

/**
 * The member-event handler (lib/member-events.ts): a service message for each event kind with a
 * template, written in the caller's transaction, once per (kind, ref) — a second emit of the same
 * event (a retry, a replay) inserts nothing.
 */
export { writeEventMessage } from "./repo/send.ts";

/**
 * The live push of an event message. A handler runs inside the caller's transaction and has no
 * context of the app, and a push sent then could reach the page before the commit. So the
 * messages module keeps the app's context (setEventPushContext, from its routes) and pushes once
 * the message is visible outside the transaction: it looks for the row on the app's own pool
 * (on PGlite the look waits for the transaction, which holds the one connection) a few times
 * over four seconds. A rolled-back message is never found and never announced.
 */
let pushContext: AppContext | null = null;
export function setEventPushContext(ctx: AppContext): void {
  pushContext = ctx;
}

const PUSH_WAITS_MS = [0, 25, 50, 100, 250, 500, 1000, 2000];

export function pushWhenCommitted(messageId: number, memberId: number): void {
  const ctx = pushContext;
  if (!ctx) return;
  void (async () => {
    for (const wait of PUSH_WAITS_MS) {
      if (wait) await new Promise((r) => setTimeout(r, wait));
      if (await messageExists(ctx.db, messageId)) {
        await pushToMember(ctx, memberId, { type: "messages", id: messageId });
        return;
      }
    }
  })().catch(() => {
    // The app closed meanwhile, or the database is away: the page's next read shows the message.
  });
}
