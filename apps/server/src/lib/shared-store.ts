import { Redis } from "ioredis";

/**
 * State shared between API processes: rate-limit counters and short caches.
 * Redis when REDIS_URL is set (many processes); an in-process map otherwise (one process).
 */
export interface SharedStore {
  /** Increment a counter that expires windowMs after its first increment; returns the count. */
  incr(key: string, windowMs: number): Promise<number>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

export function memoryStore(now: () => number = Date.now): SharedStore {
  const values = new Map<string, { value: string; expiresAt: number }>();
  const listeners = new Map<string, Set<(m: string) => void>>();
  const live = (key: string) => {
    const v = values.get(key);
    if (v && v.expiresAt <= now()) {
      values.delete(key);
      return undefined;
    }
    return v;
  };
  return {
    async incr(key, windowMs) {
      const v = live(key);
      const count = v ? Number(v.value) + 1 : 1;
      values.set(key, { value: String(count), expiresAt: v ? v.expiresAt : now() + windowMs });
      return count;
    },
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      values.set(key, { value, expiresAt: now() + ttlMs });
    },
    async del(key) {
      values.delete(key);
    },
    async publish(channel, message) {
      for (const fn of listeners.get(channel) ?? []) fn(message);
    },
    async subscribe(channel, onMessage) {
      const set = listeners.get(channel) ?? new Set();
      set.add(onMessage);
      listeners.set(channel, set);
    },
    async close() {
      values.clear();
      listeners.clear();
    },
  };
}

export function redisStore(url: string, prefix = "panalo:"): SharedStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  let subscriber: Redis | undefined;
  const handlers = new Map<string, Set<(m: string) => void>>();
  return {
    async incr(key, windowMs) {
      const k = prefix + key;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, "NX").exec()) as [
        [unknown, number],
      ]; // MULTI answers one [err, value] pair per queued command
      return count;
    },
    async get(key) {
      return redis.get(prefix + key);
    },
    async set(key, value, ttlMs) {
      await redis.set(prefix + key, value, "PX", ttlMs);
    },
    async del(key) {
      await redis.del(prefix + key);
    },
    async publish(channel, message) {
      await redis.publish(prefix + channel, message);
    },
    async subscribe(channel, onMessage) {
      if (!subscriber) {
        subscriber = redis.duplicate();
        subscriber.on("message", (ch: string, msg: string) => {
          for (const fn of handlers.get(ch) ?? []) fn(msg);
        });
      }
      const set = handlers.get(prefix + channel) ?? new Set();
      set.add(onMessage);
      handlers.set(prefix + channel, set);
      await subscriber.subscribe(prefix + channel);
    },
    async close() {
      subscriber?.disconnect();
      redis.disconnect();
    },
  };
}
