import type { Executor } from "../db/client.ts";

/**
 * Things that happened to a member, told to whoever wants to know (the member's messages,
 * missions, …) without the module it happened in knowing who listens.
 *
 * `emitMemberEvent(exec, event)` runs every registered handler inside the caller's transaction
 * (`exec`), so a message about a deposit exists exactly when the deposit does. A handler must be
 * quick (an insert or two). A live push (realtime/bus.ts) sent from a handler may arrive before
 * the transaction commits: push after the caller's commit where it matters, or make the page
 * tolerant (a badge that re-reads a moment later, or a push that carries its own data).
 *
 * Kinds in use: "deposit.credited", "withdrawal.paid", "withdrawal.rejected", "kyc.approved",
 * "kyc.rejected", "kyc.more-info", "bonus.granted", "feedback.replied", "rg.limit-changed",
 * "rg.excluded", "mission.completed", "vip.changed", "points.redeemed". Params are plain values
 * for the message template (amounts in minor units, with `currency`).
 */
export interface MemberEvent {
  kind: string;
  memberId: number;
  /** A stable reference (deposit id, KYC case id, …): handlers use it to act once per event. */
  ref: string;
  params: Record<string, string | number | null>;
}

export type MemberEventHandler = (exec: Executor, event: MemberEvent) => Promise<void>;

const handlers: MemberEventHandler[] = [];

export function registerMemberEventHandler(handler: MemberEventHandler): void {
  if (!handlers.includes(handler)) handlers.push(handler);
}

export async function emitMemberEvent(exec: Executor, event: MemberEvent): Promise<void> {
  for (const handler of handlers) await handler(exec, event);
}
