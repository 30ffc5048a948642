import { randomBytes, randomUUID } from "node:crypto";
import { drawResult, GAMES } from "@panalo/game-math/lottery";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../server/src/app.ts";
import { loadConfig } from "../../../server/src/config.ts";
import { memoryStore, redisStore, type SharedStore } from "../../../server/src/lib/shared-store.ts";
import { openTestDatabase, type TestApp } from "../../../server/src/testing/test-app.ts";
import { fundedPlayer, injectTransport, registerInHouseVendors, testContext } from "../test-platform.ts";
import { type LotteryContext, lotteryContext } from "./context.ts";
import { type DrawRow, ensureDraws, openDraws, runDueDraws } from "./draws.ts";
import { announceSettlements, finishDraws, sendCredits, settleDrawn } from "./settle.ts";
import { lotterySession, openLotterySession, placeSlip } from "./slips.ts";

/**
 * Live lottery results and settlements reach the pages of every process, not
 * only those connected to the process that drew: they go through the shared store's pub/sub
 * (Redis with REDIS_URL, as in production with several processes). Process A draws and
 * settles; a page connected to process B hears the result and its own settlement.
 */
const T0 = new Date("2031-07-07T00:00:00+08:00");
const APP_SECRET = "relay-secret-relay-secret-relay-secret-1";

describe("live lottery events across processes", () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  const stores: SharedStore[] = [];
  const apps: TestApp[] = [];
  let clock = T0;
  const prefix = `relay-${randomBytes(4).toString("hex")}:`;
  let shared: SharedStore | null = null;
  /** Each process its own connection to Redis under one prefix; without Redis, one in-process store. */
  const storeOfProcess = (): SharedStore => {
    if (process.env.REDIS_URL) {
      const s = redisStore(process.env.REDIS_URL, prefix);
      stores.push(s);
      return s;
    }
    shared ??= memoryStore();
    return shared;
  };
  const start = async (): Promise<TestApp> => {
    const config = loadConfig({
      NODE_ENV: "test",
      SEED_DEMO: "false",
      APP_SECRET,
      RGS_LOTTERY_INTERVAL_MS: "0",
    });
    const store = storeOfProcess();
    const app = await buildApp({ config, database: opened.database, store });
    await app.ready();
    const t: TestApp = { app, database: opened.database, config, store, close: async () => app.close() };
    apps.push(t);
    return t;
  };

  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const s of stores) await s.close();
    await shared?.close();
    await opened.drop();
  });

  it("a page on process B hears the draw process A ran, and its own settlement", async () => {
    const a = await start();
    const b = await start();
    await registerInHouseVendors(a);
    // Process A's lottery worker, on the same relay its plugin would use.
    const ctxA: LotteryContext = lotteryContext(testContext(a, injectTransport(a), () => clock));
    await ctxA.bus.connect(a.store, (d) => void announceSettlements(ctxA, d));
    await ensureDraws(ctxA, true);
    const [d] = (await openDraws(ctxA.db, "E3D-1", clock, 1)) as [DrawRow];
    const result = drawResult(GAMES["E3D-1"] as NonNullable<(typeof GAMES)[string]>, d.seed, d.drawNo);
    const p = await fundedPlayer(a, 100_00n, "TCG_SEA");
    const s = await openLotterySession(ctxA, { token: p.token });
    const placed = await placeSlip(ctxA, await lotterySession(ctxA, s.sessionId), {
      requestId: randomUUID(),
      lines: [
        {
          gameCode: "E3D-1",
          betType: "straight",
          selection: result,
          stake: "1.00",
          drawNo: d.drawNo,
          repeat: 1,
        },
      ],
    });

    // The player's page is connected to process B.
    await b.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (b.app.server.address() as { port: number }).port;
    const abort = new AbortController();
    try {
      const res = await fetch(`http://127.0.0.1:${port}/rgs/lottery/events?sessionId=${s.sessionId}`, {
        signal: abort.signal,
      });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      let text = "";
      const until = async (needle: string) => {
        while (!text.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
        }
        return text;
      };
      await until('"type":"hello"');

      clock = new Date(d.drawAt.getTime() + 1000);
      while ((await runDueDraws(ctxA)).length > 0);
      await settleDrawn(ctxA);
      for (;;) if ((await sendCredits(ctxA)).claimed === 0) break;
      await finishDraws(ctxA);

      const pub = await until("event: result");
      expect(pub).toContain(`"drawNo":"${d.drawNo}"`);
      const mine = await until("event: settlement");
      expect(mine).toContain(`"slipId":"${placed.slipId}"`);
      expect(mine).toContain('"win":"900.00"');
    } finally {
      abort.abort();
    }
  }, 60_000);
});
