import net from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { providerClients } from "../db/schema/providers.ts";
import { memberBalances } from "../modules/ledger/ledger.ts";
import { inHouseProviderSecret, issueLaunchToken } from "../modules/providers/service.ts";
import { providerCall, registerMember } from "../testing/games-kit.ts";
import { pausableProxy } from "../testing/redis-proxy.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { redisStore, type SharedStore } from "./shared-store.ts";

/**
 * Redis outage: a committed movement's answer never waits on (or fails
 * because of) publishing its news, and logins, rate limits and other store reads fall back to
 * this process's own limits while Redis is unreachable or silent, then return to Redis.
 * Before: a spin's debit committed, the publish waited on Redis and the call never answered
 * (or answered 500); login answered 500.
 */

/** A TCP server that accepts connections and never answers: Redis hung from the start. */
async function blackHole(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on("error", () => {});
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

async function withMoneyApp(store: SharedStore) {
  const t = await createTestApp({}, { store });
  await t.database.db
    .insert(providerClients)
    .values({ vendor: "PNS", secret: inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNS") });
  return t;
}

const login = (t: TestApp, username: string) =>
  t.app.inject({
    method: "POST",
    url: "/wps/session/login",
    payload: { username, password: "secret123" },
    headers: { "x-lang": "EN" },
  });

describe("shared store with Redis that never answers", () => {
  const logs: string[] = [];
  let hole: Awaited<ReturnType<typeof blackHole>>;
  let store: SharedStore;
  let t: TestApp;
  // The app (a migrated database) is made in the hook, whose time limit is made for it: on a
  // busy machine migrating inside the test could take longer than a test may.
  beforeAll(async () => {
    hole = await blackHole();
    store = redisStore(hole.url, "hole:", {
      commandTimeoutMs: 200,
      probeIntervalMs: 50,
      log: (m) => logs.push(m),
    });
    t = await withMoneyApp(store);
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
    await hole?.close();
  });

  it("answers every call from this process's own map, and publishing still reaches this process", async () => {
    expect([await store.incr("n", 60_000), await store.incr("n", 60_000)]).toEqual([1, 2]);
    await store.set("k", "v", 60_000);
    expect(await store.get("k")).toBe("v");
    await store.del("k");
    expect(await store.get("k")).toBeNull();
    const heard = new Promise<string>((resolve) => void store.subscribe("news", resolve));
    await store.publish("news", "hello");
    expect(await heard).toBe("hello");
  });

  it("lets a member register, log in and bet (the debit answered, once) while Redis is silent", async () => {
    const m = await registerMember(t.app, "silentfan", 50_00n);
    const res = await login(t, "silentfan");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    const token = await issueLaunchToken(t.app.ctx, m.id, "PNS");
    await providerCall(t.app, "PNS", "authenticate", { token });
    const bet = await providerCall(t.app, "PNS", "debit", {
      token,
      playerId: m.id,
      transactionId: "silent-bet-1",
      roundId: "silent-round-1",
      amount: "5.00",
    });
    expect(bet).toMatchObject({ success: true });
    const main = (await memberBalances(t.database.db, m.id)).find((b) => b.kind === "main");
    expect(main?.balance).toBe(45_00n);
  });
});

describe.skipIf(!process.env.REDIS_URL)(
  "shared store when Redis stops answering mid-run and comes back",
  () => {
    const logs: string[] = [];
    const prefix = `outage-${process.pid}-${Date.now()}:`;
    let proxy: Awaited<ReturnType<typeof pausableProxy>>;
    let direct: Redis;
    let store: SharedStore;
    let t: TestApp;
    beforeAll(async () => {
      direct = new Redis(process.env.REDIS_URL ?? "");
      proxy = await pausableProxy(new URL(process.env.REDIS_URL ?? ""));
      store = redisStore(proxy.url, prefix, {
        commandTimeoutMs: 200,
        probeIntervalMs: 20,
        log: (m) => logs.push(m),
      });
      t = await withMoneyApp(store);
    });
    afterAll(async () => {
      await t?.close();
      await store?.close();
      await proxy?.close();
      direct?.disconnect();
    });

    /** Whether the store's counters are in Redis right now (a counter it keeps is seen there). */
    const onRedis = async (key: string) => {
      await store.incr(key, 60_000);
      return (await direct.get(prefix + key)) !== null;
    };

    it("falls back while Redis is silent, never failing a committed bet or a login, then returns to Redis", async () => {
      await vi.waitFor(async () => expect(await onRedis("before")).toBe(true), {
        timeout: 10_000,
        interval: 20,
      });

      const m = await registerMember(t.app, "outagefan", 50_00n);
      const signedIn = await login(t, "outagefan");
      expect(signedIn.statusCode).toBe(200);
      // The member's page, on this process's hub: it hears what it may have missed after the outage.
      const ws = await t.app.injectWS("/ws");
      const heard: string[] = [];
      const first = new Promise<void>((resolve) => ws.once("message", () => resolve()));
      ws.on("message", (raw: Buffer) => heard.push(String(JSON.parse(raw.toString()).type)));
      ws.send(JSON.stringify({ type: "auth", token: signedIn.json().value.token }));
      await first;
      const token = await issueLaunchToken(t.app.ctx, m.id, "PNS");
      await providerCall(t.app, "PNS", "authenticate", { token });

      proxy.pause();
      // A bet while Redis holds every command: the debit commits and is answered.
      const bet = await providerCall(t.app, "PNS", "debit", {
        token,
        playerId: m.id,
        transactionId: "outage-bet-1",
        roundId: "outage-round-1",
        amount: "5.00",
      });
      expect(bet).toMatchObject({ success: true });
      // Logins and their rate limits go on, counted in this process.
      const during = await login(t, "outagefan");
      expect(during.statusCode).toBe(200);
      expect(await store.incr("local-count", 60_000)).toBe(1);
      expect(await store.incr("local-count", 60_000)).toBe(2);
      expect(await direct.get(`${prefix}local-count`)).toBeNull();
      await store.set("kept-during-outage", "v1", 60_000);
      expect(logs.some((l) => l.includes("Redis unreachable"))).toBe(true);
      // Another bet after the store switched: answered too, and the ledger has both, once each.
      const bet2 = await providerCall(t.app, "PNS", "debit", {
        token,
        playerId: m.id,
        transactionId: "outage-bet-2",
        roundId: "outage-round-2",
        amount: "5.00",
      });
      expect(bet2).toMatchObject({ success: true });
      const main = (await memberBalances(t.database.db, m.id)).find((b) => b.kind === "main");
      expect(main?.balance).toBe(40_00n);

      proxy.resume();
      await vi.waitFor(async () => expect(await onRedis("after")).toBe(true), {
        timeout: 10_000,
        interval: 20,
      });
      expect(logs.some((l) => l.includes("Redis is back"))).toBe(true);
      // Pushes of other processes during the outage were not heard here: the page is told to read
      // again (chat, messages and the balance refetch on "resync").
      await vi.waitFor(() => expect(heard).toContain("resync"), { timeout: 10_000, interval: 20 });
      ws.terminate();
      // What was kept here during the outage is still read (once, then deleted everywhere).
      expect(await store.get("kept-during-outage")).toBe("v1");
      await store.del("kept-during-outage");
      expect(await store.get("kept-during-outage")).toBeNull();
      expect((await login(t, "outagefan")).statusCode).toBe(200);
    });
  },
);
