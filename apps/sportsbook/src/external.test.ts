import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import fastifyWebsocket from "@fastify/websocket";
import { fetchTransport, inHouseProviderSecret } from "@panalo/rgs/protocol-client";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember } from "../../server/src/testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { applyFeedMessage } from "./book.ts";
import type { SportsContext } from "./context.ts";
import { queryRows } from "./db.ts";
import { identityHeaders, keepRawBodies } from "./identity.ts";
import { memoryRelay } from "./memory-relay.ts";
import { sportsbookPlugin } from "./plugin.ts";
import { remoteHost } from "./remote-host.ts";
import { settleBets } from "./settle.ts";
import { feedMatch, mainBalance } from "./sports-testkit.ts";

// The sportsbook in a process of its own (SPORTSBOOK_MODE=external): the platform forwards the
// book's paths to it with the caller's session signed, and the book reaches the platform only
// over HTTP (the provider protocol for money, the host API for the rest). Both listen on
// loopback here, as two processes would.
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

let t: TestApp;
let book: FastifyInstance;
let ctx: SportsContext | null = null;
beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({
    SPORTSBOOK_MODE: "external",
    SPORTSBOOK_URL: `http://127.0.0.1:${port}`,
    ADDRESS_LIMITS: "register=1000",
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const platform = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const transport = fetchTransport(platform, 5000);
  const secret = t.config.APP_SECRET ?? "";
  book = Fastify();
  await book.register(fastifyWebsocket);
  keepRawBodies(book);
  await book.register(sportsbookPlugin, {
    db: t.database.db,
    config: { ...t.config, SPORTS_SIMULATOR: "off" },
    store: memoryRelay(),
    host: remoteHost({ transport, secret: inHouseProviderSecret(secret, "PNSB") }),
    transport,
    exposeParams: true,
    onContext: (c) => {
      ctx = c;
    },
  });
  await book.listen({ port, host: "127.0.0.1" });
  await t.database.db.execute(sql`UPDATE sportsbook.sb_book SET live_delay_ms = 0`);
}, 180_000);
afterAll(async () => {
  await book?.close();
  await t?.close();
});

const book_ = () => {
  if (!ctx) throw new Error("the sportsbook did not start");
  return ctx;
};

describe("the sportsbook in its own process", () => {
  it("mounts none of the book in the platform, and answers the book's lists through its proxy", async () => {
    expect(t.app.sportsbook).toBeNull();
    await feedMatch(book_(), "x:list");
    const res = await t.app.inject({ method: "GET", url: "/api/sports/matches?gameType=SPORTS&tab=today" });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });

  it("places and settles a bet through the proxy: the member's session checked by the platform, money by the protocol", async () => {
    const m = await registerMember(t.app, "sbext", 100_000n);
    const { pick } = await feedMatch(book_(), "x:bet");
    const home = pick("1", "home");
    const place = () =>
      t.app.inject({
        method: "POST",
        url: "/api/sports/bets",
        headers: { authorization: `Bearer ${m.token}`, "x-lang": "EN" },
        payload: {
          kind: "single",
          legs: [{ outcomeId: home.outcomeId, odds: home.odds }],
          stake: "10.00",
          oddsPolicy: "none",
          idempotencyKey: "x-bet-00001",
        },
      });
    const placed = await place();
    expect(placed.statusCode).toBe(200);
    expect(await mainBalance(t.app, m.id)).toBe(100_000n - 1_000n);
    // A retry is the same bet: nothing moves twice.
    expect((await place()).json().value.id).toBe(placed.json().value.id);
    expect(await mainBalance(t.app, m.id)).toBe(100_000n - 1_000n);
    const [tx] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM provider_transactions WHERE vendor = 'PNSB' AND member_id = ${m.id}`,
    );
    expect(tx?.n).toBe(1);
    const mine = await t.app.inject({
      method: "GET",
      url: "/api/sports/bets?state=open",
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(mine.json().value.bets).toHaveLength(1);
    // The result in: the book settles and credits the win through the protocol.
    await applyFeedMessage(book_(), "test", {
      type: "bet_settlement",
      event_id: "x:bet",
      timestamp: 100,
      markets: [
        {
          id: 1,
          outcomes: [
            { id: "1", result: 1 },
            { id: "2", result: 0 },
            { id: "3", result: 0 },
          ],
        },
      ],
    });
    await settleBets(book_(), null);
    expect(await mainBalance(t.app, m.id)).toBe(100_000n - 1_000n + (1_000n * BigInt(home.odds)) / 1000n);
  });

  it("refuses a bet with no session, and a refusal's text is the platform's in the caller's language", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/sports/bets",
      headers: { "x-lang": "EN" },
      payload: {
        kind: "single",
        legs: [{ outcomeId: 1, odds: 2000 }],
        stake: "10.00",
        oddsPolicy: "none",
        idempotencyKey: "x-none-0001",
      },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: "NOT_LOGGED_IN" });
    expect(res.json().message).not.toBe("NOT_LOGGED_IN");
    // A call not signed by the platform's proxy is not believed.
    const direct = await book.inject({
      method: "GET",
      url: "/api/sports/bets",
      headers: {
        "x-panalo-identity": Buffer.from('{"member":{"id":1,"currency":"PHP"}}').toString("base64url"),
      },
    });
    expect(direct.statusCode).toBe(401);
    // A signed identity is good for the body it was signed over only: moved onto another body
    // (another stake, say) it is refused; on its own body it is believed.
    const secret = inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNSB");
    const signed = JSON.stringify({
      kind: "single",
      legs: [{ outcomeId: 1, odds: 2000 }],
      stake: "1.00",
      oddsPolicy: "none",
      idempotencyKey: "x-signed-0001",
    });
    const headers = {
      "content-type": "application/json",
      ...identityHeaders(secret, "POST", "/api/sports/bets", { member: { id: 1, currency: "PHP" } }, signed),
    };
    const moved = await book.inject({
      method: "POST",
      url: "/api/sports/bets",
      headers,
      payload: signed.replace('"1.00"', '"500.00"'),
    });
    expect(moved.statusCode).toBe(401);
    expect(moved.json()).toMatchObject({ success: false, code: "NOT_LOGGED_IN" });
    const own = await book.inject({ method: "POST", url: "/api/sports/bets", headers, payload: signed });
    expect(own.json().code).not.toBe("NOT_LOGGED_IN");
  });

  it("guards the trading desk by the platform's operator session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/sports/sports" });
    expect(res.statusCode).toBe(401);
  });
});
