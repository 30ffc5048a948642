import type { AppContext } from "../lib/context.ts";

/**
 * The realtime hub's seam for modules (messages, chat, missions, responsible gaming, …).
 *
 * - `pushToMember(ctx, memberId, payload)` delivers `payload` to every page that member has
 *   open, in whichever API process holds its WebSocket (the shared store fans it out).
 * - `pushToTopic(ctx, topic, payload)` delivers to every socket subscribed to `topic`.
 * - `registerHubHandler(type, fn)` accepts messages of that `type` from a signed-in page; the
 *   handler gets the connection (member id, send, subscribe to topics). Register at module
 *   load (from the module's routes file), before the hub starts.
 *
 * Payloads are JSON objects with a string `type`; "balance" is the hub's own.
 */
export const HUB_MEMBER_CHANNEL = "hub:member";
export const HUB_TOPIC_CHANNEL = "hub:topic";

export interface HubPayload {
  type: string;
  [key: string]: unknown;
}

export interface HubConnection {
  /** Unique per socket in this process. */
  readonly id: number;
  readonly memberId: number;
  /** The member's isAgent flag as the session gives it (0 player, 1 agent, 2 trial). */
  readonly isAgent: number;
  send(payload: HubPayload): void;
  subscribe(topic: string): void;
  unsubscribe(topic: string): void;
  /** Called once when the socket closes. */
  onClose(fn: () => void): void;
}

export type HubHandler = (ctx: AppContext, conn: HubConnection, message: HubPayload) => void | Promise<void>;

const handlers = new Map<string, HubHandler>();

export function registerHubHandler(type: string, handler: HubHandler): void {
  if (type === "auth" || type === "balance") throw new Error(`hub message type ${type} is reserved`);
  handlers.set(type, handler);
}

export function hubHandler(type: string): HubHandler | undefined {
  return handlers.get(type);
}

export async function pushToMember(ctx: AppContext, memberId: number, payload: HubPayload): Promise<void> {
  await ctx.store.publish(HUB_MEMBER_CHANNEL, JSON.stringify({ memberId, payload }));
}

export async function pushToTopic(ctx: AppContext, topic: string, payload: HubPayload): Promise<void> {
  await ctx.store.publish(HUB_TOPIC_CHANNEL, JSON.stringify({ topic, payload }));
}
