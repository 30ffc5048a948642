import { Redis } from "ioredis";
import { type RedisTarget, redisOptions } from "./redis-target.ts";

/**
 * State shared between API processes: rate-limit counters and short caches.
 * Redis when REDIS_URL is set (many processes); an in-process map otherwise (one process).
 * No method ever fails or hangs because Redis is away (redisStore): reads and counters fall
 * back to this process's own map, publishing never waits.
 */
export interface SharedStore {
  /** Increment a counter that expires windowMs after its first increment; returns the count. */
  incr(key: string, windowMs: number): Promise<number>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>;
  /**
   * `fn` runs each time the store comes back from an outage during which messages between
   * processes may have been lost (Redis answering again, the subscription restored), so that
   * listeners can tell their pages to read again what pushes they may have missed. Answers the
   * function that stops listening.
   */
  onRecovered?(fn: () => void): () => void;
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

export interface RedisStoreOptions {
  /** How long one Redis command may take before the store answers from its local fallback. */
  commandTimeoutMs?: number;
  /** While Redis is failing, how often one background PING checks whether it is back. */
  probeIntervalMs?: number;
  /** Messages waiting to be published, at most; the oldest are dropped beyond it. */
  publishQueueMax?: number;
  /** Where outages and recoveries are told (once each, not per call). */
  log?: (message: string) => void;
}

/**
 * The shared store on Redis, built never to fail or delay a call because Redis is unreachable
 * or stops answering: commands are not queued while disconnected
 * (`enableOfflineQueue: false`) and time out after `commandTimeoutMs`; a failure switches the
 * store to a local in-process map (rate limits then hold per process, a safe local limit) until
 * a background PING, or the connection's next "ready", says Redis is back. Publishing returns at
 * once: messages wait in a bounded queue that a single drain sends; when Redis cannot take them
 * they are delivered to this process's own subscribers (its pages still hear them).
 */
export function redisStore(
  target: string | RedisTarget,
  prefix = "panalo:",
  opts: RedisStoreOptions = {},
): SharedStore {
  const timeoutMs = opts.commandTimeoutMs ?? 500;
  const probeMs = opts.probeIntervalMs ?? 2000;
  const connectWaitMs = Math.max(timeoutMs * 4, 1000);
  const queueMax = opts.publishQueueMax ?? 10_000;
  const log = opts.log ?? ((m: string) => console.error(m));
  const args = redisOptions(typeof target === "string" ? { kind: "url", url: target } : target, {
    lazyConnect: false,
    enableOfflineQueue: false,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 1,
    connectTimeout: Math.max(timeoutMs, 1000),
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  const redis = args.length === 2 ? new Redis(args[0], args[1]) : new Redis(args[0]);
  const local = memoryStore();
  let subscriber: Redis | undefined;
  const handlers = new Map<string, Set<(m: string) => void>>();
  const recovered = new Set<() => void>();
  const announceRecovery = () => {
    for (const fn of recovered) {
      try {
        fn();
      } catch (err) {
        log(`shared store: a recovery listener failed (${(err as Error).message})`);
      }
    }
  };
  const out = redisOutage(redis, { probeMs, log, onRecover: announceRecovery });
  redis.on("error", (err: Error) => out.fail(err));

  /** Redis when it answers, else this process's map — never an error for Redis being away. */
  const either = async <T>(viaRedis: () => Promise<T>, viaLocal: () => Promise<T>): Promise<T> => {
    if (!out.up()) return viaLocal();
    try {
      return await viaRedis();
    } catch (err) {
      if ((err as Error).name === "ReplyError") throw err; // Redis answered: a real refusal
      out.fail(err as Error);
      return viaLocal();
    }
  };
  const deliverHere = (channel: string, message: string) => {
    for (const fn of handlers.get(channel) ?? []) fn(message);
  };
  const queue: Array<[string, string]> = [];
  let draining = false;
  const drain = async () => {
    draining = true;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, 256);
        if (!out.up()) {
          for (const [ch, m] of batch) deliverHere(ch, m);
          continue;
        }
        const sent = await Promise.allSettled(batch.map(([ch, m]) => redis.publish(ch, m)));
        sent.forEach((r, i) => {
          if (r.status === "fulfilled") return;
          out.fail(r.reason as Error);
          const [ch, m] = batch[i] ?? ["", ""];
          deliverHere(ch, m);
        });
      }
    } finally {
      draining = false;
    }
  };
  let subscribedOnce = false;
  const subscribeAll = () => {
    const channels = [...handlers.keys()];
    if (!subscriber || channels.length === 0) return;
    const again = subscribedOnce;
    subscriber.subscribe(...channels).then(
      () => {
        subscribedOnce = true;
        // The subscription was lost and is back: messages of other processes meanwhile were not heard.
        if (again) announceRecovery();
      },
      (err: Error) => out.fail(err),
    );
  };
  return {
    async incr(key, windowMs) {
      return either(
        async () => {
          const k = prefix + key;
          const [[err, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, "NX").exec()) as [
            [Error | null, number],
          ]; // MULTI answers one [err, value] pair per queued command
          if (err) throw err;
          return count;
        },
        () => local.incr(key, windowMs),
      );
    },
    async get(key) {
      // A value written here while Redis was away (a captcha, a sign-in state) still counts.
      return either(
        async () => (await redis.get(prefix + key)) ?? (await local.get(key)),
        () => local.get(key),
      );
    },
    async set(key, value, ttlMs) {
      await either(
        async () => {
          await redis.set(prefix + key, value, "PX", ttlMs);
        },
        () => local.set(key, value, ttlMs),
      );
    },
    async del(key) {
      await either(
        async () => {
          await redis.del(prefix + key);
          await local.del(key);
        },
        () => local.del(key),
      );
    },
    async publish(channel, message) {
      // Never awaited on Redis: the caller's answer (a committed bet, a login) goes out now.
      if (queue.length >= queueMax) {
        queue.shift();
        out.dropped();
      }
      queue.push([prefix + channel, message]);
      if (!draining) void drain();
    },
    async subscribe(channel, onMessage) {
      if (!subscriber) {
        subscriber = redis.duplicate();
        subscriber.on("error", (err: Error) => out.fail(err));
        subscriber.on("message", (ch: string, msg: string) => deliverHere(ch, msg));
        // After a reconnect (or a start while Redis was away) every channel is subscribed again.
        subscriber.on("ready", subscribeAll);
      }
      const set = handlers.get(prefix + channel) ?? new Set();
      set.add(onMessage);
      handlers.set(prefix + channel, set);
      // At start the connection is still opening: wait for it (briefly — a Redis that is away
      // must not hold the process's start; its "ready" handler subscribes later).
      if (subscriber.status !== "ready") await readyWithin(subscriber, connectWaitMs);
      if (subscriber.status === "ready")
        await subscriber.subscribe(prefix + channel).then(
          () => {
            subscribedOnce = true;
          },
          (err: Error) => out.fail(err),
        );
    },
    onRecovered(fn) {
      recovered.add(fn);
      return () => {
        recovered.delete(fn);
      };
    },
    async close() {
      out.stop();
      subscriber?.disconnect();
      redis.disconnect();
      await local.close();
    },
  };
}

