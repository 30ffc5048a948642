/**
 * The page's side of the realtime hub (server: realtime/bus.ts). The one WebSocket that
 * balance-socket.ts keeps open while a real account is signed in hands every message to the
 * listeners of its `type`; `sendHub` sends on it (dropped when no socket is open — callers
 * that must not lose a message use an HTTP call and let the push confirm it).
 * No zod and nothing heavy here: the header imports it on the first visit.
 */
export interface HubMessage {
  type: string;
  [key: string]: unknown;
}

type Listener = (message: HubMessage) => void;

const listeners = new Map<string, Set<Listener>>();
const openListeners = new Set<() => void>();
let sender: ((message: HubMessage) => boolean) | null = null;

/** Listen to pushes of one type; returns the function that stops listening. */
export function onHubMessage(type: string, fn: Listener): () => void {
  const set = listeners.get(type) ?? new Set();
  set.add(fn);
  listeners.set(type, set);
  return () => {
    set.delete(fn);
  };
}

/** Called each time the hub (re)connects and is signed in; returns the function that stops. */
export function onHubOpen(fn: () => void): () => void {
  openListeners.add(fn);
  return () => {
    openListeners.delete(fn);
  };
}

/** Send a message to the hub; false when no signed-in socket is open. */
export function sendHub(message: HubMessage): boolean {
  return sender ? sender(message) : false;
}

export function isHubOpen(): boolean {
  return sender !== null;
}

/** For balance-socket.ts only. */
export function dispatchHubMessage(message: HubMessage): void {
  for (const fn of listeners.get(message.type) ?? []) {
    try {
      fn(message);
    } catch {
      // a listener's failure does not stop the others
    }
  }
}

/**
 * For balance-socket.ts only: the server came back from an outage of its shared store, during
 * which pushes may have been lost. The listeners that read again on a (re)connect read again.
 */
export function resyncHub(): void {
  for (const fn of openListeners) fn();
}

/** For balance-socket.ts only. */
export function setHubSender(send: ((message: HubMessage) => boolean) | null): void {
  sender = send;
  if (send) for (const fn of openListeners) fn();
}
