import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { parseSentinels, redisOptions, redisTarget } from "./redis-target.ts";

describe("Redis through Sentinel (REDIS_SENTINELS)", () => {
  it("reads host:port lists, with the default port and bracketed IPv6", () => {
    expect(parseSentinels(" 10.0.0.1:26379, sentinel-b ,[::1]:26380,")).toEqual([
      { host: "10.0.0.1", port: 26379 },
      { host: "sentinel-b", port: 26379 },
      { host: "::1", port: 26380 },
    ]);
    expect(parseSentinels("")).toEqual([]);
  });

  it("refuses an entry that is not an address, naming it", () => {
    expect(() => parseSentinels("a:1,b:99999")).toThrow('"b:99999" is not host:port');
    expect(() => loadConfig({ REDIS_SENTINELS: "redis://x:1" })).toThrow(/REDIS_SENTINELS: "redis:\/\/x:1"/);
    expect(() => loadConfig({ REDIS_SENTINELS: "a:1", REDIS_SENTINEL_NAME: "bad name" })).toThrow(
      /REDIS_SENTINEL_NAME/,
    );
  });

  it("prefers the sentinels over REDIS_URL, and keeps REDIS_URL alone working as before", () => {
    const both = loadConfig({
      REDIS_URL: "redis://127.0.0.1:6379",
      REDIS_SENTINELS: "10.77.0.21:26379,10.77.0.22:26379",
      REDIS_SENTINEL_NAME: "panalo",
    });
    expect(redisTarget(both)).toEqual({
      kind: "sentinel",
      name: "panalo",
      sentinels: [
        { host: "10.77.0.21", port: 26379 },
        { host: "10.77.0.22", port: 26379 },
      ],
    });
    expect(redisTarget(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" }))).toEqual({
      kind: "url",
      url: "redis://127.0.0.1:6379",
    });
    expect(
      redisTarget(
        loadConfig({
          REDIS_SENTINELS: "s1",
          REDIS_SENTINEL_NAME: "panalo",
          REDIS_PASSWORD: "rp",
          REDIS_SENTINEL_PASSWORD: "sp",
        }),
      ),
    ).toMatchObject({ password: "rp", sentinelPassword: "sp" });
    expect(redisTarget(loadConfig({}))).toBeNull();
    expect(loadConfig({}).REDIS_SENTINEL_NAME).toBe("mymaster");
  });

  it("gives ioredis the sentinels, the name and the primary's role over the store's own options", () => {
    const [opts] = redisOptions(
      {
        kind: "sentinel",
        name: "panalo",
        sentinels: [{ host: "s1", port: 26379 }],
        password: "rp",
        sentinelPassword: "sp",
      },
      { commandTimeout: 500, enableOfflineQueue: false },
    );
    expect(opts).toMatchObject({
      sentinels: [{ host: "s1", port: 26379 }],
      name: "panalo",
      role: "master",
      failoverDetector: true,
      password: "rp",
      sentinelPassword: "sp",
      commandTimeout: 500,
      enableOfflineQueue: false,
    });
    expect(redisOptions({ kind: "url", url: "redis://h:1" }, { commandTimeout: 5 })).toEqual([
      "redis://h:1",
      { commandTimeout: 5 },
    ]);
  });
});
