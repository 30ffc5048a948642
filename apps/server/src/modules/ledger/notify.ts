import type { AppContext } from "../../lib/context.ts";
import { type PostInput, type PostResult, post } from "./ledger.ts";

/**
 * The channel on which balance changes are published (Redis or in-process); the message is the
 * member id. Each process's WebSocket hub subscribes once and tells that member's open pages.
 */
export const BALANCE_CHANNEL = "balance";

/**
 * Post a movement and tell every member it touched that their balance changed, so open pages
 * update over the WebSocket without a reload.
 */
export async function postAndNotify(ctx: AppContext, input: PostInput): Promise<PostResult> {
  const result = await post(ctx.db, input);
  if (!result.replayed) await notifyMembers(ctx, input);
  return result;
}

export async function notifyMembers(ctx: AppContext, input: Pick<PostInput, "legs">): Promise<void> {
  const memberIds = new Set<number>();
  for (const l of input.legs) if ("member" in l.account) memberIds.add(l.account.member);
  for (const id of memberIds) publishBalance(ctx, id);
}

/** Tell one member's open pages that their balance changed. */
export async function notifyMember(ctx: AppContext, memberId: number): Promise<void> {
  publishBalance(ctx, memberId);
}

/**
 * Fire and forget: the movement is committed, so its caller's answer never
 * waits on — or fails because of — the news of it. The store queues the message (bounded) and
 * falls back to this process's pages when Redis is away; a failure is logged, never thrown.
 */
function publishBalance(ctx: AppContext, memberId: number): void {
  ctx.store.publish(BALANCE_CHANNEL, String(memberId)).catch((err: unknown) => {
    console.error(`balance news for member ${memberId} not published: ${(err as Error).message}`);
  });
}
