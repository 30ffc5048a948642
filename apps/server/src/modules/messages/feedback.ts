import type { AdminFeedbackItem, FEEDBACK_STATES } from "@panalo/contracts/messages";
import type { z } from "zod";
import type { Executor, Tx } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { emitMemberEvent } from "../../lib/member-events.ts";
import { requireOwnUpload } from "../../lib/member-uploads.ts";
import type { Lang } from "../../lib/messages.ts";
import { feedbackExists, feedbackRows, insertFeedback, markClosed, markReplied } from "./repo/feedback.ts";

/**
 * Feedback (spec §5 "feedback up to 140 characters", §7 `/wps/feedback`, open):
 * anyone may send a text; a signed-in member may add a screenshot from their own private
 * uploads. The back office answers; the answer reaches the member as a message
 * ("feedback.replied", written by the member event in the reply's transaction).
 */
export const FEEDBACK_PAGE_SIZE = 25;
/** Per member and per address, an hour: generous for people, useless for a flood. */
export const FEEDBACK_PER_HOUR_MEMBER = 10;
export const FEEDBACK_PER_HOUR_ADDRESS = 20;

export async function submitFeedback(
  ctx: AppContext,
  input: { content: string; screenshotUrl?: string; page?: string },
  from: { memberId: number | null; ip: string; lang: Lang },
): Promise<{ id: number }> {
  const byAddress = await ctx.store.incr(`feedback:ip:${from.ip}`, 60 * 60_000);
  if (byAddress > FEEDBACK_PER_HOUR_ADDRESS) throw Errors.rateLimited(3600);
  if (from.memberId !== null) {
    const byMember = await ctx.store.incr(`feedback:m:${from.memberId}`, 60 * 60_000);
    if (byMember > FEEDBACK_PER_HOUR_MEMBER) throw Errors.rateLimited(3600);
  }
  if (input.screenshotUrl) {
    // A screenshot is a private upload of the sender: a visitor has none, another's is refused.
    if (from.memberId === null)
      throw Errors.validation([{ path: "screenshotUrl", message: "login_required" }]);
    await requireOwnUpload(ctx.db, from.memberId, input.screenshotUrl, "screenshotUrl");
  }
  const row = await insertFeedback(ctx.db, {
    memberId: from.memberId,
    content: input.content,
    screenshotUrl: input.screenshotUrl ?? null,
    page: input.page ?? null,
    lang: from.lang,
    ip: from.ip,
    at: ctx.clock.now(),
  });
  return { id: Number(row?.id) };
}

type State = (typeof FEEDBACK_STATES)[number];
type Item = z.infer<typeof AdminFeedbackItem>;

export async function feedbackPage(
  exec: Executor,
  q: { state: State; page: number },
  at: Date,
): Promise<{ list: Item[]; total: number; pageSize: number }> {
  const rows = await feedbackRows(exec, q.state, FEEDBACK_PAGE_SIZE, (q.page - 1) * FEEDBACK_PAGE_SIZE);
  const list = rows.map((r) => {
    const created = new Date(r.created_at);
    const decided = r.replied_at ? new Date(r.replied_at) : null;
    return {
      id: Number(r.id),
      memberId: r.member_id === null ? null : Number(r.member_id),
      username: r.username,
      content: r.content,
      page: r.page,
      lang: r.lang,
      screenshot: r.screenshot_url ? `/api/admin/feedback/${r.id}/screenshot` : null,
      state: r.state,
      reply: r.reply,
      repliedBy: r.replied_by_name,
      repliedAt: decided?.toISOString() ?? null,
      createdAt: created.toISOString(),
      ageSeconds: Math.max(0, Math.floor(((decided ?? at).getTime() - created.getTime()) / 1000)),
    };
  });
  return { list, total: Number(rows[0]?.total ?? 0), pageSize: FEEDBACK_PAGE_SIZE };
}

/**
 * The operator's reply, once (new → replied, a conditional update), audited; for a member's
 * feedback the reply becomes their message in the same transaction (a visitor's cannot be
 * delivered: it is kept in the queue).
 */
export async function replyToFeedback(
  tx: Tx,
  id: number,
  reply: string,
  op: { id: number; username: string },
  ip: string,
  at: Date,
): Promise<{ memberId: number | null }> {
  const f = await markReplied(tx, id, reply, op, at);
  if (!f) throw await notNew(tx, id);
  const memberId = f.member_id === null ? null : Number(f.member_id);
  if (memberId !== null) {
    await emitMemberEvent(tx, {
      kind: "feedback.replied",
      memberId,
      ref: `F${id}`,
      params: { reply, feedback: f.content },
    });
  }
  await recordAudit(tx, {
    operatorId: op.id,
    operatorName: op.username,
    action: "reply",
    entityType: "feedback",
    entityId: String(id),
    before: { state: "new" },
    after: { state: "replied", reply },
    ip,
  });
  return { memberId };
}

/** Close without a reply (spam, nothing to answer) or after one. */
export async function closeFeedback(
  tx: Tx,
  id: number,
  op: { id: number; username: string },
  ip: string,
  at: Date,
): Promise<void> {
  const f = await markClosed(tx, id, at);
  if (!f) throw await notNew(tx, id);
  await recordAudit(tx, {
    operatorId: op.id,
    operatorName: op.username,
    action: "close",
    entityType: "feedback",
    entityId: String(id),
    before: { state: f.state },
    after: { state: "closed" },
    ip,
  });
}

async function notNew(exec: Executor, id: number) {
  return (await feedbackExists(exec, id))
    ? Errors.conflict("FEEDBACK_ALREADY_DECIDED")
    : Errors.notFound("feedback");
}

export { feedbackScreenshot } from "./repo/feedback.ts";
