import type { RedisOptions } from "ioredis";

/**
 * Where the shared store's Redis is: a URL (REDIS_URL, one Redis), or a Sentinel group
 * (REDIS_SENTINELS, REDIS_SENTINEL_NAME): ioredis asks the sentinels which Redis is the primary
 * and asks again after a failover, so the processes follow the primary Sentinel promotes.
 */
export type RedisTarget =
  | { kind: "url"; url: string }
  | {
      kind: "sentinel";
      sentinels: Array<{ host: string; port: number }>;
      name: string;
      /** The Redis servers' password and the sentinels' (empty: none). */
      password?: string;
      sentinelPassword?: string;
    };

/**
 * `host:port,host:port` as the sentinels' addresses (port 26379 when left out; an IPv6 address
 * in brackets). Throws on an entry that is not an address, naming it.
 */
export function parseSentinels(text: string): Array<{ host: string; port: number }> {
  return text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .map((part) => {
      const m = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(part);
      const port = m?.[2] === undefined ? 26379 : Number(m[2]);
      if (!m?.[1] || port < 1 || port > 65535) throw new Error(`"${part}" is not host:port`);
      return { host: m[1].replace(/^\[|\]$/g, ""), port };
    });
}

/** The store's Redis from the settings: Sentinel when REDIS_SENTINELS is set, else REDIS_URL, else none. */
export function redisTarget(c: {
  REDIS_URL: string;
  REDIS_SENTINELS: Array<{ host: string; port: number }>;
  REDIS_SENTINEL_NAME: string;
  REDIS_PASSWORD?: string;
  REDIS_SENTINEL_PASSWORD?: string;
}): RedisTarget | null {
  if (c.REDIS_SENTINELS.length > 0)
    return {
      kind: "sentinel",
      sentinels: c.REDIS_SENTINELS,
      name: c.REDIS_SENTINEL_NAME,
      ...(c.REDIS_PASSWORD ? { password: c.REDIS_PASSWORD } : {}),
      ...(c.REDIS_SENTINEL_PASSWORD ? { sentinelPassword: c.REDIS_SENTINEL_PASSWORD } : {}),
    };
  return c.REDIS_URL ? { kind: "url", url: c.REDIS_URL } : null;
}

/**
 * ioredis's options for a target over the store's own: with Sentinel, the client re-resolves
 * the primary on every reconnect, and a primary that turns replica (a failover) closes the
 * connection (`failoverDetector`) so the next one goes to the new primary.
 */
export function redisOptions(
  target: RedisTarget,
  base: RedisOptions,
): [string, RedisOptions] | [RedisOptions] {
  if (target.kind === "url") return [target.url, base];
  return [
    {
      ...base,
      sentinels: target.sentinels,
      name: target.name,
      ...(target.password ? { password: target.password } : {}),
      ...(target.sentinelPassword ? { sentinelPassword: target.sentinelPassword } : {}),
      role: "master",
      failoverDetector: true,
      sentinelRetryStrategy: (times: number) => Math.min(times * 100, 1000),
      sentinelCommandTimeout: 1000,
    },
  ];
}
