import type { MemberMessage, MessageList } from "@panalo/contracts/messages";
import type { Executor } from "../../db/client.ts";
import { memberGate } from "../../lib/member-gates.ts";
import type { Lang } from "../../lib/messages.ts";
import { memberRecord } from "../members/service.ts";
import { messageRow, messageRows, type Row, unreadCount, type Viewer } from "./repo/inbox.ts";
import { pickText, renderEvent } from "./templates.ts";

/**
 * The member's side of messageV2. What a member sees:
 * - their mark rows (member, event and segment messages), not deleted;
 * - every broadcast ("everyone") sent since they registered, unless they deleted it (a mark).
 * Marketing messages (segments and broadcasts marked so) are hidden while the member's
 * "marketing" gate refuses (lib/member-gates.ts: self-exclusion, cooling-off): checked here, when
 * the member reads, so a broadcast never needs one check per member at send time, and a member
 * who self-excludes after a send stops seeing it at once.
 */
export type { Viewer };

export async function viewerOf(exec: Executor, memberId: number, at: Date): Promise<Viewer> {
  const m = await memberRecord(exec, memberId);
  const blocked = (await memberGate(exec, memberId, "marketing", at)) !== null;
  return { memberId, registeredAt: new Date(m?.createdAt ?? 0), marketingBlocked: blocked };
}

function present(r: Row, lang: Lang): MemberMessage {
  const text = r.kind ? renderEvent(r.kind, r.params ?? {}, lang) : pickText(r.texts ?? {}, lang);
  return {
    id: Number(r.id),
    title: text?.title ?? "",
    body: text?.body ?? "",
    category: r.category,
    kind: r.kind,
    createdAt: new Date(r.created_at).toISOString(),
    read: r.read_at !== null,
  };
}

export const INBOX_PAGE_SIZE = 10;

export async function listMessages(
  exec: Executor,
  v: Viewer,
  q: { tab: "all" | "unread"; pageNo: number },
  lang: Lang,
): Promise<MessageList> {
  const rows = await messageRows(exec, v, {
    unreadOnly: q.tab === "unread",
    limit: INBOX_PAGE_SIZE,
    offset: (q.pageNo - 1) * INBOX_PAGE_SIZE,
  });
  const total = Number(rows[0]?.total ?? 0);
  return {
    list: rows.map((r) => present(r, lang)),
    totalPages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
    unread: await unreadCount(exec, v),
  };
}

/** One visible message of the member, or undefined (someone else's, deleted, or gated). */
export async function oneMessage(
  exec: Executor,
  v: Viewer,
  id: number,
  lang: Lang,
): Promise<MemberMessage | undefined> {
  const r = await messageRow(exec, v, id);
  return r ? present(r, lang) : undefined;
}

export { deleteMessages, markRead, unreadCount } from "./repo/inbox.ts";
