import type { SportsRelay } from "./context.ts";

/** Odds pushes within one process (the sportsbook alone, with no shared store). */
export function memoryRelay(): SportsRelay {
  const listeners = new Map<string, Array<(message: string) => void>>();
  return {
    publish: async (channel, message) => {
      for (const fn of listeners.get(channel) ?? []) fn(message);
    },
    subscribe: async (channel, onMessage) => {
      listeners.set(channel, [...(listeners.get(channel) ?? []), onMessage]);
    },
  };
}