/** Resolves when `conn` is ready, or after `ms` if it is not (never rejects). */
function readyWithin(conn: Redis, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      conn.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    conn.once("ready", done);
  });
}

/**
 * Whether Redis is usable now. A failed command marks it down (logged once per outage); while
 * down, one PING every `probeMs` (never awaited by a caller) or the connection's "ready" event
 * brings it back.
 */
function redisOutage(
  redis: Redis,
  opts: { probeMs: number; log: (m: string) => void; onRecover: () => void },
) {
  let down = false;
  let since = 0;
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  const recover = (how: string) => {
    if (!down) return;
    down = false;
    if (timer) clearTimeout(timer);
    timer = undefined;
    opts.log(
      `shared store: Redis is back (${how}) after ${Date.now() - since} ms${dropped ? `; ${dropped} messages dropped` : ""}`,
    );
    dropped = 0;
    opts.onRecover();
  };
  const probe = () => {
    timer = setTimeout(() => {
      if (redis.status !== "ready") return probe();
      redis.ping().then(
        () => recover("ping"),
        () => probe(),
      );
    }, opts.probeMs);
    timer.unref();
  };
  redis.on("ready", () => recover("reconnected"));
  return {
    up: () => !down && redis.status === "ready",
    fail(err: Error) {
      if (down) return;
      down = true;
      since = Date.now();
      opts.log(
        `shared store: Redis unreachable (${err.message}); using this process's own limits until it returns`,
      );
      probe();
    },
    dropped() {
      dropped++;
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
