import type { Executor } from "../db/client.ts";
import type { AppContext } from "./context.ts";

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

/**
 * The typed side of the bus: things that happened in one module that other modules react to,
 * so the module it happened in never imports the modules that react (a deposit credited → the
 * chosen deposit bonus applies; a member registered → the referral is recorded; …).
 *
 * `publishEvent(scope, kind, event)` runs every handler of the kind in registration order and
 * awaits each one, on the caller's executor (`scope.exec`): when the caller is inside a
 * transaction, a handler's writes commit or roll back with the caller's own, and a handler's
 * error fails the caller exactly as a direct call would. Register at module load, from the
 * reacting module's service (the app imports every module's routes, which import their service).
 */
export interface DomainEvents {
  /**
   * A deposit's money reached the member's main account, in the crediting transaction (the
   * member's row is already locked when `bonusRuleId` is set).
   */
  "deposit.credited": {
    depositId: number;
    memberId: number;
    amount: bigint;
    currency: string;
    bonusRuleId: number | null;
  };
  /** A new member account exists: who recommended it (a recommender's id or a referral code). */
  "member.registered": { memberId: number; recommenderId: number | null; referralCode: string | undefined };
  /** A member signed in with their password (the sign-in's time). */
  "member.signed-in": { memberId: number; at: Date };
  /** A provider round's settlement (its win) committed; told after the commit. */
  "bet.settled": { vendor: string; roundId: string };
}

export type DomainEventKind = keyof DomainEvents;

/** Where a handler runs: the caller's executor (its transaction, if any) and the app's context. */
export interface EventScope {
  ctx: AppContext;
  exec: Executor;
}

/** A handler of one event kind of a bus whose events are `E`. */
export type EventHandler<E, K extends keyof E> = (scope: EventScope, event: E[K]) => void | Promise<void>;

export type DomainEventHandler<K extends DomainEventKind> = EventHandler<DomainEvents, K>;

/** A bus over the event map `E` (the app has one, over DomainEvents; tests make their own). */
export function createEventBus<E>() {
  const listeners = new Map<keyof E, EventHandler<E, never>[]>();
  return {
    /** React to an event kind. Registering the same function twice keeps one. */
    on<K extends keyof E>(kind: K, handler: EventHandler<E, K>): void {
      const list = listeners.get(kind) ?? [];
      if (!list.includes(handler as EventHandler<E, never>)) list.push(handler as EventHandler<E, never>);
      listeners.set(kind, list);
    },
    /** Tell every handler of the kind, one after the other, on the caller's executor. */
    async publish<K extends keyof E>(scope: EventScope, kind: K, event: E[K]): Promise<void> {
      for (const handler of (listeners.get(kind) ?? []) as EventHandler<E, K>[]) await handler(scope, event);
    },
  };
}

const bus = createEventBus<DomainEvents>();

/** React to an event kind (register at module load). Registering the same function twice keeps one. */
export const onEvent = bus.on;

/** Tell every handler of the kind, one after the other, on the caller's executor. */
export const publishEvent = bus.publish;
